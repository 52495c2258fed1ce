import { builder } from '../../builder.ts';
import { OrganizationRef } from '../organization/types.ts';
import { SpaceResource } from '../space/resource.ts';
import {
  PublishedSiteResource,
  SiteAdaptiveSchemaResource,
  SiteResource,
  SiteSectionGroupResource,
  SiteSectionResource,
  SiteSpaceResource,
} from './resource.ts';
import { SiteAdaptiveSchemaRef } from './types/adaptiveSchema.ts';
import { PublishedSiteRef } from './types/published.ts';
import { SiteRef } from './types/site.ts';
import { SiteSectionGroupRef, SiteSectionRef, SiteSpaceRef } from './types/structure.ts';

builder.objectFields(SiteRef, (t) => ({
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
        path: SiteSpaceResource.route('inSite', s.org, s.id),
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
        path: SiteSectionResource.route('inSite', s.org, s.id),
        query: { shareKey: args.shareKey ?? undefined },
        parent: { org: s.org, site: s.id },
      }),
  }),
  sectionGroups: t.connection({
    type: SiteSectionGroupRef,
    description: 'Section groups of the site (each with its sections and nested groups).',
    resolve: (s, args, ctx) =>
      SiteSectionGroupResource.connection(ctx, args, {
        path: SiteSectionGroupResource.route('inSite', s.org, s.id),
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
}));

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
          arg: 'siteId',
          parents: { org: args.organizationId },
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
        path: SiteResource.route('inOrganization', org.id),
        query: {
          space: args.space ? SpaceResource.parseInput(args.space, { arg: 'space' }).id : undefined,
          title: args.title ?? undefined,
          published: args.published ?? undefined,
        },
        parent: { org: org.id },
      }),
  }),
);
