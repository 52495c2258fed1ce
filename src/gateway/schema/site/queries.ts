import { GraphQLError } from 'graphql';
import {
  PublishedSite,
  SiteAdaptiveSchema,
  Site as SiteSchema,
  SiteSectionGroup as SiteSectionGroupSchema,
  SiteSection as SiteSectionSchema,
  SiteSpace as SiteSpaceSchema,
} from '../../../contract/sites.ts';
import { builder } from '../../builder.ts';
import { addressId, toRestId } from '../../ids.ts';
import { restConnection } from '../../upstream/connection.ts';
import { seg, withQuery } from '../../upstream/rest.ts';
import { OrganizationRef } from '../organization.ts';
import { PublishedSiteRef } from './published.ts';
import {
  groupValue,
  SiteAdaptiveSchemaRef,
  SiteAgentsContextEnum,
  SiteFieldRefs,
  SiteRef,
  SiteSectionGroupRef,
  SiteSectionRef,
  SiteSpaceRef,
  SiteTypeEnum,
  type SiteValue,
  SiteVisibilityEnum,
  sectionValue,
  sitePath,
  siteSpaceValue,
} from './types.ts';

const addr = (s: SiteValue) => ({ orgId: s.orgId, siteId: s.id });

SiteRef.implement({
  description:
    'A published documentation site built from site spaces, sections and section groups; it has a visibility, hostname, proxy, an adaptive-content visitor schema and a published profile.',
  fields: (t) => ({
    type: t.field({
      type: SiteTypeEnum.ref,
      nullable: false,
      description: 'Site type (`basic`, `premium`, `ultimate`).',
      resolve: (s) => SiteTypeEnum.of(s.type) as string,
    }),
    title: t.exposeString('title', { nullable: false, description: 'Title.' }),
    icon: t.expose('icon', {
      type: SiteFieldRefs.SiteIconRef,
      nullable: true,
      description: 'Icon URLs for light and dark themes.',
    }),
    hostname: t.exposeString('hostname', { nullable: true, description: 'Custom hostname.' }),
    basename: t.exposeString('basename', {
      nullable: true,
      description: 'Base name of the site.',
    }),
    proxy: t.expose('proxy', {
      type: SiteFieldRefs.SiteProxyRef,
      nullable: true,
      description: 'Proxy hosting the site on a sub-path of a domain; null when none.',
    }),
    visibility: t.field({
      type: SiteVisibilityEnum.ref,
      nullable: false,
      description: 'Who can reach the site when it is published.',
      resolve: (s) => SiteVisibilityEnum.of(s.visibility) as string,
    }),
    published: t.exposeBoolean('published', {
      nullable: false,
      description: 'When true the site is reachable by the audience given by `visibility`.',
    }),
    siteSpacesCount: t.exposeInt('siteSpaces', {
      nullable: false,
      description: 'Number of site spaces (the REST `siteSpaces` count).',
    }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was created.',
    }),
    adaptiveContent: t.expose('adaptiveContent', {
      type: SiteFieldRefs.SiteAdaptiveContentRef,
      nullable: true,
      description: 'Adaptive content settings.',
    }),
    ads: t.expose('ads', {
      type: SiteFieldRefs.SiteAdsRef,
      nullable: true,
      description: 'Ads status.',
    }),
    agentsContext: t.field({
      type: SiteAgentsContextEnum.ref,
      nullable: true,
      description: '`excluded` (the docs agent cannot access the site) or `included`.',
      resolve: (s) => SiteAgentsContextEnum.of(s.agentsContext),
    }),
    features: t.expose('features', {
      type: [SiteFieldRefs.SiteFeatureRef],
      nullable: true,
      description: 'Features of the site and their plans.',
    }),
    urls: t.expose('urls', {
      type: SiteFieldRefs.SiteUrlsRef,
      nullable: true,
      description: 'URLs.',
    }),
    permissions: t.expose('permissions', {
      type: SiteFieldRefs.SitePermissionsRef,
      nullable: true,
      description: 'What the caller may do with the site.',
    }),
    organization: t.field({
      type: OrganizationRef,
      nullable: false,
      description: 'The organization of the site.',
      resolve: (s) => s.orgId,
    }),
    siteSpaces: t.connection({
      type: SiteSpaceRef,
      description: 'Site spaces of the site, across its sections.',
      args: {
        default: t.arg.boolean({
          description: 'true: only the default site space; false: only the others; absent: all.',
        }),
        shareKey: t.arg.string({
          description: 'Share key, to resolve published URLs of a share-link site.',
        }),
      },
      resolve: async (s, args, ctx) => {
        const page = await restConnection(ctx.rest, args, {
          path: `${sitePath(addr(s))}/site-spaces`,
          query: { default: args.default ?? undefined, shareKey: args.shareKey ?? undefined },
          item: SiteSpaceSchema,
        });
        return {
          ...page,
          edges: page.edges.map((e) => ({ ...e, node: siteSpaceValue(addr(s), e.node) })),
        };
      },
    }),
    sections: t.connection({
      type: SiteSectionRef,
      description: 'Sections of the site, in site order (each with its site spaces).',
      args: {
        shareKey: t.arg.string({
          description: 'Share key, to resolve published URLs of a share-link site.',
        }),
      },
      resolve: async (s, args, ctx) => {
        const page = await restConnection(ctx.rest, args, {
          path: `${sitePath(addr(s))}/sections`,
          query: { shareKey: args.shareKey ?? undefined },
          item: SiteSectionSchema,
        });
        return {
          ...page,
          edges: page.edges.map((e) => ({ ...e, node: sectionValue(addr(s), e.node) })),
        };
      },
    }),
    sectionGroups: t.connection({
      type: SiteSectionGroupRef,
      description: 'Section groups of the site (each with its sections and nested groups).',
      resolve: async (s, args, ctx) => {
        const page = await restConnection(ctx.rest, args, {
          path: `${sitePath(addr(s))}/section-groups`,
          item: SiteSectionGroupSchema,
        });
        return {
          ...page,
          edges: page.edges.map((e) => ({ ...e, node: groupValue(addr(s), e.node) })),
        };
      },
    }),
    adaptiveSchema: t.field({
      type: SiteAdaptiveSchemaRef,
      nullable: true,
      description: 'The visitor attributes schema; null when none is defined.',
      resolve: async (s, _args, ctx) => {
        try {
          const schema = await ctx.rest.get(
            `${sitePath(addr(s))}/adaptive-schema`,
            SiteAdaptiveSchema,
          );
          return { ...schema, ...addr(s) };
        } catch (error) {
          if ((error as { status?: number }).status === 404) return null;
          throw error;
        }
      },
    }),
    publishedSite: t.field({
      type: PublishedSiteRef,
      nullable: true,
      description:
        'The published profile (`GET {site}/published`): structure, customizations and scripts.',
      args: {
        shareKey: t.arg.string({
          description: 'Share key, to resolve published URLs of a share-link site.',
        }),
      },
      resolve: async (s, args, ctx) => {
        const profile = await ctx.rest.get(
          withQuery(`${sitePath(addr(s))}/published`, { shareKey: args.shareKey ?? undefined }),
          PublishedSite,
        );
        return { ...profile, orgId: s.orgId };
      },
    }),
  }),
});

builder.queryField('site', (t) =>
  t.field({
    type: SiteRef,
    nullable: true,
    description: 'A site by global ID, or by organization and REST id.',
    args: {
      organizationId: t.arg.id({
        description: 'Organization (global ID or REST id); not needed with a Site global ID.',
      }),
      siteId: t.arg.id({ required: true, description: 'Site global ID or REST id.' }),
    },
    resolve: (_root, args) => {
      const whole = toRestId(args.siteId, 'Site', true);
      if (whole !== args.siteId) return whole;
      if (!args.organizationId) {
        throw new GraphQLError('organizationId: required when siteId is not a Site global ID', {
          extensions: { code: 'BAD_USER_INPUT' },
        });
      }
      return addressId(toRestId(args.organizationId, 'Organization'), args.siteId);
    },
  }),
);

builder.objectField(OrganizationRef, 'sites', (t) =>
  t.connection({
    type: SiteRef,
    description: 'Sites of the organization.',
    args: {
      space: t.arg.id({ description: 'Only sites containing this space (global ID or REST id).' }),
      title: t.arg.string({
        description: 'Only sites whose title contains this (case-insensitive).',
      }),
      published: t.arg.boolean({
        description: 'Only published (true) or unpublished (false) sites.',
      }),
    },
    resolve: async (org, args, ctx) => {
      const orgId = (org as { id: string }).id;
      const page = await restConnection(ctx.rest, args, {
        path: `/orgs/${seg(orgId)}/sites`,
        query: {
          space: args.space ? toRestId(args.space, 'Space') : undefined,
          title: args.title ?? undefined,
          published: args.published ?? undefined,
        },
        item: SiteSchema,
        primePath: (s) => sitePath({ orgId, siteId: s.id }),
      });
      return { ...page, edges: page.edges.map((e) => ({ ...e, node: { ...e.node, orgId } })) };
    },
  }),
);
