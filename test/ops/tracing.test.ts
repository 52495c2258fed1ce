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
import { routeTemplate } from '../../src/gateway/upstream/routes.ts';
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
  /** The path (with its query) of every request that reached the upstream. */
  const paths: string[] = [];

  beforeAll(async () => {
    registerTracing(provider);
    workspace = await startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:' });
    // A pass-through in front of /v1 that notes the trace context each upstream call carries.
    proxy = createServer((req, res) => {
      received.push(req.headers.traceparent as string | undefined);
      paths.push(req.url ?? '');
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
    paths.length = 0;
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
      // URL attributes carry the route template, never ids or the query string.
      const template = span.attributes['url.template'] as string;
      expect(span.attributes['url.path']).toBe(`/v1${template}`);
      expect(span.attributes['url.full']).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:\\d+/v1${template.replace(/[{}]/g, '\\$&')}$`),
      );
      expect(span.attributes['url.query']).toBe('');
    }
    // No attribute of any span holds a raw upstream path or query string.
    expect(paths.some((p) => p.includes('?'))).toBe(true);
    expect(paths.some((p) => p.split('?')[0] !== `/v1${routeTemplate(p.slice(3))}`)).toBe(true);
    const values = spans.flatMap((s) => Object.values(s.attributes).map(String));
    for (const path of paths) {
      const [pathname = '', query] = path.split('?');
      const raw = pathname !== `/v1${routeTemplate(pathname.slice(3))}`;
      for (const value of values) {
        if (raw) expect(value).not.toContain(pathname);
        if (query) expect(value).not.toContain(query);
      }
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
