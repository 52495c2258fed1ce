import { OpenAPISpec, OpenAPISpecVersion } from '../../../contract/openapi.ts';
import { defineResource } from '../../resources/resource.ts';
import { OrganizationResource } from '../organization/resource.ts';

/** An OpenAPI spec, addressed by its slug: `/orgs/{org}/openapi/{slug}`. */
export const OpenAPISpecResource = defineResource({
  typename: 'OpenAPISpec',
  segments: ['org', 'slug'],
  parents: { org: OrganizationResource },
  routes: {
    item: '/orgs/{organizationId}/openapi/{specSlug}',
    inOrganization: '/orgs/{organizationId}/openapi',
  },
  contract: OpenAPISpec,
});

/** The graph's value of a spec: the REST body and its organization's id. */
export type OpenAPISpecShape = typeof OpenAPISpecResource.$shape;

/** A version of a spec: `/orgs/{org}/openapi/{spec}/versions/{id}` (`spec` is the slug). */
export const OpenAPISpecVersionResource = defineResource({
  typename: 'OpenAPISpecVersion',
  segments: ['org', 'spec', 'id'],
  parents: { org: OrganizationResource, spec: OpenAPISpecResource },
  routes: {
    item: '/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}',
    inSpec: '/orgs/{organizationId}/openapi/{specSlug}/versions',
    latest: '/orgs/{organizationId}/openapi/{specSlug}/versions/latest',
    content: '/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content',
    latestContent: '/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content',
  },
  contract: OpenAPISpecVersion,
});

export type OpenAPISpecVersionShape = typeof OpenAPISpecVersionResource.$shape;
