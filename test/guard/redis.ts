import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createRedis, DEFAULT_REDIS_URL } from '../../src/gateway/redis.ts';

/** Waits until a connection made with `createRedis` (no offline queue) can take commands. */
export function ready(connection: Redis): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (connection.status === 'ready') resolve();
    connection.once('ready', () => resolve());
    connection.once('error', reject);
    setTimeout(() => reject(new Error('no answer within 2 s')), 2_000).unref();
  });
}

/**
 * Redis at `REDIS_URL` with a random key prefix of its own, or undefined when unreachable (the
 * reason is printed; with CI=true it throws instead). `cleanup` deletes the prefix's keys.
 */
export async function testRedis(
  name: string,
): Promise<
  { redis: Redis; prefix: string; keys(): Promise<string[]>; cleanup(): Promise<void> } | undefined
> {
  const url = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const prefix = `test-${name}-${randomBytes(6).toString('hex')}:`;
  const redis = createRedis(url, { keyPrefix: prefix });
  try {
    await ready(redis);
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    if (process.env.CI === 'true') throw new Error(`Redis at ${url} unreachable: ${error}`);
    process.stdout.write(`skipping the Redis ${name} tests: ${url} unreachable (${error})\n`);
    return undefined;
  }
  const keys = async () => {
    const raw = createRedis(url, { keyPrefix: '' });
    try {
      await ready(raw);
      return await raw.keys(`${prefix}*`);
    } finally {
      raw.disconnect();
    }
  };
  return {
    redis,
    prefix,
    keys,
    async cleanup() {
      const found = await keys();
      // The connection's prefix is added to every key it names: strip it before deleting.
      if (found.length) await redis.del(...found.map((k) => k.slice(prefix.length)));
      redis.disconnect();
    },
  };
}
