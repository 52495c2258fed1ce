import { z } from 'zod';
import {
  Document,
  DocumentInput,
  ENUMS,
  LIMITS,
  listPage,
  oneOfField,
  openEnum,
  PageQuery,
  Role,
  sometimes,
  Timestamp,
} from './common.ts';
import { MergeRulesRulesInput } from './spaces.ts';

/** What the caller may do in an organization. */
export const OrganizationPermissions = z.object({
  view: z.boolean().optional(),
  admin: z.boolean().optional(),
  ownTeam: z.boolean().optional(),
  createContent: z.boolean().optional(),
  createOpenAPISpec: z.boolean().optional(),
  ingestConversations: z.boolean().optional(),
  viewBilling: z.boolean().optional(),
  listMembers: z.boolean().optional(),
  listTeams: z.boolean().optional(),
  listIntegrations: z.boolean().optional(),
  listInstallations: z.boolean().optional(),
  installIntegration: z.boolean().optional(),
});

const Price = z.object({ monthly: z.number().optional(), yearly: z.number().optional() });

/** Merge rules of an organization: `{type: rules, rules: [...]}`. */
export const OrganizationMergeRules = oneOfField(
  z.looseObject({
    type: z.string(),
    rules: z
      .array(z.looseObject({ rule: z.string(), users: z.array(z.string()).optional() }))
      .optional(),
  }),
  '`{type: rules, rules: [{rule: require_specific_reviewers, users}]}`',
);

/** An organization: the top-level workspace. */
export const Organization = z.object({
  object: z.literal('organization'),
  id: z.string(),
  title: z.string(),
  createdAt: Timestamp,
  emailDomains: z.array(z.string()),
  hostname: z.string().optional(),
  type: openEnum(ENUMS.organizationType),
  useCase: z.string().optional(),
  communityType: z.string().optional(),
  defaultRole: openEnum(ENUMS.role).nullable().optional(),
  defaultContent: oneOfField(
    z.looseObject({ type: z.string(), site: z.string().optional() }),
    '`{type: site, site}`',
  )
    .nullable()
    .optional(),
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  inviteLinks: z.boolean(),
  plan: z.string(),
  billing: z
    .object({
      interval: z.string().optional(),
      endDate: Timestamp.optional(),
      hasPaymentFailed: z.boolean().optional(),
      isScheduledToCancel: z.boolean().optional(),
      pricing: z
        .object({
          members: z.record(z.string(), Price).optional(),
          sites: z.record(z.string(), Price).optional(),
        })
        .optional(),
      usageAddons: z.record(z.string(), z.object({ enabled: sometimes(z.boolean()) })).optional(),
      minUsers: z.number().optional(),
      maxUsers: z.number().optional(),
      paidMembers: z.number().optional(),
    })
    .optional(),
  mergeRules: OrganizationMergeRules,
  urls: z
    .object({
      location: z.string().optional(),
      app: z.string().optional(),
      logo: z.string().optional(),
    })
    .optional(),
  trial: z
    .object({
      status: z.string().optional(),
      count: z.number().optional(),
      endDate: Timestamp.optional(),
      decision: z.string().optional(),
    })
    .optional(),
  customHostname: z.string().optional(),
  blocked: z.object({ source: z.string().optional(), reason: z.string().optional() }).optional(),
  internal_billingMigration: z
    .object({
      deadline: Timestamp.optional(),
      discountPercent: z.number().optional(),
      discountEndDate: Timestamp.optional(),
    })
    .optional(),
  permissions: OrganizationPermissions.optional(),
});
export type Organization = z.infer<typeof Organization>;
export const OrganizationList = listPage(Organization);
export type OrganizationList = z.infer<typeof OrganizationList>;

/** Instructions of the organization's docs agents. */
export const AgentInstructions = z.object({
  object: z.literal('agent-instructions'),
  instructions: sometimes(Document),
  updatedAt: Timestamp.optional(),
  updatedBy: z.string().optional(),
  urls: z.object({ location: sometimes(z.string()) }).optional(),
});
export type AgentInstructions = z.infer<typeof AgentInstructions>;

/** `PUT {org}/agent-instructions` body. */
export const PutAgentInstructionsBody = z.strictObject({ instructions: DocumentInput });
export type PutAgentInstructionsBody = z.infer<typeof PutAgentInstructionsBody>;

/** Answer of `POST {org}/ping`: empty, or a visitor-claims JWT. */
export const PingResult = z.object({ serviceVisitorClaims: z.string().optional() });
export type PingResult = z.infer<typeof PingResult>;

const emailDomain = z
  .string()
  .max(253, 'at most 253 characters')
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain name');

/** `PATCH {org}` body. */
export const UpdateOrganizationBody = z.strictObject({
  title: z
    .string()
    .trim()
    .min(LIMITS.organizationTitleMin, `at least ${LIMITS.organizationTitleMin} characters`)
    .max(LIMITS.organizationTitleMax, `at most ${LIMITS.organizationTitleMax} characters`)
    .optional(),
  emailDomains: z.array(emailDomain).max(50, 'at most 50 domains').optional(),
  hostname: z
    .string()
    .min(LIMITS.organizationHostnameMin, `at least ${LIMITS.organizationHostnameMin} characters`)
    .max(LIMITS.organizationHostnameMax, `at most ${LIMITS.organizationHostnameMax} characters`)
    .regex(/^[a-z0-9][a-z0-9-]*[a-z0-9]$/, 'lowercase letters, digits and inner hyphens')
    .optional(),
  defaultRole: Role.nullable().optional(),
  defaultContent: z
    .strictObject({ type: z.literal('site'), site: z.string().min(1).max(200) })
    .nullable()
    .optional(),
  logo: z
    .url('must be a URI')
    .max(LIMITS.logoUrl, `at most ${LIMITS.logoUrl} characters`)
    .nullable()
    .optional(),
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  inviteLinks: z.boolean().optional(),
  mergeRules: MergeRulesRulesInput.optional(),
});
export type UpdateOrganizationBody = z.infer<typeof UpdateOrganizationBody>;

/** `GET /v1/orgs` query. */
export const OrganizationListQuery = PageQuery;
