import { SsoList } from '../../../contract/saml.ts';
import { builder } from '../../builder.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { OrganizationRef } from '../organization/types.ts';
import { SAMLProviderResource } from './resource.ts';
import { SAMLProviderRef, SSOProviderRef } from './types.ts';

builder.objectFields(OrganizationRef, (t) => ({
  samlProviders: t.connection({
    type: SAMLProviderRef,
    description: 'SAML single sign-on providers.',
    address: true,
    resolve: (org, args, ctx) =>
      SAMLProviderResource.connection(ctx, args, {
        path: SAMLProviderResource.route('inOrganization', org.id),
        parent: { org: org.id },
      }),
  }),
  ssoProviders: t.field({
    type: [SSOProviderRef],
    nullable: { list: true, items: true },
    description:
      'Single sign-on entry points (REST `GET {org}/sso`; `sso` is the enforcement flag).',
    cost: { calls: 1, returns: 'body' },
    address: true,
    resolve: async (org, _args, ctx) =>
      (await ctx.rest.get(OrganizationResource.route('ssoProviders', org.id), SsoList)).items,
  }),
}));
