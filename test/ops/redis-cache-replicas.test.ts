import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, DEFAULT_REDIS_URL } from '../../src/gateway/redis.ts';
import { ready, testRedis } from '../guard/redis.ts';
import { type OpsStack, post, startOpsStack } from './support.ts';

const SPACES = `query Spaces { organizations(first: 1) { nodes { id spaces(first: 3) { nodes { id title } } } } }`;
const UPDATE = `mutation Rename($input: UpdateSpaceInput!) { updateSpace(input: $input) { __typename ... on SpacePayload { space { id title } } } }`;
type Json = Record<string, unknown>;
const spacesOf = (body: { data?: unknown }) =>
  ((body.data as Json).organizations as { nodes: Array<{ spaces: { nodes: Json[] } }> }).nodes[0]
    ?.spaces.nodes ?? [];

const shared = await testRedis('cache-replicas');

describe.skipIf(!shared)('the response cache in Redis, shared by two gateways', () => {
  const { redis, prefix, keys, cleanup } = shared as NonNullable<typeof shared>;
  let ops: OpsStack;
  let other: Redis;
  beforeAll(async () => {
    ops = await startOpsStack();
    other = createRedis(process.env.REDIS_URL ?? DEFAULT_REDIS_URL, { keyPrefix: prefix });
    await ready(other);
  });
  afterAll(async () => {
    other.disconnect();
    await ops.close();
    await cleanup();
  });

  it('serves from one what the other cached, and drops it on a mutation through either', async () => {
    const a = ops.gateway({ cache: { freshness: 'ttl' }, redis });
    const b = ops.gateway({ cache: { freshness: 'ttl' }, redis: other });
    const first = await post(a.gateway, SPACES);
    expect(first.body.errors).toBeUndefined();
    expect(a.upstream.take()).toBeGreaterThan(0);
    const fromB = await post(b.gateway, SPACES);
    expect(fromB.body.extensions?.responseCache).toEqual({ hit: true });
    expect(fromB.body.data).toEqual(first.body.data);
    expect(b.upstream.take()).toBe(0);

    const space = spacesOf(first.body)[0] as Json;
    const renamed = await post(b.gateway, UPDATE, {
      input: { spaceId: space.id, title: 'Renamed across replicas' },
    });
    expect(renamed.body.data?.updateSpace).toMatchObject({
      space: { title: 'Renamed across replicas' },
    });
    a.upstream.take();
    const after = await post(a.gateway, SPACES);
    expect(after.body.extensions?.responseCache).toMatchObject({ hit: false });
    expect(spacesOf(after.body)[0]?.title).toBe('Renamed across replicas');
    expect(a.upstream.take()).toBeGreaterThan(0);

    // Every key the cache wrote under the prefix has a TTL.
    const written = (await keys()).filter((key) => key.startsWith(`${prefix}response:`));
    expect(written.length).toBeGreaterThan(2);
    for (const key of written) {
      expect(await redis.pttl(key.slice(prefix.length))).toBeGreaterThan(0);
    }
  });
});
