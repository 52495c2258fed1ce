import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import {
  createYoga,
  type GraphiQLOptions,
  type Plugin,
  type YogaServerInstance,
} from 'graphql-yoga';
import type { Redis } from 'ioredis';
import { createContext, type GatewayContext } from './context.ts';
import { type GuardOptions, guardPlugins } from './guard/plugins.ts';
import { schema } from './schema/index.ts';
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

export interface GatewayOptions {
  /** Base URL of the `/v1` surface (`https://api.example.com` or `.../v1`), or a ready client. */
  upstream: string | Upstream;
  /** Options of the upstream HTTP client (timeouts, connections, retries). */
  upstreamOptions?: Omit<UpstreamOptions, 'baseUrl'>;
  /** Path the gateway answers at (default `/graphql`). */
  graphqlEndpoint?: string;
  /** GraphiQL on GET from a browser (default on); `token` pre-fills its headers editor. */
  graphiql?: boolean | { token?: string; defaultQuery?: string };
  /** List the upstream calls in every response's `extensions.upstream` (else only on request). */
  debug?: boolean;
  /** Mask unexpected errors (default true). */
  maskedErrors?: boolean;
  /** Guardrails: cost and static limits, rate limits, trusted documents, APQ, CSRF prevention. */
  guard?: GuardOptions;
  /** Shared state (rate-limit counters, APQ documents) lives in this Redis when given. */
  redis?: Redis;
}

export type Gateway = YogaServerInstance<Record<string, unknown>, GatewayContext> & {
  /** The upstream client; close it with the server. */
  upstream: Upstream;
};

/** Adds `extensions.upstream` (method, path, status, ms, loader) in debug mode. */
const upstreamExtension: Plugin<GatewayContext> = {
  onExecute({ args }) {
    const ctx = args.contextValue as GatewayContext;
    return {
      onExecuteDone({ result, setResult }) {
        if (!ctx.debug || !result || Symbol.asyncIterator in result) return;
        setResult({ ...result, extensions: { ...result.extensions, upstream: ctx.rest.calls } });
      },
    };
  },
};

/**
 * The docs-graph gateway as a Yoga instance, mountable in any Node server. It forwards the
 * caller's `Authorization` header upstream unchanged.
 */
export function createGateway(options: GatewayOptions): Gateway {
  const client =
    typeof options.upstream === 'string'
      ? new UpstreamClient({ baseUrl: options.upstream, ...options.upstreamOptions })
      : options.upstream;
  const graphiql = options.graphiql ?? true;
  const graphiqlOptions = typeof graphiql === 'object' ? graphiql : {};
  const yoga = createYoga<Record<string, unknown>, GatewayContext>({
    schema,
    graphqlEndpoint: options.graphqlEndpoint ?? '/graphql',
    landingPage: false,
    maskedErrors: options.maskedErrors ?? true,
    logging: false,
    plugins: [upstreamExtension, ...guardPlugins(options.guard, options.redis)],
    renderGraphiQL,
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
    context: ({ request }) =>
      createContext(
        client,
        request.headers.get('authorization') ?? undefined,
        options.debug === true || request.headers.get('x-docs-graph-debug') === '1',
      ),
  });
  return Object.assign(yoga, { upstream: client }) as Gateway;
}
