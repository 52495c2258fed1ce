import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { Redis } from 'ioredis';
import type { GuardOptions } from '../../src/gateway/guard/plugins.ts';
import { mountGateway } from '../../src/gateway/mount.ts';
import { createMetrics, type GatewayMetrics } from '../../src/gateway/ops/metrics.ts';
import { createRedis, DEFAULT_REDIS_URL } from '../../src/gateway/redis.ts';
import { createGateway, type Gateway } from '../../src/gateway/yoga.ts';
import { type RunningStack, startStack } from '../../src/stack.ts';
import { DEMO_TOKENS, type DemoPersona } from '../../src/workspace/demo/users.ts';

/** The embedded `/v1` alone (the replicas are gateways in front of it). */
export function startWorkspace(): Promise<RunningStack> {
  return startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:' });
}

export interface Replica {
  url: string;
  gateway: Gateway;
  metrics: GatewayMetrics;
  redis: Redis | undefined;
  close(): Promise<void>;
}

/** A gateway replica on its own port, on Redis under `prefix` when given. */
export async function startReplica(
  upstream: string,
  options: { prefix?: string; pollIntervalMs?: number; guard?: GuardOptions } = {},
): Promise<Replica> {
  const metrics = createMetrics();
  const redis =
    options.prefix === undefined
      ? undefined
      : createRedis(process.env.REDIS_URL ?? DEFAULT_REDIS_URL, { keyPrefix: options.prefix });
  const gateway = createGateway({
    upstream,
    metrics,
    ...(redis ? { redis } : {}),
    guard: { maxCost: 100_000, ...options.guard },
    live: { pollIntervalMs: options.pollIntervalMs ?? 300, heartbeatMs: 1_000 },
  });
  await gateway.live.ready();
  const app = Fastify();
  mountGateway(app, '/graphql', () => gateway);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql`;
  let closed = false;
  return {
    url,
    gateway,
    metrics,
    redis,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await gateway.upstream.close();
      redis?.disconnect();
    },
  };
}

/** One message of an event stream. */
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: {
    data?: Record<string, unknown>;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
}

/** A subscription over SSE: the events received so far, and a wait for the next ones. */
export interface Stream {
  events: SseEvent[];
  /** Resolves when `count` events (`next` or `complete`) have arrived. */
  until(count: number): Promise<SseEvent[]>;
  /** Resolves once the stream's first bytes (the opening comment) arrived. */
  opened: Promise<void>;
  close(): void;
}

/** Opens a subscription over SSE (graphql-sse distinct connections mode) as a demo persona. */
export function subscribe(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  as: DemoPersona,
  lastEventId?: string,
): Stream {
  const controller = new AbortController();
  const events: SseEvent[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const notify = () => {
    for (const w of waiters.splice(0)) {
      if (events.length >= w.count) w.resolve();
      else waiters.push(w);
    }
  };
  void (async () => {
    const response = await fetch(url, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        authorization: `Bearer ${DEMO_TOKENS[as]}`,
        ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      open();
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const fields: Record<string, string> = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const at = line.indexOf(':');
          fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
        }
        if (!fields.event) continue;
        events.push({
          id: fields.id,
          event: fields.event,
          data: fields.data ? JSON.parse(fields.data) : {},
        });
        notify();
      }
    }
  })().catch(() => {});
  return {
    events,
    opened,
    until(count) {
      return new Promise((resolve) => {
        waiters.push({ count, resolve: () => resolve(events) });
        notify();
      });
    },
    close: () => controller.abort(),
  };
}

/** A GraphQL request over HTTP as a demo persona. */
export async function gql<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  as: DemoPersona = 'admin',
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${DEMO_TOKENS[as]}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

/** A `/v1` write as a demo persona, around the gateway. */
export async function v1(
  base: string,
  method: string,
  path: string,
  body: unknown,
  as: DemoPersona = 'admin',
) {
  const response = await fetch(`${base}/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${DEMO_TOKENS[as]}` },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The value of a counter (summed over its labels matching `labels`) in a replica's metrics. */
export async function metric(
  replica: Replica,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const found = await replica.metrics.registry.getSingleMetric(name)?.get();
  return (found?.values ?? [])
    .filter((v) => Object.entries(labels).every(([k, x]) => String(v.labels[k]) === x))
    .reduce((sum, v) => sum + v.value, 0);
}

/** Waits until `check` holds, polling every 50 ms, at most `ms`; false when it never did. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}
