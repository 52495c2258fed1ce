import { createServer, request as forward, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { GuardOptions } from '../../src/gateway/guard/plugins.ts';
import { mountGateway } from '../../src/gateway/mount.ts';
import { createGateway, type Gateway } from '../../src/gateway/yoga.ts';
import { type RunningStack, startStack } from '../../src/stack.ts';

/** One request the counting proxy forwarded to `/v1`. */
export interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  status: number;
}

/** A proxy in front of the embedded `/v1` that counts every HTTP call it forwards. */
export interface CountingProxy {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

/** The embedded workspace alone (`/v1`, demo data, in memory) on a free loopback port. */
export function startWorkspace(): Promise<RunningStack> {
  return startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:', gateway: false });
}

/** Starts a counting proxy to `target` (an origin) on a free loopback port. */
export async function countingProxy(target: string): Promise<CountingProxy> {
  const to = new URL(target);
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const headers: IncomingHttpHeaders = { ...req.headers, host: to.host };
    const upstream = forward(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers },
      (answer) => {
        seen.push({
          method: req.method ?? 'GET',
          path: req.url ?? '',
          authorization: req.headers.authorization,
          status: answer.statusCode ?? 0,
        });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A gateway served over HTTP on a free loopback port, in front of `upstream`. */
export interface Served {
  url: string;
  gateway: Gateway;
  close(): Promise<void>;
}

/** Serves a gateway over `upstream` with `guard` (and the subgraph with `federation`). */
export async function serveGateway(
  upstream: string,
  options: {
    guard?: GuardOptions;
    federation?: boolean;
    queryNodes?: number;
    pollIntervalMs?: number;
  } = {},
): Promise<Served> {
  const gateway = createGateway({
    upstream,
    graphiql: false,
    federation: options.federation ?? false,
    guard: options.guard ?? {},
    ...(options.queryNodes ? { limits: { queryNodes: options.queryNodes } } : {}),
    live: { pollIntervalMs: options.pollIntervalMs ?? 60_000, heartbeatMs: 1_000 },
  });
  await gateway.live.ready();
  const app = Fastify();
  mountGateway(app, '/graphql', () => gateway);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql`,
    gateway,
    async close() {
      await app.close();
      await gateway.live.close();
      await gateway.upstream.close();
    },
  };
}

/** A GraphQL answer with its cost. */
export interface Answer {
  status: number;
  data?: Record<string, unknown> | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: { code?: string } }[];
  extensions?: {
    cost?: {
      requested: number;
      actual: number;
      maximum: number;
      limit: number | null;
      remaining: number | null;
    };
  };
}

/** POSTs a GraphQL request with `authorization` as sent (any spelling). */
export async function post(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  authorization?: string,
): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(authorization !== undefined ? { authorization } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, ...((await response.json()) as Omit<Answer, 'status'>) };
}

/** The codes of an answer's errors. */
export const codes = (answer: Answer) => answer.errors?.map((e) => e.extensions?.code) ?? [];
