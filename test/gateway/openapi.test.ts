import { describe, expect, it } from 'vitest';
import { listPage, restOrganization } from '../support/fixtures.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';
import { globalId } from '../support/ids.ts';

const spec = (slug: string, extra: Record<string, unknown> = {}) => ({
  object: 'openapi-spec',
  id: `id-${slug}`,
  updatedAt: '2026-01-01T00:00:00.000Z',
  slug,
  processingState: 'complete',
  lastVersion: 'v2',
  ...extra,
});
const version = (id: string) => ({ object: 'openapi-spec-version', id, url: `https://x/${id}` });
const org = restOrganization('o1', { title: 'Org' });

describe('OpenAPI specs (schema level)', () => {
  it('lists specs, primes them, and unknown enum values become UNKNOWN', async () => {
    const upstream = new FakeUpstream({
      '/orgs/o1': org,
      '/orgs/o1/openapi?limit=51': listPage([
        spec('a', { processingState: 'queued', lastProcessErrorCode: 'SOMETHING_NEW' }),
      ]),
    });
    const result = await runSchema(
      upstream,
      `{ node(id: "${globalId('Organization', 'o1')}") { ... on Organization {
        openAPISpecs { nodes { id slug processingState lastProcessErrorCode } } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(upstream.paths).toEqual(['/orgs/o1/openapi?limit=51']);
    const nodes = (result.data as { node: { openAPISpecs: { nodes: unknown[] } } }).node
      .openAPISpecs.nodes;
    expect(nodes).toEqual([
      {
        id: globalId('OpenAPISpec', 'o1/a'),
        slug: 'a',
        processingState: 'UNKNOWN',
        lastProcessErrorCode: 'UNKNOWN',
      },
    ]);
  });

  it('node(id) of a spec costs one call; latestVersion { id } costs none; dedupes', async () => {
    const upstream = new FakeUpstream({ '/orgs/o1/openapi/a': spec('a') });
    const id = globalId('OpenAPISpec', 'o1/a');
    const result = await runSchema(
      upstream,
      `{ x: node(id: "${id}") { ... on OpenAPISpec { slug latestVersion { id } } }
         y: node(id: "${id}") { id } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      x: { slug: 'a', latestVersion: { id: globalId('OpenAPISpecVersion', 'o1/a/v2') } },
      y: { id },
    });
    expect(upstream.paths).toEqual(['/orgs/o1/openapi/a']);
  });

  it('versions list in one call, spec { id slug } free, latest version from the list, content one call', async () => {
    const upstream = new FakeUpstream({
      '/orgs/o1/openapi/a': spec('a'),
      '/orgs/o1/openapi/a/versions?limit=51': listPage([version('v2'), version('v1')]),
      '/orgs/o1/openapi/a/versions/v2': version('v2'),
      '/orgs/o1/openapi/a/versions/v2/content': { filesystem: { 'a.json': {} }, url: 'u' },
    });
    const result = await runSchema(
      upstream,
      `{ node(id: "${globalId('OpenAPISpec', 'o1/a')}") { ... on OpenAPISpec {
        versions { nodes { id url spec { id slug } } } latestVersion { url content { url filesystem } } } } }`,
    );
    expect(result.errors).toBeUndefined();
    // node(id) is a lookup: the versions list starts at once. Reads settle one by one, so the
    // latest version (named by the spec's answer) is read before the list can prime it.
    expect(upstream.paths.sort()).toEqual([
      '/orgs/o1/openapi/a',
      '/orgs/o1/openapi/a/versions/v2',
      '/orgs/o1/openapi/a/versions/v2/content',
      '/orgs/o1/openapi/a/versions?limit=51',
    ]);
    expect(
      (result.data as { node: { latestVersion: { url: string } } }).node.latestVersion.url,
    ).toBe('https://x/v2');
  });

  it('a missing spec is null for its key only', async () => {
    const upstream = new FakeUpstream({ '/orgs/o1/openapi/a': spec('a') });
    const result = await runSchema(
      upstream,
      `{ a: node(id: "${globalId('OpenAPISpec', 'o1/a')}") { id }
         b: node(id: "${globalId('OpenAPISpec', 'o1/b')}") { id } }`,
    );
    expect(result.data).toEqual({ a: { id: globalId('OpenAPISpec', 'o1/a') }, b: null });
  });

  it('createOpenAPISpec validates before any call and posts the strict body', async () => {
    const upstream = new FakeUpstream({
      'POST /orgs/o1/openapi': spec('new', { processingState: 'pending' }),
    });
    const mutation = `mutation($input: CreateOpenAPISpecInput!) { createOpenAPISpec(input: $input) {
      __typename ... on OpenAPISpecPayload { openAPISpec { id processingState } }
      ... on ValidationError { fieldErrors { path message } } } }`;
    const bad = await runSchema(upstream, mutation, {
      input: { organizationId: 'o1', slug: '-x-', sourceURL: 'https://a' },
    });
    expect(bad.data).toMatchObject({ createOpenAPISpec: { __typename: 'ValidationError' } });
    expect(upstream.requests).toHaveLength(0);
    const ok = await runSchema(upstream, mutation, {
      input: { organizationId: 'o1', slug: 'new', sourceURL: 'https://a' },
    });
    expect(ok.data).toEqual({
      createOpenAPISpec: {
        __typename: 'OpenAPISpecPayload',
        openAPISpec: { id: globalId('OpenAPISpec', 'o1/new'), processingState: 'PENDING' },
      },
    });
    expect(upstream.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/orgs/o1/openapi', { slug: 'new', source: { url: 'https://a' } }],
    ]);
  });

  it('maps upstream 409 and 403 to typed errors', async () => {
    const upstream = new FakeUpstream({}, (req) =>
      req.method === 'PATCH'
        ? { status: 403, body: { error: { code: 403, message: 'no' } } }
        : undefined,
    );
    const result = await runSchema(
      upstream,
      `mutation { setOpenAPISpecVisibility(input: { specId: "${globalId('OpenAPISpec', 'o1/a')}", visibility: PUBLIC }) { __typename } }`,
    );
    expect(result.data).toEqual({ setOpenAPISpecVisibility: { __typename: 'ForbiddenError' } });
    expect(upstream.requests[0]?.body).toEqual({ visibility: 'public' });
  });

  it('version(id) takes a REST id or a version ID of this spec; that of another spec is BAD_USER_INPUT', async () => {
    const upstream = new FakeUpstream({ '/orgs/o1/openapi/a/versions/v1': version('v1') });
    const result = await runSchema(
      upstream,
      `query($other: ID!) { organization(id: "o1") { openAPISpec(slug: "a") {
        rest: version(id: "v1") { url } other: version(id: $other) { url } } } }`,
      { other: globalId('OpenAPISpecVersion', 'o1/b/v1') },
    );
    expect(result.data).toEqual({
      organization: { openAPISpec: { rest: { url: 'https://x/v1' }, other: null } },
    });
    expect(result.errors?.map((e) => [e.path?.join('.'), e.extensions?.code])).toEqual([
      ['organization.openAPISpec.other', 'BAD_USER_INPUT'],
    ]);
    // Neither the organization nor the spec is read: the version is addressed under them.
    expect(upstream.paths).toEqual(['/orgs/o1/openapi/a/versions/v1']);
  });

  it('a write naming a spec by REST id alone is a ValidationError with no call', async () => {
    const upstream = new FakeUpstream({});
    const result = await runSchema(
      upstream,
      `mutation { deleteOpenAPISpec(input: { specId: "a" }) {
        __typename ... on ValidationError { fieldErrors { path } } } }`,
    );
    expect(result.data).toEqual({
      deleteOpenAPISpec: { __typename: 'ValidationError', fieldErrors: [{ path: ['specId'] }] },
    });
    expect(upstream.requests).toHaveLength(0);
  });
});
