import type { Logger } from 'pino';
import type { Upstream, UpstreamRequest, UpstreamResponse } from '../upstream/client.ts';
import { UpstreamError } from '../upstream/errors.ts';
import { routeTemplate } from '../upstream/routes.ts';
import type { GatewayMetrics } from './metrics.ts';

/**
 * Wraps an upstream client so each call is counted and timed by method, route template and
 * status (with its retries), each deviation of an answer from the contract is counted by route
 * template and field, and each failure is logged with its template and status (never its
 * raw path, query or token).
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
