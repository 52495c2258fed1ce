// Mutation contract rows of site spaces.

import { expect } from 'vitest';
import { addressId, globalId } from '../../support/ids.ts';
import {
  missingSite,
  newSite,
  node,
  org,
  partId,
  type Row,
  row,
  siteWithSpaces,
  spaceIds,
} from './sitesInsights.fixture.ts';

export const siteSpaceRows: Row[] = [
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
];
