import type { z } from 'zod';
import { ENUMS } from '../../../contract/common.ts';
import type { Organization } from '../../../contract/organizations.ts';
import { builder } from '../../builder.ts';
import { locationUrlsType, openEnumType } from '../base.ts';
import { resourceNode } from '../node.ts';
import { AgentInstructionsResource, OrganizationResource } from './resource.ts';

export const RoleEnum = openEnumType(
  'Role',
  ENUMS.role,
  'Level of a member in an organization, or a default level of a collection or space.',
  {
    admin: 'Administrate content: create, delete spaces...',
    create: 'Create content.',
    review: 'Review content.',
    edit: 'Edit live or via change requests.',
    comment: 'Access content and discussions.',
    read: 'Access content, no update.',
  },
);

export const OrderEnum = openEnumType('Order', ENUMS.order, 'Sort direction of a list.', {
  asc: 'Ascending.',
  desc: 'Descending.',
});

export const OrganizationTypeEnum = openEnumType(
  'OrganizationType',
  ENUMS.organizationType,
  'Kind of organization.',
);

export type Org = z.infer<typeof Organization>;
type Billing = NonNullable<Org['billing']>;
type Price = { name: string; monthly?: number | undefined; yearly?: number | undefined };

const OrganizationPermissionsRef = builder
  .objectRef<NonNullable<Org['permissions']>>('OrganizationPermissions')
  .implement({
    description: 'What the caller may do in the organization.',
    fields: (t) => ({
      view: t.exposeBoolean('view', { nullable: true, description: 'May view it.' }),
      admin: t.exposeBoolean('admin', { nullable: true, description: 'May administrate it.' }),
      ownTeam: t.exposeBoolean('ownTeam', { nullable: true, description: 'May own a team.' }),
      createContent: t.exposeBoolean('createContent', {
        nullable: true,
        description: 'May create spaces and collections.',
      }),
      createOpenAPISpec: t.exposeBoolean('createOpenAPISpec', {
        nullable: true,
        description: 'May create OpenAPI specs.',
      }),
      ingestConversations: t.exposeBoolean('ingestConversations', {
        nullable: true,
        description: 'May ingest support conversations.',
      }),
      viewBilling: t.exposeBoolean('viewBilling', {
        nullable: true,
        description: 'May view billing.',
      }),
      listMembers: t.exposeBoolean('listMembers', {
        nullable: true,
        description: 'May list members.',
      }),
      listTeams: t.exposeBoolean('listTeams', { nullable: true, description: 'May list teams.' }),
      listIntegrations: t.exposeBoolean('listIntegrations', {
        nullable: true,
        description: 'May list integrations.',
      }),
      listInstallations: t.exposeBoolean('listInstallations', {
        nullable: true,
        description: 'May list integration installations.',
      }),
      installIntegration: t.exposeBoolean('installIntegration', {
        nullable: true,
        description: 'May install integrations.',
      }),
    }),
  });

const PriceRef = builder.objectRef<Price>('OrganizationPlanPrice').implement({
  description: 'Price of one plan, monthly and yearly.',
  fields: (t) => ({
    name: t.exposeString('name', {
      description: 'Plan name (e.g. `plus_2024`, `pro_2024`, `premium`, `ultimate`).',
    }),
    monthly: t.exposeFloat('monthly', { nullable: true, description: 'Monthly price.' }),
    yearly: t.exposeFloat('yearly', { nullable: true, description: 'Yearly price.' }),
  }),
});

function prices(map: Record<string, { monthly?: number; yearly?: number }> | undefined): Price[] {
  return Object.entries(map ?? {}).map(([name, p]) => ({ name, ...p }));
}

const PricingRef = builder
  .objectRef<NonNullable<Billing['pricing']>>('OrganizationBillingPricing')
  .implement({
    description: 'Prices of member plans and site plans.',
    fields: (t) => ({
      members: t.field({
        type: [PriceRef],
        nullable: { list: true, items: true },
        description: 'Member plans (`plus_2024`, `pro_2024`), each monthly and yearly.',
        resolve: (p) => prices(p.members),
      }),
      sites: t.field({
        type: [PriceRef],
        nullable: { list: true, items: true },
        description: 'Site plans (`premium`, `ultimate`), each monthly and yearly.',
        resolve: (p) => prices(p.sites),
      }),
    }),
  });

const UsageAddonRef = builder
  .objectRef<{ name: string; enabled: boolean }>('OrganizationUsageAddon')
  .implement({
    description: 'A usage add-on of the billing.',
    fields: (t) => ({
      name: t.exposeString('name', { description: 'Name of the add-on.' }),
      enabled: t.exposeBoolean('enabled', { description: 'Whether it is on.' }),
    }),
  });

const BillingRef = builder.objectRef<Billing>('OrganizationBilling').implement({
  description: 'Billing of the organization.',
  fields: (t) => ({
    interval: t.exposeString('interval', {
      nullable: true,
      description: 'Billing interval (e.g. `monthly`).',
    }),
    endDate: t.expose('endDate', {
      type: 'DateTime',
      nullable: true,
      description: 'End of the current billing period.',
    }),
    hasPaymentFailed: t.exposeBoolean('hasPaymentFailed', {
      nullable: true,
      description: 'Whether the last payment failed.',
    }),
    isScheduledToCancel: t.exposeBoolean('isScheduledToCancel', {
      nullable: true,
      description: 'Whether the subscription is scheduled to cancel.',
    }),
    pricing: t.expose('pricing', {
      type: PricingRef,
      nullable: true,
      description: 'Prices of member and site plans.',
    }),
    usageAddons: t.field({
      type: [UsageAddonRef],
      nullable: { list: true, items: true },
      description: 'Usage add-ons by name, each enabled or not.',
      resolve: (b) =>
        Object.entries(b.usageAddons ?? {}).map(([name, a]) => ({ name, enabled: a.enabled })),
    }),
    minUsers: t.exposeInt('minUsers', { nullable: true, description: 'Minimum billed users.' }),
    maxUsers: t.exposeInt('maxUsers', { nullable: true, description: 'Maximum billed users.' }),
    paidMembers: t.exposeInt('paidMembers', {
      nullable: true,
      description: 'Number of paid members.',
    }),
  }),
});

const UrlsRef = builder.objectRef<NonNullable<Org['urls']>>('OrganizationUrls').implement({
  description: 'URLs of the organization.',
  fields: (t) => ({
    location: t.exposeString('location', { nullable: true, description: 'API location.' }),
    app: t.exposeString('app', { nullable: true, description: 'URL in the app.' }),
    logo: t.exposeString('logo', { nullable: true, description: 'URL of the logo.' }),
  }),
});

const TrialRef = builder.objectRef<NonNullable<Org['trial']>>('OrganizationTrial').implement({
  description: 'Trial of the organization.',
  fields: (t) => ({
    status: t.exposeString('status', {
      nullable: true,
      description: 'Trial status (e.g. `notapplicable`).',
    }),
    count: t.exposeInt('count', { nullable: true, description: 'Number of trials.' }),
    endDate: t.expose('endDate', {
      type: 'DateTime',
      nullable: true,
      description: 'End of the trial.',
    }),
    decision: t.exposeString('decision', {
      nullable: true,
      description: 'What happens at the end (e.g. `downgrade`).',
    }),
  }),
});

const BlockedRef = builder.objectRef<NonNullable<Org['blocked']>>('OrganizationBlocked').implement({
  description: 'Why the organization is blocked.',
  fields: (t) => ({
    source: t.exposeString('source', {
      nullable: true,
      description: 'Who blocked it (e.g. `backoffice`).',
    }),
    reason: t.exposeString('reason', { nullable: true, description: 'Why.' }),
  }),
});

const BillingMigrationRef = builder
  .objectRef<NonNullable<Org['internal_billingMigration']>>('OrganizationBillingMigration')
  .implement({
    description: 'Internal: a pending billing migration.',
    fields: (t) => ({
      deadline: t.expose('deadline', {
        type: 'DateTime',
        nullable: true,
        description: 'Deadline of the migration.',
      }),
      discountPercent: t.exposeFloat('discountPercent', {
        nullable: true,
        description: 'Discount offered, in percent.',
      }),
      discountEndDate: t.expose('discountEndDate', {
        type: 'DateTime',
        nullable: true,
        description: 'End of the discount.',
      }),
    }),
  });

export const OrganizationRef = resourceNode(OrganizationResource, {
  description:
    'An organization: the top-level workspace, with members, teams, SAML single sign-on providers, full-text search and docs-agent instructions.',
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Title (2 to 255).' }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      description: 'When it was created.',
    }),
    emailDomains: t.exposeStringList('emailDomains', {
      nullable: { list: true, items: true },
      description: 'Email domains whose verified users may join.',
    }),
    hostname: t.exposeString('hostname', {
      nullable: true,
      description: 'Default hostname for public content (3 to 32).',
    }),
    type: t.field({
      type: OrganizationTypeEnum.ref,
      description: 'Kind of organization (e.g. `business`).',
      resolve: (o) => OrganizationTypeEnum.of(o.type) as string,
    }),
    useCase: t.exposeString('useCase', {
      nullable: true,
      description: 'Use case (e.g. `internalDocs`).',
    }),
    communityType: t.exposeString('communityType', {
      nullable: true,
      description: 'Community type (e.g. `nonProfit`).',
    }),
    defaultRole: t.field({
      type: RoleEnum.ref,
      nullable: true,
      description: 'Role given to new members; null for none.',
      resolve: (o) => RoleEnum.of(o.defaultRole),
    }),
    defaultContent: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Content shown by default: `{type: site, site}` or null.',
      resolve: (o) => o.defaultContent ?? null,
    }),
    sso: t.exposeBoolean('sso', {
      nullable: true,
      description: 'SSO enforced organization-wide.',
    }),
    ai: t.exposeBoolean('ai', { nullable: true, description: 'AI features on.' }),
    inviteLinks: t.exposeBoolean('inviteLinks', {
      description: 'Whether invite links are enabled.',
    }),
    plan: t.exposeString('plan', { description: 'Plan (e.g. `free_2024`).' }),
    billing: t.expose('billing', {
      type: BillingRef,
      nullable: true,
      description: 'Billing: interval, pricing, add-ons, user bounds.',
    }),
    mergeRules: t.field({
      type: 'JSON',
      description:
        'Merge rules: `{type: rules, rules: [{rule: require_specific_reviewers, users: [user ids]}]}`.',
      resolve: (o) => o.mergeRules,
    }),
    urls: t.expose('urls', { type: UrlsRef, nullable: true, description: 'URLs.' }),
    trial: t.expose('trial', { type: TrialRef, nullable: true, description: 'Trial.' }),
    customHostname: t.exposeString('customHostname', {
      nullable: true,
      description: 'Custom hostname.',
    }),
    blocked: t.expose('blocked', {
      type: BlockedRef,
      nullable: true,
      description: 'Set when the organization is blocked.',
    }),
    internal_billingMigration: t.expose('internal_billingMigration', {
      type: BillingMigrationRef,
      nullable: true,
      description: 'Internal: billing migration.',
    }),
    permissions: t.expose('permissions', {
      type: OrganizationPermissionsRef,
      nullable: true,
      description: 'What the caller may do in the organization.',
    }),
  }),
});

export const AgentInstructionsRef = resourceNode(AgentInstructionsResource, {
  description: "Instructions of the organization's docs agents.",
  fields: (t) => ({
    instructions: t.field({
      type: 'JSON',
      description: 'The instructions, a rich-text Document.',
      resolve: (a) => a.instructions,
    }),
    updatedAt: t.expose('updatedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When they were last updated.',
    }),
    updatedBy: t.exposeString('updatedBy', {
      nullable: true,
      description: 'Who updated them last (user id).',
    }),
    urls: t.field({
      type: AgentInstructionsUrlsRef,
      nullable: true,
      description: 'URLs.',
      resolve: (a) => a.urls ?? null,
    }),
    organization: t.field({
      type: OrganizationRef,
      nullable: false,
      description: 'The organization.',
      address: true,
      resolve: (a) => a.orgId,
    }),
  }),
});

const AgentInstructionsUrlsRef = locationUrlsType(
  'AgentInstructionsUrls',
  'URLs of agent instructions.',
);
