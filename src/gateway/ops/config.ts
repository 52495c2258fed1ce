import type { UpstreamOptions } from '../upstream/client.ts';
import type { CacheOptions } from './cache.ts';
import { LOG_LEVELS, type LogLevel } from './logging.ts';

/** The operational configuration of a `start` or `gateway` process (CLI flags and env). */
export interface OpsConfig {
  /** Response cache settings, or false when off. */
  cache: false | CacheOptions;
  redisUrl: string | undefined;
  redisPrefix: string;
  /** Not ready while Redis is unreachable (else: answer uncached). */
  requireRedis: boolean;
  /** `/metrics` on the main port, on a port of its own, or off. */
  metrics: 'on' | 'off' | { port: number };
  logLevel: LogLevel;
  /** Pretty log lines (default: when stdout is a TTY). */
  logPretty: boolean | undefined;
  /** How long in-flight requests may take to finish after SIGTERM. */
  shutdownGraceMs: number;
  /** V8 heap tuning for a long-running server (`tuneMemory`): growth capped, memory returned when idle. */
  memoryTuning: boolean;
  upstream: Omit<UpstreamOptions, 'baseUrl' | 'delayMs'>;
}

/** `parseArgs` descriptors of the operational flags. */
export const OPS_CLI_OPTIONS = {
  cache: { type: 'string' },
  'cache-ttl': { type: 'string' },
  'cache-list-ttl': { type: 'string' },
  'cache-type-ttl': { type: 'string' },
  redis: { type: 'string' },
  'redis-prefix': { type: 'string' },
  'require-redis': { type: 'boolean' },
  metrics: { type: 'string' },
  'log-level': { type: 'string' },
  'log-format': { type: 'string' },
  'shutdown-grace': { type: 'string' },
  'memory-tuning': { type: 'string' },
  'upstream-connect-timeout': { type: 'string' },
  'upstream-timeout': { type: 'string' },
  'upstream-connections': { type: 'string' },
  'upstream-retries': { type: 'string' },
  'upstream-retry-base': { type: 'string' },
} as const;

/** The `--help` lines of the operational flags. */
export const OPS_USAGE = `
Operations (start and gateway):
  --cache <on|off>          response cache (DOCS_GRAPH_CACHE; default on)
  --cache-ttl <s>           seconds a response of objects is kept (DOCS_GRAPH_CACHE_TTL; 30)
  --cache-list-ttl <s>      seconds a response holding a list is kept (DOCS_GRAPH_CACHE_LIST_TTL; 10)
  --cache-type-ttl <T=s,..> seconds per GraphQL type, e.g. Space=60 (DOCS_GRAPH_CACHE_TYPE_TTL)
  --redis <url>             shared state in Redis for many replicas (DOCS_GRAPH_REDIS_URL; off)
  --redis-prefix <p>        prefix of every Redis key (DOCS_GRAPH_REDIS_PREFIX; docs-graph:)
  --require-redis           not ready while Redis is down (DOCS_GRAPH_REQUIRE_REDIS=1)
  --metrics <on|off|port>   Prometheus /metrics on the main port, off, or on its own port
                            (DOCS_GRAPH_METRICS; on)
  --log-level <level>       fatal, error, warn, info, debug, trace or silent (LOG_LEVEL; info)
  --log-format <json|pretty> (DOCS_GRAPH_LOG_FORMAT; pretty on a terminal, else json)
  --shutdown-grace <s>      time in-flight requests get after SIGTERM (DOCS_GRAPH_SHUTDOWN_GRACE; 10)
  --memory-tuning <on|off>  cap V8's heap growth and give memory back when idle
                            (DOCS_GRAPH_MEMORY_TUNING; on)
  --upstream-connect-timeout <ms>  (DOCS_GRAPH_UPSTREAM_CONNECT_TIMEOUT; 5000)
  --upstream-timeout <ms>   headers and body timeout of upstream calls (DOCS_GRAPH_UPSTREAM_TIMEOUT; 15000)
  --upstream-connections <n>  connections kept to the upstream (DOCS_GRAPH_UPSTREAM_CONNECTIONS; 32)
  --upstream-retries <n>    retries of idempotent GETs, 0 to 2 (DOCS_GRAPH_UPSTREAM_RETRIES; 2)
  --upstream-retry-base <ms>  base of the retry backoff (DOCS_GRAPH_UPSTREAM_RETRY_BASE; 100)
  Traces: OTEL_EXPORTER_OTLP_ENDPOINT (OTLP/HTTP export; off when unset), OTEL_SERVICE_NAME
`;

/** A flag or variable with a value it cannot take. */
export class ConfigError extends Error {}

type Values = Record<string, string | boolean | undefined | (string | boolean)[]>;

/**
 * Reads the operational configuration from parsed flags, then env, then defaults. Throws a
 * `ConfigError` naming the flag for a value out of range.
 */
export function opsConfig(values: Values, env: NodeJS.ProcessEnv): OpsConfig {
  const raw = (flag: string, variable: string): string | undefined => {
    const value = values[flag];
    if (typeof value === 'string') return value;
    const fromEnv = env[variable];
    return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
  };
  const int = (flag: string, variable: string, fallback: number, min: number, max: number) => {
    const text = raw(flag, variable);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new ConfigError(
        `--${flag} (${variable}) must be a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`,
      );
    }
    return value;
  };
  const choice = <T extends string>(flag: string, variable: string, allowed: readonly T[]) => {
    const text = raw(flag, variable);
    if (text !== undefined && !allowed.includes(text as T)) {
      throw new ConfigError(
        `--${flag} (${variable}) must be one of ${allowed.join(', ')}, got ${JSON.stringify(text)}`,
      );
    }
    return text as T | undefined;
  };

  const cacheOn = (choice('cache', 'DOCS_GRAPH_CACHE', ['on', 'off']) ?? 'on') === 'on';
  const ttlPerType: Record<string, number> = {};
  const types = raw('cache-type-ttl', 'DOCS_GRAPH_CACHE_TYPE_TTL');
  for (const pair of types ? types.split(',') : []) {
    const match = /^\s*([A-Z][A-Za-z0-9]*)\s*=\s*(\d{1,7})\s*$/.exec(pair);
    if (!match?.[1] || !match[2]) {
      throw new ConfigError(
        `--cache-type-ttl (DOCS_GRAPH_CACHE_TYPE_TTL) takes Type=seconds pairs separated by commas, got ${JSON.stringify(pair)}`,
      );
    }
    ttlPerType[match[1]] = Number(match[2]);
  }
  const day = 86_400;
  const cache: OpsConfig['cache'] = cacheOn && {
    ttl: int('cache-ttl', 'DOCS_GRAPH_CACHE_TTL', 30, 0, day),
    listTtl: int('cache-list-ttl', 'DOCS_GRAPH_CACHE_LIST_TTL', 10, 0, day),
    ttlPerType,
  };

  const redisUrl = raw('redis', 'DOCS_GRAPH_REDIS_URL');
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError(
      `--redis (DOCS_GRAPH_REDIS_URL) must be a redis:// or rediss:// URL, got ${JSON.stringify(redisUrl)}`,
    );
  }
  const requireRedis = values['require-redis'] === true || env.DOCS_GRAPH_REQUIRE_REDIS === '1';
  if (requireRedis && !redisUrl) {
    throw new ConfigError('--require-redis needs --redis <url> (DOCS_GRAPH_REDIS_URL)');
  }

  const metricsText = raw('metrics', 'DOCS_GRAPH_METRICS') ?? 'on';
  let metrics: OpsConfig['metrics'];
  if (metricsText === 'on' || metricsText === 'off') metrics = metricsText;
  else metrics = { port: int('metrics', 'DOCS_GRAPH_METRICS', 0, 1, 65535) };

  const format = choice('log-format', 'DOCS_GRAPH_LOG_FORMAT', ['json', 'pretty']);
  const timeout = int('upstream-timeout', 'DOCS_GRAPH_UPSTREAM_TIMEOUT', 15_000, 1, 600_000);
  return {
    cache,
    redisUrl,
    redisPrefix: raw('redis-prefix', 'DOCS_GRAPH_REDIS_PREFIX') ?? 'docs-graph:',
    requireRedis,
    metrics,
    logLevel: choice('log-level', 'LOG_LEVEL', LOG_LEVELS) ?? 'info',
    logPretty: format === undefined ? undefined : format === 'pretty',
    shutdownGraceMs: int('shutdown-grace', 'DOCS_GRAPH_SHUTDOWN_GRACE', 10, 0, 3600) * 1000,
    memoryTuning:
      (choice('memory-tuning', 'DOCS_GRAPH_MEMORY_TUNING', ['on', 'off']) ?? 'on') === 'on',
    upstream: {
      connectTimeoutMs: int(
        'upstream-connect-timeout',
        'DOCS_GRAPH_UPSTREAM_CONNECT_TIMEOUT',
        5_000,
        1,
        600_000,
      ),
      headersTimeoutMs: timeout,
      bodyTimeoutMs: timeout,
      connections: int('upstream-connections', 'DOCS_GRAPH_UPSTREAM_CONNECTIONS', 32, 1, 1024),
      retries: int('upstream-retries', 'DOCS_GRAPH_UPSTREAM_RETRIES', 2, 0, 2),
      retryBaseMs: int('upstream-retry-base', 'DOCS_GRAPH_UPSTREAM_RETRY_BASE', 100, 0, 60_000),
    },
  };
}
