import { builder } from '../../builder.ts';
import { OrganizationRef } from '../organization/types.ts';
import { OpenAPISpecResource, OpenAPISpecVersionResource } from './resource.ts';
import { OpenAPISpecRef, OpenAPISpecVersionRef } from './types.ts';

builder.objectFields(OpenAPISpecRef, (t) => ({
  versions: t.connection({
    type: OpenAPISpecVersionRef,
    description: 'Stored versions of the spec, newest first.',
    resolve: (s, args, ctx) =>
      OpenAPISpecVersionResource.connection(ctx, args, {
        path: OpenAPISpecVersionResource.route('inSpec', s.org, s.slug),
        parent: { org: s.org, spec: s.slug },
      }),
  }),
  latestVersion: t.field({
    type: OpenAPISpecVersionRef,
    nullable: true,
    description: 'The latest version (from `lastVersion`); null before the first success.',
    resolve: (s) =>
      s.lastVersion
        ? OpenAPISpecVersionResource.ref({ org: s.org, spec: s.slug, id: s.lastVersion })
        : null,
  }),
  version: t.field({
    type: OpenAPISpecVersionRef,
    nullable: true,
    description: 'A version by id; null when there is none.',
    args: {
      id: t.arg.id({ required: true, description: 'Version id (REST id or global ID).' }),
    },
    resolve: (s, args) =>
      OpenAPISpecVersionResource.stub(
        OpenAPISpecVersionResource.parseInput(args.id, {
          parents: { org: s.org, spec: s.slug },
        }),
      ),
  }),
}));

builder.objectField(OrganizationRef, 'openAPISpecs', (t) =>
  t.connection({
    type: OpenAPISpecRef,
    description: 'OpenAPI specs of the organization.',
    resolve: (o, args, ctx) =>
      OpenAPISpecResource.connection(ctx, args, {
        path: OpenAPISpecResource.route('inOrganization', o.id),
        parent: { org: o.id },
        idOf: (spec) => spec.slug,
      }),
  }),
);

builder.objectField(OrganizationRef, 'openAPISpec', (t) =>
  t.field({
    type: OpenAPISpecRef,
    nullable: true,
    description: 'An OpenAPI spec of the organization by slug; null when there is none.',
    args: { slug: t.arg.string({ required: true, description: 'The spec slug.' }) },
    resolve: (o, args) =>
      OpenAPISpecResource.stub(
        OpenAPISpecResource.parseInput(args.slug, { arg: 'slug', parents: { org: o.id } }),
      ),
  }),
);
