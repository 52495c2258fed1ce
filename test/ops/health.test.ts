import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { probeUpstream } from '../../src/gateway/ops/runtime.ts';
import { UpstreamClient } from '../../src/gateway/upstream/client.ts';
import { type RunningStack, startGatewayServer, startStack } from '../../src/stack.ts';

const QUERY = JSON.stringify({
  query: 'query Orgs { organizations(first: 1) { nodes { title } } }',
});
const auth = { authorization: 'Bearer dg_demo_admin', 'content-type': 'application/json' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const quiet = (extra: Record<string, string> = {}) =>
  loadConfig({ env: { LOG_LEVEL: 'silent', ...extra } }).gateway.ops;

/** Checks /health, /readiness and /metrics of a server, that its cache is on and revalidates. */
async function checkEndpoints(url: string) {
  const health = await fetch(`${url}/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const ready = await fetch(`${url}/readiness`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready', checks: { upstream: { ok: true } } });
  for (let i = 0; i < 2; i++) {
    await fetch(`${url}/graphql`, { method: 'POST', headers: auth, body: QUERY });
  }
  const metrics = await fetch(`${url}/metrics`);
  expect(metrics.status).toBe(200);
  expect(metrics.headers.get('content-type')).toContain('text/plain');
  const text = await metrics.text();
  // The cache is on and follows /v1 (`no-cache`): the repeat revalidates with a 304.
  expect(text).toContain('docs_graph_graphql_requests_total{operation="Orgs",outcome="ok"} 2');
  expect(text).toContain('docs_graph_response_cache_total{result="miss"} 2');
  expect(text).toContain('docs_graph_upstream_revalidated_total{path="/orgs"} 1');
}

describe('health, readiness and metrics', () => {
  let workspace: RunningStack;
  beforeAll(async () => {
    workspace = await startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:' });
  });
  afterAll(async () => {
    await workspace.close();
  });

  it('are served under `gateway`', async () => {
    const server = await startGatewayServer({
      upstream: workspace.url,
      port: 0,
      host: '127.0.0.1',
      ops: quiet(),
    });
    try {
      await checkEndpoints(server.url);
    } finally {
      await server.close();
    }
  });

  it('are served under `start`', async () => {
    const stack = await startStack({
      port: 0,
      host: '127.0.0.1',
      dbPath: ':memory:',
      gateway: true,
      ops: quiet(),
    });
    try {
      await checkEndpoints(stack.url);
    } finally {
      await stack.close();
    }
  });

  it('serve metrics on a port of their own, or not at all, by configuration', async () => {
    const port = await freePort();
    const own = await startGatewayServer({
      upstream: workspace.url,
      port: 0,
      host: '127.0.0.1',
      ops: quiet({ DOCS_GRAPH_METRICS: String(port) }),
    });
    const off = await startGatewayServer({
      upstream: workspace.url,
      port: 0,
      host: '127.0.0.1',
      ops: quiet({ DOCS_GRAPH_METRICS: 'off' }),
    });
    try {
      expect((await fetch(`${own.url}/metrics`)).status).toBe(404);
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(text).toContain('docs_graph_graphql_requests_in_flight');
      expect((await fetch(`${off.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${off.url}/health`)).status).toBe(200);
    } finally {
      await own.close();
      await off.close();
    }
  });

  it('report not ready while the upstream cannot be reached', async () => {
    const port = await freePort();
    const server = await startGatewayServer({
      upstream: `http://127.0.0.1:${port}`,
      port: 0,
      host: '127.0.0.1',
      ops: quiet(),
    });
    try {
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      const ready = await fetch(`${server.url}/readiness`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        status: 'not ready',
        checks: { upstream: { ok: false } },
      });
    } finally {
      await server.close();
    }
  });

  it('probe the upstream with one unauthenticated GET that any /v1 answers', async () => {
    const client = new UpstreamClient({ baseUrl: workspace.url });
    expect(await probeUpstream(client)).toEqual({ kind: 'answered', status: 401 });
    await client.close();
    const dead = new UpstreamClient({
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      retries: 0,
    });
    expect(await probeUpstream(dead)).toMatchObject({ kind: 'unreachable' });
    await dead.close();
  });
});
