import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';

// ioredis is loaded when a connection is made (`--redis`), not at start: a process without Redis
// never loads it. It is CommonJS, so `require` keeps `createRedis` synchronous.
const require = createRequire(import.meta.url);

/** Where shared gateway state lives when no URL is given (`REDIS_URL`, else the local default). */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface RedisOptions {
  /** Prefix of every key this gateway writes (several deployments may share one Redis). */
  keyPrefix?: string;
  /** Called at most once per `logIntervalMs` while Redis is unreachable. */
  onError?: (error: Error) => void;
  logIntervalMs?: number;
}

/**
 * The one Redis connection of a gateway process, shared by the response cache, persisted
 * documents and rate-limit counters. Commands fail fast while Redis is down (no offline queue,
 * one retry), so callers degrade to uncached answers instead of waiting; it reconnects by itself.
 */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  const { Redis } = require('ioredis') as typeof IORedis;
  const redis = new Redis(url, {
    keyPrefix: options.keyPrefix ?? 'docs-graph:',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let lastLog = 0;
  const interval = options.logIntervalMs ?? 30_000;
  redis.on('error', (error: Error) => {
    const now = Date.now();
    if (now - lastLog < interval) return;
    lastLog = now;
    options.onError?.(error);
  });
  return redis;
}
