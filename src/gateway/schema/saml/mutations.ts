import {
  CreateSamlProviderBody,
  SamlProvider,
  UpdateSamlProviderBody,
} from '../../../contract/saml.ts';
import { builder } from '../../builder.ts';
import { Empty, given, objectPayload, validBody, write, writeMutation } from '../mutation.ts';
import { DeletedInOrganizationPayload } from '../organization/mutations.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { RoleEnum } from '../organization/types.ts';
import { TeamResource } from '../team/resource.ts';
import { SAMLProviderResource } from './resource.ts';
import { SAMLProviderRef } from './types.ts';

const SAMLProviderPayload = objectPayload(SAMLProviderRef);

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
    const provider = await write(
      ctx,
      'POST',
      SAMLProviderResource.route('inOrganization', org),
      body,
      SamlProvider,
    );
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
