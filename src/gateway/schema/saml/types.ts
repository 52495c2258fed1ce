import type { z } from 'zod';
import { ENUMS } from '../../../contract/common.ts';
import {
  CreateSamlProviderBody,
  SamlProvider,
  SsoList,
  UpdateSamlProviderBody,
} from '../../../contract/saml.ts';
import { builder } from '../../builder.ts';
import { restPath } from '../../upstream/path.ts';
import { openEnumType } from '../base.ts';
import { Empty, given, validBody, write, writeMutation } from '../mutation.ts';
import { resourceNode } from '../node.ts';
import { DeletedInOrganizationPayload } from '../organization/mutations.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { OrganizationRef, RoleEnum } from '../organization/types.ts';
import { TeamResource } from '../team/resource.ts';
import { TeamRef } from '../team/types.ts';
import { SAMLProviderResource, type SAMLProviderShape } from './resource.ts';

type Provider = z.infer<typeof SamlProvider>;

const SamlStatusEnum = openEnumType(
  'SAMLProviderStatus',
  ENUMS.samlStatus,
  'State of a SAML provider.',
  {
    active: 'Has an entity ID, an SSO URL and a certificate.',
    pending: 'Not complete yet.',
  },
);

const SamlServiceRef = builder
  .objectRef<NonNullable<Provider['service']>>('SAMLProviderService')
  .implement({
    description: 'The service-provider side, to configure in the identity provider.',
    fields: (t) => ({
      acsURL: t.exposeString('acsURL', {
        description: 'Assertion consumer service URL.',
      }),
      startURL: t.exposeString('startURL', {
        description: 'URL that starts a sign-on.',
      }),
      entityID: t.exposeString('entityID', {
        description: 'Entity ID of the service provider.',
      }),
    }),
  });

const SamlUrlsRef = builder.objectRef<NonNullable<Provider['urls']>>('SAMLProviderUrls').implement({
  description: 'URLs of a SAML provider.',
  fields: (t) => ({
    location: t.exposeString('location', { nullable: true, description: 'API location.' }),
  }),
});

export const SAMLProviderRef = resourceNode(SAMLProviderResource, {
  description: 'A SAML single sign-on provider of an organization.',
  fields: (t) => ({
    label: t.exposeString('label', { description: 'Label.' }),
    ssoURL: t.exposeString('ssoURL', {
      nullable: true,
      description: 'SSO URL of the identity provider.',
    }),
    entityID: t.exposeString('entityID', {
      nullable: true,
      description: 'Entity ID of the identity provider.',
    }),
    certificate: t.exposeString('certificate', {
      nullable: true,
      description: 'PEM certificate of the identity provider.',
    }),
    defaultTeam: t.field({
      type: TeamRef,
      nullable: true,
      description: 'Team new users join.',
      resolve: (p) =>
        p.defaultTeam
          ? TeamResource.shape(p.defaultTeam, { org: p.org, id: p.defaultTeam.id })
          : null,
    }),
    defaultRole: t.field({
      type: RoleEnum.ref,
      nullable: true,
      description: 'Role new users get.',
      resolve: (p) => RoleEnum.of(p.defaultRole),
    }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',

      description: 'When it was created.',
    }),
    status: t.field({
      type: SamlStatusEnum.ref,

      description: '`active` once complete, `pending` before.',
      resolve: (p) => SamlStatusEnum.of(p.status) as string,
    }),
    service: t.expose('service', {
      type: SamlServiceRef,
      nullable: true,
      description: 'The service-provider side.',
    }),
    urls: t.expose('urls', { type: SamlUrlsRef, nullable: true, description: 'URLs.' }),
    organization: t.field({
      type: OrganizationRef,

      description: 'The organization.',
      resolve: (p) => p.org,
    }),
  }),
});

const SSOProviderRef = builder
  .objectRef<z.infer<typeof SsoList>['items'][number]>('SSOProvider')
  .implement({
    description: 'One single sign-on entry point of an organization.',
    fields: (t) => ({
      id: t.exposeID('id', { nullable: false, description: 'Id of the provider.' }),
      label: t.exposeString('label', { description: 'Label.' }),
      startURL: t.exposeString('startURL', {
        description: 'URL that starts the sign-on.',
      }),
    }),
  });

builder.objectFields(OrganizationRef, (t) => ({
  samlProviders: t.connection({
    type: SAMLProviderRef,
    description: 'SAML single sign-on providers.',
    resolve: (org, args, ctx) =>
      SAMLProviderResource.connection(ctx, args, {
        path: restPath`/orgs/${org.id}/saml`,
        parent: { org: org.id },
      }),
  }),
  ssoProviders: t.field({
    type: [SSOProviderRef],
    nullable: { list: true, items: true },
    description:
      'Single sign-on entry points (REST `GET {org}/sso`; `sso` is the enforcement flag).',
    resolve: async (org, _args, ctx) =>
      (await ctx.rest.get(restPath`/orgs/${org.id}/sso`, SsoList)).items,
  }),
}));

// ---- Mutations ---------------------------------------------------------------------------

const SAMLProviderPayload = builder
  .objectRef<{ samlProvider: SAMLProviderShape }>('SAMLProviderPayload')
  .implement({
    description: 'The SAML provider after the change.',
    fields: (t) => ({
      samlProvider: t.field({
        type: SAMLProviderRef,

        description: 'The provider.',
        resolve: (p) => p.samlProvider,
      }),
    }),
  });

const samlFields = [
  'label',
  'entityID',
  'certificate',
  'ssoURL',
  'defaultTeam',
  'defaultRole',
] as const;

const CreateSAMLProviderInput = builder.inputType('CreateSAMLProviderInput', {
  description: 'A new SAML provider; it stays `pending` until complete.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    label: t.string({ required: true, description: 'Label.' }),
    entityID: t.string({ description: 'Entity ID of the identity provider.' }),
    certificate: t.string({ description: 'PEM-encoded X.509 certificate.' }),
    ssoURL: t.string({ description: 'SSO URL of the identity provider.' }),
    defaultTeam: t.id({ description: 'Team new users join (global ID or REST id).' }),
    defaultRole: t.field({ type: RoleEnum.ref, description: 'Role new users get.' }),
  }),
});

/** The REST body fields of a provider input, its `defaultTeam` as the team's REST id. */
function samlBody<T extends { defaultTeam?: string | null }>(input: T, organizationId: string): T {
  if (!input.defaultTeam) return input;
  const team = TeamResource.parseInput(input.defaultTeam, {
    field: 'defaultTeam',
    parents: { org: organizationId },
    parentFields: { org: 'organizationId' },
  });
  return { ...input, defaultTeam: team.id };
}

/** The REST id of the organization an input names (a `ValidationError` on `organizationId`). */
const organizationOf = (value: string) =>
  OrganizationResource.parseInput(value, { field: 'organizationId' }).id;

writeMutation('createSAMLProvider', {
  type: SAMLProviderPayload,
  input: CreateSAMLProviderInput,
  description: 'Creates a SAML provider (needs organization `admin`).',
  resolve: async (input, ctx) => {
    const fields = samlBody(given(input, samlFields), input.organizationId);
    const body = validBody(CreateSamlProviderBody, fields);
    const org = organizationOf(input.organizationId);
    const provider = await write(ctx, 'POST', restPath`/orgs/${org}/saml`, body, SamlProvider);
    return { samlProvider: SAMLProviderResource.shape(provider, { org, id: provider.id }) };
  },
});

/** The provider an input names: `samlProviderId` (global ID, or REST id beside `organizationId`). */
const providerOf = (input: { organizationId: string; samlProviderId: string }) =>
  SAMLProviderResource.parseInput(input.samlProviderId, {
    field: 'samlProviderId',
    parents: { org: input.organizationId },
    parentFields: { org: 'organizationId' },
  });

const UpdateSAMLProviderInput = builder.inputType('UpdateSAMLProviderInput', {
  description: 'Changes to a SAML provider; absent fields stay, null clears an optional one.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    samlProviderId: t.id({ required: true, description: 'Provider (global ID or REST id).' }),
    label: t.string({ description: 'Label.' }),
    entityID: t.string({ description: 'Entity ID of the identity provider.' }),
    certificate: t.string({ description: 'PEM-encoded X.509 certificate.' }),
    ssoURL: t.string({ description: 'SSO URL of the identity provider.' }),
    defaultTeam: t.id({ description: 'Team new users join (global ID or REST id).' }),
    defaultRole: t.field({ type: RoleEnum.ref, description: 'Role new users get.' }),
  }),
});

writeMutation('updateSAMLProvider', {
  type: SAMLProviderPayload,
  input: UpdateSAMLProviderInput,
  description: 'Updates a SAML provider.',
  resolve: async (input, ctx) => {
    const fields = samlBody(given(input, samlFields), input.organizationId);
    const body = validBody(UpdateSamlProviderBody, fields);
    const address = providerOf(input);
    const path = SAMLProviderResource.path(address);
    const provider = await write(ctx, 'PATCH', path, body, SamlProvider);
    return { samlProvider: SAMLProviderResource.shape(provider, address) };
  },
});

const DeleteSAMLProviderInput = builder.inputType('DeleteSAMLProviderInput', {
  description: 'The SAML provider to delete.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    samlProviderId: t.id({ required: true, description: 'Provider (global ID or REST id).' }),
  }),
});

writeMutation('deleteSAMLProvider', {
  type: DeletedInOrganizationPayload,
  input: DeleteSAMLProviderInput,
  description: 'Deletes a SAML provider (succeeds also when it did not exist).',
  resolve: async (input, ctx) => {
    const address = providerOf(input);
    await write(ctx, 'DELETE', SAMLProviderResource.path(address), undefined, Empty);
    return { deletedId: SAMLProviderResource.globalId(address), organization: address.org };
  },
});
