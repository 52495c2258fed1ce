import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createMetrics } from '../../src/gateway/ops/metrics.ts';
import type { UpstreamCall } from '../../src/gateway/upstream/rest.ts';
import { freshnessOf } from '../../src/gateway/upstream/validators.ts';
import { startGatewayServer, startStack } from '../../src/stack.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { restIdOf } from '../support/ids.ts';
import { type OpsStack, post, type Reply, startOpsStack } from './support.ts';

const SPACES = `query Spaces { organizations(first: 1) { nodes { id spaces(first: 3) { nodes { id title changeRequests(first: 2) { nodes { subject } } } } } } }`;

type Json = Record<string, unknown>;
const nodesOf = (value: unknown): Json[] => (value as { nodes: Json[] }).nodes;
const spacesOf = (body: Reply) =>
  nodesOf((nodesOf((body.data as Json).organizations)[0] as Json).spaces);
const httpCalls = (body: Reply) =>
  ((body.extensions?.upstream ?? []) as UpstreamCall[]).filter((c) => !c.loader);
const restId = (globalId: unknown) => restIdOf(String(globalId));

describe('revalidation through the gateway (the response cache on, following the upstream)', () => {
  let ops: OpsStack;
  beforeAll(async () => {
    ops = await startOpsStack();
  });
  afterAll(async () => {
    await ops.close();
  });

  it('makes a repeat conditional: every call answered 304, the stored bodies reused, counted', async () => {
    const metrics = createMetrics();
    const { gateway, upstream } = ops.gateway({ cache: true, debug: true, metrics });
    const first = await post(gateway, SPACES);
    expect(first.body.errors).toBeUndefined();
    const calls = upstream.take();
    expect(calls).toBeGreaterThan(2);
    expect(httpCalls(first.body).every((c) => c.status === 200 && !c.revalidated)).toBe(true);
    // /v1 says `private, no-cache`: the answer is not kept, and says so downstream.
    expect(first.body.extensions?.responseCache).toEqual({ hit: false, didCache: false });
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const again = await post(gateway, SPACES);
    expect(again.body.data).toEqual(first.body.data);
    expect(upstream.take()).toBe(calls);
    const revalidated = httpCalls(again.body);
    expect(revalidated).toHaveLength(calls);
    expect(revalidated.every((c) => c.status === 304 && c.revalidated === true)).toBe(true);

    const text = await metrics.registry.metrics();
    expect(text).toContain(`docs_graph_upstream_revalidated_total{path="/orgs"} 1`);
    expect(text).toContain(
      `docs_graph_upstream_requests_total{method="GET",path="/orgs",status="304"} 1`,
    );
    expect(text).toContain(
      `docs_graph_upstream_requests_total{method="GET",path="/orgs",status="200"} 1`,
    );
    const total = [...text.matchAll(/^docs_graph_upstream_revalidated_total\{.*\} (\d+)$/gm)]
      .map((m) => Number(m[1]))
      .reduce((a, b) => a + b, 0);
    expect(total).toBe(calls);
  });

  it('shows a write made directly on /v1 on the next query, reading only what changed', async () => {
    const { gateway, upstream } = ops.gateway({ cache: true, debug: true });
    const first = await post(gateway, SPACES);
    const space = spacesOf(first.body)[0] as Json;
    const calls = upstream.take();
    const written = await fetch(`${ops.workspace.url}/v1/spaces/${restId(space.id)}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${DEMO_TOKENS.admin}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ title: 'Written beside the gateway' }),
    });
    expect(written.status).toBe(200);

    const next = await post(gateway, SPACES);
    expect(spacesOf(next.body)[0]?.title).toBe('Written beside the gateway');
    expect(upstream.take()).toBe(calls);
    const full = httpCalls(next.body).filter((c) => c.status === 200);
    // The space list changed (one of its items did); everything else was revalidated.
    expect(full.map((c) => c.path)).toEqual([expect.stringMatching(/^\/orgs\/[^/]+\/spaces\?/)]);
    expect(httpCalls(next.body).filter((c) => c.revalidated)).toHaveLength(calls - 1);
  });

  it('keeps validators per token: B never sends or receives what A stored', async () => {
    const { gateway, upstream } = ops.gateway({ cache: true, debug: true });
    const asAdmin = await post(gateway, SPACES);
    const adminCalls = upstream.take();
    const asReader = await post(gateway, SPACES, {}, 'read');
    expect(asReader.body.errors).toBeUndefined();
    // The same paths, first read by this token: full reads, no 304 for A's tags.
    const readerCalls = httpCalls(asReader.body);
    expect(readerCalls.length).toBeGreaterThan(0);
    expect(readerCalls.every((c) => c.status === 200 && !c.revalidated)).toBe(true);
    upstream.take();
    const again = await post(gateway, SPACES, {}, 'read');
    expect(httpCalls(again.body).every((c) => c.revalidated)).toBe(true);
    expect(again.body.data).toEqual(asReader.body.data);
    const adminAgain = await post(gateway, SPACES);
    expect(adminAgain.body.data).toEqual(asAdmin.body.data);
    expect(upstream.take()).toBe(readerCalls.length + adminCalls);
  });

  it('with the cache off, still revalidates and derives Cache-Control from the answers', async () => {
    const { gateway, upstream } = ops.gateway({ debug: true });
    await post(gateway, SPACES);
    const calls = upstream.take();
    const again = await post(gateway, SPACES);
    expect(upstream.take()).toBe(calls);
    expect(httpCalls(again.body).every((c) => c.revalidated)).toBe(true);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    const write = await post(
      gateway,
      `mutation($input: UpdateSpaceInput!) { updateSpace(input: $input) { __typename } }`,
      { input: { spaceId: spacesOf(again.body)[0]?.id, title: 'Through the gateway' } },
    );
    expect(write.headers.get('cache-control')).toBe('no-store');
  });
});

describe('freshness from the upstream, capped by the configured lifetimes', () => {
  let ops: OpsStack;
  beforeAll(async () => {
    ops = await startOpsStack();
  });
  afterAll(async () => {
    await ops.close();
  });

  /** A gateway over an upstream whose answers say `cacheControl` (per path when a function). */
  const saying = (cacheControl: string | ((path: string) => string), cache: object = {}) => {
    const stack = ops.gateway({ cache: { ...cache }, debug: true });
    const inner = stack.upstream.inner;
    stack.upstream.inner.request = ((request) => async (req) => {
      const response = await request(req);
      const value = typeof cacheControl === 'function' ? cacheControl(req.path) : cacheControl;
      return { ...response, freshness: freshnessOf({ cacheControl: value }) };
    })(inner.request.bind(inner));
    return stack;
  };

  it('keeps a response as long as its least fresh answer allows, within the cap', async () => {
    const { gateway, upstream } = saying((path) =>
      path.includes('/spaces') ? 'private, max-age=4' : 'private, max-age=600',
    );
    const first = await post(gateway, SPACES);
    expect(first.body.extensions?.responseCache).toEqual({
      hit: false,
      didCache: true,
      ttl: 4000,
    });
    expect(first.headers.get('cache-control')).toBe('private, max-age=4');
    upstream.take();
    const again = await post(gateway, SPACES);
    expect(again.body.extensions?.responseCache).toEqual({ hit: true });
    expect(upstream.take()).toBe(0);

    const { gateway: capped } = saying('private, max-age=600');
    const list = await post(capped, SPACES);
    expect(list.body.extensions?.responseCache).toMatchObject({ didCache: true, ttl: 10_000 });
    expect(list.headers.get('cache-control')).toBe('private, max-age=10');
  });

  it('never keeps, and says no-store downstream, when one answer says no-store', async () => {
    const { gateway, upstream } = saying((path) =>
      path.includes('/change-requests') ? 'no-store' : 'private, max-age=60',
    );
    const first = await post(gateway, SPACES);
    expect(first.body.extensions?.responseCache).toEqual({ hit: false, didCache: false });
    expect(first.headers.get('cache-control')).toBe('no-store');
    const calls = upstream.take();
    await post(gateway, SPACES);
    expect(upstream.take()).toBe(calls);
  });

  it('keeps the fixed lifetimes when told to ignore the upstream', async () => {
    const { gateway } = saying('no-cache', { freshness: 'ttl' });
    const first = await post(gateway, SPACES);
    expect(first.body.extensions?.responseCache).toMatchObject({ didCache: true, ttl: 10_000 });
  });
});

describe('a write made directly on /v1, with the defaults of start and gateway', () => {
  const config = (command: 'start' | 'gateway') =>
    loadConfig({ command, env: { LOG_LEVEL: 'silent', DOCS_GRAPH_MEMORY_TUNING: 'off' } });

  const read = async (url: string) => {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${DEMO_TOKENS.admin}`,
        'content-type': 'application/json',
        'x-docs-graph-debug': '1',
      },
      body: JSON.stringify({ query: SPACES }),
    });
    return { headers: response.headers, body: (await response.json()) as Reply };
  };
  const rename = async (v1: string, space: Json, title: string) => {
    const response = await fetch(`${v1}/v1/spaces/${restId(space.id)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${DEMO_TOKENS.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    expect(response.status).toBe(200);
  };
  const check = async (graphql: string, v1: string) => {
    const first = await read(graphql);
    expect(first.body.errors).toBeUndefined();
    const again = await read(graphql);
    expect(httpCalls(again.body).length).toBeGreaterThan(0);
    expect(httpCalls(again.body).every((c) => c.status === 304)).toBe(true);
    const space = spacesOf(again.body)[0] as Json;
    await rename(v1, space, `${String(space.title)} (renamed on /v1)`);
    const next = await read(graphql);
    expect(spacesOf(next.body)[0]?.title).toBe(`${String(space.title)} (renamed on /v1)`);
  };

  it('start: the cache is on and follows the upstream', async () => {
    const { ops } = config('start').gateway;
    expect(ops.cache).toMatchObject({ freshness: 'upstream' });
    const stack = await startStack({
      port: 0,
      host: '127.0.0.1',
      dbPath: ':memory:',
      gateway: true,
      ops,
    });
    try {
      await check(stack.url, stack.url);
    } finally {
      await stack.close();
    }
  });

  it('gateway: the cache is on and follows the upstream', async () => {
    const { ops } = config('gateway').gateway;
    expect(ops.cache).toMatchObject({ freshness: 'upstream' });
    const workspace = await startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:' });
    const server = await startGatewayServer({
      upstream: workspace.url,
      port: 0,
      host: '127.0.0.1',
      debug: true,
      ops,
    });
    try {
      await check(server.url, workspace.url);
    } finally {
      await server.close();
      await workspace.close();
    }
  });
});

describe('freshness of one answer', () => {
  it('reads Cache-Control, Expires, Date and Age', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(freshnessOf({ cacheControl: 'private, no-cache' })).toEqual({
      maxAge: 0,
      sharedMaxAge: 0,
      noStore: false,
      private: true,
    });
    expect(freshnessOf({})).toMatchObject({ maxAge: 0, noStore: false });
    expect(freshnessOf({ cacheControl: 'no-store, max-age=60' })).toMatchObject({
      maxAge: 0,
      noStore: true,
    });
    expect(freshnessOf({ cacheControl: 'max-age=60, s-maxage=5', age: '10' })).toMatchObject({
      maxAge: 50,
      sharedMaxAge: 0,
    });
    expect(freshnessOf({ cacheControl: 'public, max-age=60, s-maxage=30' })).toMatchObject({
      maxAge: 60,
      sharedMaxAge: 30,
    });
    const expires = {
      expires: 'Thu, 01 Jan 2026 00:02:00 GMT',
      date: 'Thu, 01 Jan 2026 00:00:00 GMT',
    };
    expect(freshnessOf(expires, now)).toMatchObject({ maxAge: 120, sharedMaxAge: 120 });
    expect(freshnessOf({ ...expires, cacheControl: 'max-age=5' }, now).maxAge).toBe(5);
    expect(freshnessOf({ expires: '0' }, now).maxAge).toBe(0);
  });
});
