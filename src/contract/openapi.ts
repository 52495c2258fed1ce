import { z } from 'zod';
import {
  ENUMS,
  httpUrl,
  LIMITS,
  listPage,
  openEnum,
  PATTERNS,
  PageQuery,
  sometimes,
  Timestamp,
} from './common.ts';

/** One problem met while processing a spec's source. */
export const OpenAPIProcessError = z.object({
  message: sometimes(z.string()),
  code: z.string().optional(),
});
export type OpenAPIProcessError = z.infer<typeof OpenAPIProcessError>;

/** An OpenAPI spec of an organization (`object`=`openapi-spec`). */
export const OpenAPISpec = z.object({
  object: z.literal('openapi-spec'),
  id: z.string(),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp,
  slug: z.string(),
  sourceURL: z.string().optional(),
  processingState: openEnum(ENUMS.openApiProcessingState),
  visibility: openEnum(ENUMS.openApiVisibility).optional(),
  lastVersion: z.string().optional(),
  lastProcessedAt: Timestamp.optional(),
  lastProcessErrorCode: openEnum(ENUMS.openApiErrorCode).optional(),
  lastProcessedErrors: z.array(OpenAPIProcessError).optional(),
  permissions: z.object({ view: z.boolean(), edit: z.boolean() }).partial().optional(),
  urls: z
    .object({
      location: z.string().optional(),
      app: z.string().optional(),
      published: z.string().optional(),
    })
    .optional(),
});
export type OpenAPISpec = z.infer<typeof OpenAPISpec>;
export const OpenAPISpecList = listPage(OpenAPISpec);
export type OpenAPISpecList = z.infer<typeof OpenAPISpecList>;

/** One stored version of a spec (`object`=`openapi-spec-version`). */
export const OpenAPISpecVersion = z.object({
  object: z.literal('openapi-spec-version'),
  id: z.string(),
  createdAt: Timestamp.optional(),
  url: z.string(),
  urls: z.object({ location: z.string().optional() }).optional(),
});
export type OpenAPISpecVersion = z.infer<typeof OpenAPISpecVersion>;
export const OpenAPISpecVersionList = listPage(OpenAPISpecVersion);
export type OpenAPISpecVersionList = z.infer<typeof OpenAPISpecVersionList>;

/** A version's content: `filesystem` maps a file name (`openapi.json`) to its parsed document. */
export const OpenAPISpecVersionContent = z.object({
  filesystem: sometimes(z.record(z.string(), z.unknown())),
  url: sometimes(z.string()),
});
export type OpenAPISpecVersionContent = z.infer<typeof OpenAPISpecVersionContent>;

const SourceUrl = httpUrl(LIMITS.openApiUrl);

/** Where a spec is fetched from; only the `{url}` form is known. */
export const OpenAPISpecSource = z.strictObject({ url: SourceUrl });

export const OpenAPISpecSlug = z
  .string()
  .min(1, 'at least 1 character')
  .max(LIMITS.openApiSlugMax, `at most ${LIMITS.openApiSlugMax} characters`)
  .regex(PATTERNS.openApiSlug, 'letters and digits in words separated by single hyphens');

/** Body of `POST {org}/openapi`. */
export const CreateOpenAPISpecBody = z.strictObject({
  slug: OpenAPISpecSlug,
  source: OpenAPISpecSource,
});
export type CreateOpenAPISpecBody = z.infer<typeof CreateOpenAPISpecBody>;

/** Body of `PUT {org}/openapi/{specSlug}` (create or update, then reprocess). */
export const PutOpenAPISpecBody = z.strictObject({ source: OpenAPISpecSource });
export type PutOpenAPISpecBody = z.infer<typeof PutOpenAPISpecBody>;

/** Body of `PATCH {org}/openapi/{specSlug}`. */
export const UpdateOpenAPISpecBody = z.strictObject({
  visibility: z.enum(ENUMS.openApiVisibility),
});
export type UpdateOpenAPISpecBody = z.infer<typeof UpdateOpenAPISpecBody>;

export const OpenAPISpecListQuery = PageQuery;
export type OpenAPISpecListQuery = z.infer<typeof OpenAPISpecListQuery>;
export const OpenAPISpecVersionListQuery = PageQuery;
export type OpenAPISpecVersionListQuery = z.infer<typeof OpenAPISpecVersionListQuery>;
