import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import httpTransport from '@graphql-mesh/transport-http';
import { composeServices, compositionHasErrors } from '@theguild/federation-composition';
import { type ExecutionResult, parse } from 'graphql';
import { createYoga } from 'graphql-yoga';
import {
  type Upstream,
  UpstreamClient,
  type UpstreamRequest,
  type UpstreamResponse,
} from '../../src/gateway/upstream/client.ts';
import { createGateway, type Gateway } from '../../src/gateway/yoga.ts';
import { type RunningStack, startStack } from '../../src/stack.ts';

/** An upstream that records every request (and may alter an answer, to damage it). */
export class RecordingUpstream implements Upstream {
  readonly requests: UpstreamRequest[] = [];
  /** Changes an answer before the gateway parses it. */
  alter: ((req: UpstreamRequest, res: UpstreamResponse) => UpstreamResponse) | undefined;

  constructor(private readonly inner: Upstream) {}

  async request(req: UpstreamRequest): Promise<UpstreamResponse> {
    this.requests.push(req);
    const res = await this.inner.request(req);
    return this.alter ? this.alter(req, res) : res;
  }

  /** Paths requested since `from` (GETs as `path`, others as `METHOD path`), sorted. */
  paths(from = 0): string[] {
    return this.requests
      .slice(from)
      .map((r) => (r.method === 'GET' ? r.path : `${r.method} ${r.path}`))
      .sort();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** A request listener served on a free loopback port. */
export async function listen(
  handler: Parameters<typeof createServer>[1],
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A gateway (subgraph or standalone) over the workspace at `v1`, with its upstream recorded. */
export async function servedGateway(
  v1: string,
  federation: boolean,
  maxCost = 1_000_000,
): Promise<{ gateway: Gateway; upstream: RecordingUpstream; url: string; close(): Promise<void> }> {
  const upstream = new RecordingUpstream(new UpstreamClient({ baseUrl: v1 }));
  const gateway = createGateway({
    upstream,
    federation,
    graphiql: false,
    guard: { maxCost },
    limits: { queryNodes: 1_000_000_000 },
  });
  const served = await listen(gateway);
  return {
    gateway,
    upstream,
    url: `${served.url}/graphql`,
    close: async () => {
      await served.close();
      await upstream.close();
    },
  };
}

/** The embedded workspace alone (`/v1`, demo data, in-memory) on a free loopback port. */
export function startWorkspace(): Promise<RunningStack> {
  return startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:', gateway: false });
}

/** POSTs a GraphQL request. */
export async function post(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<ExecutionResult & { extensions?: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as ExecutionResult;
}

/** A product of the second subgraph: its documentation space (by REST id) and a change request. */
export interface Product {
  sku: string;
  name: string;
  spaceRestId: string;
  featuredChangeRequest?: string;
}

/**
 * A second subgraph, as another team would write it (graphql-yoga and `@apollo/subgraph`):
 * products that reference docs-graph's `Space` by its REST id and a `ChangeRequest` by its global
 * ID, and extend `Space` with the products documented in it.
 */
export async function startProducts(products: readonly Product[]) {
  const typeDefs = parse(/* GraphQL */ `
    extend schema @link(url: "https://specs.apollo.dev/federation/v2.6", import: ["@key"])

    type Query {
      products: [Product!]!
    }

    type Product @key(fields: "sku") {
      sku: ID!
      name: String!
      docs: Space
      featuredChange: ChangeRequest
    }

    type Space @key(fields: "restId") {
      restId: ID!
      products: [Product!]!
    }

    type ChangeRequest @key(fields: "id", resolvable: false) {
      id: ID!
    }
  `);
  const resolvers = {
    Query: { products: () => products },
    Product: {
      __resolveReference: (ref: { sku: string }) => products.find((p) => p.sku === ref.sku),
      docs: (p: Product) => ({ restId: p.spaceRestId }),
      featuredChange: (p: Product) =>
        p.featuredChangeRequest ? { id: p.featuredChangeRequest } : null,
    },
    Space: {
      __resolveReference: (ref: { restId: string }) => ({ restId: ref.restId }),
      products: (space: { restId: string }) =>
        products.filter((p) => p.spaceRestId === space.restId),
    },
  };
  const requests: string[] = [];
  const yoga = createYoga({
    schema: buildSubgraphSchema([{ typeDefs, resolvers: resolvers as never }]),
    logging: false,
    plugins: [{ onParams: ({ params }) => void requests.push(params.query ?? '') }],
  });
  const served = await listen(yoga);
  return { typeDefs, url: `${served.url}/graphql`, requests, close: served.close };
}

/** Composes the subgraphs with `@theguild/federation-composition`; throws on errors. */
export function compose(services: { name: string; url: string; sdl: string }[]): string {
  const result = composeServices(
    services.map((s) => ({ name: s.name, url: s.url, typeDefs: parse(s.sdl) })),
  );
  if (compositionHasErrors(result)) {
    throw new Error(result.errors.map((e) => e.message).join('\n'));
  }
  return result.supergraphSdl;
}

/**
 * Hive Gateway's runtime serving `supergraph` on a free loopback port, forwarding the caller's
 * `Authorization` to every subgraph.
 */
export async function startRouter(supergraph: string) {
  const runtime = createGatewayRuntime({
    supergraph,
    logging: false,
    // The HTTP transport `@graphql-hive/gateway` bundles: its calls go through the runtime's fetch,
    // so header propagation applies.
    transports: { http: httpTransport },
    propagateHeaders: {
      fromClientToSubgraphs: ({ request }) => ({
        authorization: request.headers.get('authorization'),
      }),
    },
  });
  const served = await listen(runtime);
  return {
    url: `${served.url}/graphql`,
    close: async () => {
      await served.close();
      await runtime.dispose();
    },
  };
}
