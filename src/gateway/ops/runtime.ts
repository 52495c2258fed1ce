import { createServer, type Server } from 'node:http';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { OpsConfig } from '../../config.ts';
import { createRedis } from '../redis.ts';
import { type Upstream, UpstreamClient } from '../upstream/client.ts';
import { UpstreamError } from '../upstream/errors.ts';
import { memoryValidators } from '../upstream/validators.ts';
import type { OpsOptions } from './gateway.ts';
import { createLogger } from './logging.ts';
import { startedWith, tuneMemory } from './memory.ts';
import { createMetrics, type GatewayMetrics } from './metrics.ts';
import { tracingFromEnv } from './tracing.ts';
import { redisValidators } from './upstream.ts';

/** An answer of `/health`, `/readiness` or `/metrics`. */
export interface OpsAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** How long a successful upstream probe vouches for readiness. */
const PROBE_FRESH_MS = 5_000;

/** What one GET of `/v1/orgs` without a token says about an upstream. */
export type ProbeResult =
  | { kind: 'answered'; status: number }
  | { kind: 'not-v1'; status: number; answer: string }
  | { kind: 'unreachable'; message: string };

/** The URL a probe reads (`<base>/v1/orgs?limit=1`). */
export const probeUrl = (client: Pick<UpstreamClient, 'origin' | 'prefix'>): string =>
  `${client.origin}${client.prefix}${PROBE_PATH}`;

const PROBE_PATH = '/orgs?limit=1';

/**
 * Probes a `/v1` surface with one unauthenticated `GET /orgs`. A `/v1` route answers it with a
 * 2xx, or refuses the missing token with 401 or 403: the upstream exists. Anything else (a 404
 * route, an HTML page, a server error) means the base URL is not a working `/v1` surface; a
 * connection error means nothing answered.
 */
export async function probeUpstream(client: Upstream): Promise<ProbeResult> {
  try {
    const response = await client.request({ method: 'GET', path: PROBE_PATH });
    return { kind: 'answered', status: response.status };
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status === undefined) {
      return { kind: 'unreachable', message: (error as Error).message };
    }
    if (error.status === 401 || error.status === 403) {
      return { kind: 'answered', status: error.status };
    }
    return { kind: 'not-v1', status: error.status, answer: error.message };
  }
}

/** The operational parts of a running process: logger, metrics, Redis, traces, health, lifecycle. */
export interface Ops {
  logger: Logger;
  metrics: GatewayMetrics | undefined;
  redis: Redis | undefined;
  /** The upstream client (uninstrumented: probes stay out of metrics and logs). */
  upstream: UpstreamClient;
  /** What to give `createGateway` (besides `upstream`). */
  gatewayOptions: OpsOptions;
  /** Answers `/health`, `/readiness` and (on the main port) `/metrics`; else undefined. */
  answer(path: string): Promise<OpsAnswer | undefined>;
  /** Probes the upstream once and logs a warning when it does not look like `/v1`. */
  checkUpstream(): Promise<ProbeResult>;
  /** Counts a request in flight until `done` is called (shutdown waits for them). */
  begin(): () => void;
  /** Not ready from now on; waits up to the grace period for requests in flight. */
  drain(): Promise<void>;
  /** Closes the metrics port, Redis and the trace exporter (the gateway closes the upstream). */
  close(): Promise<void>;
}

export interface OpsSetup {
  config: OpsConfig;
  upstreamUrl: string;
  /** Address the metrics port binds (when it has one). */
  host: string;
  /** Added before every upstream call (benchmarks). */
  upstreamDelayMs?: number;
  /** A logger to use instead of one made from the config (tests). */
  logger?: Logger;
}

/** Creates the operational parts a `start` or `gateway` process runs with. */
export async function startOps(setup: OpsSetup): Promise<Ops> {
  const { config } = setup;
  const logger =
    setup.logger ??
    createLogger({
      level: config.logLevel,
      ...(config.logPretty !== undefined ? { pretty: config.logPretty } : {}),
    });
  const metrics =
    config.metrics === 'off'
      ? undefined
      : createMetrics(undefined, { operationLabels: config.metricsOperations });
  if (config.memoryTuning) tuneMemory({ given: startedWith(config.nodeOptions) });
  const tracing = await tracingFromEnv({
    OTEL_EXPORTER_OTLP_ENDPOINT: config.tracing.endpoint,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: config.tracing.tracesEndpoint,
    OTEL_SERVICE_NAME: config.tracing.serviceName,
  });
  let redisDown = false;
  const redis = config.redisUrl
    ? createRedis(config.redisUrl, {
        keyPrefix: config.redisPrefix,
        onError: (error) => {
          redisDown = true;
          logger.warn({ err: error.message }, 'redis unreachable: answering uncached');
        },
      })
    : undefined;
  redis?.on('ready', () => {
    if (redisDown) logger.info('redis reachable again');
    redisDown = false;
  });
  const { validatorBytes, ...upstreamOptions } = config.upstream;
  const upstream = new UpstreamClient({
    baseUrl: setup.upstreamUrl,
    ...upstreamOptions,
    delayMs: setup.upstreamDelayMs ?? 0,
    validators:
      validatorBytes === 0
        ? false
        : redis
          ? redisValidators(redis)
          : memoryValidators({ maxBytes: validatorBytes }),
  });

  let metricsServer: Server | undefined;
  const metricsAnswer = async (): Promise<OpsAnswer> => ({
    status: 200,
    contentType: metrics?.registry.contentType ?? 'text/plain',
    body: (await metrics?.registry.metrics()) ?? '',
  });
  if (metrics && typeof config.metrics === 'object') {
    const server = createServer((req, res) => {
      if (req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      void metricsAnswer().then((a) =>
        res.writeHead(a.status, { 'content-type': a.contentType }).end(a.body),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen((config.metrics as { port: number }).port, setup.host, resolve);
    });
    metricsServer = server;
  }

  let stopping = false;
  let inFlight = 0;
  let idle: (() => void) | undefined;
  let lastAnswer = 0;
  let lastProbe: ProbeResult | undefined;

  const probe = async (): Promise<ProbeResult> => {
    lastProbe = await probeUpstream(upstream);
    if (lastProbe.kind === 'answered') lastAnswer = Date.now();
    return lastProbe;
  };

  const readiness = async (): Promise<OpsAnswer> => {
    const checks: Record<string, { ok: boolean; detail?: string }> = {};
    if (Date.now() - lastAnswer > PROBE_FRESH_MS) await probe();
    const upstreamOk = Date.now() - lastAnswer <= PROBE_FRESH_MS;
    checks.upstream = upstreamOk
      ? { ok: true }
      : {
          ok: false,
          detail:
            lastProbe?.kind === 'not-v1'
              ? `GET ${probeUrl(upstream)} answered ${lastProbe.status}: ${lastProbe.answer};: not a /v1 surface`
              : lastProbe?.kind === 'unreachable'
                ? `GET ${probeUrl(upstream)}: ${lastProbe.message}`
                : 'no answer',
        };
    if (redis) {
      const ok = redis.status === 'ready' && !redisDown;
      checks.redis = ok
        ? { ok: true }
        : { ok: !config.requireRedis, detail: `redis ${redis.status}; answering uncached` };
    }
    if (stopping) checks.lifecycle = { ok: false, detail: 'shutting down' };
    const ready = Object.values(checks).every((c) => c.ok);
    return {
      status: ready ? 200 : 503,
      contentType: 'application/json',
      body: JSON.stringify({ status: ready ? 'ready' : 'not ready', checks }),
    };
  };

  return {
    logger,
    metrics,
    redis,
    upstream,
    gatewayOptions: {
      logger,
      ...(metrics ? { metrics } : {}),
      ...(redis ? { redis } : {}),
      ...(config.cache ? { cache: config.cache } : {}),
      live: config.live,
      ...(tracing ? { tracerProvider: tracing.provider } : {}),
    },
    async answer(path) {
      if (path === '/health') {
        return { status: 200, contentType: 'application/json', body: '{"status":"ok"}' };
      }
      if (path === '/readiness') return readiness();
      if (path === '/metrics' && metrics && config.metrics === 'on') return metricsAnswer();
      return undefined;
    },
    async checkUpstream() {
      const result = await probe();
      const tried = probeUrl(upstream);
      if (result.kind === 'not-v1') {
        logger.warn(
          { upstream: setup.upstreamUrl, tried, status: result.status },
          `the upstream does not look like a /v1 surface: GET ${tried} answered ${result.status} (${result.answer}), where a /v1 route answers 2xx, 401 or 403; check the base URL (every query would fail); /readiness answers 503`,
        );
      } else if (result.kind === 'unreachable') {
        logger.warn(
          { upstream: setup.upstreamUrl, tried },
          `the upstream is unreachable for now: GET ${tried} failed (${result.message}); /readiness answers 503 until it answers`,
        );
      }
      // Log lines are written asynchronously: a warning at start is out before the banner.
      if (result.kind !== 'answered')
        await new Promise<void>((resolve) => logger.flush(() => resolve()));
      return result;
    },
    begin() {
      inFlight++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        inFlight--;
        if (inFlight === 0) idle?.();
      };
    },
    async drain() {
      stopping = true;
      logger.info({ inFlight }, 'shutting down');
      if (inFlight === 0) return;
      logger.info({ inFlight }, 'waiting for requests in flight');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          logger.warn(
            { inFlight, graceMs: config.shutdownGraceMs },
            'shutdown grace period over: closing the connections of requests still in flight',
          );
          resolve();
        }, config.shutdownGraceMs);
        idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
    async close() {
      if (metricsServer)
        await new Promise<void>((resolve) => metricsServer?.close(() => resolve()));
      if (redis) await redis.quit().catch(() => redis.disconnect());
      await tracing?.shutdown();
      await new Promise<void>((resolve) => logger.flush(() => resolve()));
    },
  };
}
