// Mutation contract rows of OpenAPI specs.

import { expect } from 'vitest';
import { addressId, globalId } from '../../support/ids.ts';
import {
  demoSpecId,
  demoTranslationId,
  missingOrg,
  newSpec,
  node,
  org,
  orgId,
  orgOf,
  type Result,
  type Row,
  row,
  spaceIds,
  specURL,
} from './sitesInsights.fixture.ts';

export const openapiRows: Row[] = [
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
];
