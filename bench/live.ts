/**
 * Live data across replicas: how long a change made through one gateway replica takes to reach a
 * subscriber on another. The embedded `/v1` runs in its own process; two gateway replicas share
 * one Redis (under a key prefix of this run, removed at the end). A subscriber on replica A
 * watches a change request over server-sent events; replica B changes its status, `--runs` times
 * (alternating two statuses); each figure is the time from sending the mutation to the event's
 * arrival. The reference is the mutation's own round trip, measured in the same run. Prints the
 * load average before and after. `npx tsx bench/live.ts` (options: --runs N, --redis URL).
 * Asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { mountGateway } from '../src/gateway/mount.ts';
import { createRedis, DEFAULT_REDIS_URL } from '../src/gateway/redis.ts';
import { createGateway } from '../src/gateway/yoga.ts';
import { DEMO_TOKENS } from '../src/workspace/demo/users.ts';
import { startWorkspace } from './workspace.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    redis: { type: 'string', default: DEFAULT_REDIS_URL },
  },
});
const runs = Number(values.runs);
const prefix = `docs-graph-bench-live-${randomUUID().slice(0, 8)}:`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

async function replica(upstream: string) {
  const redis = createRedis(values.redis, { keyPrefix: prefix });
  const gateway = createGateway({ upstream, redis, live: { pollIntervalMs: 5_000 } });
  await gateway.live.ready();
  const app = Fastify();
  mountGateway(app, '/graphql', () => gateway);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql`,
    async close() {
      await app.close();
      await gateway.upstream.close();
      redis.disconnect();
    },
  };
}

async function gql<T>(url: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${DEMO_TOKENS.admin}`,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`query failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Subscribes over SSE; `next()` resolves with the arrival time of the next `next` event. */
function subscribe(url: string, id: string) {
  const controller = new AbortController();
  const arrivals: number[] = [];
  const waiting: Array<(at: number) => void> = [];
  const opened = (async () => {
    const response = await fetch(url, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        authorization: `Bearer ${DEMO_TOKENS.admin}`,
      },
      body: JSON.stringify({
        query: 'subscription($id: ID!) { changeRequestChanged(id: $id) { id status } }',
        variables: { id },
      }),
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    return async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: next$/m.test(message)) {
            const at = performance.now();
            const waiter = waiting.shift();
            if (waiter) waiter(at);
            else arrivals.push(at);
          }
          end = buffer.indexOf('\n\n');
        }
      }
    };
  })();
  void opened.then((read) => read());
  return {
    opened,
    next: () =>
      new Promise<number>((resolve) => {
        const at = arrivals.shift();
        if (at !== undefined) resolve(at);
        else waiting.push(resolve);
      }),
    close: () => controller.abort(),
  };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

const before = load();
const workspace = await startWorkspace(1);
const a = await replica(workspace.url);
const b = await replica(workspace.url);
const redis = createRedis(values.redis, { keyPrefix: prefix });
try {
  const data = await gql<{
    organizations: {
      nodes: { spaces: { nodes: { changeRequests: { nodes: { id: string }[] } }[] } }[];
    };
  }>(
    a.url,
    '{ organizations(first: 2) { nodes { spaces(first: 10) { nodes { changeRequests(first: 1, status: OPEN) { nodes { id } } } } } } }',
  );
  const id = data.organizations.nodes
    .flatMap((o) => o.spaces.nodes)
    .flatMap((s) => s.changeRequests.nodes)[0]?.id;
  if (!id) throw new Error('no open change request in the demo data');
  const stream = subscribe(a.url, id);
  await stream.opened;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const delivery: number[] = [];
  const roundTrip: number[] = [];
  for (let i = 0; i < runs; i++) {
    const status = i % 2 === 0 ? 'ARCHIVED' : 'OPEN';
    const arrival = stream.next();
    const sent = performance.now();
    await gql(
      b.url,
      `mutation($id: ID!) { updateChangeRequest(input: { changeRequestId: $id, status: ${status} }) { __typename } }`,
      { id },
    );
    roundTrip.push(performance.now() - sent);
    delivery.push((await arrival) - sent);
  }
  stream.close();
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  process.stdout.write(
    `docs-graph live bench: ${runs} status changes through replica B, watched on replica A (one Redis); load average ${before}\n\n` +
      '| what | p50 | p90 | max |\n|---|---|---|---|\n' +
      `| mutation sent on B -> event received on A | ${ms(quantile(delivery, 0.5))} | ${ms(quantile(delivery, 0.9))} | ${ms(Math.max(...delivery))} |\n` +
      `| the mutation's own round trip on B (reference) | ${ms(quantile(roundTrip, 0.5))} | ${ms(quantile(roundTrip, 0.9))} | ${ms(Math.max(...roundTrip))} |\n` +
      `\nevent within 300 ms of the mutation: ${delivery.filter((d) => d <= 300).length} of ${runs}` +
      `\nload average after: ${load()}\n`,
  );
} finally {
  await a.close();
  await b.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys.map((key) => key.slice(prefix.length)));
  redis.disconnect();
  workspace.stop();
}
