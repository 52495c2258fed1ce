import { type ExecutionResult, getOperationAST } from 'graphql';
import { credentialOf } from '../credential.ts';
import type { RequestPart } from '../plugins/requestPart.ts';
import { RequestStates } from '../requestState.ts';
import type { RestSession } from '../upstream/rest.ts';
import type { Freshness } from '../upstream/validators.ts';

/** What a GraphQL request's context holds that freshness needs (`GatewayContext` and Yoga's). */
interface FreshnessContext {
  rest?: RestSession;
  request?: Request;
}

/** The freshness of the upstream answers a request used (undefined: it used none). */
export function requestFreshness(context: unknown): Freshness | undefined {
  return (context as FreshnessContext | null)?.rest?.freshness();
}

/**
 * The lifetime in milliseconds of a response built from the answers of `context`: `ttl` (the
 * configured one) capped by the least fresh answer used; 0 (not kept) when one says `no-store`,
 * `no-cache` or nothing. A request without a token is cached for everyone without one, so there
 * `s-maxage` counts and a `private` answer is not kept.
 */
export function upstreamTtl(ttl: number, context: unknown): number {
  const freshness = requestFreshness(context);
  if (!freshness) return ttl;
  if (freshness.noStore) return 0;
  const shared = !credentialOf((context as FreshnessContext).request?.headers.get('authorization'));
  return Math.min(ttl, (shared ? freshness.sharedMaxAge : freshness.maxAge) * 1000);
}

/** What the `Cache-Control` of one `/graphql` answer is derived from. */
export interface AnswerFacts {
  /** The request carried a token: its answer is for that token only. */
  tokenScoped: boolean;
  mutation: boolean;
  /** The whole result (undefined for a streamed one). */
  result: ExecutionResult | undefined;
  /** The least fresh upstream answer used (undefined: none was used). */
  freshness: Freshness | undefined;
  /** Seconds the gateway's response cache keeps this answer, when it keeps it. */
  cachedFor?: number | undefined;
  /** Served from the gateway's response cache. */
  hit?: boolean;
  /** The response cache is on (an answer it did not keep is not given a lifetime downstream). */
  cacheOn: boolean;
}

/**
 * The `Cache-Control` of a `/graphql` answer, the minimum across the upstream answers it used:
 * `no-store` for writes, errors, streams and where any answer says `no-store`; `private` when the
 * answer depends on the token (the request had one, or an answer said `private`); `max-age` the
 * least freshness (or the response cache's lifetime of it), `no-cache` when that is 0.
 */
export function downstreamCacheControl(facts: AnswerFacts): string {
  const { result, freshness } = facts;
  if (facts.mutation || !result || (result.errors?.length ?? 0) > 0) return 'no-store';
  if (freshness?.noStore) return 'no-store';
  const scope = facts.tokenScoped || freshness?.private ? 'private' : 'public';
  if (facts.hit) return `${scope}, no-cache`;
  const upstream = freshness ? (facts.tokenScoped ? freshness.maxAge : freshness.sharedMaxAge) : 0;
  const seconds = facts.cachedFor ?? (facts.cacheOn ? 0 : upstream);
  return seconds > 0 ? `${scope}, max-age=${seconds}` : `${scope}, no-cache`;
}

/**
 * `Cache-Control` (and `Vary: Authorization`) on `/graphql` answers when the response cache is
 * off, derived from the upstream answers each one used.
 */
export function cacheControlPart(): RequestPart {
  const states = new RequestStates<
    Request,
    { context?: unknown; mutation?: boolean; result?: ExecutionResult }
  >();
  return {
    name: 'cacheControl',
    onExecute({ args }) {
      const request = (args.contextValue as FreshnessContext).request;
      if (!request) return;
      const operation = getOperationAST(args.document, args.operationName);
      states.set(request, {
        context: args.contextValue,
        mutation: operation?.operation === 'mutation',
      });
    },
    onResultProcess({ request, result }) {
      const state = states.get(request);
      if (state && !Array.isArray(result) && !(Symbol.asyncIterator in result)) {
        state.result = result as ExecutionResult;
      }
    },
    onResponse({ request, response }) {
      const state = states.take(request);
      if (!state || response.headers.has('cache-control')) return;
      response.headers.set(
        'cache-control',
        downstreamCacheControl({
          tokenScoped: credentialOf(request.headers.get('authorization')) !== undefined,
          mutation: state.mutation ?? false,
          result: state.result,
          freshness: requestFreshness(state.context),
          cacheOn: false,
        }),
      );
      response.headers.append('vary', 'Authorization');
    },
  };
}
