import { builder } from '../../builder.ts';
import { restPath } from '../../upstream/path.ts';
import { resourceNode } from '../node.ts';
import { OrganizationRef } from '../organization/types.ts';
import { SpaceResource } from '../space/resource.ts';
import { PublishedSiteRef } from './published.ts';
import {
  PublishedSiteResource,
  SiteAdaptiveSchemaResource,
  SiteResource,
  SiteSectionGroupResource,
  SiteSectionResource,
  SiteSpaceResource,
} from './resource.ts';
import {
  SiteAdaptiveSchemaRef,
  SiteAgentsContextEnum,
  SiteFieldRefs,
  SiteRef,
  SiteSectionGroupRef,
  SiteSectionRef,
  SiteSpaceRef,
  SiteTypeEnum,
  SiteVisibilityEnum,
} from './types.ts';

resourceNode(
  SiteResource,
  {
    description:
      'A published documentation site built from site spaces, sections and section groups; it has a visibility, hostname, proxy, an adaptive-content visitor schema and a published profile.',
    fields: (t) => ({
      type: t.field({
        type: SiteTypeEnum.ref,

        description: 'Site type (`basic`, `premium`, `ultimate`).',
        resolve: (s) => SiteTypeEnum.of(s.type) as string,
      }),
      title: t.exposeString('title', { description: 'Title.' }),
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

        description: 'Who can reach the site when it is published.',
        resolve: (s) => SiteVisibilityEnum.of(s.visibility) as string,
      }),
      published: t.exposeBoolean('published', {
        description: 'When true the site is reachable by the audience given by `visibility`.',
      }),
      siteSpacesCount: t.exposeInt('siteSpaces', {
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
        nullable: { list: true, items: true },
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

        description: 'The organization of the site.',
        resolve: (s) => s.org,
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
        resolve: (s, args, ctx) =>
          SiteSpaceResource.connection(ctx, args, {
            path: restPath`/orgs/${s.org}/sites/${s.id}/site-spaces`,
            query: { default: args.default ?? undefined, shareKey: args.shareKey ?? undefined },
            parent: { org: s.org, site: s.id },
          }),
      }),
      sections: t.connection({
        type: SiteSectionRef,
        description: 'Sections of the site, in site order (each with its site spaces).',
        args: {
          shareKey: t.arg.string({
            description: 'Share key, to resolve published URLs of a share-link site.',
          }),
        },
        resolve: (s, args, ctx) =>
          SiteSectionResource.connection(ctx, args, {
            path: restPath`/orgs/${s.org}/sites/${s.id}/sections`,
            query: { shareKey: args.shareKey ?? undefined },
            parent: { org: s.org, site: s.id },
          }),
      }),
      sectionGroups: t.connection({
        type: SiteSectionGroupRef,
        description: 'Section groups of the site (each with its sections and nested groups).',
        resolve: (s, args, ctx) =>
          SiteSectionGroupResource.connection(ctx, args, {
            path: restPath`/orgs/${s.org}/sites/${s.id}/section-groups`,
            parent: { org: s.org, site: s.id },
          }),
      }),
      adaptiveSchema: t.field({
        type: SiteAdaptiveSchemaRef,
        nullable: true,
        description: 'The visitor attributes schema; null when none is defined.',
        resolve: (s, _args, ctx) =>
          SiteAdaptiveSchemaResource.load(ctx, { org: s.org, site: s.id }).catch((error) => {
            if ((error as { status?: number }).status === 404) return null;
            throw error;
          }),
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
        resolve: (s, args, ctx) =>
          PublishedSiteResource.load(
            ctx,
            { org: s.org, site: s.id },
            { shareKey: args.shareKey ?? undefined },
          ),
      }),
    }),
  },
  SiteRef,
);

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
    resolve: (_root, args) =>
      SiteResource.stub(
        SiteResource.parseInput(args.siteId, {
          parents: { org: args.organizationId },
          parentFields: { org: 'organizationId' },
        }),
      ),
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
    resolve: (org, args, ctx) =>
      SiteResource.connection(ctx, args, {
        path: restPath`/orgs/${org.id}/sites`,
        query: {
          space: args.space ? SpaceResource.parseInput(args.space).id : undefined,
          title: args.title ?? undefined,
          published: args.published ?? undefined,
        },
        parent: { org: org.id },
      }),
  }),
);
