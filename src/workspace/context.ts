import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock.ts';
import type { Db } from './db.ts';
import { type IdGenerator, randomIds } from './ids.ts';
import { JobQueue } from './jobs.ts';

/** What every store function and route of the embedded workspace server works with. */
export interface Workspace {
  db: Db;
  clock: Clock;
  ids: IdGenerator;
  jobs: JobQueue;
  /** Origin the server is reached at (`http://127.0.0.1:4000`), for `urls` in responses. */
  publicUrl: string;
  /** Per-fetch timeout of background work (OpenAPI processing), in milliseconds. */
  fetchTimeoutMs: number;
  /** Font file for the Chinese, Japanese and Korean text of PDF exports, when configured. */
  pdfCjkFont?: string | undefined;
  /** ISO timestamp of the clock's now. */
  now(): string;
}

export interface WorkspaceOptions {
  db: Db;
  clock?: Clock;
  ids?: IdGenerator;
  publicUrl?: string;
  fetchTimeoutMs?: number;
  pdfCjkFont?: string | undefined;
  onJobError?: (name: string, error: unknown) => void;
}

/** Assembles the workspace dependencies around an open database. */
export function createWorkspace(options: WorkspaceOptions): Workspace {
  const clock = options.clock ?? systemClock;
  return {
    db: options.db,
    clock,
    ids: options.ids ?? randomIds,
    jobs: new JobQueue(options.onJobError),
    publicUrl: options.publicUrl ?? 'http://127.0.0.1:4000',
    fetchTimeoutMs: options.fetchTimeoutMs ?? 10_000,
    pdfCjkFont: options.pdfCjkFont,
    now: () => clock.now().toISOString(),
  };
}

/** The Fastify instance routes are declared on: their params, query and body are zod schemas. */
export type WorkspaceApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A domain's routes: `register` adds them under `/v1` behind authentication, `root` outside it
 * (public files).
 */
export interface RouteModule {
  register?(app: WorkspaceApp, ws: Workspace): void;
  root?(app: WorkspaceApp, ws: Workspace): void;
}
