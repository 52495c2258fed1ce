import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { ErrorBody } from '../../src/contract/common.ts';
import { createWorkspaceApp } from '../../src/workspace/app.ts';
import { ManualClock } from '../../src/workspace/clock.ts';
import { createWorkspace, type Workspace } from '../../src/workspace/context.ts';
import { openDatabase } from '../../src/workspace/db.ts';
import type { DemoContext } from '../../src/workspace/demo/context.ts';
import { seedDemo } from '../../src/workspace/demo/index.ts';
import { DEMO_TOKENS, type DemoPersona } from '../../src/workspace/demo/users.ts';

export interface TestWorkspace {
  ws: Workspace;
  app: FastifyInstance;
  clock: ManualClock;
  demo: DemoContext;
  /** Sends a request as a demo persona (or with no token when `as` is null). */
  request(
    method: InjectOptions['method'],
    url: string,
    options?: { as?: DemoPersona | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: unknown; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** An in-memory workspace with the demo data and a manual clock, served by `app.inject`. */
export async function createTestWorkspace(
  options: { scale?: number } = {},
): Promise<TestWorkspace> {
  const clock = new ManualClock('2026-11-01T10:00:00.000Z');
  const ws = createWorkspace({ db: openDatabase(':memory:'), clock, fetchTimeoutMs: 500 });
  const demo = seedDemo(ws, { scale: options.scale ?? 1 });
  const app = createWorkspaceApp(ws);
  await app.ready();
  return {
    ws,
    app,
    clock,
    demo,
    async request(method, url, { as = 'admin', body, headers = {} } = {}) {
      const response = await app.inject({
        method,
        url,
        headers: {
          ...(as ? { authorization: `Bearer ${DEMO_TOKENS[as]}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined
          ? { payload: typeof body === 'string' ? body : JSON.stringify(body) }
          : {}),
      });
      const text = response.body;
      let parsed: unknown = text;
      if (text && String(response.headers['content-type'] ?? '').includes('application/json')) {
        parsed = JSON.parse(text);
      }
      return { status: response.statusCode, body: parsed, headers: response.headers };
    },
    async close() {
      await app.close();
      await ws.jobs.idle();
      ws.db.close();
    },
  };
}

/** A keyset page token (`paging.ts`): base64url of `{"s":<list scope>,"k":<last item's key>}`. */
export const PAGE_TOKEN = /^eyJzIjoi[A-Za-z0-9_-]+$/;

/** The `error` of a `/v1` error response. */
export function errorOf(res: { body: unknown }) {
  return ErrorBody.parse(res.body).error;
}

/** Expects a `/v1` error response of `status`, its message containing `text` when given. */
export function expectError(res: { status: number; body: unknown }, status: number, text?: string) {
  expect(res.status).toBe(status);
  const error = errorOf(res);
  expect(error.code).toBe(status);
  if (text) expect(error.message).toContain(text);
}

/** Id of the row of `table` titled `title` (titles in the demo data are unique). */
export function idByTitle(
  t: TestWorkspace,
  table: 'collections' | 'spaces',
  title: string,
): string {
  const row = t.ws.db.prepare(`SELECT id FROM ${table} WHERE title = ?`).get(title) as
    | { id: string }
    | undefined;
  if (!row) throw new Error(`no ${table} row titled ${title}`);
  return row.id;
}
