import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { GuardOptions } from './gateway/guard/plugins.ts';
import { mountGateway } from './gateway/mount.ts';
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
  /** The gateway's guardrails (rate limits stay off unless given here). */
  guard?: GuardOptions;
}

export interface RunningStack {
  app: FastifyInstance;
  ws: Workspace;
  url: string;
  seeded: boolean;
  gateway: Gateway | undefined;
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
    gateway = createGateway({
      upstream: url,
      upstreamOptions: { delayMs: options.upstreamDelayMs ?? 0 },
      graphiql: { token: 'dg_demo_admin' },
      debug: options.debug ?? false,
      ...(options.guard ? { guard: options.guard } : {}),
    });
  }
  return {
    app,
    ws,
    url,
    seeded,
    gateway,
    async close() {
      await app.close();
      await gateway?.upstream.close();
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
  guard?: GuardOptions;
}): Promise<{ url: string; close(): Promise<void> }> {
  const gateway = createGateway({
    upstream: options.upstream,
    debug: options.debug ?? false,
    ...(options.guard ? { guard: options.guard } : {}),
  });
  const server = createServer(gateway);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await gateway.upstream.close();
    },
  };
}
