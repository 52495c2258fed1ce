/** The operational options of `start` and `gateway` (the gateway's `OpsConfig`). */
import { CACHE_DEFAULTS } from '../gateway/ops/cache.ts';
import { LOG_LEVELS } from '../gateway/ops/logging.ts';
import { DEFAULT_OPERATION_LABELS } from '../gateway/ops/metrics.ts';
import { UPSTREAM_DEFAULTS } from '../gateway/upstream/client.ts';
import { VALIDATOR_DEFAULTS } from '../gateway/upstream/validators.ts';
import { httpUrl, oneOf, onOff, option, text, textAs, toggle, wholeNumber } from './option.ts';

/** The response cache. */
export const CACHE = {
  cache: option({
    flag: 'cache',
    arg: '<on|off>',
    env: 'DOCS_GRAPH_CACHE',
    ...onOff(),
    default: true,
    defaultText: 'on',
    description: 'response cache',
  }),
  cacheFreshness: option({
    flag: 'cache-freshness',
    arg: '<upstream|ttl>',
    env: 'DOCS_GRAPH_CACHE_FRESHNESS',
    ...oneOf(['upstream', 'ttl'] as const),
    default: CACHE_DEFAULTS.freshness as 'upstream' | 'ttl',
    description:
      "where a cached response's lifetime comes from. `upstream` (the default, for `start` and for `gateway` against any upstream): the upstream's `Cache-Control`/`Expires` of the answers it was built from, the least fresh, capped by the lifetimes below; when an answer says nothing, `no-cache` or `no-store`, the response is not kept and a repeat revalidates (conditional GETs, reused on 304). `ttl`: the lifetimes below, whatever the upstream says",
  }),
  cacheTtl: option({
    flag: 'cache-ttl',
    arg: '<s>',
    env: 'DOCS_GRAPH_CACHE_TTL',
    ...wholeNumber(0, 86_400),
    default: CACHE_DEFAULTS.ttl as number,
    description: 'most seconds a response of objects is kept',
  }),
  cacheListTtl: option({
    flag: 'cache-list-ttl',
    arg: '<s>',
    env: 'DOCS_GRAPH_CACHE_LIST_TTL',
    ...wholeNumber(0, 86_400),
    default: CACHE_DEFAULTS.listTtl as number,
    description: 'most seconds a response holding a list is kept',
  }),
  cacheTypeTtl: option<Record<string, number>>({
    flag: 'cache-type-ttl',
    arg: '<T=s,..>',
    env: 'DOCS_GRAPH_CACHE_TYPE_TTL',
    ...textAs('`Type=seconds` pairs separated by commas (e.g. `Space=60`)', (t) => {
      const perType: Record<string, number> = {};
      for (const pair of t.split(',')) {
        const match = /^\s*([A-Z][A-Za-z0-9]*)\s*=\s*(\d{1,7})\s*$/.exec(pair);
        if (!match?.[1] || !match[2]) return undefined;
        perType[match[1]] = Number(match[2]);
      }
      return perType;
    }),
    default: {},
    defaultText: 'none',
    description: 'most seconds a response is kept, per GraphQL type',
  }),
};

/** State shared by replicas. */
export const REDIS = {
  redis: option<string | undefined>({
    flag: 'redis',
    arg: '<url>',
    env: 'DOCS_GRAPH_REDIS_URL',
    ...textAs('a redis:// or rediss:// URL', (t) => (/^rediss?:\/\//.test(t) ? t : undefined)),
    default: undefined,
    defaultText: 'off',
    description:
      'shared state (response cache, upstream validators, rate-limit counters, APQ documents) in Redis, for many replicas',
  }),
  redisPrefix: option({
    flag: 'redis-prefix',
    arg: '<p>',
    env: 'DOCS_GRAPH_REDIS_PREFIX',
    ...text('any text'),
    default: 'docs-graph:',
    description: 'prefix of every Redis key',
  }),
  requireRedis: option({
    flag: 'require-redis',
    env: 'DOCS_GRAPH_REQUIRE_REDIS',
    ...toggle('a switch; the variable `1`; needs `--redis`'),
    default: false,
    description: 'not ready while Redis is unreachable (else: answer uncached)',
  }),
};

/** Metrics, logs and traces (OpenTelemetry's own variables). */
export const OBSERVABILITY = {
  metrics: option<'on' | 'off' | { port: number }>({
    flag: 'metrics',
    arg: '<on|off|port>',
    env: 'DOCS_GRAPH_METRICS',
    ...textAs('`on`, `off` or a port from 1 to 65535', (t) => {
      if (t === 'on' || t === 'off') return t;
      const port = Number(t);
      return Number.isInteger(port) && port >= 1 && port <= 65535 ? { port } : undefined;
    }),
    default: 'on',
    description: 'Prometheus `/metrics` on the main port, off, or on a port of its own',
  }),
  metricsOperations: option({
    flag: 'metrics-operations',
    arg: '<n>',
    env: 'DOCS_GRAPH_METRICS_OPERATIONS',
    ...wholeNumber(0, 10_000),
    default: DEFAULT_OPERATION_LABELS,
    description:
      'distinct operation names the `operation` label takes (the first seen; trusted documents always): any other is `other`',
  }),
  logLevel: option({
    flag: 'log-level',
    arg: '<level>',
    env: 'LOG_LEVEL',
    ...oneOf(LOG_LEVELS),
    default: 'info' as (typeof LOG_LEVELS)[number],
    description: 'least severe log level written',
  }),
  logFormat: option<'json' | 'pretty' | undefined>({
    flag: 'log-format',
    arg: '<json|pretty>',
    env: 'DOCS_GRAPH_LOG_FORMAT',
    ...oneOf(['json', 'pretty'] as const),
    default: undefined,
    defaultText: '`pretty` on a terminal, else `json`',
    description: 'log line format',
  }),
  otlpEndpoint: option<string | undefined>({
    env: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    ...textAs('an absolute http(s) URL', httpUrl),
    default: undefined,
    defaultText: 'off',
    description: 'export traces over OTLP/HTTP to this collector (`/v1/traces` is added)',
  }),
  otlpTracesEndpoint: option<string | undefined>({
    env: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    ...textAs('an absolute http(s) URL', httpUrl),
    default: undefined,
    defaultText: 'off',
    description: 'export traces over OTLP/HTTP to this URL (as given; wins over the one above)',
  }),
  serviceName: option({
    env: 'OTEL_SERVICE_NAME',
    ...text('any text'),
    default: 'docs-graph',
    description: '`service.name` of the exported traces',
  }),
};

/** Shutdown and memory. */
export const LIFECYCLE = {
  shutdownGrace: option({
    flag: 'shutdown-grace',
    arg: '<s>',
    env: 'DOCS_GRAPH_SHUTDOWN_GRACE',
    ...wholeNumber(0, 3600),
    default: 10,
    description: 'seconds in-flight requests get to finish after SIGTERM',
  }),
  memoryTuning: option({
    flag: 'memory-tuning',
    arg: '<on|off>',
    env: 'DOCS_GRAPH_MEMORY_TUNING',
    ...onOff(),
    default: true,
    defaultText: 'on',
    description:
      "cap V8's old-generation growth at 15% over what a full collection kept (less memory held after a burst)",
  }),
  nodeOptions: option<string | undefined>({
    env: 'NODE_OPTIONS',
    ...text("Node's options"),
    default: undefined,
    defaultText: 'none',
    description: 'V8 heap flags given here (or to `node`) are left as given by the memory tuning',
  }),
};

/** The HTTP client of the upstream `/v1`. */
export const UPSTREAM = {
  upstreamConnectTimeout: option({
    flag: 'upstream-connect-timeout',
    arg: '<ms>',
    env: 'DOCS_GRAPH_UPSTREAM_CONNECT_TIMEOUT',
    ...wholeNumber(1, 600_000),
    default: UPSTREAM_DEFAULTS.connectTimeoutMs as number,
    description: 'milliseconds to connect to the upstream',
  }),
  upstreamTimeout: option({
    flag: 'upstream-timeout',
    arg: '<ms>',
    env: 'DOCS_GRAPH_UPSTREAM_TIMEOUT',
    ...wholeNumber(1, 600_000),
    default: UPSTREAM_DEFAULTS.timeoutMs as number,
    description: 'headers and body timeout of upstream calls, in milliseconds',
  }),
  upstreamConnections: option({
    flag: 'upstream-connections',
    arg: '<n>',
    env: 'DOCS_GRAPH_UPSTREAM_CONNECTIONS',
    ...wholeNumber(1, 1024),
    default: UPSTREAM_DEFAULTS.connections as number,
    description: 'connections kept to the upstream',
  }),
  upstreamRetries: option({
    flag: 'upstream-retries',
    arg: '<n>',
    env: 'DOCS_GRAPH_UPSTREAM_RETRIES',
    ...wholeNumber(0, UPSTREAM_DEFAULTS.retries),
    default: UPSTREAM_DEFAULTS.retries as number,
    description: 'retries of idempotent GETs',
  }),
  upstreamRetryBase: option({
    flag: 'upstream-retry-base',
    arg: '<ms>',
    env: 'DOCS_GRAPH_UPSTREAM_RETRY_BASE',
    ...wholeNumber(0, 60_000),
    default: UPSTREAM_DEFAULTS.retryBaseMs as number,
    description: 'base of the retry backoff, in milliseconds',
  }),
  upstreamValidators: option({
    flag: 'upstream-validators',
    arg: '<MB>',
    env: 'DOCS_GRAPH_UPSTREAM_VALIDATORS',
    ...wholeNumber(0, 4096),
    default: VALIDATOR_DEFAULTS.maxBytes / 1_000_000,
    description:
      'megabytes of upstream GET answers kept, by token (hashed) and path, the least recently used dropped (in Redis with `--redis`), to revalidate with `If-None-Match` and reuse on 304; 0: off',
  }),
};
