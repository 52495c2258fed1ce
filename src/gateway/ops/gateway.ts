import type { TracerProvider } from '@opentelemetry/api';
import type { GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Upstream } from '../upstream/client.ts';
import { type CacheOptions, responseCachePlugins } from './cache.ts';
import { cacheControlPlugin } from './freshness.ts';
import type { GatewayMetrics } from './metrics.ts';
import { observePlugin } from './observe.ts';
import { tracingPlugin } from './tracing.ts';
import { instrumentUpstream } from './upstream.ts';

/** The operational options of `createGateway`: all off unless given. */
export interface OpsOptions {
  /** Response cache (off by default): `true` for the default TTLs, or its settings. */
  cache?: boolean | CacheOptions;
  /** The Redis connection (`createRedis`) that holds shared state: the cache, when it is on. */
  redis?: Redis;
  /** Prometheus metrics (`createMetrics()`); serve `metrics.registry` at `/metrics`. */
  metrics?: GatewayMetrics;
  /** A pino logger (`createLogger()`): one line per request, upstream failures. */
  logger?: Logger;
  /** OpenTelemetry tracer provider: spans per operation, phase and upstream call. */
  tracerProvider?: TracerProvider;
}

/** The Yoga plugins the options ask for, in the order they must run. */
export function opsPlugins(options: OpsOptions, schema: GraphQLSchema): Plugin[] {
  const plugins: Plugin[] = [];
  if (options.tracerProvider) plugins.push(tracingPlugin(options.tracerProvider));
  if (options.logger || options.metrics) plugins.push(observePlugin(options) as Plugin);
  if (options.cache) {
    plugins.push(
      ...responseCachePlugins({
        options: options.cache === true ? {} : options.cache,
        schema,
        redis: options.redis,
        metrics: options.metrics,
        logger: options.logger,
      }),
    );
  } else plugins.push(cacheControlPlugin());
  return plugins;
}

/** The upstream client, counted, timed and logged when metrics or a logger are given. */
export function opsUpstream(client: Upstream, options: OpsOptions): Upstream {
  return options.metrics || options.logger ? instrumentUpstream(client, options) : client;
}
