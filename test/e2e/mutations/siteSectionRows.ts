// Mutation contract rows of site sections and section groups.

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
  siteWithGroup,
  siteWithSections,
  spaceIds,
} from './sitesInsights.fixture.ts';

export const siteSectionRows: Row[] = [
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
];
