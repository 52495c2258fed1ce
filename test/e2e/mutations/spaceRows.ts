// Mutation contract rows of collections, spaces and change requests.

import { expect } from 'vitest';
import type { DemoPersona } from '../../../src/workspace/demo/users.ts';
import type { Data } from '../../support/graph.ts';
import { globalId, toRestId } from '../../support/ids.ts';
import {
  conflict,
  type Fixtures,
  forbidden,
  inputOf,
  invalid,
  long,
  MISSING_COLLECTION,
  MISSING_ORG,
  MISSING_SPACE,
  missing,
  missingCr,
  ok,
  type Row,
  row,
  succeeds,
} from './core.fixture.ts';

// ---------------------------------------------------------------- collections
export const collectionRows: Row[] = [
  invalid('createCollection', 'title of 51 characters', 'title', (fx) => ({
    organizationId: fx.acme,
    title: long(51),
  })),
  missing('createCollection', 'NotFoundError (unknown organization)', () => ({
    organizationId: MISSING_ORG,
    title: 'Coll',
  })),
  forbidden('createCollection', 'review', 'needs create', (fx) => ({
    organizationId: fx.acme,
    title: 'Coll',
  })),

  invalid('updateCollection', 'description of 101 characters', 'description', async (fx) => ({
    collectionId: await fx.collection(),
    description: long(101),
  })),
  missing('updateCollection', 'NotFoundError (unknown collection)', () => ({
    collectionId: MISSING_COLLECTION,
    title: 'X',
  })),
  forbidden('updateCollection', 'create', 'needs admin', async (fx) => ({
    collectionId: await fx.collection(),
    title: 'Mine',
  })),

  invalid(
    'deleteCollection',
    'empty collectionId',
    'collectionId',
    () => ({ collectionId: '' }),
    {},
  ),
  row(
    'deleteCollection',
    'notFound',
    'missing collection: success by design (REST 204)',
    () => ({ input: { collectionId: MISSING_COLLECTION } }),
    { typename: 'DeletePayload' },
  ),
  forbidden('deleteCollection', 'edit', 'needs admin', async (fx) => ({
    collectionId: await fx.collection(),
  })),

  invalid('moveCollection', 'anchor type not space/collection', 'position', async (fx) => ({
    collectionId: await fx.collection(),
    position: { before: { type: 'page', id: 'p1' } },
  })),
  missing('moveCollection', 'NotFoundError (unknown collection)', () => ({
    collectionId: MISSING_COLLECTION,
    parent: null,
  })),
  forbidden('moveCollection', 'comment', 'needs admin', async (fx) => ({
    collectionId: await fx.collection(),
    parent: null,
  })),

  invalid('transferCollection', 'empty organizationId', 'organizationId', async (fx) => ({
    collectionId: await fx.collection(),
    organizationId: '',
  })),
  missing('transferCollection', 'NotFoundError (unknown collection)', (fx) => ({
    collectionId: MISSING_COLLECTION,
    organizationId: fx.globex,
  })),
  forbidden('transferCollection', 'create', 'needs admin in both organizations', async (fx) => ({
    collectionId: await fx.collection(),
    organizationId: fx.globex,
  })),
];

// ---------------------------------------------------------------- spaces
export const spaceRows: Row[] = [
  invalid('createSpace', 'title of 51 characters', 'title', (fx) => ({
    organizationId: fx.acme,
    title: long(51),
  })),
  missing('createSpace', 'NotFoundError (unknown organization)', () => ({
    organizationId: MISSING_ORG,
    title: 'Space',
  })),
  forbidden('createSpace', 'review', 'needs create', (fx) => ({
    organizationId: fx.acme,
    title: 'Space',
  })),

  invalid('updateSpace', 'unknown language', 'language', async (fx) => ({
    spaceId: await fx.space(),
    language: 'xx-yy',
  })),
  missing('updateSpace', 'NotFoundError (unknown space)', () => ({
    spaceId: MISSING_SPACE,
    title: 'X',
  })),
  forbidden('updateSpace', 'create', 'needs admin', async (fx) => ({
    spaceId: await fx.space(),
    title: 'Mine',
  })),

  invalid('deleteSpace', 'empty spaceId', 'spaceId', () => ({ spaceId: '' }), {}),
  row(
    'deleteSpace',
    'notFound',
    'missing space: success by design (REST 204)',
    () => ({ input: { spaceId: MISSING_SPACE } }),
    { typename: 'DeletePayload' },
  ),
  forbidden('deleteSpace', 'edit', 'needs admin', async (fx) => ({ spaceId: await fx.space() })),

  invalid('restoreSpace', 'space id over 200 characters', 'spaceId', () => ({
    spaceId: long(201),
  })),
  missing('restoreSpace', 'NotFoundError (unknown space)', () => ({ spaceId: MISSING_SPACE })),
  // A deleted space is invisible to non-admins (404, decisions page), so the forbidden row asks to
  // restore a space the `create` persona can see (a live one): restoring needs admin.
  forbidden('restoreSpace', 'create', 'needs admin', async (fx) => ({
    spaceId: await fx.space(),
  })),
  succeeds(
    'restoreSpace',
    'space listed again, deletedAt null',
    'SpacePayload',
    '',
    async (fx) => ({ spaceId: await fx.deletedSpace() }),
    async (fx, vars) => {
      const id = inputOf(vars).spaceId as string;
      const data = await ok<{
        space: { deletedAt: string | null };
        organization: { spaces: { nodes: Array<{ id: string }> } };
      }>(
        `query($id: ID!, $org: ID!) { space(id: $id) { deletedAt }
          organization(id: $org) { spaces(first: 1000) { nodes { id } } } }`,
        { id, org: fx.acme },
      );
      expect(data.space.deletedAt).toBeNull();
      expect(data.organization.spaces.nodes.map((s) => s.id)).toContain(id);
    },
  ),

  invalid('duplicateSpace', 'blank spaceId', 'spaceId', () => ({ spaceId: ' ' }), {}),
  missing('duplicateSpace', 'NotFoundError (unknown space)', () => ({ spaceId: MISSING_SPACE })),
  forbidden('duplicateSpace', 'edit', 'needs admin', async (fx) => ({ spaceId: await fx.space() })),

  invalid('moveSpace', 'anchor type not space/collection', 'position', async (fx) => ({
    spaceId: await fx.space(),
    position: { after: { type: 'page', id: 'p1' } },
  })),
  missing('moveSpace', 'NotFoundError (unknown space)', () => ({
    spaceId: MISSING_SPACE,
    parent: null,
  })),
  forbidden('moveSpace', 'review', 'needs admin', async (fx) => ({
    spaceId: await fx.space(),
    parent: null,
  })),

  invalid('transferSpace', 'organization id over 200 characters', 'organizationId', async (fx) => ({
    spaceId: await fx.space(),
    organizationId: long(201),
  })),
  missing('transferSpace', 'NotFoundError (unknown space)', (fx) => ({
    spaceId: MISSING_SPACE,
    organizationId: fx.globex,
  })),
  forbidden('transferSpace', 'create', 'needs admin in both organizations', async (fx) => ({
    spaceId: await fx.space(),
    organizationId: fx.globex,
  })),

  invalid('applySpaceTemplate', 'empty templateId', 'templateId', async (fx) => ({
    spaceId: await fx.space(),
    templateId: '',
  })),
  missing('applySpaceTemplate', 'NotFoundError (unknown space)', () => ({
    spaceId: MISSING_SPACE,
    templateId: 'faq',
  })),
  forbidden('applySpaceTemplate', 'comment', 'needs edit', async (fx) => ({
    spaceId: await fx.space(),
    templateId: 'faq',
  })),
  succeeds(
    'applySpaceTemplate',
    'space revision and pages change',
    'ApplySpaceTemplatePayload',
    '... on ApplySpaceTemplatePayload { space { revision } }',
    async (fx) => ({ spaceId: await fx.space(), templateId: 'faq' }),
    async (fx, vars, result) => {
      const space = await fx.node<{ revision: string; pages: unknown[] }>(
        inputOf(vars).spaceId as string,
        '... on Space { revision pages { id } }',
      );
      expect(space.revision).toBe((result.space as { revision: string }).revision);
      expect(space.pages.length).toBeGreaterThan(0);
    },
  ),
  // Template into a change request of a locked space (the main-content case is in space.test.ts).
  conflict('applySpaceTemplate', 'into a change request of a locked space', async (fx) => {
    const spaceId = await fx.space();
    const changeRequestId = await fx.cr(spaceId);
    await fx.lock(spaceId);
    return {
      spaceId,
      templateId: 'faq',
      changeRequestId: toRestId(changeRequestId, 'ChangeRequest'),
    };
  }),
];

// ---------------------------------------------------------------- change requests
const CR_REFS = [
  'archiveChangeRequest',
  'reopenChangeRequest',
  'markChangeRequestReady',
  'mergeChangeRequest',
  'updateChangeRequestFromMain',
];
/** Who is below the role each change request write needs: merge needs review, others edit. */
const crForbidden = (mutation: string): DemoPersona =>
  mutation === 'mergeChangeRequest' ? 'edit' : 'comment';
/** The state a change request must be in for the write to be valid. */
const crFor = (fx: Fixtures, mutation: string) =>
  mutation === 'reopenChangeRequest' ? fx.crWithStatus('ARCHIVED') : fx.cr();

export const changeRequestRows: Row[] = [
  invalid('createChangeRequest', 'subject of 101 characters', 'subject', async (fx) => ({
    spaceId: await fx.space(),
    subject: long(101),
  })),
  missing('createChangeRequest', 'NotFoundError (unknown space)', () => ({
    spaceId: MISSING_SPACE,
    subject: 'CR',
  })),
  forbidden('createChangeRequest', 'comment', 'needs edit', async (fx) => ({
    spaceId: await fx.space(),
    subject: 'CR',
  })),

  invalid('updateChangeRequest', 'subject of 101 characters', 'subject', async (fx) => ({
    changeRequestId: await fx.cr(),
    subject: long(101),
  })),
  missing('updateChangeRequest', 'NotFoundError (unknown change request)', async (fx) => ({
    changeRequestId: missingCr(await fx.space()),
    subject: 'X',
  })),
  forbidden('updateChangeRequest', 'comment', 'needs edit', async (fx) => ({
    changeRequestId: await fx.cr(),
    subject: 'Mine',
  })),

  ...CR_REFS.flatMap((mutation) => [
    // No field beyond the id: a REST id without its space is invalid input.
    invalid(mutation, 'REST id without spaceId', 'spaceId', () => ({ changeRequestId: '1' })),
    missing(mutation, 'NotFoundError (unknown change request)', async (fx) => ({
      changeRequestId: missingCr(await fx.space()),
    })),
    forbidden(
      mutation,
      crForbidden(mutation),
      mutation === 'mergeChangeRequest' ? 'needs review' : 'needs edit',
      async (fx) => ({ changeRequestId: await crFor(fx, mutation) }),
    ),
  ]),
  // A malformed ChangeRequest global ID (one address segment instead of space/id).
  invalid('mergeChangeRequest', 'malformed ChangeRequest global ID', 'changeRequestId', () => ({
    changeRequestId: globalId('ChangeRequest', 'only-one-segment'),
  })),
  succeeds(
    'mergeChangeRequest',
    'node(cr).status MERGED, space revision is the merge',
    'ChangeRequestRevisionPayload',
    '... on ChangeRequestRevisionPayload { revision }',
    async (fx) => ({ changeRequestId: await fx.cr() }),
    async (fx, vars, result) => {
      const id = inputOf(vars).changeRequestId as string;
      const cr = await fx.node<{ status: string; revisionMerged: string; space: Data }>(
        id,
        '... on ChangeRequest { status revisionMerged space { revision } }',
      );
      expect(cr).toEqual({
        status: 'MERGED',
        revisionMerged: result.revision,
        space: { revision: result.revision },
      });
    },
    'review',
  ),
  conflict('mergeChangeRequest', 'in a locked space', async (fx) => {
    const spaceId = await fx.space();
    const changeRequestId = await fx.cr(spaceId);
    await fx.lock(spaceId);
    return { changeRequestId };
  }),
  succeeds(
    'updateChangeRequestFromMain',
    'node(cr) revision and revisionMergedAncestor',
    'ChangeRequestRevisionPayload',
    '... on ChangeRequestRevisionPayload { revision }',
    async (fx) => ({ changeRequestId: await fx.cr() }),
    async (fx, vars, result) => {
      const id = inputOf(vars).changeRequestId as string;
      const cr = await fx.node<{ revision: string; revisionMergedAncestor: string | null }>(
        id,
        '... on ChangeRequest { revision revisionMergedAncestor }',
      );
      expect(cr.revision).toBe(result.revision);
      expect(cr.revisionMergedAncestor).not.toBeNull();
    },
    'edit',
  ),
];
