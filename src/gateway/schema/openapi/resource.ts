import { OpenAPISpec, OpenAPISpecVersion } from '../../../contract/openapi.ts';
import { defineResource } from '../../resources/resource.ts';
import { restPath } from '../../upstream/path.ts';
import { OrganizationResource } from '../organization/resource.ts';

/** An OpenAPI spec, addressed by its slug: `/orgs/{org}/openapi/{slug}`. */
export const OpenAPISpecResource = defineResource({
  typename: 'OpenAPISpec',
  segments: ['org', 'slug'],
  parents: { org: OrganizationResource },
  path: (a) => restPath`/orgs/${a.org}/openapi/${a.slug}`,
  schema: OpenAPISpec,
  addressFields: ['slug', 'organization', 'versions', 'version'],
});

/** The graph's value of a spec: the REST body and its organization's id. */
export type OpenAPISpecShape = typeof OpenAPISpecResource.$shape;

/** A version of a spec: `/orgs/{org}/openapi/{spec}/versions/{id}` (`spec` is the slug). */
export const OpenAPISpecVersionResource = defineResource({
  typename: 'OpenAPISpecVersion',
  segments: ['org', 'spec', 'id'],
  parents: { org: OrganizationResource, spec: OpenAPISpecResource },
  path: (a) => restPath`/orgs/${a.org}/openapi/${a.spec}/versions/${a.id}`,
  schema: OpenAPISpecVersion,
  addressFields: ['spec', 'content'],
});

export type OpenAPISpecVersionShape = typeof OpenAPISpecVersionResource.$shape;
