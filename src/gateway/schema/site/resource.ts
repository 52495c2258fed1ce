import {
  PublishedSite,
  Site,
  SiteAdaptiveSchema,
  SiteSection,
  SiteSectionGroup,
  type SiteSectionGroup as SiteSectionGroupItem,
  SiteSpace,
} from '../../../contract/sites.ts';
import { defineResource } from '../../resources/resource.ts';
import { OrganizationResource } from '../organization/resource.ts';

/** A site: `/orgs/{org}/sites/{site}`. */
export const SiteResource = defineResource({
  typename: 'Site',
  segments: ['org', 'id'],
  parents: { org: OrganizationResource },
  routes: {
    item: '/orgs/{organizationId}/sites/{siteId}',
    inOrganization: '/orgs/{organizationId}/sites',
    publish: '/orgs/{organizationId}/sites/{siteId}/publish',
    unpublish: '/orgs/{organizationId}/sites/{siteId}/unpublish',
  },
  contract: Site,
  addressFields: [
    'organization',
    'siteSpaces',
    'sections',
    'sectionGroups',
    'adaptiveSchema',
    'publishedSite',
  ],
});

/** The graph's value of a site: the REST body and its organization's id. */
export type SiteShape = typeof SiteResource.$shape;

const siteParents = { org: OrganizationResource, site: SiteResource };

/**
 * A site space: `/orgs/{org}/sites/{site}/site-spaces/{id}`, which has no `GET` of its own: it
 * is read from the site's list of site spaces.
 */
export const SiteSpaceResource = defineResource({
  typename: 'SiteSpace',
  segments: ['org', 'site', 'id'],
  parents: siteParents,
  routes: {
    item: '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}',
    inSite: '/orgs/{organizationId}/sites/{siteId}/site-spaces',
    move: '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move',
  },
  list: { route: 'inSite' },
  contract: SiteSpace,
  addressFields: ['site'],
});

export type SiteSpaceShape = typeof SiteSpaceResource.$shape;

/** A section of a site: `/orgs/{org}/sites/{site}/sections/{id}`, read from the site's sections. */
export const SiteSectionResource = defineResource({
  typename: 'SiteSection',
  segments: ['org', 'site', 'id'],
  parents: siteParents,
  routes: {
    item: '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
    inSite: '/orgs/{organizationId}/sites/{siteId}/sections',
    move: '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move',
  },
  list: { route: 'inSite' },
  contract: SiteSection,
  addressFields: ['site'],
});

export type SiteSectionShape = typeof SiteSectionResource.$shape;

/** The visitor attributes schema of a site: `/orgs/{org}/sites/{site}/adaptive-schema`. */
export const SiteAdaptiveSchemaResource = defineResource({
  typename: 'SiteAdaptiveSchema',
  segments: ['org', 'site'],
  parents: { org: OrganizationResource },
  routes: {
    item: '/orgs/{organizationId}/sites/{siteId}/adaptive-schema',
    templateConditions: '/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions',
  },
  contract: SiteAdaptiveSchema,
  addressFields: ['templateConditions'],
});

export type SiteAdaptiveSchemaShape = typeof SiteAdaptiveSchemaResource.$shape;

/** The published profile of a site: `/orgs/{org}/sites/{site}/published`. */
export const PublishedSiteResource = defineResource({
  typename: 'PublishedSite',
  segments: ['org', 'site'],
  parents: { org: OrganizationResource },
  routes: { item: '/orgs/{organizationId}/sites/{siteId}/published' },
  contract: PublishedSite,
  // The profile's own `site` is the whole site (not always present): the address is kept beside it.
  shape: (item, a) => ({ ...item, org: a.org, siteId: a.site }),
  addressOf: (p) => ({ org: p.org, site: p.siteId }),
  addressFields: [],
});

export type PublishedSiteShape = typeof PublishedSiteResource.$shape;

/** The group `id` among `groups` and the groups nested in them. */
function findGroup(
  groups: readonly SiteSectionGroupItem[],
  id: string,
): SiteSectionGroupItem | undefined {
  for (const group of groups) {
    if (group.id === id) return group;
    const nested = findGroup(
      group.children.filter((c): c is SiteSectionGroupItem => c.object === 'site-section-group'),
      id,
    );
    if (nested) return nested;
  }
  return undefined;
}

/**
 * A section group: `/orgs/{org}/sites/{site}/section-groups/{id}`, read from the site's groups
 * (groups nest: it is looked for in the whole tree).
 */
export const SiteSectionGroupResource = defineResource({
  typename: 'SiteSectionGroup',
  segments: ['org', 'site', 'id'],
  parents: siteParents,
  routes: {
    item: '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}',
    inSite: '/orgs/{organizationId}/sites/{siteId}/section-groups',
    sections: '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections',
    section:
      '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}',
  },
  list: {
    route: 'inSite',
    find: (groups, address) => findGroup(groups, address.id),
  },
  contract: SiteSectionGroup,
  addressFields: [],
});

export type SiteSectionGroupShape = typeof SiteSectionGroupResource.$shape;
