import { ENUMS } from '../../../contract/common.ts';
import {
  CreateOpenAPISpecBody,
  OpenAPISpecVersionContent,
  PutOpenAPISpecBody,
  OpenAPISpec as Spec,
  UpdateOpenAPISpecBody,
} from '../../../contract/openapi.ts';
import { builder } from '../../builder.ts';
import { restPath } from '../../upstream/path.ts';
import { locationUrlsType, openEnumType } from '../base.ts';
import { Empty, validBody, write, writeMutation } from '../mutation.ts';
import { resourceNode } from '../node.ts';
import { deletedInOrganizationPayload } from '../organization/mutations.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { OrganizationRef } from '../organization/types.ts';
import {
  OpenAPISpecResource,
  type OpenAPISpecShape,
  OpenAPISpecVersionResource,
} from './resource.ts';

export const OpenAPIProcessingStateEnum = openEnumType(
  'OpenAPIProcessingState',
  ENUMS.openApiProcessingState,
  'Where the processing of a spec source stands: `pending` -> `progress` -> `complete`.',
  {
    pending: 'Waiting to be processed.',
    progress: 'Being fetched and parsed.',
    complete: 'Processed (successfully or not: see `lastProcessErrorCode`).',
  },
);

export const OpenAPIProcessErrorCodeEnum = openEnumType(
  'OpenAPIProcessErrorCode',
  ENUMS.openApiErrorCode,
  'Why the last processing of a spec source failed.',
  {
    FETCH_TIMEOUT: 'The source URL did not answer in time.',
    FETCH_ERROR: 'The source URL could not be fetched.',
    PARSE_ERROR: 'The source is not a valid OpenAPI 3 or Swagger 2 document.',
  },
);

export const OpenAPIVisibilityEnum = openEnumType(
  'OpenAPIVisibility',
  ENUMS.openApiVisibility,
  'Who can read a spec.',
  {
    private: 'Not publicly available.',
    public: 'Available to anyone with a public link.',
  },
);

const OpenAPIProcessErrorRef = builder
  .objectRef<{ message: string; code?: string | undefined }>('OpenAPIProcessError')
  .implement({
    description: 'One problem met while processing a spec source.',
    fields: (t) => ({
      message: t.exposeString('message', { description: 'What went wrong.' }),
      code: t.exposeString('code', { nullable: true, description: 'A machine-readable code.' }),
    }),
  });

const OpenAPISpecPermissionsRef = builder
  .objectRef<NonNullable<Spec['permissions']>>('OpenAPISpecPermissions')
  .implement({
    description: 'What the caller may do with the spec.',
    fields: (t) => ({
      view: t.exposeBoolean('view', { nullable: true, description: 'May read the spec.' }),
      edit: t.exposeBoolean('edit', {
        nullable: true,
        description: 'May update, reprocess or delete the spec.',
      }),
    }),
  });

const OpenAPISpecUrlsRef = builder
  .objectRef<NonNullable<Spec['urls']>>('OpenAPISpecUrls')
  .implement({
    description: 'URLs of a spec.',
    fields: (t) => ({
      location: t.exposeString('location', { nullable: true, description: 'API location.' }),
      app: t.exposeString('app', { nullable: true, description: 'Where the app shows it.' }),
      published: t.exposeString('published', {
        nullable: true,
        description: 'Public URL of the latest content (when `visibility` is `public`).',
      }),
    }),
  });

const OpenAPISpecVersionContentRef = builder
  .objectRef<{ filesystem: Record<string, unknown>; url: string }>('OpenAPISpecVersionContent')
  .implement({
    description: 'The parsed content of a version.',
    fields: (t) => ({
      filesystem: t.field({
        type: 'JSON',

        description: 'Maps each file name (e.g. `openapi.json`) to its parsed document.',
        resolve: (c) => c.filesystem,
      }),
      url: t.exposeString('url', {
        description: 'Where the specification is accessible.',
      }),
    }),
  });

const OpenAPISpecVersionUrlsRef = locationUrlsType(
  'OpenAPISpecVersionUrls',
  'URLs of a spec version.',
);

export const OpenAPISpecVersionRef = resourceNode(OpenAPISpecVersionResource, {
  description: 'One stored version of an OpenAPI spec, made by a successful processing.',
  fields: (t) => ({
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was made.',
    }),
    url: t.exposeString('url', {
      description: 'Where the specification is accessible (max 2048).',
    }),
    urls: t.field({
      type: OpenAPISpecVersionUrlsRef,
      nullable: true,
      description: 'URLs.',
      resolve: (v) => v.urls ?? null,
    }),
    content: t.field({
      type: OpenAPISpecVersionContentRef,

      description: 'The parsed content of this version (one more upstream call).',
      resolve: (v, _args, ctx) =>
        ctx.rest.get(
          restPath`/orgs/${v.org}/openapi/${v.spec}/versions/${v.id}/content`,
          OpenAPISpecVersionContent,
        ),
    }),
  }),
});

export const OpenAPISpecRef = resourceNode(OpenAPISpecResource, {
  description:
    'An OpenAPI spec of an organization: a source URL fetched and parsed (OpenAPI 3 or Swagger 2) into versions.',
  fields: (t) => ({
    slug: t.exposeString('slug', {
      description: 'Slug (1 to 100; letters and digits in words separated by single hyphens).',
    }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was created.',
    }),
    updatedAt: t.expose('updatedAt', {
      type: 'DateTime',

      description: 'When it was last updated.',
    }),
    sourceURL: t.exposeString('sourceURL', {
      nullable: true,
      description: 'Where the spec is fetched from (URI, max 2048).',
    }),
    processingState: t.field({
      type: OpenAPIProcessingStateEnum.ref,

      description: 'Where the processing of the source stands.',
      resolve: (s) => OpenAPIProcessingStateEnum.of(s.processingState) as string,
    }),
    visibility: t.field({
      type: OpenAPIVisibilityEnum.ref,
      nullable: true,
      description:
        '`private`: not publicly available; `public`: available to anyone with a public link.',
      resolve: (s) => OpenAPIVisibilityEnum.of(s.visibility),
    }),
    lastVersion: t.exposeString('lastVersion', {
      nullable: true,
      description: 'Id of the latest version (see `latestVersion`).',
    }),
    lastProcessedAt: t.expose('lastProcessedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the source was last processed.',
    }),
    lastProcessErrorCode: t.field({
      type: OpenAPIProcessErrorCodeEnum.ref,
      nullable: true,
      description: 'Why the last processing failed; null when it succeeded.',
      resolve: (s) => OpenAPIProcessErrorCodeEnum.of(s.lastProcessErrorCode),
    }),
    lastProcessedErrors: t.field({
      type: [OpenAPIProcessErrorRef],
      nullable: { list: true, items: true },
      description: 'Problems of the last processing; the last good version is kept.',
      resolve: (s) => s.lastProcessedErrors ?? null,
    }),
    permissions: t.field({
      type: OpenAPISpecPermissionsRef,
      nullable: true,
      description: 'What the caller may do with the spec.',
      resolve: (s) => s.permissions ?? null,
    }),
    urls: t.field({
      type: OpenAPISpecUrlsRef,
      nullable: true,
      description: 'URLs.',
      resolve: (s) => s.urls ?? null,
    }),
    organization: t.field({
      type: OrganizationRef,

      description: 'The organization the spec belongs to.',
      resolve: (s) => s.org,
    }),
    versions: t.connection({
      type: OpenAPISpecVersionRef,
      description: 'Stored versions of the spec, newest first.',
      resolve: (s, args, ctx) =>
        OpenAPISpecVersionResource.connection(ctx, args, {
          path: restPath`/orgs/${s.org}/openapi/${s.slug}/versions`,
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
  }),
});

builder.objectField(OpenAPISpecVersionRef, 'spec', (t) =>
  t.field({
    type: OpenAPISpecRef,

    description: 'The spec this version belongs to.',
    resolve: (v) => OpenAPISpecResource.stub({ org: v.org, slug: v.spec }),
  }),
);

builder.objectField(OrganizationRef, 'openAPISpecs', (t) =>
  t.connection({
    type: OpenAPISpecRef,
    description: 'OpenAPI specs of the organization.',
    resolve: (o, args, ctx) =>
      OpenAPISpecResource.connection(ctx, args, {
        path: restPath`/orgs/${o.id}/openapi`,
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
        OpenAPISpecResource.parseInput(args.slug, { parents: { org: o.id } }),
      ),
  }),
);

// ---- Mutations -----------------------------------------------------------------------------

const SpecPayload = builder
  .objectRef<{ openAPISpec: OpenAPISpecShape }>('OpenAPISpecPayload')
  .implement({
    description: 'The OpenAPI spec after the change.',
    fields: (t) => ({
      openAPISpec: t.field({
        type: OpenAPISpecRef,

        description: 'The spec.',
        resolve: (p) => p.openAPISpec,
      }),
    }),
  });

const SpecDeletedPayload = deletedInOrganizationPayload(
  'DeleteOpenAPISpecPayload',
  'The deleted spec (also when it did not exist).',
  'spec',
);

/** The input of a write that names a spec by organization and slug, and its source. */
const specSourceInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
      slug: t.string({
        required: true,
        description: 'Slug (1 to 100, letters/digits and hyphens).',
      }),
      sourceURL: t.string({
        required: true,
        description: 'Where to fetch the spec (http(s), max 2048).',
      }),
    }),
  });

const CreateSpecInput = specSourceInput(
  'CreateOpenAPISpecInput',
  'A new OpenAPI spec; its source is fetched and processed asynchronously.',
);

writeMutation('createOpenAPISpec', {
  type: SpecPayload,
  input: CreateSpecInput,
  description:
    'Creates an OpenAPI spec from a source URL and starts processing it (`processingState` pending). Needs organization admin.',
  resolve: async (input, ctx) => {
    const body = validBody(CreateOpenAPISpecBody, {
      slug: input.slug,
      source: { url: input.sourceURL },
    });
    const org = OrganizationResource.parseInput(input.organizationId, {
      field: 'organizationId',
    }).id;
    const spec = await write(ctx, 'POST', restPath`/orgs/${org}/openapi`, body, Spec);
    return { openAPISpec: OpenAPISpecResource.shape(spec, { org, slug: spec.slug }) };
  },
});

const PutSpecInput = specSourceInput(
  'CreateOrUpdateOpenAPISpecInput',
  'A spec to create, or whose source to replace; it is (re)processed either way.',
);

writeMutation('createOrUpdateOpenAPISpec', {
  type: SpecPayload,
  input: PutSpecInput,
  description:
    'Creates the spec of this slug or replaces its source, then reprocesses it. Needs organization admin.',
  resolve: async (input, ctx) => {
    const { slug } = validBody(CreateOpenAPISpecBody.pick({ slug: true }), { slug: input.slug });
    const body = validBody(PutOpenAPISpecBody, { source: { url: input.sourceURL } });
    const org = OrganizationResource.parseInput(input.organizationId, {
      field: 'organizationId',
    }).id;
    const spec = await write(ctx, 'PUT', OpenAPISpecResource.path({ org, slug }), body, Spec);
    return { openAPISpec: OpenAPISpecResource.shape(spec, { org, slug: spec.slug }) };
  },
});

const SetVisibilityInput = builder.inputType('SetOpenAPISpecVisibilityInput', {
  description: 'The new visibility of a spec.',
  fields: (t) => ({
    specId: t.id({ required: true, description: 'The spec (global ID).' }),
    visibility: t.field({
      type: OpenAPIVisibilityEnum.ref,
      required: true,
      description: '`PRIVATE` or `PUBLIC`.',
    }),
  }),
});

writeMutation('setOpenAPISpecVisibility', {
  type: SpecPayload,
  input: SetVisibilityInput,
  description: 'Makes a spec public (readable with its public link) or private. Needs admin.',
  resolve: async (input, ctx) => {
    const body = validBody(UpdateOpenAPISpecBody, { visibility: input.visibility });
    const a = OpenAPISpecResource.parseInput(input.specId, { field: 'specId' });
    const spec = await write(ctx, 'PATCH', OpenAPISpecResource.path(a), body, Spec);
    return { openAPISpec: OpenAPISpecResource.shape(spec, a) };
  },
});

const SpecIdInput = builder.inputType('DeleteOpenAPISpecInput', {
  description: 'The spec to delete.',
  fields: (t) => ({
    specId: t.id({ required: true, description: 'The spec (global ID).' }),
  }),
});

writeMutation('deleteOpenAPISpec', {
  type: SpecDeletedPayload,
  input: SpecIdInput,
  description: 'Deletes a spec and its versions (succeeds also when it did not exist).',
  resolve: async (input, ctx) => {
    const a = OpenAPISpecResource.parseInput(input.specId, { field: 'specId' });
    await write(ctx, 'DELETE', OpenAPISpecResource.path(a), undefined, Empty);
    return { deletedId: OpenAPISpecResource.globalId(a), organization: a.org };
  },
});
