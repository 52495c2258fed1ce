import Fastify, { type FastifyInstance } from 'fastify';
import { graphqlErrorBody, mountGateway } from './gateway/mount.ts';
import { createGateway, type Gateway } from './gateway/server.ts';
import { registerLanding } from './landing.ts';
import { DEFAULT_LIMITS, drainRefusedBodies, type Limits, serverOptions } from './limits.ts';
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
  /** Input, size and time limits of both surfaces (default `DEFAULT_LIMITS`). */
  limits?: Limits;
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
  const limits = options.limits ?? DEFAULT_LIMITS;
  const app = createWorkspaceApp(ws, { logger: options.logger ?? false, limits });
  let gateway: Gateway | undefined;
  if (options.gateway) {
    const get = () => {
      if (!gateway) throw new Error('the gateway starts with the server');
      return gateway;
    };
    mountGateway(app, '/graphql', get, { bodyLimit: limits.graphqlBodyBytes });
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
      limits,
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

/**
 * The gateway alone, against any `/v1` base URL, behind the same HTTP limits as the embedded
 * stack (body size, header size, timeouts) and answering bodies exactly as it does there.
 */
export async function startGatewayServer(options: {
  upstream: string;
  port: number;
  host: string;
  debug?: boolean;
  limits?: Limits;
}): Promise<{ url: string; gateway: Gateway; close(): Promise<void> }> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const gateway = createGateway({
    upstream: options.upstream,
    debug: options.debug ?? false,
    limits,
  });
  const app = Fastify({ logger: false, ...serverOptions(limits) });
  drainRefusedBodies(app);
  mountGateway(app, '/graphql', () => gateway, { bodyLimit: limits.graphqlBodyBytes });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(graphqlErrorBody(`no route for ${request.method}`, 'NOT_FOUND'));
  });
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    gateway,
    async close() {
      await app.close();
      await gateway.upstream.close();
    },
  };
}
