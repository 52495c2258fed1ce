import type { z } from 'zod';
import { ENUMS } from '../../../contract/common.ts';
import type { SamlProvider, SsoList } from '../../../contract/saml.ts';
import { builder } from '../../builder.ts';
import { locationUrlsType, openEnumType } from '../base.ts';
import { resourceNode } from '../node.ts';
import { OrganizationRef, RoleEnum } from '../organization/types.ts';
import { TeamResource } from '../team/resource.ts';
import { TeamRef } from '../team/types.ts';
import { SAMLProviderResource } from './resource.ts';

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

const SamlUrlsRef = locationUrlsType('SAMLProviderUrls', 'URLs of a SAML provider.');

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
      address: true,
      resolve: (p) => p.org,
    }),
  }),
});

export const SSOProviderRef = builder
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
