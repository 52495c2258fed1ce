import { SsoList } from '../../../contract/saml.ts';
import { builder } from '../../builder.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { OrganizationRef } from '../organization/types.ts';
import { SAMLProviderResource } from './resource.ts';
import { SAMLProviderRef, SSOProviderRef } from './types.ts';

builder.objectFields(OrganizationRef, (t) => ({
  samlProviders: t.connection({
    address: true,
    type: SAMLProviderRef,
    description: 'SAML single sign-on providers.',
    resolve: (org, args, ctx) =>
      SAMLProviderResource.connection(ctx, args, {
        path: SAMLProviderResource.route('inOrganization', org.id),
        parent: { org: org.id },
      }),
  }),
  ssoProviders: t.field({
    address: true,
    type: [SSOProviderRef],
    nullable: { list: true, items: true },
    description:
      'Single sign-on entry points (REST `GET {org}/sso`; `sso` is the enforcement flag).',
    resolve: async (org, _args, ctx) =>
      (await ctx.rest.get(OrganizationResource.route('ssoProviders', org.id), SsoList)).items,
  }),
}));
