import { z } from 'zod';
import {
  AgentInstructions,
  Organization,
  PingResult,
  PutAgentInstructionsBody,
  UpdateOrganizationBody,
} from '../../../contract/organizations.ts';
import { builder } from '../../builder.ts';
import { MUTATION_ERRORS, mutate, ValidationError } from '../../errors.ts';
import { globalId, toRestId } from '../../ids.ts';
import { seg } from '../../upstream/rest.ts';
import {
  AgentInstructionsRef,
  type Instructions,
  idRef,
  type Org,
  OrganizationRef,
  RoleEnum,
} from './types.ts';

/**
 * Parses a REST request body with its strict contract schema; a ValidationError otherwise, whose
 * paths name the input's fields (`inputFields` maps REST body names that differ).
 */
export function validBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  inputFields: Record<string, string> = {},
): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw ValidationError.fromIssues(result.error.issues).renamed(inputFields);
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

/** Accepts anything (a 204 or an answer whose body the payload does not use). */
export const Empty = z.unknown();

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
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: UpdateOrganizationInput,
        required: true,
      }),
    },
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
        description: 'The fields of the write, mirroring its REST body.',
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
        description: 'The fields of the write, mirroring its REST body.',
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
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: DeleteLinkInviteInput,
        required: true,
      }),
    },
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
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: SetAgentInstructionsInput,
        required: true,
      }),
    },
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
