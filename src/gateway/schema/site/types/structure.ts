import type {
  SiteSectionGroup as SiteSectionGroupItem,
  SiteSection as SiteSectionItem,
  SiteSpace as SiteSpaceItem,
} from '../../../../contract/sites.ts';
import { builder } from '../../../builder.ts';
import { rawOf } from '../../../upstream/damage.ts';
import { resourceNode, resourceRef } from '../../node.ts';
import { SpaceResource } from '../../space/resource.ts';
import { SpaceRef } from '../../space/types.ts';
import {
  SiteResource,
  SiteSectionGroupResource,
  type SiteSectionGroupShape,
  SiteSectionResource,
  type SiteSectionShape,
  SiteSpaceResource,
  type SiteSpaceShape,
} from '../resource.ts';
import { SiteRef } from './site.ts';

/** The graph's value of a structure item (section, group or site space) of the site `site`. */
export function structureShape(
  site: { org: string; site: string },
  item: { object: string; id: string },
): SiteSectionShape | SiteSectionGroupShape | SiteSpaceShape {
  const address = { ...site, id: item.id };
  if (item.object === 'site-section-group') {
    return SiteSectionGroupResource.shape(item as SiteSectionGroupItem, address);
  }
  if (item.object === 'site-space') {
    return SiteSpaceResource.shape(item as SiteSpaceItem, address);
  }
  return SiteSectionResource.shape(item as SiteSectionItem, address);
}

const PublishedUrlsRef = builder
  .objectRef<{ published?: string | undefined }>('SitePublishedUrls')
  .implement({
    description: 'Published URL of a part of a site.',
    fields: (t) => ({
      published: t.exposeString('published', { nullable: true, description: 'Published URL.' }),
    }),
  });

export const SiteSpaceRef = resourceRef(SiteSpaceResource);
export const SiteSectionRef = resourceRef(SiteSectionResource);
export const SiteSectionGroupRef = resourceRef(SiteSectionGroupResource);

/** A section, a section group or a site space: an entry of a site's structure. */
export const SiteStructureItemRef = builder.unionType('SiteStructureItem', {
  description:
    'An entry of a site structure: a section or a section group (sites with sections), or a site space (sites without sections).',
  types: [SiteSectionRef, SiteSectionGroupRef, SiteSpaceRef],
  resolveType: (item) => {
    const object = (item as { object?: string }).object;
    if (object === 'site-section-group') return 'SiteSectionGroup';
    if (object === 'site-space') return 'SiteSpace';
    return 'SiteSection';
  },
});

resourceNode(
  SiteSpaceResource,
  {
    description:
      'A space published in a site: a variant of its section, or a root entry of a site without sections.',
    fields: (t) => ({
      path: t.exposeString('path', {
        description: 'Path of the site space in the site (1 to 100).',
      }),
      title: t.exposeString('title', { description: 'Title.' }),
      default: t.exposeBoolean('default', {
        nullable: true,
        description: 'Whether it is the default site space (of its section, or of the site).',
      }),
      condition: t.exposeString('condition', {
        nullable: true,
        description:
          'Expression deciding whether the visitor sees it (max 1024); null when always shown.',
      }),
      hasAdvancedCustomizationFeature: t.exposeBoolean('hasAdvancedCustomizationFeature', {
        nullable: true,
        description: 'Whether advanced customization is available for it.',
      }),
      hidden: t.exposeBoolean('hidden', {
        nullable: true,
        description: 'True hides it from navigation.',
      }),
      urls: t.expose('urls', { type: PublishedUrlsRef, nullable: true, description: 'URLs.' }),
      space: t.field({
        type: SpaceRef,

        description: 'The space whose content it publishes.',
        resolve: (ss, _args, ctx) => {
          // The REST answer embeds the whole space: serve it, and keep it for later reads by id.
          SpaceResource.prime(ctx, ss.space);
          return ss.space;
        },
      }),
      section: t.field({
        type: SiteSectionRef,
        nullable: true,
        description: 'The section it belongs to; null at the root of a site without sections.',
        resolve: (ss) =>
          ss.section
            ? SiteSectionResource.ref({ org: ss.org, site: ss.site, id: ss.section })
            : null,
      }),
      site: t.field({
        type: SiteRef,

        description: 'The site it belongs to.',
        resolve: (ss) => SiteResource.stub({ org: ss.org, id: ss.site }),
      }),
    }),
  },
  SiteSpaceRef,
);

resourceNode(
  SiteSectionResource,
  {
    description: 'A section of a site, with its site spaces (variants).',
    fields: (t) => ({
      title: t.exposeString('title', { description: 'Title.' }),
      description: t.exposeString('description', { nullable: true, description: 'Description.' }),
      default: t.exposeBoolean('default', {
        nullable: true,
        description: 'Whether it is the default section of the site.',
      }),
      path: t.exposeString('path', { nullable: true, description: 'Path of the section.' }),
      condition: t.exposeString('condition', {
        nullable: true,
        description: 'Expression evaluated for the visitor; null when always shown.',
      }),
      icon: t.exposeString('icon', { nullable: true, description: 'Icon name.' }),
      iconRaw: t.field({
        type: 'JSON',
        nullable: true,
        description: 'The icon as the upstream sent it (icons may take forms beside a name).',
        resolve: (s) => rawOf(s.icon) ?? null,
      }),
      urls: t.expose('urls', { type: PublishedUrlsRef, nullable: true, description: 'URLs.' }),
      sectionGroup: t.field({
        type: SiteSectionGroupRef,
        nullable: true,
        description: 'The group it belongs to, if any.',
        resolve: (s) =>
          s.sectionGroup
            ? SiteSectionGroupResource.ref({ org: s.org, site: s.site, id: s.sectionGroup })
            : null,
      }),
      siteSpaces: t.field({
        type: [SiteSpaceRef],
        nullable: { list: true, items: true },
        description: 'Its site spaces (variants), in order.',
        resolve: (s) =>
          s.siteSpaces.map((ss) =>
            SiteSpaceResource.shape(ss, { org: s.org, site: s.site, id: ss.id }),
          ),
      }),
      site: t.field({
        type: SiteRef,

        description: 'The site it belongs to.',
        resolve: (s) => SiteResource.stub({ org: s.org, id: s.site }),
      }),
    }),
  },
  SiteSectionRef,
);

resourceNode(
  SiteSectionGroupResource,
  {
    description: 'A group of sections in a site (groups may nest).',
    fields: (t) => ({
      title: t.exposeString('title', { description: 'Title (1 to 100).' }),
      icon: t.exposeString('icon', {
        nullable: true,
        description: 'Icon name (max 50, e.g. `gear`).',
      }),
      iconRaw: t.field({
        type: 'JSON',
        nullable: true,
        description: 'The icon as the upstream sent it (icons may take forms beside a name).',
        resolve: (g) => rawOf(g.icon) ?? null,
      }),
      sectionGroup: t.field({
        type: SiteSectionGroupRef,
        nullable: true,
        description: 'The parent group; null at the site root.',
        resolve: (g) =>
          g.sectionGroup
            ? SiteSectionGroupResource.ref({ org: g.org, site: g.site, id: g.sectionGroup })
            : null,
      }),
      children: t.field({
        type: [SiteStructureItemRef],
        nullable: { list: true, items: true },
        description: 'Its sections and nested groups, in order.',
        resolve: (g) => g.children.map((c) => structureShape(g, c)),
      }),
      sections: t.field({
        type: [SiteSectionRef],
        nullable: { list: true, items: true },
        description: 'Its sections (direct children that are sections), in order.',
        resolve: (g) =>
          g.children
            .filter((child): child is SiteSectionItem => child.object === 'site-section')
            .map((child) =>
              SiteSectionResource.shape(child, { org: g.org, site: g.site, id: child.id }),
            ),
      }),
    }),
  },
  SiteSectionGroupRef,
);
