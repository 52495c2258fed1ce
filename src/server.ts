import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { mountGateway } from './gateway/mount.ts';
import type { OpsConfig } from './gateway/ops/config.ts';
import { closeGracefully, opsListener, serveOpsFastify } from './gateway/ops/http.ts';
import { type Ops, startOps } from './gateway/ops/runtime.ts';
import { createGateway, type Gateway } from './gateway/server.ts';
import { registerLanding } from './landing.ts';
import { createWorkspaceApp } from './workspace/app.ts';
import type { Clock } from './workspace/clock.ts';
import { createWorkspace, type Workspace } from './workspace/context.ts';
import { openDatabase } from './workspace/db.ts';
import { isEmpty, seedDemo } from './workspace/demo/index.ts';

export interface StackOptions {
  port: number;
  host: string;
  dbPath: string;
  demoScale?: number;
  logger?: boolean;
  clock?: Clock;
  /** Serve the GraphQL gateway at `/graphql` beside `/v1`, calling `/v1` over real HTTP. */
  gateway?: boolean;
  /** List upstream calls in every GraphQL response. */
  debug?: boolean;
  /** Milliseconds added before every upstream call of the gateway (benchmarks). */
  upstreamDelayMs?: number;
  /** Cache, Redis, metrics, logs, traces, /health, /readiness and graceful shutdown (the CLI's). */
  ops?: OpsConfig;
}

export interface RunningStack {
  app: FastifyInstance;
  ws: Workspace;
  url: string;
  seeded: boolean;
  gateway: Gateway | undefined;
  ops: Ops | undefined;
  close(): Promise<void>;
}

/** Opens the database (loading the demo data when empty) and serves `/v1` on host:port. */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const db = openDatabase(options.dbPath);
  const ws = createWorkspace({
    db,
    ...(options.clock ? { clock: options.clock } : {}),
    onJobError: (name, error) => console.error(`background job ${name} failed:`, error),
  });
  const seeded = isEmpty(ws);
  if (seeded) seedDemo(ws, { scale: options.demoScale ?? 1 });
  const app = createWorkspaceApp(ws, { logger: options.logger ?? false });
  let gateway: Gateway | undefined;
  let ops: Ops | undefined;
  if (options.gateway && options.ops) serveOpsFastify(app, () => ops);
  if (options.gateway) {
    mountGateway(app, '/graphql', () => {
      if (!gateway) throw new Error('the gateway starts with the server');
      return gateway;
    });
    registerLanding(app, { gateway: true });
  }
  await app.listen({ port: options.port, host: options.host });
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
      debug: options.debug ?? false,
      ...ops?.gatewayOptions,
    });
    await ops?.checkUpstream();
  }
  return {
    app,
    ws,
    url,
    seeded,
    gateway,
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

/** The gateway alone on node:http, against any `/v1` base URL. */
export async function startGatewayServer(options: {
  upstream: string;
  port: number;
  host: string;
  debug?: boolean;
  /** Cache, Redis, metrics, logs, traces, /health, /readiness and graceful shutdown. */
  ops?: OpsConfig;
}): Promise<{ url: string; ops: Ops | undefined; close(): Promise<void> }> {
  const ops = options.ops
    ? await startOps({ config: options.ops, upstreamUrl: options.upstream, host: options.host })
    : undefined;
  const gateway = createGateway({
    upstream: ops?.upstream ?? options.upstream,
    debug: options.debug ?? false,
    ...ops?.gatewayOptions,
  });
  const server = createServer(ops ? opsListener(ops, gateway) : gateway);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  await ops?.checkUpstream();
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    ops,
    async close() {
      if (ops) await closeGracefully(server, ops);
      else await new Promise<void>((resolve) => server.close(() => resolve()));
      await gateway.upstream.close();
      await ops?.close();
    },
  };
}
