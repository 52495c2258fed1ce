import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Upstream, UpstreamRequest, UpstreamResponse } from '../upstream/client.ts';
import { UpstreamError } from '../upstream/errors.ts';
import { routeTemplate } from '../upstream/routes.ts';
import type { StoredAnswer, ValidatorStore } from '../upstream/validators.ts';
import type { GatewayMetrics } from './metrics.ts';

/** Longest an upstream answer stays in Redis to revalidate, unless used again (1 hour). */
const REDIS_VALIDATOR_TTL_MS = 3_600_000;

/**
 * Upstream answers to revalidate in Redis, shared by replicas: each under `validators:` and its
 * key (a hash of the token and the path), expiring an hour after it was last stored or used;
 * answers over `maxEntryBytes` are not kept. While Redis is down every lookup misses (the client
 * then makes its calls in full) and nothing is stored.
 */
export function redisValidators(
  redis: Redis,
  options: { maxEntryBytes?: number } = {},
): ValidatorStore {
  const maxEntryBytes = options.maxEntryBytes ?? 1_000_000;
  return {
    async get(key) {
      const text = await redis.getex(`validators:${key}`, 'PX', REDIS_VALIDATOR_TTL_MS);
      if (!text) return undefined;
      const answer = JSON.parse(text) as Partial<StoredAnswer>;
      return typeof answer.etag === 'string' && typeof answer.body === 'string'
        ? { etag: answer.etag, body: answer.body }
        : undefined;
    },
    async set(key, answer) {
      if (answer.body.length > maxEntryBytes) return;
      await redis.set(`validators:${key}`, JSON.stringify(answer), 'PX', REDIS_VALIDATOR_TTL_MS);
    },
  };
}

/**
 * Wraps an upstream client so each call is counted and timed by method, route template and
 * status (with its retries; a 304 that reused the stored answer is also counted as revalidated),
 * each deviation of an answer from the contract is counted by route template and field, and each
 * failure is logged with its template and status (never its raw path, query or token).
 */
export function instrumentUpstream(
  inner: Upstream,
  observe: { metrics?: GatewayMetrics | undefined; logger?: Logger | undefined },
): Upstream {
  const { metrics, logger } = observe;
  const record = (
    req: UpstreamRequest,
    path: string,
    status: number,
    attempts: number,
    started: number,
  ) => {
    metrics?.upstreamCalls.inc({ method: req.method, path, status: String(status) });
    metrics?.upstreamDuration.observe(
      { method: req.method, path },
      (performance.now() - started) / 1000,
    );
    if (attempts > 1) metrics?.upstreamRetries.inc({ method: req.method, path }, attempts - 1);
  };
  return {
    async request(req: UpstreamRequest): Promise<UpstreamResponse> {
      const path = routeTemplate(req.path);
      const started = performance.now();
      try {
        const response = await inner.request(req);
        record(req, path, response.status, response.attempts, started);
        if (response.revalidated) metrics?.upstreamRevalidated.inc({ path });
        return response;
      } catch (error) {
        const status = error instanceof UpstreamError ? (error.status ?? 0) : 0;
        const code = error instanceof UpstreamError ? error.code : 'INTERNAL';
        record(req, path, status, 1, started);
        const level = status === 0 || status >= 500 ? 'warn' : 'info';
        logger?.[level](
          {
            upstream: {
              method: req.method,
              path,
              status: status || null,
              code,
              ms: Math.round(performance.now() - started),
            },
          },
          'upstream call failed',
        );
        throw error;
      }
    },
    close: () => inner.close(),
    reportDeviations(method, path, deviations) {
      const template = routeTemplate(path);
      for (const d of deviations) {
        metrics?.upstreamShape.inc({ path: template, field: d.pattern, kind: d.kind });
      }
      inner.reportDeviations?.(method, path, deviations);
    },
  };
}
