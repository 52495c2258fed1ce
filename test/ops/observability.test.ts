import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/gateway/ops/logging.ts';
import { createMetrics } from '../../src/gateway/ops/metrics.ts';
import { UpstreamClient } from '../../src/gateway/upstream/client.ts';
import { routeTemplate, UNMATCHED_ROUTE, V1_ROUTES } from '../../src/gateway/upstream/routes.ts';
import { createGateway } from '../../src/gateway/yoga.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { type OpsStack, post, startOpsStack } from './support.ts';

const NESTED = `query Nested { organizations(first: 1) { nodes { id spaces(first: 2) { nodes { id title changeRequests(first: 2) { nodes { subject createdBy { displayName } } } } } } } }`;

/** A pino destination that keeps every line, parsed. */
function collector() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { lines, raw, stream };
}

describe('route templates', () => {
  it('names upstream paths by their spec route, never by their ids', () => {
    expect(routeTemplate('/spaces/sp_1/change-requests?limit=5')).toBe(
      '/spaces/{spaceId}/change-requests',
    );
    expect(routeTemplate('/orgs/o1/openapi/api/versions/latest/content')).toBe(
      '/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content',
    );
    expect(routeTemplate('/orgs/o1/openapi/api/versions/v9/content')).toBe(
      '/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content',
    );
    expect(routeTemplate('/orgs')).toBe('/orgs');
    expect(routeTemplate('/nothing/here')).toBe(UNMATCHED_ROUTE);
    expect(routeTemplate('/spaces/')).toBe(UNMATCHED_ROUTE);
    expect(new Set(V1_ROUTES).size).toBe(V1_ROUTES.length);
  });
});

describe('metrics and logs', () => {
  let ops: OpsStack;
  beforeAll(async () => {
    ops = await startOpsStack();
  });
  afterAll(async () => {
    await ops.close();
  });

  it('count requests, errors, cache hits and upstream calls by route template', async () => {
    const metrics = createMetrics();
    // Fixed lifetimes: /v1 says `no-cache`, so following it nothing is served from the cache.
    const { gateway, upstream } = ops.gateway({ metrics, cache: { freshness: 'ttl' } });
    await post(gateway, NESTED);
    const calls = [...upstream.calls];
    expect(calls.length).toBeGreaterThan(2);
    await post(gateway, NESTED);
    await post(gateway, `query Broken { node(id: "U3BhY2U6bm9wZQ==") { id } }`);
    await post(gateway, `{ organizations(first: 1) { nodes { id } } }`, {}, null);

    const text = await metrics.registry.metrics();
    expect(text).toContain('docs_graph_graphql_requests_total{operation="Nested",outcome="ok"} 1');
    expect(text).toContain(
      'docs_graph_graphql_requests_total{operation="Nested",outcome="cached"} 1',
    );
    expect(text).toContain(
      'docs_graph_graphql_requests_total{operation="Broken",outcome="error"} 1',
    );
    expect(text).toMatch(/docs_graph_graphql_errors_total\{code="NOT_FOUND"\} 1/);
    expect(text).toMatch(/docs_graph_graphql_errors_total\{code="UNAUTHENTICATED"\} 1/);
    expect(text).toContain('docs_graph_response_cache_total{result="hit"} 1');
    expect(text).toContain('docs_graph_response_cache_total{result="miss"} 3');
    expect(text).toContain(
      'docs_graph_upstream_requests_total{method="GET",path="/spaces/{spaceId}/change-requests",status="200"}',
    );
    expect(text).toContain(
      'docs_graph_upstream_request_duration_seconds_bucket{le="0.005",method="GET",path="/orgs"}',
    );
    expect(text).toContain('docs_graph_graphql_requests_in_flight 0');
    expect(text).not.toContain(UNMATCHED_ROUTE);
    // No raw id of any path the gateway called appears in a label.
    for (const call of calls) {
      for (const part of call.path
        .split(/[/?&=]/)
        .filter((p) => p.length > 8 && !/^[a-z-]+$/.test(p))) {
        expect(text).not.toContain(part);
      }
    }
    const counted = text
      .split('\n')
      .filter((l) => l.startsWith('docs_graph_upstream_requests_total{'))
      .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
    expect(counted).toBe(upstream.calls.length);
  });

  it('counts retries of upstream calls', async () => {
    const metrics = createMetrics();
    let failures = 1;
    const flaky = {
      async request(req: Parameters<UpstreamClient['request']>[0]) {
        const response = await ops.workspace.app.inject({
          method: 'GET',
          url: `/v1${req.path}`,
          headers: { authorization: req.authorization ?? '' },
        });
        const attempts = failures-- > 0 ? 2 : 1;
        return { status: response.statusCode, body: response.json(), attempts };
      },
      close: async () => {},
    };
    const gateway = createGateway({ upstream: flaky, metrics, graphiql: false });
    await post(gateway, `{ organizations(first: 1) { nodes { id } } }`);
    expect(await metrics.registry.metrics()).toContain(
      'docs_graph_upstream_retries_total{method="GET",path="/orgs"} 1',
    );
  });

  it('log one line per request, upstream failures by template, and never a token', async () => {
    const { lines, raw, stream } = collector();
    const logger = createLogger({ level: 'info', destination: stream });
    const { gateway } = ops.gateway({ logger });
    await post(gateway, NESTED, {}, 'admin', { 'x-request-id': 'req-42' });
    await post(gateway, `query Missing { node(id: "U3BhY2U6bm9wZQ==") { id } }`);
    const dead = createGateway({
      upstream: new UpstreamClient({ baseUrl: 'http://127.0.0.1:9', retries: 0 }),
      logger,
      graphiql: false,
    });
    await post(dead, `query Down { organizations(first: 1) { nodes { id } } }`, {}, 'edit');
    await dead.upstream.close();

    const requests = lines.filter((l) => l.msg === 'graphql request');
    expect(requests).toHaveLength(3);
    expect(requests[0]).toMatchObject({
      requestId: 'req-42',
      operation: 'Nested',
      operationType: 'query',
      outcome: 'ok',
      status: 200,
    });
    expect(requests[0]?.upstreamCalls).toBeGreaterThan(2);
    expect(typeof requests[0]?.ms).toBe('number');
    expect(requests[1]).toMatchObject({
      operation: 'Missing',
      outcome: 'error',
      errorCodes: ['NOT_FOUND'],
    });
    expect(requests[2]).toMatchObject({ operation: 'Down', outcome: 'error', upstreamCalls: 1 });
    const failures = lines.filter((l) => l.msg === 'upstream call failed');
    expect(failures).toContainEqual(
      expect.objectContaining({
        level: 40,
        upstream: expect.objectContaining({ method: 'GET', path: '/orgs', status: null }),
      }),
    );
    expect(failures).toContainEqual(
      expect.objectContaining({
        upstream: expect.objectContaining({ path: '/spaces/{spaceId}', status: 404 }),
      }),
    );
    const all = raw.join('\n');
    for (const token of Object.values(DEMO_TOKENS)) expect(all).not.toContain(token);
    expect(all).not.toContain('Bearer');
  });

  it('redacts a token even when one is handed to the logger', () => {
    const { raw, stream } = collector();
    const logger = createLogger({ destination: stream });
    logger.info(
      { authorization: 'Bearer dg_demo_admin', req: { headers: { authorization: 'x' } } },
      'x',
    );
    expect(raw.join('')).not.toContain('dg_demo_admin');
    expect(raw.join('')).toContain('[redacted]');
  });
});

describe('the operation label', () => {
  /** The distinct `operation` label values of `docs_graph_graphql_requests_total`. */
  const operations = async (metrics: ReturnType<typeof createMetrics>) => {
    const found = await metrics.registry
      .getSingleMetric('docs_graph_graphql_requests_total')
      ?.get();
    return new Set((found?.values ?? []).map((v) => String(v.labels.operation)));
  };
  const hash = (text: string) => createHash('sha256').update(text).digest('hex');

  it('labels at most 100 distinct names by default, every other name as other', async () => {
    const metrics = createMetrics();
    const gateway = createGateway({ upstream: 'http://127.0.0.1:9', metrics, graphiql: false });
    await post(gateway, `query Known { __typename }`, {}, null);
    const before = (await operations(metrics)).size;
    for (let i = 0; i < 300; i++) {
      const name = `Random${randomBytes(6).toString('hex')}`;
      const reply = await post(gateway, `query ${name} { __typename }`, {}, null);
      expect(reply.body.errors).toBeUndefined();
    }
    const labels = await operations(metrics);
    expect(labels.size - before).toBeLessThanOrEqual(100);
    expect(labels.has('other')).toBe(true);
    expect(labels.has('Known')).toBe(true);
    // A name labelled before the bound was reached keeps its label.
    await post(gateway, `query Known { __typename }`, {}, null);
    const text = await metrics.registry.metrics();
    expect(text).toContain('docs_graph_graphql_requests_total{operation="Known",outcome="ok"} 2');
    await gateway.upstream.close();
  });

  it('labels the operations of trusted documents by name past the bound', async () => {
    const metrics = createMetrics(undefined, { operationLabels: 0 });
    const trusted = `query Trusted { __typename }`;
    const gateway = createGateway({
      upstream: 'http://127.0.0.1:9',
      metrics,
      graphiql: false,
      guard: { trustedDocuments: { [hash(trusted)]: trusted } },
    });
    const byHash = async (operationName?: string) => {
      const response = await gateway.fetch('http://gateway/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...(operationName ? { operationName } : {}),
          extensions: { persistedQuery: { version: 1, sha256Hash: hash(trusted) } },
        }),
      });
      return (await response.json()) as { data?: unknown };
    };
    expect((await byHash()).data).toEqual({ __typename: 'Query' });
    // A name the client gives, which no trusted document declares, is past the bound (0).
    await byHash('Bogus');
    // Query text is refused before it is named.
    await post(gateway, `query Text { __typename }`, {}, null);
    expect([...(await operations(metrics))].sort()).toEqual(['Trusted', 'anonymous', 'other']);
    await gateway.upstream.close();
  });
});
