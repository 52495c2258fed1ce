import { z } from 'zod';
import {
  AgentInstructions,
  Organization,
  PingResult,
  PutAgentInstructionsBody,
  UpdateOrganizationBody,
} from '../../../contract/organizations.ts';
import { builder } from '../../builder.ts';
import { Empty, given, objectPayload, validBody, write, writeMutation } from '../mutation.ts';
import { SiteResource } from '../site/resource.ts';
import { AgentInstructionsResource, OrganizationResource } from './resource.ts';
import { AgentInstructionsRef, OrganizationRef, RoleEnum } from './types.ts';

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

const OrganizationPayload = objectPayload(OrganizationRef);

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

/** The REST id of the organization an input names (a `ValidationError` on `organizationId`). */
const organizationOf = (value: string) =>
  OrganizationResource.parseInput(value, { field: 'organizationId' }).id;

writeMutation('updateOrganization', {
  type: OrganizationPayload,
  input: UpdateOrganizationInput,
  description: 'Updates an organization (needs organization `admin`).',
  resolve: async (input, ctx) => {
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
              site: SiteResource.parseInput(input.defaultContent.site, {
                field: 'defaultContent',
                parents: { org: input.organizationId },
                parentFields: { org: 'organizationId' },
              }).id,
            },
          }
        : {}),
      ...(input.mergeRules !== undefined ? { mergeRules: mergeRulesBody(input.mergeRules) } : {}),
    });
    const id = organizationOf(input.organizationId);
    const path = OrganizationResource.path({ id });
    const organization = await write(ctx, 'PATCH', path, body, Organization);
    return { organization };
  },
});

writeMutation('joinOrganization', {
  type: OrganizationPayload,
  input: () => OrganizationIdInput('JoinOrganizationInput', 'The organization to join.'),
  description:
    "Joins an organization when the caller's verified email domain matches one of its allowed domains.",
  resolve: async (input, ctx) => {
    const id = organizationOf(input.organizationId);
    await write(ctx, 'POST', OrganizationResource.route('join', id), undefined, Empty);
    return { organization: id };
  },
});

const PingOrganizationPayload = builder
  .objectRef<{ organization: string; serviceVisitorClaims: string | null }>(
    'PingOrganizationPayload',
  )
  .implement({
    description: 'The organization, and the visitor-claims JWT when the service returns one.',
    fields: (t) => ({
      organization: t.field({
        type: OrganizationRef,
        description: 'The organization.',
        resolve: (p) => p.organization,
      }),
      serviceVisitorClaims: t.exposeString('serviceVisitorClaims', {
        nullable: true,
        description: 'A JWT of visitor claims to attach to the user.',
      }),
    }),
  });

writeMutation('pingOrganization', {
  type: PingOrganizationPayload,
  input: () => OrganizationIdInput('PingOrganizationInput', 'The organization to ping.'),
  description:
    "Updates the caller's organization membership (last seen); may return visitor claims.",
  resolve: async (input, ctx) => {
    const id = organizationOf(input.organizationId);
    const path = OrganizationResource.route('ping', id);
    const result = await write(ctx, 'POST', path, undefined, PingResult);
    return { organization: id, serviceVisitorClaims: result?.serviceVisitorClaims ?? null };
  },
});

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
        resolve: (p) => p.organization,
      }),
    }),
  });

writeMutation('deleteOrganizationLinkInvite', {
  type: DeletedInOrganizationPayload,
  input: DeleteLinkInviteInput,
  description: 'Deletes an invite link (succeeds also when it did not exist).',
  resolve: async (input, ctx) => {
    const id = organizationOf(input.organizationId);
    const inviteId = validBody(z.string().trim().min(1).max(200), input.inviteId);
    const path = OrganizationResource.route('linkInvite', id, inviteId);
    await write(ctx, 'DELETE', path, undefined, Empty);
    return { deletedId: inviteId, organization: id };
  },
});

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

const SetAgentInstructionsPayload = objectPayload(AgentInstructionsRef, {
  name: 'SetAgentInstructionsPayload',
});

writeMutation('setAgentInstructions', {
  type: SetAgentInstructionsPayload,
  input: SetAgentInstructionsInput,
  description: "Replaces the instructions of the organization's docs agents.",
  resolve: async (input, ctx) => {
    const body = validBody(PutAgentInstructionsBody, { instructions: input.instructions });
    const orgId = organizationOf(input.organizationId);
    const path = AgentInstructionsResource.path({ orgId });
    const result = await write(ctx, 'PUT', path, body, AgentInstructions);
    return { agentInstructions: { ...result, orgId } };
  },
});

/** A payload of a delete in an organization: the deleted object's global ID and its organization. */
export function deletedInOrganizationPayload(name: string, description: string, what: string) {
  return builder.objectRef<{ deletedId: string; organization: string }>(name).implement({
    description,
    fields: (t) => ({
      deletedId: t.exposeID('deletedId', {
        nullable: false,
        description: `Global ID of the deleted ${what}.`,
      }),
      organization: t.field({
        type: OrganizationRef,
        description: 'The organization it belonged to.',
        resolve: (p) => p.organization,
      }),
    }),
  });
}
