import { ENUMS } from '../../../contract/common.ts';
import { OpenAPISpecVersionContent, type OpenAPISpec as Spec } from '../../../contract/openapi.ts';
import { builder } from '../../builder.ts';
import { locationUrlsType, openEnumType } from '../base.ts';
import { resourceNode } from '../node.ts';
import { OrganizationRef } from '../organization/types.ts';
import { OpenAPISpecResource, OpenAPISpecVersionResource } from './resource.ts';

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
      // The parsed content of a spec version is read at its own path.
      cost: { calls: 1, returns: 'body' },
      address: true,
      resolve: (v, _args, ctx) =>
        ctx.rest.get(
          OpenAPISpecVersionResource.route('content', v.org, v.spec, v.id),
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
      address: true,
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
      address: true,
      resolve: (s) => s.org,
    }),
  }),
});

builder.objectField(OpenAPISpecVersionRef, 'spec', (t) =>
  t.field({
    type: OpenAPISpecRef,

    description: 'The spec this version belongs to.',
    address: true,
    resolve: (v) => OpenAPISpecResource.stub({ org: v.org, slug: v.spec }),
  }),
);
