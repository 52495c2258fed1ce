import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisResponseCache } from '../../src/gateway/ops/redisCache.ts';
import { createRedis, DEFAULT_REDIS_URL } from '../../src/gateway/redis.ts';
import { ready, testRedis } from '../guard/redis.ts';

const shared = await testRedis('response-cache');

/** `host:port` of a connection's own end, as MONITOR names the client that sent a command. */
const source = (connection: Redis) =>
  `${connection.stream.localAddress}:${connection.stream.localPort}`;

/** The commands Redis received from `connections` (seen through MONITOR). */
async function watch(connections: Redis[]) {
  const url = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const client = createRedis(url, { keyPrefix: '' });
  await ready(client);
  const monitor = await client.monitor();
  const sources = new Set(connections.map(source));
  const seen: string[][] = [];
  monitor.on('monitor', (_time: string, args: string[], from: string) => {
    if (sources.has(from)) seen.push(args);
  });
  return {
    seen,
    /** Command names received so far, once each, in lower case. */
    names: () => [...new Set(seen.map(([name]) => (name ?? '').toLowerCase()))].sort(),
    close() {
      monitor.disconnect();
      client.disconnect();
    },
  };
}

const result = (text: string) => ({ data: { space: { id: text } } });

describe.skipIf(!shared)('the Redis response cache store', () => {
  const { redis, prefix, keys, cleanup } = shared as NonNullable<typeof shared>;
  // Two gateway processes: one connection each, the same prefix.
  let other: Redis;
  let monitor: Awaited<ReturnType<typeof watch>>;
  beforeAll(async () => {
    other = createRedis(process.env.REDIS_URL ?? DEFAULT_REDIS_URL, { keyPrefix: prefix });
    await ready(other);
    monitor = await watch([redis, other]);
  });
  afterAll(async () => {
    monitor.close();
    other.disconnect();
    await cleanup();
  });
  const first = () => redisResponseCache(redis, { maxTtlMs: 60_000 });
  const second = () => redisResponseCache(other, { maxTtlMs: 60_000 });

  it('shares entries between replicas and invalidates them by entity from either', async () => {
    const a = first();
    const b = second();
    await a.set('k1', result('S1'), [{ typename: 'Space', id: 'S1' }], 30_000);
    await a.set('k2', result('S2'), [{ typename: 'Space', id: 'S2' }], 30_000);
    expect(await b.get('k1')).toEqual(result('S1'));
    await b.invalidate([{ typename: 'Space', id: 'S1' }]);
    expect(await a.get('k1')).toBeNull();
    expect(await a.get('k2')).toEqual(result('S2'));
  });

  it('invalidates every entry holding a type when named by type alone', async () => {
    const a = first();
    const b = second();
    await a.set('t1', result('P1'), [{ typename: 'Page', id: 'P1' }], 30_000);
    await b.set(
      't2',
      result('P2'),
      [
        { typename: 'Page', id: 'P2' },
        { typename: 'Space', id: 'S9' },
      ],
      30_000,
    );
    await a.set('t3', result('S3'), [{ typename: 'Space', id: 'S3' }], 30_000);
    await b.invalidate([{ typename: 'Page' }]);
    expect(await a.get('t1')).toBeNull();
    expect(await a.get('t2')).toBeNull();
    expect(await b.get('t3')).toEqual(result('S3'));
  });

  it('gives every key it writes a TTL no shorter than the entries it indexes', async () => {
    const a = redisResponseCache(redis, { maxTtlMs: 5_000 });
    await a.set('e1', result('C1'), [{ typename: 'Comment', id: 'C1' }], 2_000);
    // An unbounded TTL is cut to the longest life the store allows.
    await a.set('e2', result('C2'), [{ typename: 'Comment', id: 'C2' }], Number.POSITIVE_INFINITY);
    const written = (await keys()).filter((key) => key.includes('Comment') || /:e[12]$/.test(key));
    expect(written.length).toBe(5); // two entries, Comment, Comment:C1, Comment:C2
    const ttls = new Map<string, number>();
    for (const key of written)
      ttls.set(key.slice(prefix.length), await redis.pttl(key.slice(prefix.length)));
    for (const ttl of ttls.values()) expect(ttl).toBeGreaterThan(0);
    expect(ttls.get('response:entry:e1')).toBeLessThanOrEqual(2_000);
    expect(ttls.get('response:entry:e2')).toBeLessThanOrEqual(5_000);
    expect(ttls.get('response:entry:e2')).toBeGreaterThan(2_000);
    const entryMax = Math.max(
      ttls.get('response:entry:e1') ?? 0,
      ttls.get('response:entry:e2') ?? 0,
    );
    for (const tag of ['Comment', 'Comment:C1', 'Comment:C2']) {
      expect(ttls.get(`response:tag:${tag}`)).toBeGreaterThanOrEqual(entryMax);
    }
  });

  it('lets entries expire, and drops expired members from the indexes it writes', async () => {
    const a = first();
    await a.set('x1', result('U1'), [{ typename: 'User', id: 'U1' }], 50);
    expect(await a.get('x1')).toEqual(result('U1'));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await a.get('x1')).toBeNull();
    await a.set('x2', result('U2'), [{ typename: 'User', id: 'U2' }], 30_000);
    expect(await redis.zrange('response:tag:User', 0, -1)).toEqual(['x2']);
  });

  it('stores nothing for a TTL of zero', async () => {
    await first().set('z', result('Z'), [{ typename: 'Zone', id: 'Z' }], 0);
    expect(await first().get('z')).toBeNull();
    expect((await keys()).filter((key) => key.includes('Zone'))).toEqual([]);
  });

  it('never sends KEYS or SCAN: only the commands of its design', async () => {
    // MONITOR delivers asynchronously: a last command marks the end of what to read.
    await redis.get('monitor-end');
    await new Promise<void>((resolve) => {
      const check = () =>
        monitor.seen.some((args) => args[1] === `${prefix}monitor-end`)
          ? resolve()
          : setTimeout(check, 10);
      check();
    });
    const names = monitor.names();
    expect(names).not.toContain('keys');
    expect(names).not.toContain('scan');
    const design = ['exec', 'get', 'multi', 'pexpire', 'set', 'unlink', 'zadd'];
    const checks = ['pttl', 'zrange']; // this test's own reads
    const indexes = ['del', 'zrangebyscore', 'zremrangebyscore'];
    expect(names.filter((name) => ![...design, ...checks, ...indexes].includes(name))).toEqual([]);
    expect(names).toContain('zrangebyscore');
    expect(names).toContain('unlink');
  });
});
