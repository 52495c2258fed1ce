import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Distinct operation names `/metrics` labels by default (`--metrics-operations`). */
export const DEFAULT_OPERATION_LABELS = 100;

/** The `operation` label of names past the bound. */
export const OTHER_OPERATION = 'other';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The Prometheus metrics of one gateway, in their own registry (`/metrics` serves it). */
export interface GatewayMetrics {
  registry: Registry;
  /**
   * The `operation` label of an operation named `name`: the name of a trusted document, or of
   * one of the first distinct names seen (up to the bound); any other is `other`, so clients
   * cannot grow `/metrics` by naming operations at random.
   */
  operationLabel(name: string | undefined, trusted?: boolean): string;
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
  liveOpen: Gauge;
  liveEvents: Counter;
  livePolls: Counter<'status'>;
}

/**
 * Creates the gateway's metrics in `registry` (a new one by default) with Node's process metrics.
 * Names start with `docs_graph_`; upstream paths are route templates, never raw paths; operation
 * names are bounded by `operationLabels` (distinct names of untrusted documents labelled).
 */
export function createMetrics(
  registry = new Registry(),
  options: { operationLabels?: number } = {},
): GatewayMetrics {
  collectDefaultMetrics({ register: registry, prefix: 'docs_graph_' });
  const registers = [registry];
  const bound = options.operationLabels ?? DEFAULT_OPERATION_LABELS;
  const seen = new Set<string>();
  return {
    registry,
    operationLabel(name, trusted = false) {
      if (name === undefined) return 'anonymous';
      if (trusted || seen.has(name)) return name;
      if (seen.size >= bound) return OTHER_OPERATION;
      seen.add(name);
      return name;
    },
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
    liveOpen: new Gauge({
      name: 'docs_graph_live_subscriptions',
      help: 'Open subscriptions on this replica.',
      registers,
    }),
    liveEvents: new Counter({
      name: 'docs_graph_live_events_total',
      help: 'Subscription events sent.',
      registers,
    }),
    livePolls: new Counter({
      name: 'docs_graph_live_polls_total',
      help: 'Polls of watched objects by status (304: unchanged, 0: no answer).',
      labelNames: ['status'],
      registers,
    }),
  };
}
