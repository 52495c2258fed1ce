import type { GraphQLResolveInfo } from 'graphql';
import { z } from 'zod';
import { ENUMS } from '../../contract/common.ts';
import {
  AgentInstructions,
  Organization,
  PingResult,
  PutAgentInstructionsBody,
  UpdateOrganizationBody,
} from '../../contract/organizations.ts';
import { builder } from '../builder.ts';
import { restConnection } from '../connection.ts';
import type { GatewayContext } from '../context.ts';
import { MUTATION_ERRORS, mutate, ValidationError } from '../errors.ts';
import { globalId, toRestId } from '../ids.ts';
import { reference } from '../refs.ts';
import { seg } from '../upstream/rest.ts';
import { openEnumType } from './common.ts';

/** Parses a REST request body with its strict contract schema; a ValidationError otherwise. */
export function validBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw ValidationError.fromIssues(result.error.issues);
  return result.data;
}

/** Copies the keys of `input` that were given (null included), leaving absent ones out. */
export function given<T extends object, K extends keyof T>(
  input: T,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) {
    if (input[key] !== undefined) out[key] = input[key];
  }
  return out;
}

/**
 * A reference to a loadable object by REST id: the id alone when only `id` (or `__typename`) is
 * selected, so it costs no upstream call; otherwise the key its loader fetches.
 */
export function idRef<T>(info: GraphQLResolveInfo, id: string): string | T {
  return reference(info, id, { id }) as string | T;
}

/** Accepts anything (a 204 or an answer whose body the payload does not use). */
export const Empty = z.unknown();

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

type Org = z.infer<typeof Organization>;
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
      nullable: false,
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
        nullable: false,
        description: 'Member plans (`plus_2024`, `pro_2024`), each monthly and yearly.',
        resolve: (p) => prices(p.members),
      }),
      sites: t.field({
        type: [PriceRef],
        nullable: false,
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
      name: t.exposeString('name', { nullable: false, description: 'Name of the add-on.' }),
      enabled: t.exposeBoolean('enabled', { nullable: false, description: 'Whether it is on.' }),
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
      nullable: false,
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

/** Loads organizations by id through the request's REST session. */
function loadOrganizations(ids: string[], ctx: GatewayContext) {
  return Promise.all(
    ids.map((id) => ctx.rest.get(`/orgs/${seg(id)}`, Organization).catch((e: Error) => e)),
  );
}

export const OrganizationRef = builder.loadableNode('Organization', {
  description:
    'An organization: the top-level workspace, with members, teams, SAML single sign-on providers, full-text search and docs-agent instructions.',
  id: { resolve: (o) => o.id },
  load: loadOrganizations,
  fields: (t) => ({
    title: t.exposeString('title', { nullable: false, description: 'Title (2 to 255).' }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      nullable: false,
      description: 'When it was created.',
    }),
    emailDomains: t.exposeStringList('emailDomains', {
      nullable: false,
      description: 'Email domains whose verified users may join.',
    }),
    hostname: t.exposeString('hostname', {
      nullable: true,
      description: 'Default hostname for public content (3 to 32).',
    }),
    type: t.field({
      type: OrganizationTypeEnum.ref,
      nullable: false,
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
      nullable: false,
      description: 'Whether invite links are enabled.',
    }),
    plan: t.exposeString('plan', { nullable: false, description: 'Plan (e.g. `free_2024`).' }),
    billing: t.expose('billing', {
      type: BillingRef,
      nullable: true,
      description: 'Billing: interval, pricing, add-ons, user bounds.',
    }),
    mergeRules: t.field({
      type: 'JSON',
      nullable: false,
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

/** Where `GET` finds an organization (for priming objects that arrive in lists). */
export const organizationPath = (id: string) => `/orgs/${seg(id)}`;

builder.queryFields((t) => ({
  organizations: t.connection({
    type: OrganizationRef,
    description: 'Organizations of the authenticated user.',
    resolve: (_root, args, ctx) =>
      restConnection(ctx, args, {
        path: '/orgs',
        item: Organization,
        primePath: (o) => organizationPath(o.id),
      }),
  }),
  organization: t.field({
    type: OrganizationRef,
    nullable: true,
    description: 'An organization by global ID or REST id.',
    args: { id: t.arg.id({ required: true, description: 'Global ID or REST id.' }) },
    resolve: (_root, args) => toRestId(args.id, 'Organization'),
  }),
}));

// ---- Agent instructions -------------------------------------------------------------------

type Instructions = z.infer<typeof AgentInstructions> & { orgId: string };

export const AgentInstructionsRef = builder.loadableNode('AgentInstructions', {
  description: "Instructions of the organization's docs agents.",
  id: { resolve: (a: Instructions) => a.orgId },
  load: (ids: string[], ctx: GatewayContext) =>
    Promise.all(
      ids.map((orgId) =>
        ctx.rest
          .get(`/orgs/${seg(orgId)}/agent-instructions`, AgentInstructions)
          .then((a): Instructions => ({ ...a, orgId }))
          .catch((e: Error) => e),
      ),
    ),
  fields: (t) => ({
    instructions: t.field({
      type: 'JSON',
      nullable: false,
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
      resolve: (a, _args, _ctx, info) => idRef(info, a.orgId),
    }),
  }),
});

const AgentInstructionsUrlsRef = builder
  .objectRef<{ location: string }>('AgentInstructionsUrls')
  .implement({
    description: 'URLs of agent instructions.',
    fields: (t) => ({
      location: t.exposeString('location', { nullable: false, description: 'API location.' }),
    }),
  });

builder.objectField(OrganizationRef, 'agentInstructions', (t) =>
  t.field({
    type: AgentInstructionsRef,
    nullable: true,
    description: "Instructions of the organization's docs agents.",
    resolve: (o) => o.id,
  }),
);

// ---- Mutations ---------------------------------------------------------------------------

const MergeRuleInput = builder.inputType('MergeRuleInput', {
  description: 'One merge rule.',
  fields: (t) => ({
    rule: t.string({
      required: true,
      description: 'The rule: `require_specific_reviewers`.',
    }),
    users: t.idList({ required: true, description: 'User ids of the required reviewers.' }),
  }),
});

/** Merge rules of a space (`inherit` or `rules`) or of an organization (`rules`). */
export const MergeRulesInput = builder.inputType('MergeRulesInput', {
  description: 'Merge rules: `{type: inherit}` (spaces only) or `{type: rules, rules: [...]}`.',
  fields: (t) => ({
    type: t.string({ required: true, description: '`inherit` or `rules`.' }),
    rules: t.field({ type: [MergeRuleInput], description: 'Rules when `type` is `rules`.' }),
  }),
});

/** The REST form of a MergeRulesInput. */
export function mergeRulesBody(
  input: { type: string; rules?: Array<{ rule: string; users: string[] }> | null } | null,
) {
  if (!input) return input;
  return input.rules === undefined || input.rules === null
    ? { type: input.type }
    : { type: input.type, rules: input.rules };
}

const DefaultContentInput = builder.inputType('OrganizationDefaultContentInput', {
  description: 'Content shown by default: a site.',
  fields: (t) => ({
    site: t.id({ required: true, description: 'Site (global ID or REST id).' }),
  }),
});

const UpdateOrganizationInput = builder.inputType('UpdateOrganizationInput', {
  description: 'Changes to an organization; absent fields stay as they are.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    title: t.string({ description: 'Title (2 to 255).' }),
    emailDomains: t.stringList({ description: 'Email domains whose users may join.' }),
    hostname: t.string({ description: 'Default hostname for public content (3 to 32).' }),
    defaultRole: t.field({ type: RoleEnum.ref, description: 'Role of new members; null: none.' }),
    defaultContent: t.field({
      type: DefaultContentInput,
      description: 'Default content (a site); null removes it.',
    }),
    logo: t.string({ description: 'URL of the logo (max 2048); null removes it.' }),
    sso: t.boolean({ description: 'Enforce SSO organization-wide.' }),
    ai: t.boolean({ description: 'Turn AI features on or off.' }),
    inviteLinks: t.boolean({ description: 'Enable invite links.' }),
    mergeRules: t.field({ type: MergeRulesInput, description: 'Merge rules (`type: rules`).' }),
  }),
});

const OrganizationPayload = builder
  .objectRef<{ organization: string | Org }>('OrganizationPayload')
  .implement({
    description: 'The organization after the change.',
    fields: (t) => ({
      organization: t.field({
        type: OrganizationRef,
        nullable: false,
        description: 'The organization.',
        resolve: (p, _args, _ctx, info) =>
          typeof p.organization === 'string' ? idRef(info, p.organization) : p.organization,
      }),
    }),
  });

const OrganizationIdInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      organizationId: t.id({
        required: true,
        description: 'Organization (global ID or REST id).',
      }),
    }),
  });

const orgPath = (id: string) => `/orgs/${seg(toRestId(id, 'Organization'))}`;

builder.mutationField('updateOrganization', (t) =>
  t.field({
    type: OrganizationPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'UpdateOrganizationResult' } },
    description: 'Updates an organization (needs organization `admin`).',
    args: { input: t.arg({ type: UpdateOrganizationInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const body = validBody(UpdateOrganizationBody, {
          ...given(input, [
            'title',
            'emailDomains',
            'hostname',
            'defaultRole',
            'logo',
            'sso',
            'ai',
            'inviteLinks',
          ] as const),
          ...(input.defaultContent !== undefined
            ? {
                defaultContent: input.defaultContent && {
                  type: 'site',
                  site: toRestId(input.defaultContent.site, 'Site'),
                },
              }
            : {}),
          ...(input.mergeRules !== undefined
            ? { mergeRules: mergeRulesBody(input.mergeRules) }
            : {}),
        });
        const organization = await ctx.rest.send(
          'PATCH',
          orgPath(input.organizationId),
          body,
          Organization,
        );
        ctx.rest.clear();
        return { organization };
      }),
  }),
);

builder.mutationField('joinOrganization', (t) =>
  t.field({
    type: OrganizationPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'JoinOrganizationResult' } },
    description:
      "Joins an organization when the caller's verified email domain matches one of its allowed domains.",
    args: {
      input: t.arg({
        type: OrganizationIdInput('JoinOrganizationInput', 'The organization to join.'),
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const id = toRestId(input.organizationId, 'Organization');
        await ctx.rest.send('POST', `${orgPath(id)}/join`, undefined, Empty);
        ctx.rest.clear();
        return { organization: id };
      }),
  }),
);

const PingOrganizationPayload = builder
  .objectRef<{ organization: string; serviceVisitorClaims: string | null }>(
    'PingOrganizationPayload',
  )
  .implement({
    description: 'The organization, and the visitor-claims JWT when the service returns one.',
    fields: (t) => ({
      organization: t.field({
        type: OrganizationRef,
        nullable: false,
        description: 'The organization.',
        resolve: (p, _args, _ctx, info) =>
          typeof p.organization === 'string' ? idRef(info, p.organization) : p.organization,
      }),
      serviceVisitorClaims: t.exposeString('serviceVisitorClaims', {
        nullable: true,
        description: 'A JWT of visitor claims to attach to the user.',
      }),
    }),
  });

builder.mutationField('pingOrganization', (t) =>
  t.field({
    type: PingOrganizationPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'PingOrganizationResult' } },
    description:
      "Updates the caller's organization membership (last seen); may return visitor claims.",
    args: {
      input: t.arg({
        type: OrganizationIdInput('PingOrganizationInput', 'The organization to ping.'),
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const id = toRestId(input.organizationId, 'Organization');
        const result = await ctx.rest.send('POST', `${orgPath(id)}/ping`, undefined, PingResult);
        ctx.rest.clear();
        return { organization: id, serviceVisitorClaims: result?.serviceVisitorClaims ?? null };
      }),
  }),
);

const DeleteLinkInviteInput = builder.inputType('DeleteOrganizationLinkInviteInput', {
  description: 'The invite link to delete.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    inviteId: t.id({ required: true, description: 'Id of the invite link.' }),
  }),
});

/** Payload of deletes: the deleted object's ID and its organization. */
export const DeletedInOrganizationPayload = builder
  .objectRef<{ deletedId: string; organization: string }>('DeletedInOrganizationPayload')
  .implement({
    description: 'What was deleted (also when it did not exist) and its organization.',
    fields: (t) => ({
      deletedId: t.exposeID('deletedId', {
        nullable: false,
        description: 'Global ID of the deleted object (the REST id when it has no type).',
      }),
      organization: t.field({
        type: OrganizationRef,
        nullable: false,
        description: 'The organization it belonged to.',
        resolve: (p, _args, _ctx, info) =>
          typeof p.organization === 'string' ? idRef(info, p.organization) : p.organization,
      }),
    }),
  });

builder.mutationField('deleteOrganizationLinkInvite', (t) =>
  t.field({
    type: DeletedInOrganizationPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'DeleteOrganizationLinkInviteResult' } },
    description: 'Deletes an invite link (succeeds also when it did not exist).',
    args: { input: t.arg({ type: DeleteLinkInviteInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const id = toRestId(input.organizationId, 'Organization');
        const inviteId = validBody(z.string().trim().min(1).max(200), input.inviteId);
        await ctx.rest.send(
          'DELETE',
          `${orgPath(id)}/link-invites/${seg(inviteId)}`,
          undefined,
          Empty,
        );
        ctx.rest.clear();
        return { deletedId: inviteId, organization: id };
      }),
  }),
);

const SetAgentInstructionsInput = builder.inputType('SetAgentInstructionsInput', {
  description: "New instructions of the organization's docs agents.",
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    instructions: t.field({
      type: 'JSON',
      required: true,
      description: 'The instructions, a rich-text Document.',
    }),
  }),
});

const SetAgentInstructionsPayload = builder
  .objectRef<{ agentInstructions: Instructions }>('SetAgentInstructionsPayload')
  .implement({
    description: 'The agent instructions after the change.',
    fields: (t) => ({
      agentInstructions: t.field({
        type: AgentInstructionsRef,
        nullable: false,
        description: 'The instructions.',
        resolve: (p) => p.agentInstructions,
      }),
    }),
  });

builder.mutationField('setAgentInstructions', (t) =>
  t.field({
    type: SetAgentInstructionsPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'SetAgentInstructionsResult' } },
    description: "Replaces the instructions of the organization's docs agents.",
    args: { input: t.arg({ type: SetAgentInstructionsInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const body = validBody(PutAgentInstructionsBody, { instructions: input.instructions });
        const orgId = toRestId(input.organizationId, 'Organization');
        const result = await ctx.rest.send(
          'PUT',
          `${orgPath(orgId)}/agent-instructions`,
          body,
          AgentInstructions,
        );
        ctx.rest.clear();
        return { agentInstructions: { ...result, orgId } };
      }),
  }),
);

/** The global ID of an organization from its REST id. */
export const organizationGlobalId = (id: string) => globalId('Organization', id);
