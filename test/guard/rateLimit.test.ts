import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { CostExtension, GuardOptions } from '../../src/gateway/guard/plugins.ts';
import { MemoryBuckets } from '../../src/gateway/guard/rateLimit.ts';
import { createGateway, type Gateway } from '../../src/gateway/yoga.ts';
import { listPage, restOrganization } from '../support/fixtures.ts';
import { FakeUpstream } from '../support/gateway.ts';
import { testRedis } from './redis.ts';

const ORGS = listPage([restOrganization('o1')]);
const ONE_CALL = '{ organizations(first: 5) { nodes { id } } }';
// Estimated at 1 + 5 calls (a page of organizations, then a page of spaces for each of 5).
const SIX_ESTIMATED = '{ organizations(first: 5) { nodes { spaces(first: 5) { nodes { id } } } } }';

function makeGateway(guard: GuardOptions, redis?: Redis) {
  const upstream = new FakeUpstream({}, (req) =>
    req.path.startsWith('/orgs?') ? { body: ORGS } : { body: { items: [], count: 0 } },
  );
  return {
    upstream,
    gateway: createGateway({ upstream, guard, ...(redis ? { redis } : {}) }),
  };
}

interface Answer {
  status: number;
  retryAfter: string | null;
  codes: unknown[];
  cost: CostExtension;
}

async function send(
  gateway: Gateway,
  token: string | null,
  query = ONE_CALL,
  address = '192.0.2.1',
): Promise<Answer> {
  const response = await gateway.fetch(
    'http://gateway.test/graphql',
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query }),
    },
    { req: { socket: { remoteAddress: address } } },
  );
  const body = (await response.json()) as {
    errors?: Array<{ extensions?: { code?: string } }>;
    extensions: { cost: CostExtension };
  };
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    codes: body.errors?.map((e) => e.extensions?.code) ?? [],
    cost: body.extensions.cost,
  };
}

const ok = (answers: Answer[]) => answers.filter((a) => a.codes.length === 0).length;
const throttled = (answers: Answer[]) =>
  answers.filter((a) => a.codes.includes('THROTTLED')).length;

/** The same behaviour, whichever store holds the buckets. */
function behaviour(store: () => { redis?: Redis; prefix: string }) {
  const limit = (capacity: number): GuardOptions => ({
    rateLimit: { capacity, refillPerSecond: 0.01, keyPrefix: `${store().prefix}rl:` },
  });

  it('a token over its budget is THROTTLED with Retry-After; other tokens are unaffected (concurrent)', async () => {
    const { gateway, upstream } = makeGateway(limit(10), store().redis);
    const [greedy, other] = await Promise.all([
      Promise.all(Array.from({ length: 25 }, () => send(gateway, 'greedy'))),
      Promise.all(Array.from({ length: 8 }, () => send(gateway, 'other'))),
    ]);
    expect(ok(greedy)).toBe(10);
    expect(throttled(greedy)).toBe(15);
    expect(ok(other)).toBe(8);
    // Throttled requests never reach the upstream.
    expect(upstream.requests.length).toBe(18);
    const refusal = greedy.find((a) => a.codes.includes('THROTTLED'));
    expect(refusal?.status).toBe(429);
    expect(Number(refusal?.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(refusal?.cost).toMatchObject({ requested: 1, actual: 0, limit: 10, remaining: 0 });
    const last = other.map((a) => a.cost.remaining).sort((a, b) => (a ?? 0) - (b ?? 0))[0];
    expect(last).toBe(2);
  });

  it('the estimate is taken before execution and what was not spent is given back', async () => {
    const { gateway } = makeGateway(limit(10), store().redis);
    const first = await send(gateway, 'refund', SIX_ESTIMATED);
    expect(first.codes).toEqual([]);
    // Estimated 6, made 2 (one organization, one page of its spaces): 8 of 10 remain.
    expect(first.cost).toMatchObject({ requested: 6, actual: 2, limit: 10, remaining: 8 });
    expect(Date.parse(first.cost.resetAt ?? '')).toBeGreaterThan(Date.now());
    const small = makeGateway(limit(5), store().redis).gateway;
    const refused = await send(small, 'refund-small', SIX_ESTIMATED);
    expect(refused.codes).toEqual(['THROTTLED']);
  });

  it('requests without a token share one budget per client address', async () => {
    const { gateway } = makeGateway(limit(3), store().redis);
    const a = await Promise.all(
      Array.from({ length: 5 }, () => send(gateway, null, ONE_CALL, '198.51.100.7')),
    );
    const b = await Promise.all(
      Array.from({ length: 2 }, () => send(gateway, null, ONE_CALL, '198.51.100.8')),
    );
    expect(ok(a)).toBe(3);
    expect(throttled(a)).toBe(2);
    expect(ok(b)).toBe(2);
  });
}

describe('rate limits by cost, in memory', () => {
  behaviour(() => ({ prefix: '' }));

  it('a bucket refills at its rate', async () => {
    let now = 0;
    const buckets = new MemoryBuckets(() => now);
    expect(await buckets.take('k', 10, 10, 2)).toEqual({ ok: true, tokens: 0 });
    expect((await buckets.take('k', 1, 10, 2)).ok).toBe(false);
    now = 1500;
    expect(await buckets.take('k', 3, 10, 2)).toEqual({ ok: true, tokens: 0 });
    now = 100_000;
    expect(await buckets.take('k', -5, 10, 2)).toEqual({ ok: true, tokens: 10 });
  });

  it('is off unless configured', async () => {
    const { gateway } = makeGateway({});
    const answers = await Promise.all(Array.from({ length: 30 }, () => send(gateway, 'free')));
    expect(ok(answers)).toBe(30);
    expect(answers[0]?.cost).toMatchObject({ limit: null, remaining: null, resetAt: null });
  });
});

const shared = await testRedis('ratelimit');
const redis = shared?.redis;

describe.skipIf(!redis)('rate limits by cost, in Redis (replicas share one budget)', () => {
  afterAll(async () => {
    if (!shared) return;
    const keys = await shared.keys();
    await shared.cleanup();
    // Tokens are stored hashed: no key names a raw token.
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).not.toMatch(/greedy|other|refund|replicas/);
  });

  behaviour(() => (redis ? { redis, prefix: '' } : { prefix: '' }));

  it("two gateways on one Redis share a token's budget", async () => {
    const guard: GuardOptions = { rateLimit: { capacity: 6, refillPerSecond: 0.01 } };
    const one = makeGateway(guard, redis).gateway;
    const two = makeGateway(guard, redis).gateway;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(i % 2 ? one : two, 'replicas')),
    );
    expect(ok(answers)).toBe(6);
    expect(throttled(answers)).toBe(4);
  });
});
