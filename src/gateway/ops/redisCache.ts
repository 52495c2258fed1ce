import type { Cache } from '@graphql-yoga/plugin-response-cache';
import type { Redis } from 'ioredis';

/** Options of `redisResponseCache`. Times are in milliseconds. */
export interface RedisResponseCacheOptions {
  /**
   * Longest life of an entry: a longer (or unbounded) TTL is cut to it. Every index key lives
   * this long (and a second) past its last write, so it outlives each entry it lists.
   */
  maxTtlMs: number;
  /** Namespace of the keys, under the connection's own prefix (default `response`). */
  namespace?: string;
}

/** Entity tags of a cache entry or an invalidation: the type name, and `Type:id` when known. */
function tagsOf(
  entities: Iterable<{ typename: string; id?: string | number }>,
  withTypename: boolean,
): Set<string> {
  const tags = new Set<string>();
  for (const { typename, id } of entities) {
    const hasId = id !== undefined && id !== null;
    if (withTypename || !hasId) tags.add(typename);
    if (hasId) tags.add(`${typename}:${id}`);
  }
  return tags;
}

/** Deleted in batches, so one invalidation of a popular type never sends one huge command. */
const UNLINK_BATCH = 500;

/**
 * The response cache in Redis, shared by every replica. Each entry is a string key with the
 * entry's TTL; each tag (a type name, or `Type:id`) is a sorted set of the entry keys holding it,
 * scored by when they expire. Writing an entry also drops the tag's expired members and renews
 * the tag's own TTL, so no key lives forever and no set outgrows the live entries it lists.
 * Invalidation reads and deletes the named tags in one transaction, then unlinks their entries:
 * no `KEYS`, no `SCAN`, work proportional to what is invalidated.
 */
export function redisResponseCache(redis: Redis, options: RedisResponseCacheOptions): Cache {
  const namespace = options.namespace ?? 'response';
  const entryKey = (key: string) => `${namespace}:entry:${key}`;
  const tagKey = (tag: string) => `${namespace}:tag:${tag}`;
  const indexTtlMs = Math.ceil(options.maxTtlMs) + 1_000;

  // A transaction's answers, or the first error among them.
  const valuesOf = (results: Array<[Error | null, unknown]> | null): unknown[] => {
    if (!results) throw new Error('response cache transaction discarded');
    return results.map(([error, value]) => {
      if (error) throw error;
      return value;
    });
  };

  return {
    async set(key, data, entities, ttl) {
      const lifeMs = Math.ceil(
        Math.min(Number.isFinite(ttl) ? ttl : options.maxTtlMs, options.maxTtlMs),
      );
      if (!(lifeMs > 0)) return;
      const now = Date.now();
      const transaction = redis.multi().set(entryKey(key), JSON.stringify(data), 'PX', lifeMs);
      for (const tag of tagsOf(entities, true)) {
        transaction
          .zadd(tagKey(tag), now + lifeMs, key)
          .zremrangebyscore(tagKey(tag), '-inf', now)
          .pexpire(tagKey(tag), indexTtlMs);
      }
      valuesOf(await transaction.exec());
    },

    async get(key) {
      const raw = await redis.get(entryKey(key));
      return raw === null ? null : JSON.parse(raw);
    },

    async invalidate(entities) {
      const tags = [...tagsOf(entities, false)];
      if (tags.length === 0) return;
      const transaction = redis.multi();
      for (const tag of tags)
        transaction.zrangebyscore(tagKey(tag), Date.now(), '+inf').del(tagKey(tag));
      const results = valuesOf(await transaction.exec());
      const keys = new Set<string>();
      for (let i = 0; i < results.length; i += 2) {
        for (const key of results[i] as string[]) keys.add(entryKey(key));
      }
      const all = [...keys];
      for (let i = 0; i < all.length; i += UNLINK_BATCH) {
        await redis.unlink(...all.slice(i, i + UNLINK_BATCH));
      }
    },
  };
}
