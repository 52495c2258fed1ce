import type { GraphQLResolveInfo } from 'graphql';
import { z } from 'zod';
import { ENUMS, listPage } from '../../../contract/common.ts';
import {
  type SiteAdaptiveSchema,
  Site as SiteSchema,
  SiteSectionGroup as SiteSectionGroupSchema,
  SiteSection as SiteSectionSchema,
  SiteSpace as SiteSpaceSchema,
} from '../../../contract/sites.ts';
import { builder } from '../../builder.ts';
import type { GatewayContext } from '../../context.ts';
import { addressId, splitAddressId } from '../../ids.ts';
import { reference } from '../../refs.ts';
import { seg, withQuery } from '../../upstream/rest.ts';
import { rawOf } from '../../upstream/tolerant.ts';
import { openEnumType } from '../common.ts';
import { SpaceRef, spacePath } from '../space.ts';

type Wire<S extends z.ZodType> = z.infer<S>;

/** Where a site lives: its organization and id (sites are addressed under their organization). */
export interface SiteAddress {
  orgId: string;
  siteId: string;
}

export type SiteValue = Wire<typeof SiteSchema> & { orgId: string };
export type SiteSpaceValue = Wire<typeof SiteSpaceSchema> & SiteAddress;
export type SiteSectionValue = Wire<typeof SiteSectionSchema> & SiteAddress;
export type SiteSectionGroupValue = Wire<typeof SiteSectionGroupSchema> & SiteAddress;
export type SiteAdaptiveSchemaValue = Wire<typeof SiteAdaptiveSchema> & SiteAddress;

/** REST path of a site. */
export const sitePath = (a: SiteAddress) => `/orgs/${seg(a.orgId)}/sites/${seg(a.siteId)}`;

export const withSite = <T extends object>(a: SiteAddress, value: T): T & SiteAddress => ({
  ...value,
  orgId: a.orgId,
  siteId: a.siteId,
});

export const siteSpaceValue = (a: SiteAddress, ss: Wire<typeof SiteSpaceSchema>): SiteSpaceValue =>
  withSite(a, ss);
export const sectionValue = (a: SiteAddress, s: Wire<typeof SiteSectionSchema>): SiteSectionValue =>
  withSite(a, s);
export const groupValue = (
  a: SiteAddress,
  g: Wire<typeof SiteSectionGroupSchema>,
): SiteSectionGroupValue => withSite(a, g);

/** A structure item (section, group or site space) with its site address. */
export function structureValue(
  a: SiteAddress,
  item: { object: string } & object,
): SiteSectionValue | SiteSectionGroupValue | SiteSpaceValue {
  return withSite(a, item) as SiteSectionValue | SiteSectionGroupValue | SiteSpaceValue;
}

// ---- Enums -------------------------------------------------------------------------------

export const SiteTypeEnum = openEnumType('SiteType', ENUMS.siteType, 'Plan type of a site.');

export const SiteVisibilityEnum = openEnumType(
  'SiteVisibility',
  ENUMS.siteVisibility,
  'Who can reach a published site (same meanings as for spaces, applied to the site).',
  {
    public: 'Anyone, and search engines may index it.',
    unlisted: 'Anyone with the link; not indexed.',
    'share-link': 'Anyone with the secret share-link key.',
    'visitor-auth': 'Visitors authenticated through a JWT.',
  },
);

export const SiteAgentsContextEnum = openEnumType(
  'SiteAgentsContext',
  ENUMS.agentsContext,
  'Whether the docs agent may use the site as context.',
  {
    excluded: 'The docs agent cannot access the site.',
    included: 'The docs agent can access the site.',
  },
);

// ---- Small object types --------------------------------------------------------------------

type Site = SiteValue;

const LightDarkRef = builder
  .objectRef<{ light?: string | undefined; dark?: string | undefined }>('LightDark')
  .implement({
    description: 'A value (URL or color) for the light and the dark theme.',
    fields: (t) => ({
      light: t.exposeString('light', { nullable: true, description: 'For the light theme.' }),
      dark: t.exposeString('dark', { nullable: true, description: 'For the dark theme.' }),
    }),
  });

const SiteIconRef = builder.objectRef<NonNullable<Site['icon']>>('SiteIcon').implement({
  description: 'Icon of a site.',
  fields: (t) => ({
    icon: t.expose('icon', {
      type: LightDarkRef,
      nullable: false,
      description: 'Icon URLs for light and dark themes.',
    }),
    raw: t.field({
      type: 'JSON',
      nullable: true,
      description: 'The icon as the upstream sent it (icons may take forms beside `{icon}`).',
      resolve: (i) => rawOf(i) ?? null,
    }),
  }),
});

const SiteProxyRef = builder.objectRef<NonNullable<Site['proxy']>>('SiteProxy').implement({
  description: 'A proxy hosting the site on a sub-path of a domain.',
  fields: (t) => ({
    origin: t.exposeString('origin', { nullable: false, description: 'Origin of the proxy.' }),
    target: t.exposeString('target', { nullable: false, description: 'Target of the proxy.' }),
  }),
});

const SiteAdaptiveContentRef = builder
  .objectRef<NonNullable<Site['adaptiveContent']>>('SiteAdaptiveContent')
  .implement({
    description: 'Adaptive content settings of a site.',
    fields: (t) => ({
      enabled: t.exposeBoolean('enabled', {
        nullable: false,
        description: 'Whether content adapts to visitor attributes.',
      }),
    }),
  });

const SiteAdsRef = builder.objectRef<NonNullable<Site['ads']>>('SiteAds').implement({
  description: 'Ads status of a site.',
  fields: (t) => ({
    status: t.exposeString('status', {
      nullable: false,
      description: 'Ads status (e.g. `pending`; the full list is not part of the surface).',
    }),
    submittable: t.exposeBoolean('submittable', {
      nullable: false,
      description: 'Whether the site can be submitted for ads.',
    }),
  }),
});

const SiteFeatureRef = builder
  .objectRef<NonNullable<Site['features']>[number]>('SiteFeature')
  .implement({
    description: 'A feature of a site and the plan it comes with.',
    fields: (t) => ({
      id: t.exposeString('id', {
        nullable: false,
        description: 'Feature id (e.g. `sites-adaptive-content`).',
      }),
      plan: t.exposeString('plan', { nullable: false, description: 'Plan (e.g. `basic`).' }),
      frozen: t.exposeBoolean('frozen', {
        nullable: false,
        description: 'Whether the feature is frozen.',
      }),
      customizations: t.exposeStringList('customizations', {
        nullable: true,
        description: 'Customizations the feature unlocks (e.g. `header-logo`).',
      }),
    }),
  });

const SiteUrlsRef = builder.objectRef<NonNullable<Site['urls']>>('SiteUrls').implement({
  description: 'URLs of a site.',
  fields: (t) => ({
    location: t.exposeString('location', { nullable: true, description: 'API location.' }),
    app: t.exposeString('app', { nullable: true, description: 'URL in the app.' }),
    published: t.exposeString('published', {
      nullable: true,
      description: 'Published URL of the site.',
    }),
  }),
});

const SitePermissionsRef = builder
  .objectRef<NonNullable<Site['permissions']>>('SitePermissions')
  .implement({
    description: 'What the caller may do with a site.',
    fields: (t) => ({
      view: t.exposeBoolean('view', { nullable: false, description: 'May view it.' }),
      admin: t.exposeBoolean('admin', { nullable: false, description: 'May administrate it.' }),
    }),
  });

export const PublishedUrlsRef = builder
  .objectRef<{ published?: string | undefined }>('SitePublishedUrls')
  .implement({
    description: 'Published URL of a part of a site.',
    fields: (t) => ({
      published: t.exposeString('published', { nullable: true, description: 'Published URL.' }),
    }),
  });

// ---- Loaders -------------------------------------------------------------------------------

/** Reads every item of a site list (all pages, 1000 a page): one call for up to 1000 items. */
async function listAll<S extends z.ZodType>(
  ctx: GatewayContext,
  path: string,
  item: S,
): Promise<Array<z.infer<S>>> {
  const schema = listPage(item);
  const out: Array<z.infer<S>> = [];
  let page: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const answer = await ctx.rest.get(withQuery(path, { limit: 1000, page }), schema);
    out.push(...(answer.items as Array<z.infer<S>>));
    if (!answer.next || answer.items.length === 0) break;
    page = answer.next.page;
  }
  return out;
}

function notFound(typename: string, id: string): Error {
  return new Error(`${typename} ${id} not found`);
}

/** Loads objects of a site list by address id (`org/site/id`): one list read per site. */
function loadFromList<T extends { id: string }, V>(
  typename: string,
  list: string,
  schema: z.ZodType<T>,
  wrap: (a: SiteAddress, item: T) => V,
) {
  return (ids: string[], ctx: GatewayContext) =>
    Promise.all(
      ids.map(async (id): Promise<V | Error> => {
        try {
          const [orgId, siteId, itemId] = splitAddressId(id, 3, typename) as [
            string,
            string,
            string,
          ];
          const a = { orgId, siteId };
          const items = await listAll(ctx, `${sitePath(a)}/${list}`, schema);
          const found = items.find((item) => item.id === itemId);
          return found ? wrap(a, found) : notFound(typename, itemId);
        } catch (error) {
          return error as Error;
        }
      }),
    );
}

/** The loader key of a site's part. */
export const partKey = (a: SiteAddress, id: string) => addressId(a.orgId, a.siteId, id);

// ---- Nodes ----------------------------------------------------------------------------------

export const SiteRef = builder.loadableNodeRef('Site', {
  id: { resolve: (s: SiteValue) => addressId(s.orgId, s.id) },
  load: (ids: string[], ctx: GatewayContext) =>
    Promise.all(
      ids.map(async (id): Promise<SiteValue | Error> => {
        try {
          const [orgId, siteId] = splitAddressId(id, 2, 'Site') as [string, string];
          const site = await ctx.rest.get(sitePath({ orgId, siteId }), SiteSchema);
          return { ...site, orgId };
        } catch (error) {
          return error as Error;
        }
      }),
    ),
});

export const SiteSpaceRef = builder.loadableNodeRef('SiteSpace', {
  id: { resolve: (s: SiteSpaceValue) => partKey(s, s.id) },
  load: loadFromList('SiteSpace', 'site-spaces', SiteSpaceSchema, siteSpaceValue),
});

export const SiteSectionRef = builder.loadableNodeRef('SiteSection', {
  id: { resolve: (s: SiteSectionValue) => partKey(s, s.id) },
  load: loadFromList('SiteSection', 'sections', SiteSectionSchema, sectionValue),
});

/** Groups nest: a group read by id is searched in the whole tree of the site's groups. */
function findGroup(
  groups: Wire<typeof SiteSectionGroupSchema>[],
  id: string,
): Wire<typeof SiteSectionGroupSchema> | undefined {
  for (const group of groups) {
    if (group.id === id) return group;
    const nested = findGroup(
      group.children.filter(
        (c): c is Wire<typeof SiteSectionGroupSchema> => c.object === 'site-section-group',
      ),
      id,
    );
    if (nested) return nested;
  }
  return undefined;
}

export const SiteSectionGroupRef = builder.loadableNodeRef('SiteSectionGroup', {
  id: { resolve: (g: SiteSectionGroupValue) => partKey(g, g.id) },
  load: (ids: string[], ctx: GatewayContext) =>
    Promise.all(
      ids.map(async (id): Promise<SiteSectionGroupValue | Error> => {
        try {
          const [orgId, siteId, groupId] = splitAddressId(id, 3, 'SiteSectionGroup') as [
            string,
            string,
            string,
          ];
          const a = { orgId, siteId };
          const groups = await listAll(
            ctx,
            `${sitePath(a)}/section-groups`,
            SiteSectionGroupSchema,
          );
          const found = findGroup(groups, groupId);
          return found ? groupValue(a, found) : notFound('SiteSectionGroup', groupId);
        } catch (error) {
          return error as Error;
        }
      }),
    ),
});

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

/** A reference to a site's section by id: free when only `id` is selected. */
export function sectionReference(
  info: GraphQLResolveInfo,
  a: SiteAddress,
  id: string,
): string | SiteSectionValue {
  return partReference(info, a, id);
}

/** A part of a site (section, group) by id: a stub when only known fields are selected. */
function partReference<T>(info: GraphQLResolveInfo, a: SiteAddress, id: string): string | T {
  return reference(info, partKey(a, id), { id, orgId: a.orgId, siteId: a.siteId }) as string | T;
}

/** The site of a part: a stub when only its id is selected. */
function siteReference(info: GraphQLResolveInfo, a: SiteAddress): string | SiteValue {
  return reference(info, addressId(a.orgId, a.siteId), { id: a.siteId, orgId: a.orgId }) as
    | string
    | SiteValue;
}

SiteSpaceRef.implement({
  description:
    'A space published in a site: a variant of its section, or a root entry of a site without sections.',
  fields: (t) => ({
    path: t.exposeString('path', {
      nullable: false,
      description: 'Path of the site space in the site (1 to 100).',
    }),
    title: t.exposeString('title', { nullable: false, description: 'Title.' }),
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
      nullable: false,
      description: 'The space whose content it publishes.',
      resolve: (ss, _args, ctx) => {
        // The REST answer embeds the whole space: serve it, and keep it for later reads by id.
        ctx.rest.prime(() => spacePath(ss.space.id), ss.space);
        return ss.space;
      },
    }),
    section: t.field({
      type: SiteSectionRef,
      nullable: true,
      description: 'The section it belongs to; null at the root of a site without sections.',
      resolve: (ss, _args, _ctx, info) =>
        ss.section ? sectionReference(info, ss, ss.section) : null,
    }),
    site: t.field({
      type: SiteRef,
      nullable: false,
      description: 'The site it belongs to.',
      resolve: (ss, _args, _ctx, info) => siteReference(info, ss),
    }),
  }),
});

SiteSectionRef.implement({
  description: 'A section of a site, with its site spaces (variants).',
  fields: (t) => ({
    title: t.exposeString('title', { nullable: false, description: 'Title.' }),
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
      resolve: (s, _args, _ctx, info) =>
        s.sectionGroup ? partReference<SiteSectionGroupValue>(info, s, s.sectionGroup) : null,
    }),
    siteSpaces: t.field({
      type: [SiteSpaceRef],
      nullable: false,
      description: 'Its site spaces (variants), in order.',
      resolve: (s) => s.siteSpaces.map((ss) => siteSpaceValue(s, ss)),
    }),
    site: t.field({
      type: SiteRef,
      nullable: false,
      description: 'The site it belongs to.',
      resolve: (s, _args, _ctx, info) => siteReference(info, s),
    }),
  }),
});

SiteSectionGroupRef.implement({
  description: 'A group of sections in a site (groups may nest).',
  fields: (t) => ({
    title: t.exposeString('title', { nullable: false, description: 'Title (1 to 100).' }),
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
      resolve: (g, _args, _ctx, info) =>
        g.sectionGroup ? partReference<SiteSectionGroupValue>(info, g, g.sectionGroup) : null,
    }),
    children: t.field({
      type: [SiteStructureItemRef],
      nullable: false,
      description: 'Its sections and nested groups, in order.',
      resolve: (g) => g.children.map((c) => structureValue(g, c)),
    }),
    sections: t.field({
      type: [SiteSectionRef],
      nullable: false,
      description: 'Its sections (direct children that are sections), in order.',
      resolve: (g) =>
        g.children
          .filter((c): c is Wire<typeof SiteSectionSchema> => c.object === 'site-section')
          .map((c) => sectionValue(g, c)),
    }),
  }),
});

const TemplateConditionRef = builder
  .objectRef<{ description: string; condition: string }>('SiteTemplateCondition')
  .implement({
    description: 'A condition generated from the visitor schema, for adaptive-content expressions.',
    fields: (t) => ({
      description: t.exposeString('description', {
        nullable: false,
        description: 'What the condition tests.',
      }),
      condition: t.exposeString('condition', {
        nullable: false,
        description: 'The expression.',
      }),
    }),
  });

export const SiteAdaptiveSchemaRef = builder
  .objectRef<SiteAdaptiveSchemaValue>('SiteAdaptiveSchema')
  .implement({
    description: 'The visitor attributes schema of a site, for adaptive content.',
    fields: (t) => ({
      jsonSchema: t.field({
        type: 'JSON',
        nullable: false,
        description:
          'JSON Schema (draft-07) of visitor attributes: `type` object, `properties` with an `unsigned` object for unsigned claims and further boolean properties, `additionalProperties` false.',
        resolve: (s) => s.jsonSchema,
      }),
      updatedAt: t.expose('updatedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When it was last updated.',
      }),
      templateConditions: t.field({
        type: [TemplateConditionRef],
        nullable: false,
        description:
          'Conditions generated from the visitor schema for adaptive-content expressions.',
        resolve: async (s, _args, ctx) =>
          (
            await ctx.rest.get(
              `${sitePath(s)}/adaptive-schema/template-conditions`,
              z.object({
                items: z.array(z.object({ description: z.string(), condition: z.string() })),
              }),
            )
          ).items,
      }),
    }),
  });

export const SiteFieldRefs = {
  LightDarkRef,
  SiteIconRef,
  SiteProxyRef,
  SiteAdaptiveContentRef,
  SiteAdsRef,
  SiteFeatureRef,
  SiteUrlsRef,
  SitePermissionsRef,
  TemplateConditionRef,
};
