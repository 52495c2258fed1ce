import { ENUMS } from '../../../../contract/common.ts';
import type { Site as SiteItem } from '../../../../contract/sites.ts';
import { builder } from '../../../builder.ts';
import { rawOf } from '../../../upstream/damage.ts';
import { openEnumType } from '../../base.ts';
import { resourceNode } from '../../node.ts';
import { OrganizationRef } from '../../organization/types.ts';
import { SiteResource } from '../resource.ts';

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

const LightDarkRef = builder
  .objectRef<{ light?: string | undefined; dark?: string | undefined }>('LightDark')
  .implement({
    description: 'A value (URL or color) for the light and the dark theme.',
    fields: (t) => ({
      light: t.exposeString('light', { nullable: true, description: 'For the light theme.' }),
      dark: t.exposeString('dark', { nullable: true, description: 'For the dark theme.' }),
    }),
  });

const SiteIconRef = builder.objectRef<NonNullable<SiteItem['icon']>>('SiteIcon').implement({
  description: 'Icon of a site.',
  fields: (t) => ({
    icon: t.expose('icon', {
      type: LightDarkRef,

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

const SiteProxyRef = builder.objectRef<NonNullable<SiteItem['proxy']>>('SiteProxy').implement({
  description: 'A proxy hosting the site on a sub-path of a domain.',
  fields: (t) => ({
    origin: t.exposeString('origin', { description: 'Origin of the proxy.' }),
    target: t.exposeString('target', { description: 'Target of the proxy.' }),
  }),
});

const SiteAdaptiveContentRef = builder
  .objectRef<NonNullable<SiteItem['adaptiveContent']>>('SiteAdaptiveContent')
  .implement({
    description: 'Adaptive content settings of a site.',
    fields: (t) => ({
      enabled: t.exposeBoolean('enabled', {
        description: 'Whether content adapts to visitor attributes.',
      }),
    }),
  });

const SiteAdsRef = builder.objectRef<NonNullable<SiteItem['ads']>>('SiteAds').implement({
  description: 'Ads status of a site.',
  fields: (t) => ({
    status: t.exposeString('status', {
      description:
        'Ads status: `pending`, `in-review`, `live`, `rejected` or `disabled` (other values pass through as sent).',
    }),
    submittable: t.exposeBoolean('submittable', {
      nullable: true,
      description: 'Whether the site can be submitted for ads (while `pending`).',
    }),
    topic: t.exposeString('topic', {
      nullable: true,
      description: 'What the review is about while `in-review`: `webdev` or `crypto`.',
    }),
    reason: t.exposeString('reason', {
      nullable: true,
      description: 'Why the site was refused, when `rejected` (if given).',
    }),
  }),
});

const SiteFeatureRef = builder
  .objectRef<NonNullable<SiteItem['features']>[number]>('SiteFeature')
  .implement({
    description: 'A feature of a site and the plan it comes with.',
    fields: (t) => ({
      id: t.exposeString('id', {
        description:
          'Feature id (e.g. `sites-adaptive-content`, `sites-custom-domain`; other values pass through as sent).',
      }),
      plan: t.exposeString('plan', { description: 'Plan (e.g. `basic`).' }),
      frozen: t.exposeBoolean('frozen', {
        description: 'Whether the feature is frozen.',
      }),
      customizations: t.exposeStringList('customizations', {
        nullable: { list: true, items: true },
        description:
          'Customizations the feature unlocks (e.g. `header-logo`, `theme-preset`, `semantic-colors`).',
      }),
    }),
  });

const SiteUrlsRef = builder.objectRef<NonNullable<SiteItem['urls']>>('SiteUrls').implement({
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
  .objectRef<NonNullable<SiteItem['permissions']>>('SitePermissions')
  .implement({
    description: 'What the caller may do with a site.',
    fields: (t) => ({
      view: t.exposeBoolean('view', { description: 'May view it.' }),
      admin: t.exposeBoolean('admin', { description: 'May administrate it.' }),
    }),
  });

// ---- The site -------------------------------------------------------------------------------

export const SiteRef = resourceNode(SiteResource, {
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
      type: SiteIconRef,
      nullable: true,
      description: 'Icon URLs for light and dark themes.',
    }),
    hostname: t.exposeString('hostname', { nullable: true, description: 'Custom hostname.' }),
    basename: t.exposeString('basename', {
      nullable: true,
      description: 'Base name of the site.',
    }),
    proxy: t.expose('proxy', {
      type: SiteProxyRef,
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
      type: SiteAdaptiveContentRef,
      nullable: true,
      description: 'Adaptive content settings.',
    }),
    ads: t.expose('ads', {
      type: SiteAdsRef,
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
      type: [SiteFeatureRef],
      nullable: { list: true, items: true },
      description: 'Features of the site and their plans.',
    }),
    urls: t.expose('urls', {
      type: SiteUrlsRef,
      nullable: true,
      description: 'URLs.',
    }),
    permissions: t.expose('permissions', {
      type: SitePermissionsRef,
      nullable: true,
      description: 'What the caller may do with the site.',
    }),
    organization: t.field({
      type: OrganizationRef,

      description: 'The organization of the site.',
      resolve: (s) => s.org,
    }),
  }),
});
