import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Something changed upstream at `path` (a write's path, or a watched object's path). */
export interface Change {
  /** Position in the one sequence every replica shares; the event id subscribers see. */
  seq: number;
  path: string;
  source: 'mutation' | 'poll';
}

/**
 * The state of live data that replicas share: the change sequence and its channel, the poll
 * leases, the last ETag of each watched object and what each token was last sent. In memory for
 * one process, in Redis for many (the same interface, as the response cache and rate limits).
 */
export interface LiveStore {
  /** A prefix of event ids, so ids of another store (a restarted process) are never mistaken. */
  readonly epoch: string;
  /** Takes the next number of the change sequence. */
  nextSeq(): Promise<number>;
  /** Sends a change to every replica (this one included). */
  publish(change: Change): Promise<void>;
  /** Calls `listener` for every change published by any replica. */
  onChange(listener: (change: Change) => void): void;
  /** Takes or renews the lease of `key` for `owner`; false while another owner holds it. */
  lease(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease back when `owner` holds it. */
  release(key: string, owner: string): Promise<void>;
  getTag(key: string): Promise<string | undefined>;
  setTag(key: string, tag: string, ttlMs: number): Promise<void>;
  /** What a token's subscribers to `key` were sent at `seq` (kept `ttlMs`). */
  getView(token: string, key: string, seq: number): Promise<string | undefined>;
  setView(token: string, key: string, seq: number, view: string, ttlMs: number): Promise<void>;
  /** The last view a token's subscribers to `key` were sent, and the change it was sent at. */
  getLast(token: string, key: string): Promise<{ seq: number; view: string } | undefined>;
  setLast(token: string, key: string, seq: number, view: string, ttlMs: number): Promise<void>;
  /** The last number taken of the change sequence (0 before the first). */
  currentSeq(): Promise<number>;
  /** Resolves once changes of other replicas are received. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Parses what `setLast` kept; undefined when absent or not of its shape. */
function parseLast(raw: string | undefined): { seq: number; view: string } | undefined {
  if (!raw) return undefined;
  try {
    const last = JSON.parse(raw) as { seq?: unknown; view?: unknown };
    return typeof last.seq === 'number' && typeof last.view === 'string'
      ? { seq: last.seq, view: last.view }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Views and tags one process keeps at most. */
const MEMORY_ENTRIES = 50_000;

/** The store of a single process. */
export class MemoryLiveStore implements LiveStore {
  readonly epoch = randomBytes(4).toString('hex');
  private seq = 0;
  private readonly listeners: ((change: Change) => void)[] = [];
  private readonly leases = new Map<string, { owner: string; until: number }>();
  private readonly tags = new LRUCache<string, string>({ max: MEMORY_ENTRIES });
  private readonly views = new LRUCache<string, string>({ max: MEMORY_ENTRIES });

  async nextSeq() {
    return ++this.seq;
  }
  async publish(change: Change) {
    for (const listener of this.listeners) listener(change);
  }
  onChange(listener: (change: Change) => void) {
    this.listeners.push(listener);
  }
  async lease(key: string, owner: string, ttlMs: number) {
    const held = this.leases.get(key);
    if (held && held.owner !== owner && held.until > Date.now()) return false;
    this.leases.set(key, { owner, until: Date.now() + ttlMs });
    return true;
  }
  async release(key: string, owner: string) {
    if (this.leases.get(key)?.owner === owner) this.leases.delete(key);
  }
  async getTag(key: string) {
    return this.tags.get(key);
  }
  async setTag(key: string, tag: string, ttlMs: number) {
    this.tags.set(key, tag, { ttl: ttlMs });
  }
  async getView(token: string, key: string, seq: number) {
    return this.views.get(`${token}|${key}|${seq}`);
  }
  async setView(token: string, key: string, seq: number, view: string, ttlMs: number) {
    if (ttlMs > 0) this.views.set(`${token}|${key}|${seq}`, view, { ttl: ttlMs });
  }
  async getLast(token: string, key: string) {
    return parseLast(this.views.get(`${token}|${key}|last`));
  }
  async setLast(token: string, key: string, seq: number, view: string, ttlMs: number) {
    if (ttlMs > 0)
      this.views.set(`${token}|${key}|last`, JSON.stringify({ seq, view }), { ttl: ttlMs });
  }
  async currentSeq() {
    return this.seq;
  }
  async ready() {}
  async close() {}
}

/** Takes the lease when free, renews it when held by the same owner. */
const LEASE = `local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if not v then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;

/** Deletes the lease only when the owner still holds it. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * The store of replicas sharing one Redis: the sequence is an `INCR`, changes go over pub/sub
 * (the channel carries the connection's key prefix, as pub/sub channels are not prefixed),
 * leases are keys with an expiry, tags and views are keys with an expiry.
 */
export class RedisLiveStore implements LiveStore {
  readonly epoch = 'r';
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly listeners: ((change: Change) => void)[] = [];

  constructor(private readonly redis: Redis) {
    this.channel = `${redis.options.keyPrefix ?? ''}live:changes`;
    // Its own connection (a subscribed connection takes no other command), queueing the
    // subscription until it is connected; ioredis subscribes again after a reconnect.
    this.subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.subscriber.on('error', () => {});
    this.subscriber.on('message', (_channel: string, message: string) => {
      let change: Change;
      try {
        change = JSON.parse(message) as Change;
      } catch {
        return;
      }
      if (typeof change.seq !== 'number' || typeof change.path !== 'string') return;
      for (const listener of this.listeners) listener(change);
    });
  }

  private subscribed: Promise<unknown> | undefined;

  /** Resolves once the channel is subscribed (changes published before are not received). */
  async ready(): Promise<void> {
    this.subscribed ??= this.subscriber.subscribe(this.channel);
    await this.subscribed;
  }
  nextSeq() {
    return this.redis.incr('live:seq');
  }
  async publish(change: Change) {
    await this.redis.publish(this.channel, JSON.stringify(change));
  }
  onChange(listener: (change: Change) => void) {
    this.listeners.push(listener);
  }
  async lease(key: string, owner: string, ttlMs: number) {
    return (await this.redis.eval(LEASE, 1, `live:lease:${key}`, owner, ttlMs)) === 1;
  }
  async release(key: string, owner: string) {
    await this.redis.eval(RELEASE, 1, `live:lease:${key}`, owner);
  }
  async getTag(key: string) {
    return (await this.redis.get(`live:tag:${key}`)) ?? undefined;
  }
  async setTag(key: string, tag: string, ttlMs: number) {
    await this.redis.set(`live:tag:${key}`, tag, 'PX', ttlMs);
  }
  async getView(token: string, key: string, seq: number) {
    return (await this.redis.get(`live:view:${token}:${key}:${seq}`)) ?? undefined;
  }
  async setView(token: string, key: string, seq: number, view: string, ttlMs: number) {
    if (ttlMs > 0) await this.redis.set(`live:view:${token}:${key}:${seq}`, view, 'PX', ttlMs);
  }
  async getLast(token: string, key: string) {
    return parseLast((await this.redis.get(`live:last:${token}:${key}`)) ?? undefined);
  }
  async setLast(token: string, key: string, seq: number, view: string, ttlMs: number) {
    if (ttlMs <= 0) return;
    await this.redis.set(`live:last:${token}:${key}`, JSON.stringify({ seq, view }), 'PX', ttlMs);
  }
  async currentSeq() {
    return Number((await this.redis.get('live:seq')) ?? 0);
  }
  async close() {
    this.subscriber.disconnect();
  }
}
