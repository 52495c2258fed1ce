import { Writable } from 'node:stream';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheScope, memoryResponseCache, namedEntities } from '../../src/gateway/ops/cache.ts';
import { createLogger } from '../../src/gateway/ops/logging.ts';
import { createRedis } from '../../src/gateway/redis.ts';
import { schema } from '../../src/gateway/schema/index.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { globalId, restIdOf } from '../support/ids.ts';
import { type OpsStack, post, startOpsStack } from './support.ts';

const SPACES = `query Spaces { organizations(first: 1) { nodes { id spaces(first: 3) { nodes { id title changeRequests(first: 2) { nodes { subject } } } } } } }`;
const SPACE = `query Space($id: ID!) { node(id: $id) { ... on Space { id title emoji } } }`;
const UPDATE = `mutation Rename($input: UpdateSpaceInput!) { updateSpace(input: $input) { __typename ... on SpacePayload { space { id title } } } }`;
const UPDATE_BARE = `mutation Rename($input: UpdateSpaceInput!) { updateSpace(input: $input) { __typename } }`;

/**
 * The embedded `/v1` says `private, no-cache`, so following it (the default) no entry is ever
 * kept (test/ops/freshness.test.ts covers that): the mechanics below (scopes, lifetimes per type,
 * invalidation, ETag and 304) are tested with fixed lifetimes.
 */
const TTL_MODE = { freshness: 'ttl' } as const;

type Json = Record<string, unknown>;
const nodesOf = (value: unknown): Json[] => (value as { nodes: Json[] }).nodes;
const spacesOf = (body: { data?: Json | null }) =>
  nodesOf((nodesOf((body.data as Json).organizations)[0] as Json).spaces);

describe('response cache', () => {
  let ops: OpsStack;
  beforeAll(async () => {
    ops = await startOpsStack();
  });
  afterAll(async () => {
    await ops.close();
  });

  it('is off by default in the library', async () => {
    const { gateway, upstream } = ops.gateway();
    const first = await post(gateway, SPACES);
    const calls = upstream.take();
    expect(calls).toBeGreaterThan(2);
    const second = await post(gateway, SPACES);
    expect(upstream.take()).toBe(calls);
    expect(second.body.extensions?.responseCache).toBeUndefined();
    expect(second.body.data).toEqual(first.body.data);
  });

  it('serves a repeat by the same token with no upstream call; another token pays in full', async () => {
    const { gateway, upstream } = ops.gateway({ cache: TTL_MODE });
    const first = await post(gateway, SPACES);
    expect(first.body.errors).toBeUndefined();
    const full = upstream.take();
    expect(full).toBeGreaterThan(2);
    expect(first.body.extensions?.responseCache).toMatchObject({ hit: false, didCache: true });
    expect(first.headers.get('cache-control')).toBe('private, max-age=10');

    const again = await post(gateway, SPACES);
    expect(upstream.take()).toBe(0);
    expect(again.body.extensions?.responseCache).toEqual({ hit: true });
    expect(again.body.data).toEqual(first.body.data);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');

    const other = await post(gateway, SPACES, {}, 'read');
    expect(upstream.take()).toBe(full);
    expect(other.body.extensions?.responseCache).toMatchObject({ hit: false });
  });

  it('keeps lists for a shorter time than objects, per type when configured', async () => {
    const { gateway } = ops.gateway({
      cache: { ...TTL_MODE, ttl: 40, listTtl: 7, ttlPerType: { Space: 5 } },
    });
    const list = await post(gateway, `{ organizations(first: 1) { nodes { id } } }`);
    expect(list.body.extensions?.responseCache).toMatchObject({ ttl: 7000 });
    const orgId = nodesOf((list.body.data as Json).organizations)[0]?.id;
    const org = await post(gateway, `query($id: ID!) { node(id: $id) { id } }`, { id: orgId });
    expect(org.body.extensions?.responseCache).toMatchObject({ ttl: 40000 });
    const spaces = await post(gateway, SPACES);
    expect(spaces.body.extensions?.responseCache).toMatchObject({ ttl: 5000 });
  });

  it('a mutation invalidates every entry holding an object it touched, for every token', async () => {
    const { gateway, upstream } = ops.gateway({ cache: TTL_MODE });
    const list = await post(gateway, SPACES);
    const space = spacesOf(list.body)[0] as Json;
    await post(gateway, SPACES, {}, 'read');
    await post(gateway, SPACE, { id: space.id });
    upstream.take();
    expect((await post(gateway, SPACES)).body.extensions?.responseCache).toEqual({ hit: true });

    const renamed = await post(gateway, UPDATE, {
      input: { spaceId: space.id, title: 'Renamed once' },
    });
    expect(renamed.body.data?.updateSpace).toMatchObject({ space: { title: 'Renamed once' } });
    upstream.take();

    const after = await post(gateway, SPACES);
    expect(after.body.extensions?.responseCache).toMatchObject({ hit: false });
    expect(spacesOf(after.body)[0]?.title).toBe('Renamed once');
    expect(upstream.take()).toBeGreaterThan(2);
    expect((await post(gateway, SPACES, {}, 'read')).body.extensions?.responseCache).toMatchObject({
      hit: false,
    });
    const one = await post(gateway, SPACE, { id: space.id });
    expect(one.body.data?.node).toMatchObject({ title: 'Renamed once' });
  });

  it('invalidates the objects a mutation names in its input, by global ID or REST id', async () => {
    const { gateway } = ops.gateway({ cache: TTL_MODE });
    const space = spacesOf((await post(gateway, SPACES)).body)[0] as Json;
    await post(gateway, SPACE, { id: space.id });
    expect((await post(gateway, SPACE, { id: space.id })).body.extensions?.responseCache).toEqual({
      hit: true,
    });

    await post(gateway, UPDATE_BARE, { input: { spaceId: space.id, title: 'Renamed twice' } });
    const one = await post(gateway, SPACE, { id: space.id });
    expect(one.body.extensions?.responseCache).toMatchObject({ hit: false });
    expect(one.body.data?.node).toMatchObject({ title: 'Renamed twice' });

    const restId = restIdOf(String(space.id), 'Space');
    await post(gateway, UPDATE_BARE, { input: { spaceId: restId, title: 'Renamed thrice' } });
    const two = await post(gateway, SPACE, { id: space.id });
    expect(two.body.extensions?.responseCache).toMatchObject({ hit: false });
    expect(two.body.data?.node).toMatchObject({ title: 'Renamed thrice' });
  });

  it('answers a GET carrying the ETag with 304, and scopes Cache-Control to the token', async () => {
    const { gateway, upstream } = ops.gateway({ cache: TTL_MODE });
    const url = `http://gateway/graphql?query=${encodeURIComponent('{ organizations(first: 1) { nodes { title } } }')}`;
    const auth = {
      authorization: `Bearer ${DEMO_TOKENS.admin}`,
      accept: 'application/json',
      'x-docs-graph-csrf': '1',
    };
    const first = await gateway.fetch(url, { headers: auth });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    // The cache key: the caller's scope, then a base64url SHA-256 of the request.
    expect(etag).toMatch(new RegExp(`^${cacheScope(auth.authorization)}\\.[A-Za-z0-9_-]{43}$`));
    upstream.take();
    const revalidated = await gateway.fetch(url, {
      headers: { ...auth, 'if-none-match': String(etag) },
    });
    expect(revalidated.status).toBe(304);
    expect(upstream.take()).toBe(0);

    const reader = await gateway.fetch(url, {
      headers: {
        authorization: `Bearer ${DEMO_TOKENS.read}`,
        'if-none-match': String(etag),
        'x-docs-graph-csrf': '1',
      },
    });
    expect(reader.status).toBe(200);
    expect(reader.headers.get('etag')).not.toBe(etag);
    const anonymous = await gateway.fetch(url, {
      headers: { accept: 'application/json', 'x-docs-graph-csrf': '1' },
    });
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
  });

  it('never caches a response with errors, nor a mutation', async () => {
    const { gateway, upstream } = ops.gateway({ cache: true });
    const missing = `query { node(id: "U3BhY2U6bm9wZQ==") { id } }`;
    await post(gateway, missing);
    const calls = upstream.take();
    const again = await post(gateway, missing);
    expect(upstream.take()).toBe(calls);
    expect(again.body.extensions?.responseCache).not.toEqual({ hit: true });
  });

  it('answers, uncached, a request whose variables are nested too deep to serialise', async () => {
    const { gateway, upstream } = ops.gateway({ cache: true });
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const send = async () => {
      const response = await gateway.fetch('http://gateway/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${DEMO_TOKENS.admin}`,
        },
        body: `{"query":"{ organizations(first: 1) { nodes { id } } }","variables":{"x":${deep}}}`,
      });
      return { status: response.status, body: (await response.json()) as Json };
    };
    const first = await send();
    expect(first.status).toBe(200);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.extensions).not.toHaveProperty('responseCache');
    const calls = upstream.take();
    expect(calls).toBeGreaterThan(0);
    expect((await send()).status).toBe(200);
    expect(upstream.take()).toBe(calls);
  });
});

describe('response cache with Redis down', () => {
  it('keeps answering, uncached, and says so once in the log', async () => {
    const ops = await startOpsStack();
    const warnings: string[] = [];
    const logger = createLogger({
      destination: new Writable({
        write(chunk, _enc, done) {
          warnings.push(String(chunk));
          done();
        },
      }),
    });
    // Nothing listens on port 9 (discard): every Redis command fails at once.
    const redis = createRedis('redis://127.0.0.1:9', { keyPrefix: 'docs-graph-test:down:' });
    try {
      const { gateway, upstream } = ops.gateway({ cache: true, redis, logger });
      const first = await post(gateway, SPACES);
      expect(first.body.errors).toBeUndefined();
      const calls = upstream.take();
      const second = await post(gateway, SPACES);
      expect(second.body.data).toEqual(first.body.data);
      expect(upstream.take()).toBe(calls);
      const unavailable = warnings.filter((w) => w.includes('response cache unavailable'));
      expect(unavailable).toHaveLength(1);
    } finally {
      redis.disconnect();
      await ops.close();
    }
  });
});

describe('cache keys', () => {
  it('scopes by a hash of the Authorization header, never the header itself', () => {
    const scope = cacheScope('Bearer secret-token');
    expect(scope).toHaveLength(32);
    expect(scope).not.toContain('secret');
    expect(cacheScope('Bearer other')).not.toBe(scope);
    expect(cacheScope(null)).toBeNull();
  });

  it('finds global IDs and typed REST ids in literal and variable arguments', () => {
    const space = globalId('Space', 'abc');
    const doc = parse(
      `mutation($input: UpdateSpaceInput!) { updateSpace(input: $input) { __typename } a: updateSpace(input: { spaceId: "xyz" }) { __typename } }`,
    );
    const found = namedEntities(doc, undefined, { input: { spaceId: space, title: 'T' } }, schema);
    expect(found).toEqual([
      { typename: 'Space', id: space },
      { typename: 'Space', id: globalId('Space', 'xyz') },
    ]);
  });

  it('walks variables nested deeper than the stack goes', () => {
    const space = globalId('Space', 'abc');
    let deep: unknown = { spaceId: space };
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    const doc = parse(
      `mutation($org: ID!, $doc: JSON!) { setAgentInstructions(input: { organizationId: $org, instructions: $doc }) { __typename } }`,
    );
    expect(namedEntities(doc, undefined, { org: 'o', doc: deep }, schema)).toEqual([
      { typename: 'Organization', id: globalId('Organization', 'o') },
      { typename: 'Space', id: space },
    ]);
  });
});

describe('responses in memory', () => {
  const result = (text: string) => ({ data: { text } });
  const space = (id: string) => ({ typename: 'Space', id });

  it('invalidates the entries holding an object, or any object of a type', async () => {
    const cache = memoryResponseCache();
    cache.set('a', result('a'), [space('1'), space('2')], 60_000);
    cache.set('b', result('b'), [space('2')], 60_000);
    cache.set('c', result('c'), [{ typename: 'Site', id: '9' }], 60_000);
    await cache.invalidate([space('1')]);
    expect(await cache.get('a')).toBeNull();
    expect(await cache.get('b')).toEqual(result('b'));
    await cache.invalidate([{ typename: 'Space' }]);
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('c')).toEqual(result('c'));
  });

  it('keeps at most maxBytes of JSON, dropping the least recently used', async () => {
    const cache = memoryResponseCache({ maxBytes: 1_000 });
    const big = 'x'.repeat(300);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, result(big), [space(key)], 60_000);
    expect(await cache.get('a')).toBeNull();
    expect(await cache.get('d')).toEqual(result(big));
    cache.set('huge', result('x'.repeat(2_000)), [space('h')], 60_000);
    expect(await cache.get('huge')).toBeNull();
    await cache.invalidate([space('h')]);
    expect(await cache.get('d')).toEqual(result(big));
  });

  it('drops an entry when its TTL ends', async () => {
    const cache = memoryResponseCache();
    cache.set('a', result('a'), [space('1')], 20);
    cache.set('b', result('b'), [space('2')], 60_000);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get('a')).toBeNull();
    expect(await cache.get('b')).toEqual(result('b'));
  });
});
