import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The Prometheus metrics of one gateway, in their own registry (`/metrics` serves it). */
export interface GatewayMetrics {
  registry: Registry;
  requests: Counter<'operation' | 'outcome'>;
  requestDuration: Histogram<'operation' | 'outcome'>;
  inFlight: Gauge;
  errors: Counter<'code'>;
  upstreamCalls: Counter<'method' | 'path' | 'status'>;
  upstreamDuration: Histogram<'method' | 'path'>;
  upstreamRetries: Counter<'method' | 'path'>;
  upstreamShape: Counter<'path' | 'field' | 'kind'>;
  upstreamRevalidated: Counter<'path'>;
  cache: Counter<'result'>;
}

/**
 * Creates the gateway's metrics in `registry` (a new one by default) with Node's process metrics.
 * Names start with `docs_graph_`; upstream paths are route templates, never raw paths.
 */
export function createMetrics(registry = new Registry()): GatewayMetrics {
  collectDefaultMetrics({ register: registry, prefix: 'docs_graph_' });
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: 'docs_graph_graphql_requests_total',
      help: 'GraphQL requests by operation name and outcome (ok, error, cached, rejected).',
      labelNames: ['operation', 'outcome'],
      registers,
    }),
    requestDuration: new Histogram({
      name: 'docs_graph_graphql_request_duration_seconds',
      help: 'Duration of GraphQL requests, from arrival to response.',
      labelNames: ['operation', 'outcome'],
      buckets: SECONDS,
      registers,
    }),
    inFlight: new Gauge({
      name: 'docs_graph_graphql_requests_in_flight',
      help: 'GraphQL requests being served.',
      registers,
    }),
    errors: new Counter({
      name: 'docs_graph_graphql_errors_total',
      help: 'Errors in GraphQL responses by extensions.code.',
      labelNames: ['code'],
      registers,
    }),
    upstreamCalls: new Counter({
      name: 'docs_graph_upstream_requests_total',
      help: 'Calls to the /v1 upstream by method, route template and status (0: no answer).',
      labelNames: ['method', 'path', 'status'],
      registers,
    }),
    upstreamDuration: new Histogram({
      name: 'docs_graph_upstream_request_duration_seconds',
      help: 'Duration of calls to the /v1 upstream, retries included.',
      labelNames: ['method', 'path'],
      buckets: SECONDS,
      registers,
    }),
    upstreamRetries: new Counter({
      name: 'docs_graph_upstream_retries_total',
      help: 'Retried attempts of upstream calls (attempts beyond the first).',
      labelNames: ['method', 'path'],
      registers,
    }),
    upstreamShape: new Counter({
      name: 'docs_graph_upstream_shape_deviations_total',
      help: 'Values of upstream answers that deviate from the contract, by route template, JSON path (indices as []) and kind (missing, invalid, coerced, alternative).',
      labelNames: ['path', 'field', 'kind'],
      registers,
    }),
    upstreamRevalidated: new Counter({
      name: 'docs_graph_upstream_revalidated_total',
      help: 'Upstream GETs answered 304 Not Modified to the stored entity tag, whose stored body was reused, by route template (also counted in docs_graph_upstream_requests_total with status 304).',
      labelNames: ['path'],
      registers,
    }),
    cache: new Counter({
      name: 'docs_graph_response_cache_total',
      help: 'Response cache lookups of queries by result (hit, miss).',
      labelNames: ['result'],
      registers,
    }),
  };
}
