import type { Redis } from 'ioredis';
import { credentialOf } from '../credential.ts';

/** A budget of upstream calls per caller: a token bucket. */
export interface RateLimitOptions {
  /** Calls a caller may spend at once (the bucket's size). Default 10,000. */
  capacity?: number;
  /** Calls given back per second (the bucket's refill). Default 100. */
  refillPerSecond?: number;
  /** Prefix of the Redis keys (default `ratelimit:`; the connection's own prefix comes first). */
  keyPrefix?: string;
}

export const DEFAULT_CAPACITY = 10_000;
export const DEFAULT_REFILL_PER_SECOND = 100;

/** Tokens left in a bucket after a take. */
export interface Take {
  /** True when the tokens were taken (false: not enough, nothing taken). */
  ok: boolean;
  /** Tokens left (fractional while refilling). */
  tokens: number;
}

/**
 * Where the buckets live: one interface, in memory (one process) or in Redis (replicas share one
 * budget per caller). `take` is atomic; a negative `cost` gives tokens back (up to capacity);
 * `force` takes `cost` even when the bucket holds less (calls already made are paid for: the
 * bucket goes below zero and refills from there).
 */
export interface BucketStore {
  take(
    key: string,
    cost: number,
    capacity: number,
    refillPerSecond: number,
    force?: boolean,
  ): Promise<Take>;
}

/** Buckets in this process's memory; full buckets are forgotten (a full bucket is the default). */
export class MemoryBuckets implements BucketStore {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  async take(
    key: string,
    cost: number,
    capacity: number,
    refill: number,
    force = false,
  ): Promise<Take> {
    const now = this.now();
    const bucket = this.buckets.get(key);
    let tokens = bucket
      ? Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * refill)
      : capacity;
    const ok = cost <= tokens;
    if (ok || force) tokens = Math.min(capacity, tokens - cost);
    if (tokens >= capacity) this.buckets.delete(key);
    else this.buckets.set(key, { tokens, at: now });
    if (this.buckets.size > 100_000) this.sweep(now, capacity, refill);
    return { ok, tokens };
  }

  private sweep(now: number, capacity: number, refill: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * refill >= capacity) this.buckets.delete(key);
    }
  }
}

/**
 * One atomic token-bucket step in Redis, on Redis's clock (replicas may disagree on time):
 * refill since the last step, take `cost` when there is enough (a negative cost gives back),
 * keep the key until the bucket would be full again.
 */
const TAKE_SCRIPT = `
local capacity = tonumber(ARGV[1])
local refill = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local force = ARGV[4] == '1'
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = capacity
else
  tokens = math.min(capacity, tokens + math.max(0, now - at) / 1000 * refill)
end
local ok = 0
if cost <= tokens then
  ok = 1
end
if ok == 1 or force then
  tokens = math.min(capacity, tokens - cost)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) / refill * 1000) + 1000)
return {ok, tostring(tokens)}
`;

/** Buckets in Redis (a Lua script per step, so concurrent requests of replicas never race). */
export class RedisBuckets implements BucketStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'ratelimit:',
  ) {}

  async take(
    key: string,
    cost: number,
    capacity: number,
    refill: number,
    force = false,
  ): Promise<Take> {
    const [ok, tokens] = (await this.redis.eval(
      TAKE_SCRIPT,
      1,
      `${this.prefix}${key}`,
      capacity,
      refill,
      cost,
      force ? '1' : '0',
    )) as [number, string];
    return { ok: ok === 1, tokens: Number(tokens) };
  }
}

/**
 * The budget a request spends: its credential's (every spelling of one token is one credential,
 * keyed by a hash, never stored raw) or, without one, its address's.
 */
export function bucketKey(authorization: string | undefined, address: string | undefined): string {
  const credential = credentialOf(authorization);
  return credential ? `token:${credential.key}` : addressKey(address);
}

/** The budget of a client address: callers without a token, and tokens the upstream refused. */
export function addressKey(address: string | undefined): string {
  return `anonymous:${address ?? 'unknown'}`;
}

/** What `extensions.cost` reports of a bucket. */
export interface BucketState {
  limit: number;
  remaining: number;
  /** When the bucket is full again (ISO 8601). */
  resetAt: string;
}

/** A rate limiter over a store: takes the estimate before execution, gives back what was unused. */
export class RateLimiter {
  readonly capacity: number;
  readonly refill: number;

  constructor(
    private readonly store: BucketStore,
    options: RateLimitOptions = {},
  ) {
    this.capacity = options.capacity ?? DEFAULT_CAPACITY;
    this.refill = options.refillPerSecond ?? DEFAULT_REFILL_PER_SECOND;
    if (!(this.capacity > 0) || !(this.refill > 0)) {
      throw new Error('rate limit: capacity and refill must be positive numbers');
    }
  }

  /** Takes `cost` calls from `key`'s bucket; `retryAfter` (seconds) when there are not enough. */
  async take(
    key: string,
    cost: number,
  ): Promise<{ ok: boolean; state: BucketState; retryAfter: number }> {
    const result = await this.store.take(key, cost, this.capacity, this.refill);
    const missing = cost - result.tokens;
    return {
      ok: result.ok,
      state: this.state(result.tokens),
      retryAfter: result.ok ? 0 : Math.max(1, Math.ceil(missing / this.refill)),
    };
  }

  /** Whether `key`'s bucket holds `cost` calls now; nothing is taken. */
  async peek(
    key: string,
    cost: number,
  ): Promise<{ ok: boolean; state: BucketState; retryAfter: number }> {
    const result = await this.store.take(key, 0, this.capacity, this.refill);
    const ok = cost <= result.tokens;
    return {
      ok,
      state: this.state(result.tokens),
      retryAfter: ok ? 0 : Math.max(1, Math.ceil((cost - result.tokens) / this.refill)),
    };
  }

  /** Gives back calls that were estimated but not made. */
  async giveBack(key: string, calls: number): Promise<BucketState> {
    const result = await this.store.take(key, -Math.max(0, calls), this.capacity, this.refill);
    return this.state(result.tokens);
  }

  /**
   * Charges calls already made, whatever is left (the bucket may go below zero and refills from
   * there); `ok` is false when it was short of them.
   */
  async charge(key: string, calls: number): Promise<{ ok: boolean; state: BucketState }> {
    const result = await this.store.take(key, Math.max(0, calls), this.capacity, this.refill, true);
    return { ok: result.ok, state: this.state(result.tokens) };
  }

  private state(tokens: number): BucketState {
    const seconds = (this.capacity - tokens) / this.refill;
    return {
      limit: this.capacity,
      remaining: Math.max(0, Math.floor(tokens)),
      resetAt: new Date(Date.now() + Math.ceil(seconds * 1000)).toISOString(),
    };
  }
}
