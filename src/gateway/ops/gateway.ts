import type { TracerProvider } from '@opentelemetry/api';
import { type GraphQLSchema, Kind, parse } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { PersistedDocuments } from '../guard/documents.ts';
import type { LiveOptions } from '../live/options.ts';
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
  /** Subscriptions: limits, poll interval, buffer and heartbeat (`--live-*`). */
  live?: Partial<LiveOptions>;
}

/** The operation names the documents of a trusted-documents manifest declare. */
function operationNames(documents: PersistedDocuments | undefined): Set<string> {
  const names = new Set<string>();
  for (const text of Object.values(documents ?? {})) {
    try {
      for (const definition of parse(text).definitions) {
        if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) {
          names.add(definition.name.value);
        }
      }
    } catch {
      // A document that does not parse names no operation (it is refused when run).
    }
  }
  return names;
}

/**
 * The Yoga plugins the options ask for, in the order they must run; the trusted documents of
 * the guard (when it runs only those) name the operations metrics label beyond their bound.
 */
export function opsPlugins(
  options: OpsOptions & { guard?: { trustedDocuments?: PersistedDocuments | undefined } },
  schema: GraphQLSchema,
): Plugin[] {
  const plugins: Plugin[] = [];
  if (options.tracerProvider) plugins.push(tracingPlugin(options.tracerProvider));
  if (options.logger || options.metrics) {
    const trustedOperations = operationNames(options.guard?.trustedDocuments);
    plugins.push(observePlugin({ ...options, trustedOperations }) as Plugin);
  }
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
