import { type ExecutionResult, execute, parse } from 'graphql';
import { readAnswer } from '../../src/client/fetcher.ts';
import { createContext } from '../../src/gateway/context.ts';
import { executeWith } from '../../src/gateway/execution/compiled.ts';
import {
  DEFAULT_EXECUTOR,
  EXECUTORS,
  type Executor,
} from '../../src/gateway/execution/executors.ts';
import { withFieldErrors } from '../../src/gateway/plugins/shape.ts';
import { schema } from '../../src/gateway/schema/index.ts';
import type {
  Upstream,
  UpstreamRequest,
  UpstreamResponse,
} from '../../src/gateway/upstream/client.ts';
import { errorFromResponse } from '../../src/gateway/upstream/errors.ts';
import { type RunningStack, startStack } from '../../src/stack.ts';
import { DEMO_TOKENS, type DemoPersona } from '../../src/workspace/demo/users.ts';

/**
 * The executor of plain operations in the schema-level and end-to-end tiers: the gateway's default
 * unless `DOCS_GRAPH_TEST_EXECUTOR` names another (`graphql-js`), so each tier runs on both paths.
 */
export const TEST_EXECUTOR: Executor | undefined = testExecutor(
  process.env.DOCS_GRAPH_TEST_EXECUTOR,
);

function testExecutor(name: string | undefined): Executor | undefined {
  if (!name) return undefined;
  if (!(EXECUTORS as readonly string[]).includes(name)) {
    throw new Error(`DOCS_GRAPH_TEST_EXECUTOR must be one of ${EXECUTORS.join(', ')}`);
  }
  return name as Executor;
}

type Handler = (req: UpstreamRequest) => { status?: number; body?: unknown } | undefined;

/**
 * A fake `/v1` for schema-level tests: answers from `routes` (exact `METHOD path?query` or
 * `path?query` for GET) or a handler, and records every request it gets.
 */
export class FakeUpstream implements Upstream {
  readonly requests: UpstreamRequest[] = [];
  constructor(
    private readonly routes: Record<string, unknown> = {},
    private readonly handler?: Handler,
  ) {}

  async request(req: UpstreamRequest): Promise<UpstreamResponse> {
    this.requests.push(req);
    await new Promise((resolve) => setImmediate(resolve));
    const key = req.method === 'GET' ? req.path : `${req.method} ${req.path}`;
    const handled = this.handler?.(req);
    const answer =
      handled ?? (key in this.routes ? { status: 200, body: this.routes[key] } : undefined);
    if (!answer) {
      throw errorFromResponse(
        404,
        { error: { code: 404, message: `no fake for ${key}` } },
        req.path,
      );
    }
    const status = answer.status ?? 200;
    if (status >= 300) throw errorFromResponse(status, answer.body, req.path);
    return { status, body: answer.body, attempts: 1 };
  }

  /** Paths requested (GETs as `path`, others as `METHOD path`). */
  get paths(): string[] {
    return this.requests.map((r) => (r.method === 'GET' ? r.path : `${r.method} ${r.path}`));
  }

  async close(): Promise<void> {}
}

/** Runs a query in process against a fake upstream. */
export async function runSchema(
  upstream: Upstream,
  query: string,
  variables: Record<string, unknown> = {},
  authorization = 'Bearer test',
): Promise<ExecutionResult> {
  const contextValue = createContext(upstream, authorization, false);
  const result = await executeWith(
    TEST_EXECUTOR ?? DEFAULT_EXECUTOR,
    { schema, document: parse(query), variableValues: variables, contextValue },
    (args) => execute(args) as ExecutionResult | Promise<ExecutionResult>,
  );
  return withFieldErrors(result, contextValue);
}

export interface E2EStack {
  stack: RunningStack;
  /** POSTs a GraphQL request over real HTTP as a demo persona (null: no token). */
  gql(
    query: string,
    variables?: Record<string, unknown>,
    options?: { as?: DemoPersona | null; debug?: boolean },
  ): Promise<{ status: number; body: ExecutionResult & { extensions?: Record<string, unknown> } }>;
  close(): Promise<void>;
}

/** The embedded workspace with the gateway on a free loopback port (in-memory database). */
export async function startE2E(): Promise<E2EStack> {
  // These tests navigate the demo data with broad queries (lists of 50 to 100 at every level),
  // which the default cost limits refuse; test/guard checks those defaults.
  const stack = await startStack({
    port: 0,
    host: '127.0.0.1',
    dbPath: ':memory:',
    gateway: true,
    guard: { maxCost: 1_000_000 },
    limits: { queryNodes: 1_000_000_000 },
    ...(TEST_EXECUTOR ? { executor: TEST_EXECUTOR } : {}),
  });
  return {
    stack,
    async gql(query, variables = {}, { as = 'admin', debug = false } = {}) {
      const response = await fetch(`${stack.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(as ? { authorization: `Bearer ${DEMO_TOKENS[as]}` } : {}),
          ...(debug ? { 'x-docs-graph-debug': '1' } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      // An answer with `@defer`/`@stream` comes in parts: assembled as the client does.
      const { hasNext: _, ...body } = await readAnswer(response);
      return { status: response.status, body: body as ExecutionResult };
    },
    close: () => stack.close(),
  };
}
