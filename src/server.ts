import type { FastifyInstance } from 'fastify';
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
  /** Mounts more routes (the gateway) on the same server before it listens. */
  mount?: (app: FastifyInstance, ws: Workspace) => void | Promise<void>;
}

export interface RunningStack {
  app: FastifyInstance;
  ws: Workspace;
  url: string;
  seeded: boolean;
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
  await options.mount?.(app, ws);
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  ws.publicUrl = url;
  return {
    app,
    ws,
    url,
    seeded,
    async close() {
      await app.close();
      await ws.jobs.idle();
      db.close();
    },
  };
}
