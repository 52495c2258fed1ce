import { createServer, type Server } from 'node:http';
import { SpanKind } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTracing } from '../../src/gateway/ops/tracing.ts';
import { createGateway, type Gateway } from '../../src/gateway/yoga.ts';
import { type RunningStack, startStack } from '../../src/stack.ts';
import { post } from './support.ts';

const QUERY = `query Traced { organizations(first: 1) { nodes { id spaces(first: 2) { nodes { title } } } } }`;

describe('traces', () => {
  let workspace: RunningStack;
  let proxy: Server;
  let gateway: Gateway;
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  /** The `traceparent` header of every request that reached the upstream. */
  const received: Array<string | undefined> = [];

  beforeAll(async () => {
    registerTracing(provider);
    workspace = await startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:' });
    // A pass-through in front of /v1 that notes the trace context each upstream call carries.
    proxy = createServer((req, res) => {
      received.push(req.headers.traceparent as string | undefined);
      void fetch(`${workspace.url}${req.url}`, {
        headers: { authorization: String(req.headers.authorization ?? '') },
      }).then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(await answer.text());
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = proxy.address() as { port: number };
    gateway = createGateway({
      upstream: `http://127.0.0.1:${address.port}`,
      tracerProvider: provider,
      graphiql: false,
      debug: 'on-request',
    });
  });
  afterAll(async () => {
    await gateway.upstream.close();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    await workspace.close();
    await provider.shutdown();
  });

  it('makes a span per operation with parse, validate and execute, and one per upstream call', async () => {
    exporter.reset();
    received.length = 0;
    const reply = await post(gateway, QUERY, {}, 'admin', { 'x-docs-graph-debug': '1' });
    expect(reply.body.errors).toBeUndefined();
    const listed = reply.body.extensions as { upstream: Array<{ loader: boolean }> };
    const calls = listed.upstream.filter((c) => !c.loader);
    expect(calls.length).toBeGreaterThan(1);

    const spans = exporter.getFinishedSpans();
    const byName = (name: string) => spans.filter((s) => s.name === name);
    const operation = byName('query Traced');
    expect(operation).toHaveLength(1);
    const root = operation[0] as ReadableSpan;
    expect(root.kind).toBe(SpanKind.SERVER);
    expect(root.attributes['graphql.operation.name']).toBe('Traced');
    const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;
    for (const phase of ['graphql.parse', 'graphql.validate', 'graphql.execute']) {
      expect(byName(phase)).toHaveLength(1);
      expect(parentOf(byName(phase)[0] as ReadableSpan)).toBe(root.spanContext().spanId);
    }
    const execute = byName('graphql.execute')[0] as ReadableSpan;
    const upstream = spans.filter((s) => s.kind === SpanKind.CLIENT);
    expect(upstream).toHaveLength(calls.length);
    for (const span of upstream) {
      expect(parentOf(span)).toBe(execute.spanContext().spanId);
      expect(span.spanContext().traceId).toBe(root.spanContext().traceId);
      expect(span.attributes['url.template']).toMatch(/^\/(orgs|spaces)/);
      expect(span.name).toMatch(/^GET \/orgs/);
    }
    // Each upstream request carried its own span's W3C trace context.
    expect(received).toHaveLength(calls.length);
    const sent = new Set(received);
    for (const span of upstream) {
      expect(sent).toContain(`00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`);
    }
  });

  it('makes no spans for a gateway without a tracer provider', async () => {
    const plain = createGateway({ upstream: workspace.url, graphiql: false });
    exporter.reset();
    await post(plain, QUERY);
    expect(exporter.getFinishedSpans()).toEqual([]);
    await plain.upstream.close();
  });
});
