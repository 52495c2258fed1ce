import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import type { DocumentNode } from 'graphql';
import { createYoga, type GraphiQLOptions, type YogaServerInstance } from 'graphql-yoga';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { type Limits, limitsWith } from '../config/limits.ts';
import { createContext, type GatewayContext } from './context.ts';
import { credentialOf } from './credential.ts';
import { executorParts } from './execution/compiled.ts';
import type { Executor } from './execution/executors.ts';
import { federationParts, subgraph } from './federation/schema.ts';
import { type GuardOptions, guardSteps } from './guard/plugins.ts';
import { createLiveHub, type LiveHub } from './live/gateway.ts';
import { debugParts } from './ops/debug.ts';
import { type OpsOptions, opsSteps, opsUpstream } from './ops/gateway.ts';
import { requestPlugins } from './plugins/requestHooks.ts';
import { fieldErrorsPart } from './plugins/shape.ts';
import { schema } from './schema/index.ts';
import { Connections } from './transports/connections.ts';
import { multipartPart } from './transports/multipart.ts';
import { endUnservedPart } from './transports/served.ts';
import { singleConnectionSsePart } from './transports/sse.ts';
import { type Upstream, UpstreamClient, type UpstreamOptions } from './upstream/client.ts';

/** The example query GraphiQL opens with. */
export const EXAMPLE_QUERY = `# docs-graph: one request, nested data from the workspace's /v1 REST surface.
query Dashboard {
  organizations(first: 5) {
    totalCount
    nodes {
      id
      title
      spaces(first: 5) {
        totalCount
        nodes {
          title
          emoji
          changeRequests(first: 3) {
            nodes {
              number
              subject
              status
              createdBy { displayName }
            }
          }
        }
      }
    }
  }
}
`;

/**
 * What a configuration decides of a gateway: `Config.gateway` (with `Config.server.limits`)
 * carries these unchanged through the servers (`src/stack.ts`) to `createGateway`.
 */
export interface GatewaySettings {
  /**
   * Browser origins allowed to call the gateway cross-origin, with credentials (`*`: any origin,
   * without credentials). Default none: same-origin pages (GraphiQL, the example) need no CORS.
   */
  corsOrigins?: readonly string[];
  /**
   * Serve the graph as a Federation v2 subgraph: entity keys on every `Node` type, `_entities`
   * and `_service` (default false: the standalone graph).
   */
  federation?: boolean;
  /**
   * How queries and mutations without `@defer`/`@stream` run: `'jit'` (default) compiles each
   * document once with graphql-jit, `'graphql-js'` walks it per request. Subscriptions and
   * incremental operations always run on Yoga's executor.
   */
  executor?: Executor;
  /** GraphQL document limits and JSON depth; the defaults of `LIMITS` for those not given. */
  limits?: Partial<Limits>;
  /** Guardrails: cost, rate limits, introspection, trusted documents, APQ, CSRF prevention. */
  guard?: GuardOptions;
}

export interface GatewayOptions extends OpsOptions, GatewaySettings {
  /** Base URL of the `/v1` surface (`https://api.example.com` or `.../v1`), or a ready client. */
  upstream: string | Upstream;
  /** Options of the upstream HTTP client (timeouts, connections, retries). */
  upstreamOptions?: Omit<UpstreamOptions, 'baseUrl'>;
  /** Path the gateway answers at (default `/graphql`). */
  graphqlEndpoint?: string;
  /** GraphiQL on GET from a browser (default on); `token` pre-fills its headers editor. */
  graphiql?: boolean | { token?: string; defaultQuery?: string };
  /**
   * `true`: list the upstream calls in every response's `extensions.upstream`; `'on-request'`:
   * only for requests sending `x-docs-graph-debug: 1`; `false` (default): never (paths stay private).
   */
  debug?: boolean | 'on-request';
  /** Mask unexpected errors (default true). */
  maskedErrors?: boolean;
  /** Shared state (response cache, rate-limit counters, APQ documents) lives in this Redis. */
  redis?: Redis;
}

type YogaCors = NonNullable<Parameters<typeof createYoga>[0]['cors']>;

export type Gateway = YogaServerInstance<Record<string, unknown>, GatewayContext> & {
  /** The upstream client; close it with the server. */
  upstream: Upstream;
  /** Live data: subscriptions, their polls and the changes replicas share. */
  live: LiveHub;
  /** What the long-lived transports (WebSocket, single-connection SSE) share. */
  transports: TransportState;
};

/** The state and rules of the long-lived subscription transports of one gateway. */
export interface TransportState {
  /** Open WebSockets and single-connection event streams, per token and in total. */
  connections: Connections;
  /** Browser origins allowed besides the gateway's own (a WebSocket upgrade's origin check). */
  origins: readonly string[];
  /** CSRF prevention is on: a WebSocket from a page of another origin is refused. */
  csrf: boolean;
}

/** Yoga's CORS options: headers only for a listed origin, none for any other. */
function corsFor(origins: readonly string[]): YogaCors {
  if (origins.length === 0) return false;
  const any = origins.includes('*');
  return (request) => {
    const origin = request.headers.get('origin');
    if (!origin || (!any && !origins.includes(origin))) return false;
    return {
      origin,
      credentials: !any,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: [
        'authorization',
        'content-type',
        'x-docs-graph-debug',
        'x-graphql-event-stream-token',
        'last-event-id',
      ],
      maxAge: 600,
    };
  };
}

/**
 * Parsed documents (and parse errors) by source text, bounded by the total size of the sources
 * held (1 MB) rather than by a count: Yoga's default keeps 1,024 of any size, so a few large
 * hostile documents would stay in memory for an hour. Documents over 32 KB are not kept.
 */
function documentCache<V extends object>() {
  return new LRUCache<string, V>({
    max: 1_000,
    maxSize: 1_000_000,
    maxEntrySize: 32_000,
    sizeCalculation: (_value, key) => Math.max(1, key.length),
    ttl: 3_600_000,
  });
}

/**
 * The docs-graph gateway as a Yoga instance, mountable in any Node server. It forwards the
 * caller's credential upstream (`Authorization`, its scheme and spacing normalized).
 */
export function createGateway(options: GatewayOptions): Gateway {
  const client = opsUpstream(
    typeof options.upstream === 'string'
      ? new UpstreamClient({ baseUrl: options.upstream, ...options.upstreamOptions })
      : options.upstream,
    options,
  );
  const limits = limitsWith(options.limits);
  const live = createLiveHub(client, options);
  const graphiql = options.graphiql ?? true;
  const graphiqlOptions = typeof graphiql === 'object' ? graphiql : {};
  const graph = options.federation ? subgraph().schema : schema;
  const connections = new Connections(() => live.hub.options);
  const yoga = createYoga<Record<string, unknown>, GatewayContext>({
    schema: graph,
    graphqlEndpoint: options.graphqlEndpoint ?? '/graphql',
    landingPage: false,
    // No uploads in this graph: a multipart body is an unsupported media type, not a parse fault.
    multipart: false,
    parserAndValidationCache: {
      documentCache: documentCache<DocumentNode>(),
      errorCache: documentCache<object>(),
    },
    maskedErrors: options.maskedErrors ?? true,
    logging: false,
    // The request path in order: the parts of ours are called from one hook per phase, split
    // only around a library's plugin that hooks the same phase (`plugins/requestHooks.ts`).
    // What the options leave off has no part.
    plugins: requestPlugins([
      // `@defer` and `@stream`: answered as `multipart/mixed` (or server-sent events) part by part.
      { library: useDeferStream() },
      // Before every plugin that wraps the executor it finds (the response cache).
      ...executorParts(options.executor),
      ...guardSteps(options.guard, limits, options.redis),
      ...(options.federation
        ? federationParts({ introspection: options.guard?.introspection ?? true })
        : []),
      fieldErrorsPart,
      ...opsSteps(options, graph),
      ...debugParts(options.debug),
      ...live.parts,
      multipartPart(live.hub.options.heartbeatMs),
      singleConnectionSsePart(connections),
      endUnservedPart,
    ]),
    cors: corsFor(options.corsOrigins ?? []),
    // GraphiQL's page is a 9 MB module: loaded by the first browser that asks for it, not at start.
    renderGraphiQL: async (page) =>
      (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(page),
    graphiql: graphiql
      ? (request) => {
          const defaultQuery = graphiqlOptions.defaultQuery ?? EXAMPLE_QUERY;
          const options: GraphiQLOptions & { query: string } = {
            title: 'docs-graph',
            defaultQuery,
            // The bundled GraphiQL opens with `query` (else its welcome text), not `defaultQuery`;
            // a `?query=` in the URL (GraphiQL keeps the edited query there) still wins.
            query: new URL(request.url).searchParams.get('query') ?? defaultQuery,
            headers: JSON.stringify(
              graphiqlOptions.token ? { Authorization: `Bearer ${graphiqlOptions.token}` } : {},
              null,
              2,
            ),
            shouldPersistHeaders: false,
          };
          return options;
        }
      : false,
    context: ({
      request,
      req,
      liveConnection,
    }: {
      request: Request;
      req?: { socket?: object };
      /** The connection of a WebSocket or single-connection stream the operation came over. */
      liveConnection?: object;
    }) => {
      const context = createContext(
        client,
        // One credential, however it is spelled: the upstream receives its normalized header.
        credentialOf(request.headers.get('authorization'))?.header,
        options.debug === true ||
          (options.debug === 'on-request' && request.headers.get('x-docs-graph-debug') === '1'),
      );
      context.live = live.context(request, liveConnection ?? req?.socket);
      // The input-ids plugin reads them here: it checks mutation inputs in the schema itself.
      context.jsonDepth = limits.jsonDepth;
      context.idLength = limits.idLength;
      return context;
    },
  });
  const transports: TransportState = {
    connections,
    origins: options.corsOrigins ?? [],
    csrf: options.guard?.csrf !== false,
  };
  return Object.assign(yoga, { upstream: client, live: live.hub, transports }) as Gateway;
}
