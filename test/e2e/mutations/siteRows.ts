// Mutation contract rows of sites: create, update, delete, publish, adaptive schema.

import { expect } from 'vitest';
import { globalId } from '../../support/ids.ts';
import {
  missingOrg,
  missingSite,
  newSite,
  node,
  orgId,
  orgOf,
  type Row,
  row,
  setup,
  spaceIds,
} from './sitesInsights.fixture.ts';

export const siteRows: Row[] = [
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
];
