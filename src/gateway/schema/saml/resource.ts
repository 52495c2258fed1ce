import { SamlProvider } from '../../../contract/saml.ts';
import { defineResource } from '../../resources/resource.ts';
import { OrganizationResource } from '../organization/resource.ts';

/** A SAML provider of an organization: `/orgs/{org}/saml/{provider}`. */
export const SAMLProviderResource = defineResource({
  typename: 'SAMLProvider',
  segments: ['org', 'id'],
  parents: { org: OrganizationResource },
  routes: {
    item: '/orgs/{organizationId}/saml/{samlProviderId}',
    inOrganization: '/orgs/{organizationId}/saml',
  },
  contract: SamlProvider,
});

/** The graph's value of a SAML provider: the REST provider and its organization's id. */
export type SAMLProviderShape = typeof SAMLProviderResource.$shape;
