import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceApp } from '../../src/workspace/app.ts';
import { ManualClock } from '../../src/workspace/clock.ts';
import { createWorkspace, type Workspace } from '../../src/workspace/context.ts';
import { openDatabase } from '../../src/workspace/db.ts';
import type { DemoContext } from '../../src/workspace/demo/context.ts';
import { seedDemo } from '../../src/workspace/demo/index.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { OPENAPI_PATH, REFERENCE_PATH } from '../../src/workspace/openapi.ts';

interface Registered {
  method: string;
  url: string;
  hidden: boolean;
}

let ws: Workspace;
let app: FastifyInstance;
let demo: DemoContext;
let doc: OpenAPIV3_1.Document;
const routes: Registered[] = [];

/** `/spaces/:spaceId` as OpenAPI writes it: `/spaces/{spaceId}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

async function get(url: string, token: string | null = DEMO_TOKENS.admin) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}

beforeAll(async () => {
  ws = createWorkspace({
    db: openDatabase(':memory:'),
    clock: new ManualClock('2026-11-01T10:00:00.000Z'),
  });
  demo = seedDemo(ws);
  app = createWorkspaceApp(ws);
  // Every route, as Fastify registers it (the document is collected the same way).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as { hide?: boolean } | undefined;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, hidden: schema?.hide === true });
    }
  });
  await app.ready();
  const answer = await get(OPENAPI_PATH, null);
  expect(answer.status).toBe(200);
  doc = JSON.parse(answer.body) as OpenAPIV3_1.Document;
});

afterAll(async () => {
  await app.close();
  await ws.jobs.idle();
  ws.db.close();
});

describe('the OpenAPI document of /v1', () => {
  it('is a valid OpenAPI 3.1 document, served without a token', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes the bearer token and names the demo tokens', () => {
    const scheme = doc.components?.securitySchemes?.bearerAuth as OpenAPIV3_1.HttpSecurityScheme;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const token of Object.values(DEMO_TOKENS)) expect(scheme.description).toContain(token);
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    // Public routes say so.
    expect(doc.paths?.['/files/{revisionId}/{fileId}/{name}']?.get?.security).toEqual([]);
  });

  it('lists every registered route, and only the documentation routes are left out', () => {
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes
      .filter((route) => !route.hidden)
      .filter((route) => {
        const item = doc.paths?.[openApiPath(route.url)] as Record<string, unknown> | undefined;
        return item?.[route.method.toLowerCase()] === undefined;
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    const hidden = routes.filter((route) => route.hidden).map((route) => route.url);
    for (const url of hidden) {
      expect(url === OPENAPI_PATH || url.startsWith(REFERENCE_PATH), url).toBe(true);
    }
    const documented = Object.values(doc.paths ?? {}).flatMap((item) =>
      ['get', 'put', 'post', 'patch', 'delete'].filter((m) => m in (item ?? {})),
    );
    expect(documented.length).toBe(routes.filter((route) => !route.hidden).length);
  });

  it('answers in the shapes it documents, on a live answer of every GET it gives a schema', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const ids = await demoIds();
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      const schema = (item?.get?.responses?.['200'] as OpenAPIV3_1.ResponseObject | undefined)
        ?.content?.['application/json']?.schema;
      if (!schema) continue;
      // Required query parameters (a search's `query`) get a word the demo content has.
      const required = (item?.get?.parameters ?? [])
        .map((p) => p as OpenAPIV3_1.ParameterObject)
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=install`);
      const url = `${await sampleUrl(path, ids)}${required.length ? `?${required.join('&')}` : ''}`;
      const answer = await get(url);
      expect(answer.status, `${url}: ${answer.body}`).toBe(200);
      // The document's components travel with the schema: its `$ref`s point into them.
      const check = ajv.compile({ ...schema, components: doc.components });
      const body = JSON.parse(answer.body) as unknown;
      if (!check(body)) {
        expect.fail(`${url} does not match ${path}: ${ajv.errorsText(check.errors)}`);
      }
      checked.push(path);
      // The schema is no formality: the same answer with its first field of another type fails.
      const [field] = Object.keys(body as object);
      if (field !== undefined && !check({ ...(body as object), [field]: [[42]] })) wrong.push(path);
    }
    expect(wrong).toEqual(checked);
    expect(checked.length).toBeGreaterThanOrEqual(30);
  });
});

/** The ids the sample URLs use: the demo's, and the first item of each list below them. */
async function demoIds(): Promise<Record<string, string>> {
  const spaces = JSON.parse((await get(`/v1/orgs/${demo.organizationId}/spaces?limit=100`)).body)
    .items as Array<{ id: string; title: string }>;
  // A space with comments on its main content and change requests, so every path below it has
  // an item to name.
  const items = async (url: string) =>
    (JSON.parse((await get(url)).body) as { items?: unknown[] }).items ?? [];
  let space: { id: string } | undefined;
  for (const candidate of spaces) {
    const comments = await items(`/v1/spaces/${candidate.id}/comments`);
    const changeRequests = await items(`/v1/spaces/${candidate.id}/change-requests`);
    if (comments.length > 0 && changeRequests.length > 0) {
      space = candidate;
      break;
    }
  }
  // The site with sections, groups and an adaptive schema.
  const sites = JSON.parse((await get(`/v1/orgs/${demo.organizationId}/sites`)).body)
    .items as Array<{ id: string; title: string }>;
  return {
    siteId: sites.find((s) => s.title === 'Acme Developer Docs')?.id ?? '',
    organizationId: demo.organizationId,
    spaceId: space?.id ?? '',
    collectionId: demo.collectionIds[0] ?? '',
    teamId: demo.teamIds[0] ?? '',
    userId: demo.users.admin,
  };
}

/**
 * A URL of `path` naming demo objects: known ids first, then each further id the first item of
 * the list the path goes through (`.../comments/{commentId}`: the first of `.../comments`).
 */
async function sampleUrl(path: string, known: Record<string, string>): Promise<string> {
  let url = '';
  for (const segment of path.split('/').slice(1)) {
    const param = /^\{(.+)\}$/.exec(segment)?.[1];
    if (!param) {
      url += `/${segment}`;
      continue;
    }
    let id = known[param];
    if (id === undefined) {
      const list = url.endsWith('/content/page') ? `${url}s` : url;
      const body = JSON.parse((await get(list)).body) as {
        items?: Array<{ id: string; replies?: number }>;
        pages?: Array<{ id: string }>;
      };
      const listed = body.items ?? body.pages ?? [];
      // A comment with replies, so that its replies' paths have one to name.
      id = (listed.find((item) => ((item as { replies?: number }).replies ?? 0) > 0) ?? listed[0])
        ?.id;
      id ??= '';
      expect(id, `no item at ${list} for ${path}`).not.toBe('');
    }
    url += `/${encodeURIComponent(id)}`;
  }
  return url;
}
