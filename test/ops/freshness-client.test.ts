import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { redisValidators } from '../../src/gateway/ops/upstream.ts';
import { createRedis, DEFAULT_REDIS_URL } from '../../src/gateway/redis.ts';
import { UpstreamClient } from '../../src/gateway/upstream/client.ts';
import { parseTolerant } from '../../src/gateway/upstream/tolerant.ts';
import {
  memoryValidators,
  type StoredAnswer,
  type ValidatorStore,
  validatorKey,
} from '../../src/gateway/upstream/validators.ts';

/**
 * An upstream that gives every token its own body under the SAME entity tag (a careless upstream
 * could): only keys per token keep one token's body from another. It records the `If-None-Match`
 * each request carried.
 */
function carelessUpstream() {
  const seen: Array<{ token: string; ifNoneMatch: string | undefined }> = [];
  const server = createServer((req, res) => {
    const token = String(req.headers.authorization ?? '');
    const ifNoneMatch = req.headers['if-none-match'];
    seen.push({ token, ifNoneMatch });
    const headers = { etag: '"same"', 'cache-control': 'private, no-cache' };
    if (ifNoneMatch === '"same"') {
      res.writeHead(304, headers).end();
      return;
    }
    res
      .writeHead(200, { ...headers, 'content-type': 'application/json' })
      .end(JSON.stringify({ owner: token }));
  });
  return { server, seen };
}

describe('the upstream client keeps validators per token', () => {
  let server: Server;
  let seen: ReturnType<typeof carelessUpstream>['seen'];
  let url: string;
  beforeAll(async () => {
    ({ server, seen } = carelessUpstream());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('never sends one token the tag or the body stored for another; keys hold no token', async () => {
    const keys: string[] = [];
    const inner = memoryValidators();
    const store: ValidatorStore = {
      get: (key) => inner.get(key),
      set(key, answer: StoredAnswer) {
        keys.push(key);
        return inner.set(key, answer);
      },
    };
    const client = new UpstreamClient({ baseUrl: url, validators: store });
    seen.length = 0;
    const a1 = await client.request({
      method: 'GET',
      path: '/x',
      authorization: 'Bearer A-secret',
    });
    const b1 = await client.request({
      method: 'GET',
      path: '/x',
      authorization: 'Bearer B-secret',
    });
    const a2 = await client.request({
      method: 'GET',
      path: '/x',
      authorization: 'Bearer A-secret',
    });
    const b2 = await client.request({
      method: 'GET',
      path: '/x',
      authorization: 'Bearer B-secret',
    });
    expect(seen.map((s) => s.ifNoneMatch)).toEqual([undefined, undefined, '"same"', '"same"']);
    expect([a1, b1].map((r) => [r.status, r.revalidated ?? false])).toEqual([
      [200, false],
      [200, false],
    ]);
    expect(a2).toMatchObject({
      status: 304,
      revalidated: true,
      body: { owner: 'Bearer A-secret' },
    });
    expect(b2).toMatchObject({
      status: 304,
      revalidated: true,
      body: { owner: 'Bearer B-secret' },
    });
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).not.toContain('secret');
    await client.close();
  });

  it("sends a caller's own If-None-Match as given and answers its 304 with no body", async () => {
    const client = new UpstreamClient({ baseUrl: url });
    seen.length = 0;
    const own = await client.request({
      method: 'GET',
      path: '/y',
      authorization: 'Bearer C',
      ifNoneMatch: '"same"',
    });
    expect(own).toMatchObject({ status: 304, notModified: true, body: undefined, etag: '"same"' });
    expect(own.freshness).toMatchObject({ maxAge: 0, private: true });
    // Nothing was stored for it: the next plain read is a full one.
    const plain = await client.request({ method: 'GET', path: '/y', authorization: 'Bearer C' });
    expect(plain).toMatchObject({ status: 200, body: { owner: 'Bearer C' } });
    expect(seen.map((s) => s.ifNoneMatch)).toEqual(['"same"', undefined]);
    await client.close();
  });

  it('makes every call in full when told not to revalidate', async () => {
    const client = new UpstreamClient({ baseUrl: url, validators: false });
    seen.length = 0;
    for (let i = 0; i < 2; i++) await client.request({ method: 'GET', path: '/z' });
    expect(seen.map((s) => s.ifNoneMatch)).toEqual([undefined, undefined]);
    await client.close();
  });

  it('bounds the answers kept in memory, dropping the least recently used', () => {
    const store = memoryValidators({ maxBytes: 1_000 });
    const body = 'x'.repeat(300);
    for (const key of ['a', 'b', 'c', 'd']) store.set(key, { etag: key, body });
    expect(store.get('a')).toBeUndefined();
    expect(store.get('d')).toEqual({ etag: 'd', body });
  });
});

describe('a revalidated answer is parsed once', () => {
  it('shares the parse of a 304 until the tag changes, and its tolerant parse with it', async () => {
    let version = 1;
    const server = createServer((req, res) => {
      const etag = `"v${version}"`;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { etag, 'cache-control': 'private, no-cache' }).end();
        return;
      }
      res
        .writeHead(200, { etag, 'cache-control': 'private, no-cache' })
        .end(JSON.stringify({ items: [{ id: 'a', version }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new UpstreamClient({
      baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    });
    const read = (authorization = 'Bearer A') =>
      client.request({ method: 'GET', path: '/list', authorization });
    const Page = z.object({ items: z.array(z.object({ id: z.string(), version: z.number() })) });
    try {
      const full = await read();
      const first = await read();
      const second = await read();
      expect([full.status, first.status, second.status]).toEqual([200, 304, 304]);
      expect(second.body).toEqual({ items: [{ id: 'a', version: 1 }] });
      // The same object for every revalidation, not the 200's (a request may still hold that).
      expect(second.body).toBe(first.body);
      expect(first.body).not.toBe(full.body);
      const parsed = parseTolerant(Page, first.body, 'GET', '/list');
      expect(parseTolerant(Page, second.body, 'GET', '/list')).toBe(parsed);
      // A body that is not shared is parsed each time.
      expect(parseTolerant(Page, full.body, 'GET', '/list')).not.toBe(
        parseTolerant(Page, full.body, 'GET', '/list'),
      );
      // Another token has a parse of its own.
      await read('Bearer B');
      expect((await read('Bearer B')).body).not.toBe(first.body);
      // A new version: a full read, then a new shared parse.
      version = 2;
      const changed = await read();
      expect(changed).toMatchObject({ status: 200, body: { items: [{ id: 'a', version: 2 }] } });
      const again = await read();
      expect(again).toMatchObject({ status: 304, body: { items: [{ id: 'a', version: 2 }] } });
      expect(again.body).not.toBe(first.body);
    } finally {
      await client.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('validators in Redis', () => {
  it('are shared by two clients, and a Redis that is down only costs the 304', async () => {
    const { server, seen } = carelessUpstream();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const redis = createRedis(DEFAULT_REDIS_URL, {
      keyPrefix: `docs-graph-test:freshness:${process.pid}:`,
    });
    const down = createRedis('redis://127.0.0.1:9', { keyPrefix: 'docs-graph-test:down:' });
    try {
      if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
      const one = new UpstreamClient({ baseUrl: url, validators: redisValidators(redis) });
      const two = new UpstreamClient({ baseUrl: url, validators: redisValidators(redis) });
      const path = `/r/${Date.now()}`;
      await one.request({ method: 'GET', path, authorization: 'Bearer R' });
      const other = await two.request({ method: 'GET', path, authorization: 'Bearer R' });
      expect(other).toMatchObject({ status: 304, revalidated: true, body: { owner: 'Bearer R' } });
      await redis.del(`validators:${validatorKey('Bearer R', path)}`);
      const offline = new UpstreamClient({ baseUrl: url, validators: redisValidators(down) });
      seen.length = 0;
      for (let i = 0; i < 2; i++) {
        const answer = await offline.request({ method: 'GET', path, authorization: 'Bearer R' });
        expect(answer).toMatchObject({ status: 200, body: { owner: 'Bearer R' } });
      }
      expect(seen.map((s) => s.ifNoneMatch)).toEqual([undefined, undefined]);
      await Promise.all([one.close(), two.close(), offline.close()]);
    } finally {
      down.disconnect();
      redis.disconnect();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
