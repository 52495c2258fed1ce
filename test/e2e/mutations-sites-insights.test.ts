/**
 * The mutation contract, checked for the site, OpenAPI, conversation-insight and translation
 * mutations:
 * one table of rows per mutation — ValidationError with zero upstream HTTP calls, NotFoundError
 * (or success, for deletes of missing objects, by design: REST 204), ForbiddenError for a
 * lower-role demo user who can see the object — plus success rows with a read-back through the
 * graph where no other e2e test reads the new state back.
 *
 * Already covered elsewhere, referenced rather than duplicated:
 * - success of createSite/updateSite/deleteSite, addSiteSpace/removeSiteSpace/moveSiteSpace,
 *   addSiteSection/deleteSiteSection/moveSiteSection, createSiteSectionGroup/
 *   deleteSiteSectionGroup (test/e2e/site.test.ts); createOpenAPISpec, setOpenAPISpecVisibility,
 *   deleteOpenAPISpec (openapi.test.ts); ingestConversation, muteIssuesCluster
 *   (conversation.test.ts); createTranslation, runTranslation, deleteTranslation
 *   (translation.test.ts) — each with its state read back through the graph. (createSite still
 *   gets a row here, reading type, visibility and site spaces back by node.)
 * - An unknown id referenced in a body (not in the path), e.g. the space of addSiteSpace or the
 *   source space of createTranslation, is a 400 of the server by design, so a ValidationError
 *   after upstream calls: `missingReference` rows show it; the not-found rows use path objects.
 * - The conflicts the decisions page names (merge of a merged/archived change request, restore
 *   outside the window, a locked space for change request creation/merge/template) belong to no
 *   mutation of this file. The other 409s of these mutations are covered in site.test.ts
 *   (updateSite with a taken `basename`, updateSiteSection with a taken `path`).
 */
import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoPersona } from '../../src/workspace/demo/users.ts';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { type Data, graphHelpers, httpCalls, organizationIds } from '../support/graph.ts';
import { addressId, globalId, toRestId } from '../support/ids.ts';

const MINE = [
  'createSite',
  'updateSite',
  'deleteSite',
  'publishSite',
  'unpublishSite',
  'putSiteAdaptiveSchema',
  'addSiteSpace',
  'updateSiteSpace',
  'removeSiteSpace',
  'moveSiteSpace',
  'addSiteSection',
  'updateSiteSection',
  'deleteSiteSection',
  'moveSiteSection',
  'createSiteSectionGroup',
  'updateSiteSectionGroup',
  'deleteSiteSectionGroup',
  'addSiteSectionToGroup',
  'removeSiteSectionFromGroup',
  'createOpenAPISpec',
  'createOrUpdateOpenAPISpec',
  'setOpenAPISpecVisibility',
  'deleteOpenAPISpec',
  'ingestConversation',
  'muteIssuesCluster',
  'unmuteIssuesCluster',
  'createTranslation',
  'updateTranslationInstructions',
  'runTranslation',
  'deleteTranslation',
] as const;
type Mutation = (typeof MINE)[number];

/**
 * `validation`, `notFound` (or `deleteMissing`: a delete of a missing object succeeds) and
 * `forbidden` are the kinds every mutation must have (checked by the last test).
 */
type Kind =
  | 'validation'
  | 'notFound'
  | 'deleteMissing'
  | 'forbidden'
  | 'success'
  | 'conflict'
  /** An unknown id referenced in the body (not the path): the server answers 400 by design. */
  | 'missingReference';
type Input = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: payloads are read loosely and checked by value
type Result = Record<string, any>;

interface Row {
  mutation: Mutation;
  kind: Kind;
  /** What the row shows (the test name). */
  name: string;
  /** The operation: the mutation with its typename, error fields and `select`. */
  query: string;
  /** Builds the `input` variable, creating in the test whatever the row needs. */
  variables: () => Promise<Input>;
  /** The demo persona that sends it (default admin). */
  as: DemoPersona;
  expect: {
    __typename: string;
    /** ValidationError: the field path (joined by `.`) that `fieldErrors` must name. */
    field?: string;
    /** ForbiddenError: an object the persona can read (node id), proving it is not hidden. */
    sees?: (input: Input) => string;
    /** Checks on the payload, and on the state read back through the graph afterwards. */
    after?: (result: Result, input: Input) => Promise<void> | void;
  };
  /** A gateway or server bug this row reveals: the row runs with `it.fails`. */
  bug?: string;
}

const ERROR_FIELDS =
  '__typename ... on Error { message } ... on ValidationError { fieldErrors { path message } }';

const operation = (mutation: Mutation, select = '') =>
  `mutation($input: ${mutation[0]?.toUpperCase()}${mutation.slice(1)}Input!) {
    ${mutation}(input: $input) { ${ERROR_FIELDS} ${select} } }`;

function row(r: Omit<Row, 'query' | 'as'> & { select?: string; as?: DemoPersona }): Row {
  const { select, as = 'admin', ...rest } = r;
  return { ...rest, as, query: operation(r.mutation, select) };
}

let e2e: E2EStack;
const { ok } = graphHelpers(() => e2e);

// ---- Demo data and fixtures -------------------------------------------------------------------

let orgId: string;
/** The organization's REST id. */
let org: string;
/** Spaces of the demo site "Acme Developer Docs" (global IDs). */
let spaceIds: string[] = [];
let demoSpecId: string;
let demoTranslationId: string;
let demoSourceSpace: string;
let clusterId: string;

const missingOrg = globalId('Organization', 'no-such-org');
const missingSite = () => globalId('Site', addressId(org, 'no-such-site'));
const restOf = (id: string, typename: string) => toRestId(id, typename);
const partId = (typename: string, siteId: string, id: string) =>
  globalId(typename, addressId(org, restOf(siteId, 'Site'), id));

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

const doc = (text: string) => ({
  object: 'document',
  data: {},
  nodes: [
    {
      object: 'block',
      type: 'paragraph',
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
    },
  ],
});

/** Runs a setup mutation as admin and answers its payload (fails on any error result). */
async function setup(mutation: Mutation, input: Input, select: string): Promise<Result> {
  const data = await ok<Record<string, Result>>(operation(mutation, select), { input });
  const result = data[mutation] as Result;
  expect(result.__typename, JSON.stringify(result)).not.toMatch(/Error$/);
  return result;
}

/** Reads one node through the graph as admin. */
async function node(id: string, fields: string): Promise<Result | null> {
  const data = await ok<{ node: Result | null }>(
    `query($id: ID!) { node(id: $id) { ${fields} } }`,
    {
      id,
    },
  );
  return data.node;
}

async function newSite(spaces: string[] = []): Promise<string> {
  const r = await setup(
    'createSite',
    { organizationId: orgId, title: unique('Matrix Site'), spaces },
    '... on SitePayload { site { id } }',
  );
  return r.site.id;
}

/** A site with two site spaces. */
async function siteWithSpaces(): Promise<{ siteId: string; first: string; second: string }> {
  const siteId = await newSite(spaceIds.slice(0, 2));
  const list = (await node(siteId, '... on Site { siteSpaces { nodes { id } } }')) as Result;
  const [first, second] = list.siteSpaces.nodes.map((n: { id: string }) => n.id);
  return { siteId, first, second };
}

/** A site with two sections. */
async function siteWithSections(): Promise<{ siteId: string; a: string; b: string }> {
  const siteId = await newSite();
  const add = async (spaceId: string | undefined, title: string) =>
    (
      await setup(
        'addSiteSection',
        { siteId, spaceId, title },
        '... on SiteSectionPayload { siteSection { id } }',
      )
    ).siteSection.id as string;
  return { siteId, a: await add(spaceIds[0], 'A'), b: await add(spaceIds[1], 'B') };
}

/** A site with two sections and a group holding the first. */
async function siteWithGroup(): Promise<{ siteId: string; a: string; b: string; g: string }> {
  const s = await siteWithSections();
  const g = await setup(
    'createSiteSectionGroup',
    { siteId: s.siteId, title: 'Group', icon: 'gear', sections: [s.a] },
    '... on SiteSectionGroupPayload { siteSectionGroup { id } }',
  );
  return { ...s, g: g.siteSectionGroup.id };
}

const specURL = () => `${e2e.stack.url}/demo/openapi/acme-api.json`;

async function newSpec(): Promise<string> {
  const r = await setup(
    'createOpenAPISpec',
    { organizationId: orgId, slug: unique('matrix-spec'), sourceURL: specURL() },
    '... on OpenAPISpecPayload { openAPISpec { id } }',
  );
  return r.openAPISpec.id;
}

/** Target languages not used yet for the source space (the server allows one per language). */
let freeLanguages: string[] = [];
function nextLanguage(): string {
  const language = freeLanguages.shift();
  if (!language) throw new Error('out of free target languages');
  return language;
}

async function newTranslation(language = nextLanguage()): Promise<string> {
  const r = await setup(
    'createTranslation',
    { organizationId: orgId, sourceSpaceId: demoSourceSpace, language },
    '... on TranslationPayload { translation { id } }',
  );
  return r.translation.id;
}

const orgOf = () => orgId;

// ---- The table --------------------------------------------------------------------------------

const rows: Row[] = [
  // ---- createSite
  row({
    mutation: 'createSite',
    kind: 'validation',
    name: 'a title of 101 characters',
    variables: async () => ({ organizationId: orgId, title: 'x'.repeat(101) }),
    expect: { __typename: 'ValidationError', field: 'title' },
  }),
  row({
    mutation: 'createSite',
    kind: 'validation',
    name: 'an empty space id in `spaces`',
    variables: async () => ({ organizationId: orgId, title: 'Site', spaces: [''] }),
    expect: { __typename: 'ValidationError', field: 'spaces.0' },
  }),
  row({
    mutation: 'createSite',
    kind: 'notFound',
    name: 'an organization that does not exist',
    variables: async () => ({ organizationId: missingOrg, title: 'Site' }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'createSite',
    kind: 'notFound',
    name: 'an organization the outsider cannot see',
    as: 'outsider',
    variables: async () => ({ organizationId: orgId, title: 'Site' }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'createSite',
    kind: 'forbidden',
    name: '`create` role (sites need organization admin)',
    as: 'create',
    variables: async () => ({ organizationId: orgId, title: 'Site' }),
    expect: { __typename: 'ForbiddenError', sees: orgOf },
  }),
  row({
    mutation: 'createSite',
    kind: 'success',
    name: 'creates with a site space; read back by node',
    select: '... on SitePayload { site { id } }',
    variables: async () => ({
      organizationId: orgId,
      title: 'Matrix Created',
      visibility: 'SHARE_LINK',
      type: 'ULTIMATE',
      spaces: [spaceIds[2]],
    }),
    expect: {
      __typename: 'SitePayload',
      after: async (r) => {
        expect(
          await node(
            r.site.id,
            '... on Site { title visibility type published siteSpaces { nodes { space { id } } } }',
          ),
        ).toEqual({
          title: 'Matrix Created',
          visibility: 'SHARE_LINK',
          type: 'ULTIMATE',
          published: false,
          siteSpaces: { nodes: [{ space: { id: spaceIds[2] } }] },
        });
      },
    },
  }),

  // ---- updateSite
  row({
    mutation: 'updateSite',
    kind: 'validation',
    name: 'a basename breaking its pattern',
    variables: async () => ({ siteId: await newSite(), basename: '-bad name' }),
    expect: { __typename: 'ValidationError', field: 'basename' },
  }),
  row({
    mutation: 'updateSite',
    kind: 'validation',
    name: 'an empty title',
    variables: async () => ({ siteId: await newSite(), title: '   ' }),
    expect: { __typename: 'ValidationError', field: 'title' },
  }),
  row({
    mutation: 'updateSite',
    kind: 'notFound',
    name: 'a Site global ID that does not exist',
    variables: async () => ({ siteId: missingSite(), title: 'Nope' }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'updateSite',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => ({ siteId: await newSite(), title: 'Nope' }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteId as string },
  }),

  // ---- deleteSite
  row({
    mutation: 'deleteSite',
    kind: 'validation',
    name: 'no siteId (required)',
    variables: async () => ({ organizationId: orgId }),
    expect: { __typename: 'ValidationError', field: 'siteId' },
  }),
  row({
    mutation: 'deleteSite',
    kind: 'validation',
    name: 'a REST site id without organizationId',
    variables: async () => ({ siteId: 'some-site' }),
    expect: { __typename: 'ValidationError', field: 'organizationId' },
  }),
  row({
    mutation: 'deleteSite',
    kind: 'validation',
    name: 'a malformed Site global ID (one address segment)',
    variables: async () => ({ siteId: globalId('Site', 'only-one-segment') }),
    expect: { __typename: 'ValidationError', field: 'siteId' },
  }),
  row({
    mutation: 'deleteSite',
    kind: 'deleteMissing',
    name: 'a site that does not exist: success by design (REST 204)',
    select: '... on DeletePayload { deletedId }',
    variables: async () => ({ siteId: missingSite() }),
    expect: {
      __typename: 'DeletePayload',
      after: (r, i) => expect(r.deletedId).toBe(i.siteId),
    },
  }),
  row({
    mutation: 'deleteSite',
    kind: 'notFound',
    name: 'a site of an organization the outsider cannot see',
    as: 'outsider',
    variables: async () => ({ siteId: await newSite() }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'deleteSite',
    kind: 'forbidden',
    name: '`create` role; the site stays',
    as: 'create',
    variables: async () => ({ siteId: await newSite() }),
    expect: {
      __typename: 'ForbiddenError',
      sees: (i) => i.siteId as string,
      after: async (_r, i) =>
        expect(await node(i.siteId as string, 'id')).toEqual({ id: i.siteId }),
    },
  }),

  // ---- publishSite / unpublishSite
  ...(['publishSite', 'unpublishSite'] as const).flatMap((mutation) => [
    row({
      mutation,
      kind: 'validation',
      name: 'no siteId (required)',
      variables: async () => ({ organizationId: orgId }),
      expect: { __typename: 'ValidationError', field: 'siteId' },
    }),
    row({
      mutation,
      kind: 'notFound',
      name: 'a Site global ID that does not exist',
      variables: async () => ({ siteId: missingSite() }),
      expect: { __typename: 'NotFoundError' },
    }),
    row({
      mutation,
      kind: 'forbidden',
      name: '`read` role',
      as: 'read',
      variables: async () => ({ siteId: await newSite() }),
      expect: { __typename: 'ForbiddenError', sees: (i) => i.siteId as string },
    }),
  ]),
  row({
    mutation: 'publishSite',
    kind: 'success',
    name: 'publishes; read back by node',
    select: '... on SitePayload { site { published } }',
    variables: async () => ({ siteId: await newSite([spaceIds[0] as string]) }),
    expect: {
      __typename: 'SitePayload',
      after: async (r, i) => {
        expect(r.site.published).toBe(true);
        expect(await node(i.siteId as string, '... on Site { published }')).toEqual({
          published: true,
        });
      },
    },
  }),
  row({
    mutation: 'unpublishSite',
    kind: 'success',
    name: 'unpublishes a published site; read back by node',
    select: '... on SitePayload { site { published } }',
    variables: async () => {
      const siteId = await newSite([spaceIds[0] as string]);
      await setup('publishSite', { siteId }, '');
      expect(await node(siteId, '... on Site { published }')).toEqual({ published: true });
      return { siteId };
    },
    expect: {
      __typename: 'SitePayload',
      after: async (r, i) => {
        expect(r.site.published).toBe(false);
        expect(await node(i.siteId as string, '... on Site { published }')).toEqual({
          published: false,
        });
      },
    },
  }),

  // ---- putSiteAdaptiveSchema
  row({
    mutation: 'putSiteAdaptiveSchema',
    kind: 'validation',
    name: 'a JSON schema that is an array, not an object',
    variables: async () => ({ siteId: await newSite(), jsonSchema: [{ type: 'object' }] }),
    expect: { __typename: 'ValidationError', field: 'jsonSchema' },
  }),
  row({
    mutation: 'putSiteAdaptiveSchema',
    kind: 'notFound',
    name: 'a Site global ID that does not exist',
    variables: async () => ({ siteId: missingSite(), jsonSchema: { type: 'object' } }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'putSiteAdaptiveSchema',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => ({ siteId: await newSite(), jsonSchema: { type: 'object' } }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteId as string },
  }),
  row({
    mutation: 'putSiteAdaptiveSchema',
    kind: 'success',
    name: 'sets the schema; read back through the site',
    select: '... on SiteAdaptiveSchemaPayload { site { id } }',
    variables: async () => ({
      siteId: await newSite(),
      jsonSchema: { type: 'object', properties: { plan: { type: 'string' } } },
    }),
    expect: {
      __typename: 'SiteAdaptiveSchemaPayload',
      after: async (r, i) => {
        expect(r.site.id).toBe(i.siteId);
        const read = await node(
          i.siteId as string,
          '... on Site { adaptiveSchema { jsonSchema } }',
        );
        expect(read?.adaptiveSchema.jsonSchema).toMatchObject({
          type: 'object',
          properties: { plan: { type: 'string' } },
        });
      },
    },
  }),

  // ---- addSiteSpace
  row({
    mutation: 'addSiteSpace',
    kind: 'validation',
    name: 'an empty spaceId',
    variables: async () => ({ siteId: await newSite(), spaceId: '' }),
    expect: { __typename: 'ValidationError', field: 'spaceId' },
  }),
  row({
    mutation: 'addSiteSpace',
    kind: 'notFound',
    name: 'a Site global ID that does not exist',
    variables: async () => ({ siteId: missingSite(), spaceId: spaceIds[0] }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    // The site exists; the unknown space is a reference in the body, which the server answers
    // with 400 ("spaceId: no such space in the organization of the site"), after upstream calls.
    mutation: 'addSiteSpace',
    kind: 'missingReference',
    name: 'a space that does not exist (body reference: ValidationError from upstream)',
    variables: async () => ({
      siteId: await newSite(),
      spaceId: globalId('Space', 'no-such-space'),
    }),
    expect: { __typename: 'ValidationError', field: 'spaceId' },
  }),
  row({
    mutation: 'addSiteSpace',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => ({ siteId: await newSite(), spaceId: spaceIds[0] }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteId as string },
  }),

  // ---- updateSiteSpace
  row({
    mutation: 'updateSiteSpace',
    kind: 'validation',
    name: 'a path breaking its pattern',
    variables: async () => ({ siteSpaceId: (await siteWithSpaces()).second, path: 'a b/c' }),
    expect: { __typename: 'ValidationError', field: 'path' },
  }),
  row({
    mutation: 'updateSiteSpace',
    kind: 'validation',
    name: 'a path of 101 characters',
    variables: async () => ({
      siteSpaceId: (await siteWithSpaces()).second,
      path: 'p'.repeat(101),
    }),
    expect: { __typename: 'ValidationError', field: 'path' },
  }),
  row({
    mutation: 'updateSiteSpace',
    kind: 'notFound',
    name: 'a site space that does not exist in an existing site',
    variables: async () => {
      const { siteId } = await siteWithSpaces();
      return { siteSpaceId: partId('SiteSpace', siteId, 'no-such-ss'), path: 'x' };
    },
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'updateSiteSpace',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => ({ siteSpaceId: (await siteWithSpaces()).second, path: 'nope' }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteSpaceId as string },
  }),
  row({
    mutation: 'updateSiteSpace',
    kind: 'success',
    name: 'path, condition, hidden; read back by node',
    select: '... on SiteSpacePayload { siteSpace { id } }',
    variables: async () => ({
      siteSpaceId: (await siteWithSpaces()).second,
      path: 'matrix',
      condition: 'visitor.claims.plan === "pro"',
      hidden: true,
    }),
    expect: {
      __typename: 'SiteSpacePayload',
      after: async (r, i) => {
        expect(r.siteSpace.id).toBe(i.siteSpaceId);
        expect(
          await node(i.siteSpaceId as string, '... on SiteSpace { path condition hidden }'),
        ).toEqual({ path: 'matrix', condition: 'visitor.claims.plan === "pro"', hidden: true });
      },
    },
  }),

  // ---- removeSiteSpace
  row({
    mutation: 'removeSiteSpace',
    kind: 'validation',
    name: 'an empty siteSpaceId',
    variables: async () => ({ siteSpaceId: '', siteId: await newSite() }),
    expect: { __typename: 'ValidationError', field: 'siteSpaceId' },
  }),
  row({
    mutation: 'removeSiteSpace',
    kind: 'validation',
    name: 'a malformed SiteSpace global ID (two address segments instead of three)',
    variables: async () => ({ siteSpaceId: globalId('SiteSpace', addressId(org, 'only-two')) }),
    expect: { __typename: 'ValidationError', field: 'siteSpaceId' },
  }),
  row({
    mutation: 'removeSiteSpace',
    kind: 'deleteMissing',
    name: 'a site space that does not exist: success by design (REST 204)',
    select: '... on DeletePayload { deletedId }',
    variables: async () => {
      const { siteId } = await siteWithSpaces();
      return { siteSpaceId: partId('SiteSpace', siteId, 'no-such-ss') };
    },
    expect: {
      __typename: 'DeletePayload',
      after: (r, i) => expect(r.deletedId).toBe(i.siteSpaceId),
    },
  }),
  row({
    mutation: 'removeSiteSpace',
    kind: 'notFound',
    name: 'a site space of a site that does not exist',
    variables: async () => ({
      siteSpaceId: globalId('SiteSpace', addressId(org, 'no-such-site', 'no-such-ss')),
    }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'removeSiteSpace',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => ({ siteSpaceId: (await siteWithSpaces()).second }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteSpaceId as string },
  }),

  // ---- moveSiteSpace (deprecated)
  row({
    mutation: 'moveSiteSpace',
    kind: 'validation',
    name: 'a position with both before and after',
    variables: async () => {
      const s = await siteWithSpaces();
      return { siteSpaceId: s.second, position: { before: s.first, after: s.first } };
    },
    expect: { __typename: 'ValidationError', field: 'position' },
  }),
  row({
    mutation: 'moveSiteSpace',
    kind: 'notFound',
    name: 'a site space that does not exist in an existing site',
    variables: async () => {
      const s = await siteWithSpaces();
      return {
        siteSpaceId: partId('SiteSpace', s.siteId, 'no-such-ss'),
        position: { before: s.first },
      };
    },
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'moveSiteSpace',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => {
      const s = await siteWithSpaces();
      return { siteSpaceId: s.second, position: { before: s.first } };
    },
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteSpaceId as string },
  }),

  // ---- addSiteSection
  row({
    mutation: 'addSiteSection',
    kind: 'validation',
    name: 'a title of 101 characters',
    variables: async () => ({
      siteId: await newSite(),
      spaceId: spaceIds[0],
      title: 't'.repeat(101),
    }),
    expect: { __typename: 'ValidationError', field: 'title' },
  }),
  row({
    mutation: 'addSiteSection',
    kind: 'notFound',
    name: 'a Site global ID that does not exist',
    variables: async () => ({ siteId: missingSite(), spaceId: spaceIds[0], title: 'S' }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'addSiteSection',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => ({ siteId: await newSite(), spaceId: spaceIds[0], title: 'S' }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteId as string },
  }),

  // ---- updateSiteSection
  row({
    mutation: 'updateSiteSection',
    kind: 'validation',
    name: 'an icon of 51 characters',
    variables: async () => ({ siteSectionId: (await siteWithSections()).a, icon: 'i'.repeat(51) }),
    expect: { __typename: 'ValidationError', field: 'icon' },
  }),
  row({
    mutation: 'updateSiteSection',
    kind: 'validation',
    name: 'a description of 1001 characters',
    variables: async () => ({
      siteSectionId: (await siteWithSections()).a,
      description: 'd'.repeat(1001),
    }),
    expect: { __typename: 'ValidationError', field: 'description' },
  }),
  row({
    mutation: 'updateSiteSection',
    kind: 'notFound',
    name: 'a section that does not exist in an existing site',
    variables: async () => ({
      siteSectionId: partId('SiteSection', await newSite(), 'no-such-section'),
      title: 'x',
    }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'updateSiteSection',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => ({ siteSectionId: (await siteWithSections()).a, title: 'Nope' }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteSectionId as string },
  }),
  row({
    mutation: 'updateSiteSection',
    kind: 'success',
    name: 'title, description, icon; read back by node',
    select: '... on SiteSectionPayload { siteSection { id } }',
    variables: async () => ({
      siteSectionId: (await siteWithSections()).a,
      title: 'Renamed',
      description: 'About it',
      icon: 'book',
    }),
    expect: {
      __typename: 'SiteSectionPayload',
      after: async (r, i) => {
        expect(r.siteSection.id).toBe(i.siteSectionId);
        expect(
          await node(i.siteSectionId as string, '... on SiteSection { title description icon }'),
        ).toEqual({ title: 'Renamed', description: 'About it', icon: 'book' });
      },
    },
  }),

  // ---- deleteSiteSection
  row({
    mutation: 'deleteSiteSection',
    kind: 'validation',
    name: 'an empty siteSectionId',
    variables: async () => ({ siteSectionId: '', siteId: await newSite() }),
    expect: { __typename: 'ValidationError', field: 'siteSectionId' },
  }),
  row({
    mutation: 'deleteSiteSection',
    kind: 'deleteMissing',
    name: 'a section that does not exist: success by design (REST 204)',
    select: '... on DeletePayload { deletedId }',
    variables: async () => ({
      siteSectionId: partId('SiteSection', await newSite(), 'no-such-section'),
    }),
    expect: {
      __typename: 'DeletePayload',
      after: (r, i) => expect(r.deletedId).toBe(i.siteSectionId),
    },
  }),
  row({
    mutation: 'deleteSiteSection',
    kind: 'notFound',
    name: 'a section of a site that does not exist',
    variables: async () => ({
      siteSectionId: globalId('SiteSection', addressId(org, 'no-such-site', 'no-such-section')),
    }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'deleteSiteSection',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => ({ siteSectionId: (await siteWithSections()).a }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteSectionId as string },
  }),

  // ---- moveSiteSection
  row({
    mutation: 'moveSiteSection',
    kind: 'validation',
    name: 'an empty position (neither before nor after)',
    variables: async () => ({ siteSectionId: (await siteWithSections()).b, position: {} }),
    expect: { __typename: 'ValidationError', field: 'position' },
  }),
  row({
    mutation: 'moveSiteSection',
    kind: 'notFound',
    name: 'a section that does not exist in an existing site',
    variables: async () => {
      const s = await siteWithSections();
      return {
        siteSectionId: partId('SiteSection', s.siteId, 'no-such-section'),
        position: { before: s.a },
      };
    },
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'moveSiteSection',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => {
      const s = await siteWithSections();
      return { siteSectionId: s.b, position: { before: s.a } };
    },
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteSectionId as string },
  }),

  // ---- createSiteSectionGroup
  row({
    mutation: 'createSiteSectionGroup',
    kind: 'validation',
    name: 'a title of 101 characters',
    variables: async () => ({ siteId: await newSite(), title: 'g'.repeat(101) }),
    expect: { __typename: 'ValidationError', field: 'title' },
  }),
  row({
    mutation: 'createSiteSectionGroup',
    kind: 'notFound',
    name: 'a Site global ID that does not exist',
    variables: async () => ({ siteId: missingSite(), title: 'G' }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'createSiteSectionGroup',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => ({ siteId: (await siteWithSections()).siteId, title: 'G' }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteId as string },
  }),

  // ---- updateSiteSectionGroup
  row({
    mutation: 'updateSiteSectionGroup',
    kind: 'validation',
    name: 'an empty title',
    variables: async () => ({ siteSectionGroupId: (await siteWithGroup()).g, title: '' }),
    expect: { __typename: 'ValidationError', field: 'title' },
  }),
  row({
    mutation: 'updateSiteSectionGroup',
    kind: 'notFound',
    name: 'a group that does not exist in an existing site',
    variables: async () => ({
      siteSectionGroupId: partId('SiteSectionGroup', await newSite(), 'no-such-group'),
      title: 'x',
    }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'updateSiteSectionGroup',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => ({ siteSectionGroupId: (await siteWithGroup()).g, title: 'Nope' }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteSectionGroupId as string },
  }),
  row({
    mutation: 'updateSiteSectionGroup',
    kind: 'success',
    name: 'title, icon removed; read back by node',
    select: '... on SiteSectionGroupPayload { siteSectionGroup { id } }',
    variables: async () => ({
      siteSectionGroupId: (await siteWithGroup()).g,
      title: 'Renamed group',
      icon: null,
    }),
    expect: {
      __typename: 'SiteSectionGroupPayload',
      after: async (r, i) => {
        expect(r.siteSectionGroup.id).toBe(i.siteSectionGroupId);
        expect(
          await node(i.siteSectionGroupId as string, '... on SiteSectionGroup { title icon }'),
        ).toEqual({ title: 'Renamed group', icon: null });
      },
    },
  }),

  // ---- deleteSiteSectionGroup
  row({
    mutation: 'deleteSiteSectionGroup',
    kind: 'validation',
    name: 'an empty siteSectionGroupId',
    variables: async () => ({ siteSectionGroupId: '', siteId: await newSite() }),
    expect: { __typename: 'ValidationError', field: 'siteSectionGroupId' },
  }),
  row({
    mutation: 'deleteSiteSectionGroup',
    kind: 'deleteMissing',
    name: 'a group that does not exist: success by design (REST 204)',
    select: '... on DeletePayload { deletedId }',
    variables: async () => ({
      siteSectionGroupId: partId('SiteSectionGroup', await newSite(), 'no-such-group'),
    }),
    expect: {
      __typename: 'DeletePayload',
      after: (r, i) => expect(r.deletedId).toBe(i.siteSectionGroupId),
    },
  }),
  row({
    mutation: 'deleteSiteSectionGroup',
    kind: 'notFound',
    name: 'a group of a site that does not exist',
    variables: async () => ({
      siteSectionGroupId: globalId(
        'SiteSectionGroup',
        addressId(org, 'no-such-site', 'no-such-group'),
      ),
    }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'deleteSiteSectionGroup',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => ({ siteSectionGroupId: (await siteWithGroup()).g }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteSectionGroupId as string },
  }),

  // ---- addSiteSectionToGroup
  row({
    mutation: 'addSiteSectionToGroup',
    kind: 'validation',
    name: 'an empty siteSectionId',
    variables: async () => ({ siteSectionGroupId: (await siteWithGroup()).g, siteSectionId: '' }),
    expect: { __typename: 'ValidationError', field: 'siteSectionId' },
  }),
  row({
    mutation: 'addSiteSectionToGroup',
    kind: 'notFound',
    name: 'a group that does not exist in an existing site',
    variables: async () => {
      const s = await siteWithSections();
      return {
        siteSectionGroupId: partId('SiteSectionGroup', s.siteId, 'no-such-group'),
        siteSectionId: s.b,
      };
    },
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'addSiteSectionToGroup',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => {
      const s = await siteWithGroup();
      return { siteSectionGroupId: s.g, siteSectionId: s.b };
    },
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteSectionGroupId as string },
  }),
  row({
    mutation: 'addSiteSectionToGroup',
    kind: 'success',
    name: 'adds the second section; read back by node',
    select: '... on SiteSectionGroupPayload { siteSectionGroup { id } }',
    variables: async () => {
      const s = await siteWithGroup();
      return { siteSectionGroupId: s.g, siteSectionId: s.b };
    },
    expect: {
      __typename: 'SiteSectionGroupPayload',
      after: async (_r, i) => {
        const read = await node(
          i.siteSectionGroupId as string,
          '... on SiteSectionGroup { sections { id } }',
        );
        expect(read?.sections.map((s: { id: string }) => s.id)).toContain(i.siteSectionId);
        expect(read?.sections).toHaveLength(2);
      },
    },
  }),

  // ---- removeSiteSectionFromGroup
  row({
    mutation: 'removeSiteSectionFromGroup',
    kind: 'validation',
    name: 'an empty siteSectionId',
    variables: async () => ({ siteSectionGroupId: (await siteWithGroup()).g, siteSectionId: '' }),
    expect: { __typename: 'ValidationError', field: 'siteSectionId' },
  }),
  row({
    mutation: 'removeSiteSectionFromGroup',
    kind: 'notFound',
    name: 'a group of a site that does not exist',
    variables: async () => ({
      siteSectionGroupId: globalId(
        'SiteSectionGroup',
        addressId(org, 'no-such-site', 'no-such-group'),
      ),
      siteSectionId: 'no-such-section',
    }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'removeSiteSectionFromGroup',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => {
      const s = await siteWithGroup();
      return { siteSectionGroupId: s.g, siteSectionId: s.a };
    },
    expect: { __typename: 'ForbiddenError', sees: (i) => i.siteSectionGroupId as string },
  }),
  row({
    mutation: 'removeSiteSectionFromGroup',
    kind: 'success',
    name: 'takes the section out; read back by node',
    select: '... on SiteSectionGroupPayload { siteSectionGroup { sections { id } } }',
    variables: async () => {
      const s = await siteWithGroup();
      return { siteSectionGroupId: s.g, siteSectionId: s.a };
    },
    expect: {
      __typename: 'SiteSectionGroupPayload',
      after: async (r, i) => {
        expect(r.siteSectionGroup.sections).toEqual([]);
        expect(
          await node(i.siteSectionGroupId as string, '... on SiteSectionGroup { sections { id } }'),
        ).toEqual({ sections: [] });
        expect(
          await node(i.siteSectionId as string, '... on SiteSection { sectionGroup { id } }'),
        ).toEqual({ sectionGroup: null });
      },
    },
  }),

  // ---- createOpenAPISpec
  row({
    mutation: 'createOpenAPISpec',
    kind: 'validation',
    name: 'a slug breaking its pattern',
    variables: async () => ({ organizationId: orgId, slug: 'bad slug!', sourceURL: specURL() }),
    expect: { __typename: 'ValidationError', field: 'slug' },
  }),
  row({
    mutation: 'createOpenAPISpec',
    kind: 'validation',
    name: 'a source URL that is not http(s)',
    variables: async () => ({ organizationId: orgId, slug: 'ok-slug', sourceURL: 'ftp://x.test' }),
    expect: { __typename: 'ValidationError', field: 'source.url' },
  }),
  row({
    mutation: 'createOpenAPISpec',
    kind: 'notFound',
    name: 'an organization that does not exist',
    variables: async () => ({ organizationId: missingOrg, slug: 'nope', sourceURL: specURL() }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'createOpenAPISpec',
    kind: 'forbidden',
    name: '`create` role (OpenAPI writes need organization admin)',
    as: 'create',
    variables: async () => ({ organizationId: orgId, slug: 'nope', sourceURL: specURL() }),
    expect: { __typename: 'ForbiddenError', sees: orgOf },
  }),

  // ---- createOrUpdateOpenAPISpec
  row({
    mutation: 'createOrUpdateOpenAPISpec',
    kind: 'validation',
    name: 'a slug of 101 characters',
    variables: async () => ({ organizationId: orgId, slug: 's'.repeat(101), sourceURL: specURL() }),
    expect: { __typename: 'ValidationError', field: 'slug' },
  }),
  row({
    mutation: 'createOrUpdateOpenAPISpec',
    kind: 'validation',
    name: 'a source URL that is not a URL',
    variables: async () => ({ organizationId: orgId, slug: 'ok-slug', sourceURL: 'not a url' }),
    expect: { __typename: 'ValidationError', field: 'source.url' },
  }),
  row({
    mutation: 'createOrUpdateOpenAPISpec',
    kind: 'notFound',
    name: 'an organization that does not exist',
    variables: async () => ({ organizationId: missingOrg, slug: 'nope', sourceURL: specURL() }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'createOrUpdateOpenAPISpec',
    kind: 'forbidden',
    name: '`read` role, on the demo spec',
    as: 'read',
    variables: async () => ({ organizationId: orgId, slug: 'acme-api', sourceURL: specURL() }),
    expect: { __typename: 'ForbiddenError', sees: () => demoSpecId },
  }),
  row({
    mutation: 'createOrUpdateOpenAPISpec',
    kind: 'success',
    name: 'replaces the source of an existing spec; read back by node',
    select: '... on OpenAPISpecPayload { openAPISpec { id } }',
    variables: async () => {
      const id = await newSpec();
      const slug = ((await node(id, '... on OpenAPISpec { slug }')) as Result).slug;
      return { organizationId: orgId, slug, sourceURL: `${specURL()}?v=2` };
    },
    expect: {
      __typename: 'OpenAPISpecPayload',
      after: async (r, i) => {
        const id = globalId('OpenAPISpec', addressId(org, i.slug as string));
        expect(r.openAPISpec.id).toBe(id);
        expect(await node(id, '... on OpenAPISpec { slug sourceURL }')).toEqual({
          slug: i.slug,
          sourceURL: `${specURL()}?v=2`,
        });
      },
    },
  }),

  // ---- setOpenAPISpecVisibility
  row({
    mutation: 'setOpenAPISpecVisibility',
    kind: 'validation',
    // The visibility enum is checked by GraphQL itself; the validatable field is the id.
    name: 'a global ID of the wrong type (a Space) as specId',
    variables: async () => ({ specId: spaceIds[0], visibility: 'PUBLIC' }),
    expect: { __typename: 'ValidationError', field: 'specId' },
  }),
  row({
    mutation: 'setOpenAPISpecVisibility',
    kind: 'notFound',
    name: 'a spec that does not exist',
    variables: async () => ({
      specId: globalId('OpenAPISpec', addressId(org, 'no-such-spec')),
      visibility: 'PUBLIC',
    }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'setOpenAPISpecVisibility',
    kind: 'notFound',
    name: 'a spec of an organization the outsider cannot see',
    as: 'outsider',
    variables: async () => ({ specId: demoSpecId, visibility: 'PRIVATE' }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'setOpenAPISpecVisibility',
    kind: 'forbidden',
    name: '`create` role',
    as: 'create',
    variables: async () => ({ specId: await newSpec(), visibility: 'PUBLIC' }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.specId as string },
  }),

  // ---- deleteOpenAPISpec
  row({
    mutation: 'deleteOpenAPISpec',
    kind: 'validation',
    name: 'a global ID of the wrong type (a Translation) as specId',
    variables: async () => ({ specId: demoTranslationId }),
    expect: { __typename: 'ValidationError', field: 'specId' },
  }),
  row({
    mutation: 'deleteOpenAPISpec',
    kind: 'deleteMissing',
    name: 'a spec that does not exist: success by design (REST 204)',
    select: '... on DeleteOpenAPISpecPayload { deletedId organization { id } }',
    variables: async () => ({ specId: globalId('OpenAPISpec', addressId(org, 'no-such-spec')) }),
    expect: {
      __typename: 'DeleteOpenAPISpecPayload',
      after: (r, i) =>
        expect(r).toMatchObject({ deletedId: i.specId, organization: { id: orgId } }),
    },
  }),
  row({
    mutation: 'deleteOpenAPISpec',
    kind: 'notFound',
    name: 'a spec of an organization the outsider cannot see',
    as: 'outsider',
    variables: async () => ({ specId: await newSpec() }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'deleteOpenAPISpec',
    kind: 'forbidden',
    name: '`read` role; the spec stays',
    as: 'read',
    variables: async () => ({ specId: await newSpec() }),
    expect: {
      __typename: 'ForbiddenError',
      sees: (i) => i.specId as string,
      after: async (_r, i) =>
        expect(await node(i.specId as string, 'id')).toEqual({ id: i.specId }),
    },
  }),

  // ---- ingestConversation
  row({
    mutation: 'ingestConversation',
    kind: 'validation',
    name: 'an id with characters outside its pattern',
    variables: async () => ({
      organizationId: orgId,
      id: 'bad id!',
      parts: [{ role: 'user', body: 'hello' }],
    }),
    expect: { __typename: 'ValidationError', field: 'id' },
  }),
  row({
    mutation: 'ingestConversation',
    kind: 'validation',
    name: 'a metadata URL that is not http(s)',
    variables: async () => ({
      organizationId: orgId,
      metadata: { url: 'javascript:alert(1)' },
      parts: [{ role: 'user', body: 'hello' }],
    }),
    expect: { __typename: 'ValidationError', field: 'metadata.url' },
  }),
  row({
    mutation: 'ingestConversation',
    kind: 'notFound',
    name: 'an organization that does not exist',
    variables: async () => ({
      organizationId: missingOrg,
      parts: [{ role: 'user', body: 'hello' }],
    }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'ingestConversation',
    kind: 'forbidden',
    name: '`create` role (ingest needs organization admin)',
    as: 'create',
    variables: async () => ({ organizationId: orgId, parts: [{ role: 'user', body: 'hello' }] }),
    expect: { __typename: 'ForbiddenError', sees: orgOf },
  }),

  // ---- muteIssuesCluster / unmuteIssuesCluster
  ...(['muteIssuesCluster', 'unmuteIssuesCluster'] as const).flatMap((mutation) => [
    row({
      mutation,
      kind: 'validation',
      name: 'a global ID of the wrong type (an OpenAPISpec) as clusterId',
      variables: async () => ({ clusterId: demoSpecId }),
      expect: { __typename: 'ValidationError', field: 'clusterId' },
    }),
    row({
      mutation,
      kind: 'notFound',
      name: 'a cluster that does not exist',
      variables: async () => ({ clusterId: globalId('IssuesCluster', addressId(org, 'nope')) }),
      expect: { __typename: 'NotFoundError' },
    }),
    row({
      mutation,
      kind: 'forbidden',
      name: '`read` role',
      as: 'read',
      variables: async () => ({ clusterId }),
      expect: { __typename: 'ForbiddenError', sees: () => clusterId },
    }),
  ]),
  row({
    mutation: 'unmuteIssuesCluster',
    kind: 'success',
    name: 'unmutes a muted cluster; read back by node',
    select: '... on IssuesClusterPayload { cluster { id } }',
    variables: async () => {
      await setup('muteIssuesCluster', { clusterId }, '');
      expect(await node(clusterId, '... on IssuesCluster { muted }')).toEqual({ muted: true });
      return { clusterId };
    },
    expect: {
      __typename: 'IssuesClusterPayload',
      after: async () =>
        expect(await node(clusterId, '... on IssuesCluster { muted }')).toEqual({ muted: false }),
    },
  }),

  // ---- createTranslation
  row({
    mutation: 'createTranslation',
    kind: 'validation',
    name: 'a target language that is no ISO 639-1 code',
    variables: async () => ({
      organizationId: orgId,
      sourceSpaceId: demoSourceSpace,
      language: 'klingon',
    }),
    expect: { __typename: 'ValidationError', field: 'language' },
  }),
  row({
    mutation: 'createTranslation',
    kind: 'validation',
    name: 'an empty source space id',
    variables: async () => ({ organizationId: orgId, sourceSpaceId: '', language: 'fr' }),
    expect: { __typename: 'ValidationError', field: 'sourceSpaceId' },
  }),
  row({
    mutation: 'createTranslation',
    kind: 'notFound',
    name: 'an organization that does not exist',
    variables: async () => ({
      organizationId: missingOrg,
      sourceSpaceId: demoSourceSpace,
      language: 'fr',
    }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    // As for addSiteSpace: an unknown space in the body is a 400 of the server, by design.
    mutation: 'createTranslation',
    kind: 'missingReference',
    name: 'a source space that does not exist (body reference: ValidationError from upstream)',
    variables: async () => ({
      organizationId: orgId,
      sourceSpaceId: globalId('Space', 'no-such-space'),
      language: 'fr',
    }),
    expect: { __typename: 'ValidationError', field: 'source.space' },
  }),
  row({
    // Not a conflict of the decisions page; shown because it is one this mutation can meet.
    mutation: 'createTranslation',
    kind: 'conflict',
    name: 'a second translation of the same space into the same language',
    variables: async () => {
      const language = nextLanguage();
      await newTranslation(language);
      return { organizationId: orgId, sourceSpaceId: demoSourceSpace, language };
    },
    expect: { __typename: 'ConflictError' },
  }),
  row({
    mutation: 'createTranslation',
    kind: 'forbidden',
    name: '`create` role (translations need organization admin)',
    as: 'create',
    variables: async () => ({
      organizationId: orgId,
      sourceSpaceId: demoSourceSpace,
      language: 'fr',
    }),
    expect: { __typename: 'ForbiddenError', sees: orgOf },
  }),

  // ---- updateTranslationInstructions
  row({
    mutation: 'updateTranslationInstructions',
    kind: 'validation',
    name: 'instructions that are not a rich-text document',
    variables: async () => ({ translationId: demoTranslationId, instructions: 'be polite' }),
    expect: { __typename: 'ValidationError', field: 'instructions' },
  }),
  row({
    mutation: 'updateTranslationInstructions',
    kind: 'notFound',
    name: 'a translation that does not exist',
    variables: async () => ({
      translationId: globalId('Translation', addressId(org, 'nope')),
      instructions: doc('x'),
    }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'updateTranslationInstructions',
    kind: 'forbidden',
    name: '`edit` role',
    as: 'edit',
    variables: async () => ({ translationId: await newTranslation(), instructions: doc('x') }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.translationId as string },
  }),
  row({
    mutation: 'updateTranslationInstructions',
    kind: 'success',
    name: 'replaces the instructions; read back by node',
    select: '... on TranslationPayload { translation { id } }',
    variables: async () => ({
      translationId: await newTranslation(),
      instructions: doc('Matrix instructions.'),
    }),
    expect: {
      __typename: 'TranslationPayload',
      after: async (r, i) => {
        expect(r.translation.id).toBe(i.translationId);
        const read = await node(i.translationId as string, '... on Translation { instructions }');
        expect(JSON.stringify(read?.instructions)).toContain('Matrix instructions.');
      },
    },
  }),

  // ---- runTranslation
  row({
    mutation: 'runTranslation',
    kind: 'validation',
    name: 'a translation id that is not a global ID',
    variables: async () => ({ translationId: 'not-a-global-id' }),
    expect: { __typename: 'ValidationError', field: 'translationId' },
  }),
  row({
    mutation: 'runTranslation',
    kind: 'notFound',
    name: 'a translation of an organization the outsider cannot see',
    as: 'outsider',
    variables: async () => ({ translationId: demoTranslationId }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'runTranslation',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => ({ translationId: await newTranslation() }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.translationId as string },
  }),

  // ---- deleteTranslation
  row({
    mutation: 'deleteTranslation',
    kind: 'validation',
    name: 'a global ID of the wrong type (an OpenAPISpec) as translationId',
    variables: async () => ({ translationId: demoSpecId }),
    expect: { __typename: 'ValidationError', field: 'translationId' },
  }),
  row({
    mutation: 'deleteTranslation',
    kind: 'deleteMissing',
    name: 'a translation that does not exist: success by design (REST 204)',
    select: '... on DeleteTranslationPayload { deletedId }',
    variables: async () => ({ translationId: globalId('Translation', addressId(org, 'nope')) }),
    expect: {
      __typename: 'DeleteTranslationPayload',
      after: (r, i) => expect(r.deletedId).toBe(i.translationId),
    },
  }),
  row({
    mutation: 'deleteTranslation',
    kind: 'notFound',
    name: 'a translation of an organization the outsider cannot see',
    as: 'outsider',
    variables: async () => ({ translationId: await newTranslation() }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'deleteTranslation',
    kind: 'forbidden',
    name: '`edit` role; the translation stays',
    as: 'edit',
    variables: async () => ({ translationId: await newTranslation() }),
    expect: {
      __typename: 'ForbiddenError',
      sees: (i) => i.translationId as string,
      after: async (_r, i) =>
        expect(await node(i.translationId as string, 'id')).toEqual({ id: i.translationId }),
    },
  }),
];

// ---- Running the table ------------------------------------------------------------------------

beforeAll(async () => {
  e2e = await startE2E();
  const orgs = await organizationIds(e2e);
  orgId = orgs['Acme Docs'] as string;
  org = restOf(orgId, 'Organization');
  const data = await ok<{
    organization: {
      sites: { nodes: Array<{ title: string; siteSpaces: { nodes: Array<{ space: Data }> } }> };
      openAPISpec: { id: string };
      translations: {
        nodes: Array<{ id: string; language: string; source: { space: string } }>;
      };
      clusters: { nodes: Array<{ id: string; muted: boolean }> };
    };
  }>(
    `query($org: ID!) { organization(id: $org) {
      sites(first: 100) { nodes { title siteSpaces { nodes { space { id } } } } }
      openAPISpec(slug: "acme-api") { id }
      translations(first: 10) { nodes { id language source { space } } }
      clusters(first: 100) { nodes { id muted } } } }`,
    { org: orgId },
  );
  const o = data.organization;
  const docs = o.sites.nodes.find((s) => s.title === 'Acme Developer Docs');
  spaceIds = docs?.siteSpaces.nodes.map((n) => n.space.id as string) ?? [];
  expect(spaceIds.length).toBeGreaterThanOrEqual(3);
  demoSpecId = o.openAPISpec.id;
  demoTranslationId = o.translations.nodes[0]?.id as string;
  demoSourceSpace = o.translations.nodes[0]?.source.space as string;
  const taken = new Set(
    o.translations.nodes.filter((t) => t.source.space === demoSourceSpace).map((t) => t.language),
  );
  freeLanguages = ['de', 'it', 'es', 'nl', 'sv', 'da', 'fi', 'pl', 'cs', 'ko', 'tr', 'el'].filter(
    (l) => !taken.has(l),
  );
  clusterId = o.clusters.nodes.find((c) => !c.muted)?.id as string;
  expect([demoSpecId, demoTranslationId, demoSourceSpace, clusterId].every(Boolean)).toBe(true);
});

afterAll(async () => {
  await e2e?.close();
});

async function check(r: Row): Promise<void> {
  const input = await r.variables();
  const { status, body } = await e2e.gql(r.query, { input }, { as: r.as, debug: true });
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(status).toBe(200);
  const result = (body.data as Record<string, Result>)[r.mutation] as Result;
  expect(result.__typename, JSON.stringify(result)).toBe(r.expect.__typename);
  if (r.expect.field) {
    const paths = (result.fieldErrors as Array<{ path: string[] }>).map((e) => e.path.join('.'));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths).toContain(r.expect.field);
  }
  if (r.kind === 'validation') {
    // The debug extension is present (so the count is real), and lists no HTTP call.
    expect(Array.isArray(body.extensions?.upstream)).toBe(true);
    expect(httpCalls(body)).toEqual([]);
  }
  if (r.expect.sees) {
    const id = r.expect.sees(input);
    const seen = await e2e.gql('query($id: ID!) { node(id: $id) { id } }', { id }, { as: r.as });
    expect(seen.body.errors, JSON.stringify(seen.body.errors)).toBeUndefined();
    expect((seen.body.data as { node: unknown }).node).toEqual({ id });
  }
  await r.expect.after?.(result, input);
}

describe('site, OpenAPI, insight and translation mutations: the contract matrix', () => {
  const title = (r: Row) =>
    `${r.mutation} [${r.kind}] ${r.name} (as ${r.as})${r.bug ? ` — BUG: ${r.bug}` : ''}`;
  const table = (list: Row[]) => list.map((r) => [title(r), r] as const);

  it.each(table(rows.filter((r) => !r.bug)))('%s', (_title, r) => check(r));

  const bugs = rows.filter((r) => r.bug);
  if (bugs.length > 0) {
    // Each of these rows states the contract; the gateway or server does not meet it yet.
    it.fails.each(table(bugs))('%s', (_title, r) => check(r));
  }

  it('every listed mutation of the schema has validation, not-found and forbidden rows', () => {
    const sdl = readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8');
    const fields = Object.keys(buildSchema(sdl).getMutationType()?.getFields() ?? {});
    const listed = fields.filter((f) => (MINE as readonly string[]).includes(f));
    // A renamed or dropped mutation fails here instead of silently losing its rows.
    expect([...listed].sort()).toEqual([...MINE].sort());
    const group = (k: Kind) => (k === 'deleteMissing' ? 'notFound' : k);
    const missing = listed.flatMap((m) =>
      (['validation', 'notFound', 'forbidden'] as const)
        .filter((k) => !rows.some((r) => r.mutation === m && group(r.kind) === k))
        .map((k) => `${m}: ${k}`),
    );
    expect(missing).toEqual([]);
  });
});
