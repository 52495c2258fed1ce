import Fastify, { type FastifyInstance } from 'fastify';
import { compressAnswers } from './compression.ts';
import { type Limits, limitsWith } from './config/limits.ts';
import type { OpsConfig } from './config.ts';
import { graphqlErrorBody, mountGateway } from './gateway/mount.ts';
import { serveOpsFastify } from './gateway/ops/http.ts';
import { type Ops, startOps } from './gateway/ops/runtime.ts';
import { createGateway, type Gateway, type GatewaySettings } from './gateway/yoga.ts';
import { drainRefusedBodies, serverOptions } from './http/limits.ts';
import { registerLanding } from './landing.ts';
import { createWorkspaceApp } from './workspace/app.ts';
import type { Clock } from './workspace/clock.ts';
import { createWorkspace, type Workspace } from './workspace/context.ts';
import { openDatabase } from './workspace/db.ts';
import { isEmpty, seedDemo } from './workspace/demo/index.ts';
import { schemaController } from './workspace/inputErrors.ts';

/**
 * What every server takes: where it listens and its limits (`Config.server`; the limits are the
 * HTTP limits of both surfaces and the gateway's document limits), and the gateway's part of the
 * configuration (`Config.gateway`; rate limits stay off unless `guard` gives them), as
 * `loadConfig` gives them.
 */
export interface ServerOptions extends GatewaySettings {
  port: number;
  host: string;
  /**
   * List upstream calls: in every GraphQL response of the embedded stack (else for requests
   * sending `x-docs-graph-debug: 1`); for requests sending that header on the gateway alone
   * (else never: upstream paths stay private).
   */
  debug?: boolean;
  /** Cache, Redis, metrics, logs, traces, /health, /readiness and graceful shutdown (the CLI's). */
  ops?: OpsConfig;
}

export interface StackOptions extends ServerOptions {
  dbPath: string;
  demoScale?: number;
  /** Font file for the Chinese, Japanese and Korean text of PDF exports. */
  pdfCjkFont?: string | undefined;
  logger?: boolean;
  clock?: Clock;
  /** Serve the GraphQL gateway at `/graphql` beside `/v1`, calling `/v1` over real HTTP. */
  gateway?: boolean;
  /** Milliseconds added before every upstream call of the gateway (benchmarks). */
  upstreamDelayMs?: number;
}

/** The gateway alone: the server's options and the base URL of its `/v1`. */
export interface GatewayServerOptions extends ServerOptions {
  upstream: string;
}

/** The settings a server hands `createGateway` as it was given them. */
function settingsOf(options: ServerOptions, limits: Limits): GatewaySettings {
  return {
    corsOrigins: options.corsOrigins ?? [],
    federation: options.federation ?? false,
    ...(options.executor ? { executor: options.executor } : {}),
    limits,
    ...(options.guard ? { guard: options.guard } : {}),
  };
}

export interface RunningStack {
  app: FastifyInstance;
  ws: Workspace;
  url: string;
  seeded: boolean;
  gateway: Gateway | undefined;
  /** What the server answers at, for the start-up lines (path and a short description). */
  endpoints: Endpoint[];
  ops: Ops | undefined;
  close(): Promise<void>;
}

/** One URL path a server answers at. */
export interface Endpoint {
  path: string;
  description: string;
}

/** The port was taken: a one-line message for the command line, not a stack trace. */
export class PortInUseError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(`port ${port} on ${host} is already in use`);
  }
}

/** The operational endpoints (with the ops runtime; `/metrics` may be on its own port). */
const OPS_ENDPOINTS: Endpoint[] = [
  { path: '/health', description: 'liveness: the process answers' },
  { path: '/readiness', description: 'readiness: the upstream (and Redis when required) answered' },
  { path: '/metrics', description: 'Prometheus metrics (unless on a separate port or off)' },
];

const isAddressInUse = (error: unknown) =>
  (error as { code?: string } | null)?.code === 'EADDRINUSE';

/** Opens the database (loading the demo data when empty) and serves `/v1` on host:port. */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const db = openDatabase(options.dbPath);
  const ws = createWorkspace({
    db,
    ...(options.clock ? { clock: options.clock } : {}),
    pdfCjkFont: options.pdfCjkFont,
    onJobError: (name, error) => console.error(`background job ${name} failed:`, error),
  });
  const seeded = isEmpty(ws);
  if (seeded) seedDemo(ws, { scale: options.demoScale ?? 1 });
  const limits = limitsWith(options.limits);
  const app = createWorkspaceApp(ws, { logger: options.logger ?? false, limits });
  let gateway: Gateway | undefined;
  let ops: Ops | undefined;
  if (options.gateway && options.ops) serveOpsFastify(app, () => ops);
  if (options.gateway) {
    const get = () => {
      if (!gateway) throw new Error('the gateway starts with the server');
      return gateway;
    };
    mountGateway(app, '/graphql', get, { bodyLimit: limits.graphqlBodyBytes });
    registerLanding(app, { gateway: true });
  }
  try {
    await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    await app.close();
    await ws.jobs.idle();
    db.close();
    throw isAddressInUse(error) ? new PortInUseError(options.host, options.port) : error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  ws.publicUrl = url;
  if (options.gateway) {
    ops = options.ops
      ? await startOps({
          config: options.ops,
          upstreamUrl: url,
          host: options.host,
          upstreamDelayMs: options.upstreamDelayMs ?? 0,
        })
      : undefined;
    gateway = createGateway({
      upstream: ops?.upstream ?? url,
      upstreamOptions: { delayMs: options.upstreamDelayMs ?? 0 },
      graphiql: { token: 'dg_demo_admin' },
      debug: options.debug ? true : 'on-request',
      ...settingsOf(options, limits),
      ...ops?.gatewayOptions,
    });
    await ops?.checkUpstream();
  }
  const endpoints: Endpoint[] = options.gateway
    ? [
        { path: '/', description: 'landing page: links and demo tokens' },
        { path: '/graphql', description: 'GraphQL gateway (GraphiQL in a browser)' },
        { path: '/example/', description: 'example frontend (React + generated hooks)' },
        { path: '/v1', description: 'embedded workspace REST API' },
        ...(options.ops ? OPS_ENDPOINTS : []),
      ]
    : [{ path: '/v1', description: 'embedded workspace REST API' }];
  return {
    app,
    ws,
    url,
    seeded,
    gateway,
    endpoints,
    ops,
    async close() {
      // In-flight GraphQL requests call this same server's /v1: drain before it stops accepting.
      await ops?.drain();
      await app.close();
      await gateway?.upstream.close();
      await ops?.close();
      await ws.jobs.idle();
      db.close();
    },
  };
}

/**
 * The gateway alone, against any `/v1` base URL, behind the same HTTP limits as the embedded
 * stack (body size, header size, timeouts) and answering bodies exactly as it does there.
 */
export async function startGatewayServer(options: GatewayServerOptions): Promise<{
  url: string;
  gateway: Gateway;
  ops: Ops | undefined;
  endpoints: Endpoint[];
  close(): Promise<void>;
}> {
  const limits = limitsWith(options.limits);
  const ops = options.ops
    ? await startOps({ config: options.ops, upstreamUrl: options.upstream, host: options.host })
    : undefined;
  const gateway = createGateway({
    upstream: ops?.upstream ?? options.upstream,
    debug: options.debug ? 'on-request' : false,
    ...settingsOf(options, limits),
    ...ops?.gatewayOptions,
  });
  const app = Fastify({ logger: false, schemaController, ...serverOptions(limits) });
  drainRefusedBodies(app);
  compressAnswers(app);
  if (ops) serveOpsFastify(app, () => ops);
  mountGateway(app, '/graphql', () => gateway, { bodyLimit: limits.graphqlBodyBytes });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(graphqlErrorBody(`no route for ${request.method}`, 'NOT_FOUND'));
  });
  try {
    await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    await app.close();
    await gateway.upstream.close();
    await ops?.close();
    throw isAddressInUse(error) ? new PortInUseError(options.host, options.port) : error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  await ops?.checkUpstream();
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    gateway,
    ops,
    endpoints: [
      { path: '/graphql', description: 'GraphQL gateway (GraphiQL in a browser)' },
      ...(ops ? OPS_ENDPOINTS : []),
    ],
    async close() {
      if (ops) {
        // Stop accepting at once, give requests in flight the grace period, then drop the rest.
        const closed = app.close();
        await ops.drain();
        app.server.closeAllConnections();
        await closed;
      } else {
        await app.close();
      }
      await gateway.upstream.close();
      await ops?.close();
    },
  };
}
