import type { TracerProvider } from '@opentelemetry/api';
import { type GraphQLSchema, Kind, parse } from 'graphql';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { PersistedDocuments } from '../guard/documents.ts';
import type { LiveOptions } from '../live/options.ts';
import type { RequestStep } from '../plugins/requestPart.ts';
import type { Upstream } from '../upstream/client.ts';
import { type CacheOptions, responseCacheSteps } from './cache.ts';
import { cacheControlPart } from './freshness.ts';
import type { GatewayMetrics } from './metrics.ts';
import { observePart } from './observe.ts';
import { tracingPart } from './tracing.ts';
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
 * The steps of the request path the options ask for, in the order they must run: none for what
 * is off (no tracer provider, neither logger nor metrics). The trusted documents of the guard
 * (when it runs only those) name the operations metrics label beyond their bound.
 */
export function opsSteps(
  options: OpsOptions & { guard?: { trustedDocuments?: PersistedDocuments | undefined } },
  schema: GraphQLSchema,
): RequestStep[] {
  const steps: RequestStep[] = [];
  if (options.tracerProvider) steps.push(tracingPart(options.tracerProvider));
  if (options.logger || options.metrics) {
    const trustedOperations = operationNames(options.guard?.trustedDocuments);
    steps.push(observePart({ ...options, trustedOperations }));
  }
  if (options.cache) {
    steps.push(
      ...responseCacheSteps({
        options: options.cache === true ? {} : options.cache,
        schema,
        redis: options.redis,
        metrics: options.metrics,
        logger: options.logger,
      }),
    );
  } else steps.push(cacheControlPart());
  return steps;
}

/** The upstream client, counted, timed and logged when metrics or a logger are given. */
export function opsUpstream(client: Upstream, options: OpsOptions): Upstream {
  return options.metrics || options.logger ? instrumentUpstream(client, options) : client;
}
