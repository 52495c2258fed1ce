import { Writable } from 'node:stream';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerPart } from '../../src/client/incremental.ts';
import { createLogger } from '../../src/gateway/ops/logging.ts';
import { createMetrics } from '../../src/gateway/ops/metrics.ts';
import { registerTracing } from '../../src/gateway/ops/tracing.ts';
import {
  type DeferStack,
  incrementalRequest,
  partsOf,
  sha256,
  startDeferStack,
} from './defer.support.ts';

// Everything around an operation keeps working when it is answered part by part: logs,
// metrics, traces, the response cache, rate limits, limits, trusted documents and APQ.

let stack: DeferStack;
let spaceId: string;

const QUERY = `query Deferred($spaceId: ID!) {
  space(id: $spaceId) {
    id
    ... @defer(label: "tree") { pages { id title } }
  }
}`;

beforeAll(async () => {
  stack = await startDeferStack();
  const { gateway } = stack.gateway();
  const [answer] = await partsOf(
    await gateway.fetch(
      'http://gateway/graphql',
      incrementalRequest({
        query: '{ organizations(first: 1) { nodes { spaces(first: 1) { nodes { id } } } } }',
      }),
    ),
  );
  const data = (answer as AnswerPart).data as {
    organizations: { nodes: Array<{ spaces: { nodes: Array<{ id: string }> } }> };
  };
  spaceId = data.organizations.nodes[0]?.spaces.nodes[0]?.id as string;
}, 60_000);
afterAll(() => stack.close());

async function ask(
  gateway: ReturnType<DeferStack['gateway']>['gateway'],
  body: Record<string, unknown>,
): Promise<AnswerPart[]> {
  return partsOf(await gateway.fetch('http://gateway/graphql', incrementalRequest(body)));
}

describe('an incremental answer', () => {
  it('is logged once, at its last part, with its number of parts, and measured once', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const metrics = createMetrics();
    const { gateway, upstream } = stack.gateway({
      logger: createLogger({ destination: stream }),
      metrics,
    });
    const parts = await ask(gateway, { query: QUERY, variables: { spaceId } });
    await new Promise((resolve) => setImmediate(resolve));
    const requests = lines.filter((l) => l.msg === 'graphql request');
    expect(parts).toHaveLength(2);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      operation: 'Deferred',
      outcome: 'ok',
      parts: 2,
      upstreamCalls: upstream.calls.length,
    });
    const text = await metrics.registry.metrics();
    expect(text).toContain(
      'docs_graph_graphql_requests_total{operation="Deferred",outcome="ok"} 1',
    );
    expect(text).toContain('docs_graph_graphql_requests_in_flight 0');
  });

  it('is one trace: the operation span lasts to the last part, with a span per part', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    registerTracing(provider);
    const { gateway } = stack.gateway({ tracerProvider: provider });
    const parts = await ask(gateway, { query: QUERY, variables: { spaceId } });
    await new Promise((resolve) => setImmediate(resolve));
    const spans = exporter.getFinishedSpans();
    const operation = spans.filter((s) => s.name === 'query Deferred');
    expect(operation).toHaveLength(1);
    const root = operation[0] as ReadableSpan;
    expect(new Set(spans.map((s) => s.spanContext().traceId))).toEqual(
      new Set([root.spanContext().traceId]),
    );
    const partSpans = spans.filter((s) => s.name === 'graphql.part');
    expect(partSpans).toHaveLength(parts.length);
    expect(partSpans.map((s) => s.attributes['graphql.part.index'])).toEqual([0, 1]);
    expect(partSpans.map((s) => s.parentSpanContext?.spanId)).toEqual([
      root.spanContext().spanId,
      root.spanContext().spanId,
    ]);
    expect(root.attributes['graphql.parts']).toBe(2);
    await provider.shutdown();
  });

  it('is cached whole once complete, and a hit is answered whole', async () => {
    const { gateway, upstream } = stack.gateway({ cache: { freshness: 'ttl' } });
    const first = await ask(gateway, { query: QUERY, variables: { spaceId } });
    expect(first).toHaveLength(2);
    const calls = upstream.calls.length;
    expect(calls).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await ask(gateway, { query: QUERY, variables: { spaceId } });
    expect(upstream.calls.length).toBe(calls);
    expect(second).toHaveLength(1);
    expect(second[0]?.data).toEqual({
      space: { id: spaceId, pages: first[1]?.incremental?.[0]?.data?.pages },
    });
  });

  it('is refused by the rate limit and the cost limit like a whole one, and gives back unspent calls', async () => {
    const limited = stack.gateway({
      guard: { rateLimit: { capacity: 50, refillPerSecond: 0.001 } },
    });
    const parts = await ask(limited.gateway, { query: QUERY, variables: { spaceId } });
    const cost = parts.at(-1)?.extensions?.cost as {
      actual: number;
      remaining: number;
      requested: number;
    };
    expect(cost.actual).toBe(limited.upstream.calls.length);
    expect(cost.remaining).toBe(50 - cost.actual);
    const tight = stack.gateway({ guard: { maxCost: 0 } });
    const refused = await ask(tight.gateway, { query: QUERY, variables: { spaceId } });
    expect(refused).toHaveLength(1);
    expect(refused[0]?.errors?.[0]?.extensions?.code).toBe('COST_LIMIT_EXCEEDED');
    expect(tight.upstream.calls).toEqual([]);
  });

  it('runs from a trusted document and from APQ', async () => {
    const hash = sha256(QUERY);
    const trusted = stack.gateway({ guard: { trustedDocuments: { [hash]: QUERY } } });
    const extensions = { persistedQuery: { version: 1, sha256Hash: hash } };
    const fromManifest = await ask(trusted.gateway, { extensions, variables: { spaceId } });
    expect(fromManifest).toHaveLength(2);
    expect(fromManifest.at(-1)?.hasNext).toBe(false);
    const apq = stack.gateway();
    const miss = await ask(apq.gateway, { extensions, variables: { spaceId } });
    expect(miss[0]?.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await ask(apq.gateway, { query: QUERY, extensions, variables: { spaceId } });
    expect(registered).toHaveLength(2);
    const byHash = await ask(apq.gateway, { extensions, variables: { spaceId } });
    expect(byHash).toHaveLength(2);
    expect(byHash[1]?.incremental?.[0]?.label).toBe('tree');
  });
});
