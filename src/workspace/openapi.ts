import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Block } from '../contract/common.ts';
import { Page } from '../contract/content.ts';
import { SiteSectionGroup } from '../contract/sites.ts';
import { DEMO_USERS } from './demo/users.ts';

/** Where the OpenAPI document of the embedded `/v1` is served (public, no token). */
export const OPENAPI_PATH = '/v1/openapi.json';
/** Where the API reference page (Swagger UI over that document) is served. */
export const REFERENCE_PATH = '/v1/reference';

/**
 * The recursive schemas, as named components: a schema that contains itself is written once and
 * referenced (`#/components/schemas/Page`), which is how JSON Schema expresses the cycle.
 */
const components = z.registry<{ id: string }>();
components.add(Block, { id: 'Block' });
components.add(Page, { id: 'Page' });
components.add(SiteSectionGroup, { id: 'SiteSectionGroup' });
const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry: components });
const jsonSchemaTransformObject = createJsonSchemaTransformObject({ schemaRegistry: components });

const tokenList = () => DEMO_USERS.map((user) => `\`${user.token}\` (${user.persona})`).join(', ');

const bearerDescription = () =>
  [
    'Every `/v1` route except this document and its reference page needs',
    '`Authorization: Bearer <token>`. The demo workspace has one token per role of the',
    `organization "Acme Docs": ${tokenList()}.`,
    'Choose "Authorize" above, paste a token, then "Try it out" on any operation.',
  ].join(' ');

/**
 * Describes every route the app registers after this call in an OpenAPI 3.1 document, built
 * from the routes' zod schemas by `@fastify/swagger` with the zod type provider's transform, and
 * serves it at `OPENAPI_PATH` with a Swagger UI reference page at `REFERENCE_PATH`. Swagger UI's
 * scripts and styles are served from the package itself: the page fetches nothing from elsewhere.
 * The document lists the routes of `app`'s encapsulation context registered after this call
 * (it is collected with `onRoute`), so the routes of other servers mounted beside it stay out.
 */
export function registerOpenApi(app: FastifyInstance): void {
  app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'docs-graph workspace API',
        version: 'v1',
        description: [
          'The embedded documentation workspace: organizations, spaces, content, change',
          'requests, comments, sites and the rest of `/v1`, served from SQLite with demo data.',
          'Errors answer `{"error": {"code": <status>, "message": "..."}}`.',
        ].join(' '),
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: bearerDescription() },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      if (!schema) return { schema, url };
      const params = pathParams(schema.params, url);
      return {
        schema: {
          ...schema,
          ...(params ? { params } : {}),
          // Routes outside `/v1` (published files, SAML endpoints) are public.
          ...(url.startsWith('/v1/') ? {} : { security: [] }),
        },
        url,
      };
    },
    transformObject: jsonSchemaTransformObject,
  });
  app.register(fastifySwaggerUi, {
    routePrefix: REFERENCE_PATH,
    uiConfig: { deepLinking: true, persistAuthorization: false, tryItOutEnabled: false },
    // A Content-Security-Policy on the page and its assets: scripts, styles, fonts and images
    // from this origin only (Swagger UI sets inline style attributes; nothing else is inline).
    staticCSP: true,
    transformStaticCSP: localOnly,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(app.swagger()),
  );
}

/** The package's policy without what reaches elsewhere (https: sources, the online validator). */
export function localOnly(policy: string): string {
  return policy
    .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'")
    .replace("font-src 'self' https: data:", "font-src 'self' data:")
    .replace(' validator.swagger.io', '')
    .replace(' upgrade-insecure-requests;', '');
}

interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

/**
 * The path parameters `url` has: a params schema shared by two paths (a space's content and a
 * change request's) names parameters one of them lacks, which OpenAPI does not allow.
 */
function pathParams(params: unknown, url: string): ObjectSchema | undefined {
  if (!params || typeof params !== 'object') return undefined;
  const { properties, required, ...rest } = params as ObjectSchema;
  if (!properties) return undefined;
  const present = new Set([...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]));
  const kept = Object.fromEntries(Object.entries(properties).filter(([name]) => present.has(name)));
  return {
    ...rest,
    properties: kept,
    ...(required ? { required: required.filter((name) => present.has(name)) } : {}),
  };
}
