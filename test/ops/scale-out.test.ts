import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REDIS_URL } from '../../src/gateway/redis.ts';
import { type RunningStack, startStack } from '../../src/stack.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { Processes } from './processes.ts';

const REDIS_URL = process.env.REDIS_URL || DEFAULT_REDIS_URL;
const PREFIX = `docs-graph-test:${randomUUID()}:`;

async function redisReachable(): Promise<string | undefined> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.ping();
    return undefined;
  } catch (error) {
    return `Redis at ${REDIS_URL} is unreachable (${(error as Error).message})`;
  } finally {
    probe.disconnect();
  }
}

const unreachable = await redisReachable();
if (unreachable && process.env.CI === 'true') {
  throw new Error(`${unreachable}: the scale-out test needs it in CI`);
}
if (unreachable) console.warn(`skipping the scale-out test: ${unreachable}`);

const SPACES = `query Spaces { organizations(first: 1) { nodes { spaces(first: 3) { nodes { id title changeRequests(first: 2) { nodes { subject } } } } } } }`;
const RENAME = `mutation Rename($input: UpdateSpaceInput!) { updateSpace(input: $input) { __typename ... on SpacePayload { space { id title } } } }`;

type Json = Record<string, unknown>;
interface Reply {
  data?: Json;
  errors?: unknown[];
  extensions?: { responseCache?: Json };
}

describe.skipIf(unreachable !== undefined)('gateway replicas sharing one Redis', () => {
  const processes = new Processes();
  let workspace: RunningStack;
  let counter: Server;
  /** Authenticated calls that reached /v1 from any replica. */
  let upstreamCalls = 0;
  const replicas: string[] = [];

  const gql = async (
    replica: number,
    query: string,
    variables: Json = {},
    token = DEMO_TOKENS.admin,
  ): Promise<Reply> => {
    const response = await fetch(`${replicas[replica]}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as Reply;
  };
  const take = () => {
    const n = upstreamCalls;
    upstreamCalls = 0;
    return n;
  };
  const spaces = (reply: Reply): Json[] => {
    const orgs = (reply.data as Json).organizations as { nodes: Json[] };
    return ((orgs.nodes[0] as Json).spaces as { nodes: Json[] }).nodes;
  };

  beforeAll(async () => {
    workspace = await startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:' });
    counter = createServer((req, res) => {
      if (req.headers.authorization) upstreamCalls++;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void fetch(`${workspace.url}${req.url}`, {
          method: req.method ?? 'GET',
          headers: {
            authorization: String(req.headers.authorization ?? ''),
            ...(chunks.length ? { 'content-type': 'application/json' } : {}),
          },
          ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
        }).then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(await answer.text());
        });
      });
    });
    await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
    const upstream = `http://127.0.0.1:${(counter.address() as { port: number }).port}`;
    // Fixed lifetimes: this proxy passes no Cache-Control, so following it nothing is kept.
    const args = ['--upstream', upstream, '--redis', REDIS_URL, '--redis-prefix', PREFIX];
    args.push('--cache-freshness', 'ttl');
    for (let n = 0; n < 3; n++) {
      const { url } = await processes.gateway([...args, '--require-redis']);
      // Ready means the upstream answered and this replica's Redis connection is up.
      for (let i = 0; (await fetch(`${url}/readiness`)).status !== 200; i++) {
        if (i > 100) throw new Error(`replica ${url} never got ready`);
        await sleep(100);
      }
      replicas.push(url);
    }
    take();
  }, 240_000);

  afterAll(async () => {
    processes.stopAll();
    counter?.closeAllConnections();
    await new Promise<void>((resolve) => (counter ? counter.close(() => resolve()) : resolve()));
    await workspace?.close();
    const redis = new Redis(REDIS_URL);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
    redis.disconnect();
  });

  it('serves through B and C what A cached, with no upstream call', async () => {
    const first = await gql(0, SPACES);
    expect(first.errors).toBeUndefined();
    expect(first.extensions?.responseCache).toMatchObject({ hit: false, didCache: true });
    expect(take()).toBeGreaterThan(2);
    for (const replica of [1, 2]) {
      const cached = await gql(replica, SPACES);
      expect(cached.extensions?.responseCache).toEqual({ hit: true });
      expect(cached.data).toEqual(first.data);
    }
    expect(take()).toBe(0);
  });

  it('scopes entries to their token on every replica', async () => {
    const full = await gql(0, SPACES, {}, DEMO_TOKENS.read);
    expect(full.extensions?.responseCache).toMatchObject({ hit: false });
    const calls = take();
    expect(calls).toBeGreaterThan(2);
    expect((await gql(1, SPACES, {}, DEMO_TOKENS.read)).extensions?.responseCache).toEqual({
      hit: true,
    });
    expect((await gql(2, SPACES, {}, DEMO_TOKENS.edit)).extensions?.responseCache).toMatchObject({
      hit: false,
    });
    expect(take()).toBe(calls);
  });

  it('a mutation through B invalidates the entry on A and C', async () => {
    const before = await gql(0, SPACES);
    expect(before.extensions?.responseCache).toEqual({ hit: true });
    const space = spaces(before)[0] as Json;
    const title = `Renamed across replicas ${randomUUID().slice(0, 8)}`;
    const renamed = await gql(1, RENAME, { input: { spaceId: space.id, title } });
    expect(renamed.data?.updateSpace).toMatchObject({ space: { title } });
    take();

    const onA = await gql(0, SPACES);
    expect(onA.extensions?.responseCache).toMatchObject({ hit: false });
    expect(spaces(onA)[0]?.title).toBe(title);
    expect(take()).toBeGreaterThan(2);
    const onC = await gql(2, SPACES);
    expect(onC.extensions?.responseCache).toEqual({ hit: true });
    expect(spaces(onC)[0]?.title).toBe(title);
    const readerOnC = await gql(2, SPACES, {}, DEMO_TOKENS.read);
    expect(readerOnC.extensions?.responseCache).toMatchObject({ hit: false });
    expect(spaces(readerOnC)[0]?.title).toBe(title);
  });
});
