import { z } from 'zod';
import {
  ENUMS,
  LIMITS,
  listPage,
  oneOfField,
  openEnum,
  PATTERNS,
  PageQuery,
  QueryBoolean,
  SiteSectionPosition,
  SiteSpacePosition,
  sometimes,
  Timestamp,
} from './common.ts';
import { Space } from './spaces.ts';

/** An icon name as a site section or group carries it (a one-of: other forms may arrive). */
const IconName = oneOfField(z.string(), 'an icon name');

const LightDark = z.object({ light: z.string().optional(), dark: z.string().optional() });

/** The feature ids of sites on the hosted service. */
export const SITE_FEATURES = [
  'sites-adaptive-content',
  'sites-advanced-customization',
  'sites-advanced-insights',
  'sites-ads',
  'sites-ai-search',
  'sites-ai-assistant',
  'sites-ai-insights',
  'sites-fix-broken-links',
  'sites-connections',
  'sites-content-gaps',
  'sites-channels',
  'sites-embed',
  'sites-api-playground',
  'sites-basic-customization',
  'sites-broken-links',
  'sites-custom-domain',
  'sites-custom-fonts',
  'sites-custom-subdirectory',
  'sites-full-text-search',
  'sites-multivariant-site',
  'sites-no-custom-domain',
  'sites-page-feedback',
  'sites-page-traffic-insights',
  'sites-pdf-export',
  'sites-preview-deployments',
  'sites-public-visibility',
  'sites-redirects',
  'sites-search-insights',
  'sites-sections',
  'sites-seo',
  'sites-share-links',
  'sites-unlisted-visibility',
  'sites-user-contribution',
  'sites-visitor-authentication',
  'sites-visitors',
] as const;

/** The customizations a site feature unlocks, on the hosted service. */
export const SITE_CUSTOMIZATIONS = [
  'header-logo',
  'header-primary-link',
  'theme-preset',
  'premium-fonts',
  'custom-icons',
  'footer-logo',
  'footer-links',
  'footer-copyright',
  'semantic-colors',
] as const;

/** The ads statuses of a site on the hosted service. */
export const SITE_ADS_STATUSES = ['pending', 'in-review', 'live', 'rejected', 'disabled'] as const;
/** The topics a site in ads review is reviewed for. */
export const SITE_ADS_TOPICS = ['webdev', 'crypto'] as const;

/**
 * A site's ads, as the embedded server stores and answers them (strict): each status with the
 * fields the hosted service gives it.
 */
export const SiteAdsInput = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('pending'), submittable: z.boolean() }),
  z.strictObject({ status: z.literal('in-review'), topic: z.enum(SITE_ADS_TOPICS) }),
  z.strictObject({ status: z.literal('live') }),
  z.strictObject({ status: z.literal('rejected'), reason: z.string().max(500).optional() }),
  z.strictObject({ status: z.literal('disabled') }),
]);
export type SiteAdsInput = z.infer<typeof SiteAdsInput>;

/** A site feature as the embedded server answers it (strict: the hosted service's values). */
export const SiteFeatureInput = z.strictObject({
  id: z.enum(SITE_FEATURES),
  plan: z.enum(ENUMS.siteType),
  frozen: z.boolean(),
  customizations: z.array(z.enum(SITE_CUSTOMIZATIONS)),
});
export type SiteFeatureInput = z.infer<typeof SiteFeatureInput>;

/** A published documentation site. */
export const Site = z.object({
  object: z.literal('site'),
  id: z.string(),
  type: sometimes(openEnum(ENUMS.siteType)),
  title: sometimes(z.string()),
  icon: oneOfField(z.object({ icon: LightDark }), '`{icon: {light, dark}}`').optional(),
  hostname: z.string().optional(),
  basename: z.string().optional(),
  proxy: z.object({ origin: sometimes(z.string()), target: sometimes(z.string()) }).optional(),
  visibility: sometimes(openEnum(ENUMS.siteVisibility)),
  published: sometimes(z.boolean()),
  siteSpaces: sometimes(z.number()),
  createdAt: Timestamp.optional(),
  adaptiveContent: z.object({ enabled: sometimes(z.boolean()) }).optional(),
  // Read tolerantly: statuses, topics, features and customizations beyond the lists above pass.
  ads: z
    .object({
      status: sometimes(openEnum(SITE_ADS_STATUSES)),
      submittable: z.boolean().optional(),
      topic: openEnum(SITE_ADS_TOPICS).optional(),
      reason: z.string().optional(),
    })
    .optional(),
  agentsContext: openEnum(ENUMS.agentsContext).optional(),
  features: z
    .array(
      z.object({
        id: openEnum(SITE_FEATURES),
        plan: sometimes(z.string()),
        frozen: sometimes(z.boolean()),
        customizations: z.array(openEnum(SITE_CUSTOMIZATIONS)).optional(),
      }),
    )
    .optional(),
  urls: z
    .object({
      location: z.string().optional(),
      app: z.string().optional(),
      published: z.string().optional(),
    })
    .optional(),
  permissions: z.object({ view: sometimes(z.boolean()), admin: sometimes(z.boolean()) }).optional(),
});
export type Site = z.infer<typeof Site>;
export const SiteList = listPage(Site);

/** A space published in a site (a variant of its section, or a root entry). */
export const SiteSpace = z.object({
  object: z.literal('site-space'),
  id: z.string(),
  path: z.string(),
  section: z.string().optional(),
  space: sometimes(Space),
  title: z.string(),
  default: z.boolean().optional(),
  condition: z.string().optional(),
  hasAdvancedCustomizationFeature: z.boolean().optional(),
  hidden: z.boolean().optional(),
  urls: z.object({ published: z.string().optional() }).optional(),
});
export type SiteSpace = z.infer<typeof SiteSpace>;
export const SiteSpaceList = listPage(SiteSpace);

/** A section of a site, with its site spaces (variants). */
export const SiteSection = z.object({
  object: z.literal('site-section'),
  id: z.string(),
  title: sometimes(z.string()),
  description: z.string().optional(),
  default: z.boolean().optional(),
  path: z.string().optional(),
  condition: z.string().optional(),
  sectionGroup: z.string().optional(),
  siteSpaces: sometimes(z.array(SiteSpace)),
  urls: z.object({ published: z.string().optional() }).optional(),
  icon: IconName.optional(),
});
export type SiteSection = z.infer<typeof SiteSection>;
export const SiteSectionList = listPage(SiteSection);

/** A group of sections; `children` holds its sections and nested groups, in order. */
export type SiteSectionGroup = {
  object: 'site-section-group';
  id: string;
  title: string;
  sectionGroup?: string | undefined;
  icon?: string | undefined;
  children: Array<SiteSection | SiteSectionGroup>;
};
export const SiteSectionGroup: z.ZodType<SiteSectionGroup> = z.object({
  object: z.literal('site-section-group'),
  id: z.string(),
  title: z.string(),
  sectionGroup: z.string().optional(),
  icon: IconName.optional(),
  get children() {
    return sometimes(z.array(z.union([SiteSection, SiteSectionGroup])));
  },
});
export const SiteSectionGroupList = listPage(SiteSectionGroup);

/** The visitor attributes schema of a site's adaptive content. */
export const SiteAdaptiveSchema = z.object({
  object: z.literal('site-adaptive-schema'),
  jsonSchema: sometimes(z.record(z.string(), z.unknown())),
  updatedAt: Timestamp.optional(),
});
export type SiteAdaptiveSchema = z.infer<typeof SiteAdaptiveSchema>;

export const TemplateCondition = z.object({
  description: sometimes(z.string()),
  condition: sometimes(z.string()),
});
export const TemplateConditionList = z.object({ items: z.array(TemplateCondition) });
export type TemplateConditionList = z.infer<typeof TemplateConditionList>;

/** Site customization: free-form on the wire (the spec gives only the key structure). */
export const Customization = z.record(z.string(), z.unknown());

export const SiteScript = z.object({
  script: sometimes(z.string()),
  contentSecurityPolicy: z.string().optional(),
  cookies: z.boolean().optional(),
});

/** Published site profile: the site, its structure, customizations and scripts. */
export const PublishedSite = z.object({
  object: z.literal('published-content-site'),
  site: sometimes(Site),
  structure: sometimes(
    z.union([
      z.object({
        type: z.literal('sections'),
        structure: z.array(z.union([SiteSection, SiteSectionGroup])),
      }),
      z.object({ type: z.literal('site-spaces'), structure: z.array(SiteSpace) }),
      z.object({ type: z.string(), structure: z.array(z.record(z.string(), z.unknown())) }),
    ]),
  ),
  customizations: sometimes(
    z.object({
      site: sometimes(Customization),
      siteSpaces: sometimes(z.record(z.string(), Customization)),
    }),
  ),
  scripts: sometimes(z.array(SiteScript)),
});
export type PublishedSite = z.infer<typeof PublishedSite>;

// ---- Inputs -------------------------------------------------------------------------------

const Id = z.string().min(1, 'must not be empty').max(100, 'at most 100 characters');
const Title = z.string().trim().min(1, 'must not be empty').max(100, 'at most 100 characters');
const Icon = z
  .string()
  .min(1, 'must not be empty')
  .max(LIMITS.iconName, `at most ${LIMITS.iconName} characters`);
const Path = z
  .string()
  .min(1, 'must not be empty')
  .max(LIMITS.siteSpacePath, `at most ${LIMITS.siteSpacePath} characters`)
  .regex(/^[A-Za-z0-9._~-]+$/, 'letters, digits, ".", "_", "~" and "-" only');
const Condition = z
  .string()
  .min(1, 'must not be empty')
  .max(LIMITS.siteSpaceCondition, `at most ${LIMITS.siteSpaceCondition} characters`);

/**
 * `GET {org}/sites`: `space` keeps sites containing that space, `title` keeps titles containing
 * it (case-insensitive), `published` keeps published (`true`) or unpublished (`false`) sites.
 */
export const SiteListQuery = PageQuery.extend({
  space: Id.optional(),
  title: z.string().min(1).max(100, 'at most 100 characters').optional(),
  published: QueryBoolean.optional(),
});
export type SiteListQuery = z.infer<typeof SiteListQuery>;

export const CreateSiteBody = z.strictObject({
  type: z.enum(ENUMS.siteType).default('basic'),
  title: Title.optional(),
  visibility: z.enum(ENUMS.siteVisibility).optional(),
  spaces: z.array(Id).max(100, 'at most 100 spaces').optional(),
});
export type CreateSiteBody = z.infer<typeof CreateSiteBody>;

export const UpdateSiteBody = z.strictObject({
  title: Title.optional(),
  visibility: z.enum(ENUMS.siteVisibility).optional(),
  basename: z
    .string()
    .min(1, 'must not be empty')
    .max(100, 'at most 100 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'letters, digits, "_" and "-" only')
    .optional(),
  adaptiveContent: z.strictObject({ enabled: z.boolean() }).optional(),
  agentsContext: z.enum(ENUMS.agentsContext).optional(),
  defaultSiteSpace: Id.optional(),
  defaultSiteSection: Id.optional(),
  proxy: z
    .string()
    .max(512, 'at most 512 characters')
    .regex(PATTERNS.siteProxy, 'must be a domain followed by a path, like example.com/docs')
    .nullable()
    .optional(),
});
export type UpdateSiteBody = z.infer<typeof UpdateSiteBody>;

export const PublishedSiteQuery = z.object({ shareKey: z.string().max(200).optional() });

export const PutAdaptiveSchemaBody = z.strictObject({
  jsonSchema: z.record(z.string(), z.unknown(), 'must be a JSON Schema object'),
});
export type PutAdaptiveSchemaBody = z.infer<typeof PutAdaptiveSchemaBody>;

export const SiteSpaceListQuery = PageQuery.extend({
  shareKey: z.string().max(200).optional(),
  default: QueryBoolean.optional(),
});
export type SiteSpaceListQuery = z.infer<typeof SiteSpaceListQuery>;

export const AddSiteSpaceBody = z.strictObject({ spaceId: Id, sectionId: Id.optional() });
export type AddSiteSpaceBody = z.infer<typeof AddSiteSpaceBody>;

export const UpdateSiteSpaceBody = z.strictObject({
  path: Path.optional(),
  condition: Condition.nullable().optional(),
  spaceId: Id.optional(),
  hidden: z.boolean().optional(),
});
export type UpdateSiteSpaceBody = z.infer<typeof UpdateSiteSpaceBody>;

export const MoveSiteSpaceBody = z.strictObject({ position: SiteSpacePosition });
export type MoveSiteSpaceBody = z.infer<typeof MoveSiteSpaceBody>;

export const SiteSectionListQuery = PageQuery.extend({ shareKey: z.string().max(200).optional() });
export type SiteSectionListQuery = z.infer<typeof SiteSectionListQuery>;

export const CreateSiteSectionBody = z.strictObject({
  spaceId: Id,
  title: Title.optional(),
  icon: Icon.optional(),
});
export type CreateSiteSectionBody = z.infer<typeof CreateSiteSectionBody>;

export const UpdateSiteSectionBody = z.strictObject({
  title: Title.optional(),
  path: Path.optional(),
  defaultSiteSpace: Id.optional(),
  condition: Condition.nullable().optional(),
  icon: Icon.nullable().optional(),
  description: z.string().max(1000, 'at most 1000 characters').nullable().optional(),
});
export type UpdateSiteSectionBody = z.infer<typeof UpdateSiteSectionBody>;

export const MoveSiteSectionBody = z.strictObject({ position: SiteSectionPosition });
export type MoveSiteSectionBody = z.infer<typeof MoveSiteSectionBody>;

export const SiteSectionGroupListQuery = PageQuery;

const GroupTitle = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(LIMITS.sectionGroupTitle, `at most ${LIMITS.sectionGroupTitle} characters`);

export const CreateSiteSectionGroupBody = z.strictObject({
  title: GroupTitle,
  icon: Icon.nullable().optional(),
  sections: z.array(Id).max(100, 'at most 100 sections').optional(),
  parent: Id.optional(),
});
export type CreateSiteSectionGroupBody = z.infer<typeof CreateSiteSectionGroupBody>;

export const UpdateSiteSectionGroupBody = z.strictObject({
  title: GroupTitle.optional(),
  icon: Icon.nullable().optional(),
});
export type UpdateSiteSectionGroupBody = z.infer<typeof UpdateSiteSectionGroupBody>;

export const AddSectionToGroupBody = z.strictObject({ sectionId: Id });
export type AddSectionToGroupBody = z.infer<typeof AddSectionToGroupBody>;
