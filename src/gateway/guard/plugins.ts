import { type DocumentNode, GraphQLError, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Redis } from 'ioredis';
import type { GatewayContext } from '../context.ts';
import { RequestStates } from '../upstream/state.ts';
import { type DocumentOptions, documentPlugins } from './documents.ts';
import { costLimitError, type Estimate, estimateCost } from './estimate.ts';
import { argumentLimitPlugin, documentLimitPlugins } from './limitPlugins.ts';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from './limits.ts';
import {
  type BucketState,
  bucketKey,
  MemoryBuckets,
  RateLimiter,
  type RateLimitOptions,
  RedisBuckets,
} from './rateLimit.ts';

/** Estimates by operation and variables, per parsed document (Yoga reuses a parsed document). */
const estimates = new WeakMap<DocumentNode, Map<string, Estimate>>();

/** Most operation-and-variables estimates kept per document. */
const ESTIMATES_PER_DOCUMENT = 64;

/** Longest operation-and-variables key kept. */
const MAX_KEY_LENGTH = 2_048;

/**
 * `estimateCost` for the default table, made once per document, operation and variables: the
 * estimate depends on nothing else, and a client sends the same few over and over.
 */
function cachedEstimate(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | undefined,
): Estimate {
  let byInput = estimates.get(document);
  if (!byInput) {
    byInput = new Map();
    estimates.set(document, byInput);
  }
  let key: string | undefined;
  try {
    key = `${operationName ?? ''}\u0000${variables ? JSON.stringify(variables) : ''}`;
  } catch {
    key = undefined;
  }
  // Variables too deep to serialise (refused later, by validation) and large inputs (a page's
  // Markdown) are estimated each time rather than kept.
  if (key === undefined || key.length > MAX_KEY_LENGTH) {
    return estimateCost(schema, document, operationName, variables);
  }
  let estimate = byInput.get(key);
  if (!estimate) {
    if (byInput.size >= ESTIMATES_PER_DOCUMENT) {
      byInput.delete(byInput.keys().next().value as string);
    }
    estimate = estimateCost(schema, document, operationName, variables);
    byInput.set(key, estimate);
  }
  return estimate;
}

/** Guardrails of a gateway: what a request may cost and which documents it may run. */
export interface GuardOptions extends DocumentOptions {
  /** Most upstream calls one operation may be estimated at (default 1,000). */
  maxCost?: number | undefined;
  /** Introspection (`__schema`, `__type`) allowed (default true). */
  introspection?: boolean | undefined;
  /** A budget of upstream calls per token (or per address without one); off when absent. */
  rateLimit?: RateLimitOptions | false | undefined;
}

/** Most upstream calls one operation may be estimated at, unless `maxCost` says otherwise. */
export const DEFAULT_MAX_COST = 1_000;

/**
 * `extensions.cost` of every response: `requested` (the estimate, in upstream calls), `actual`
 * (the calls made), `maximum` (the per-operation limit), and, when rate limits apply, the
 * caller's budget: `limit` (its size), `remaining` (calls left) and `resetAt` (when it is full
 * again); these three are null when no rate limit applies.
 */
export interface CostExtension {
  requested: number;
  actual: number;
  maximum: number;
  limit: number | null;
  remaining: number | null;
  resetAt: string | null;
}

interface CostState {
  requested: number;
  bucket?: { key: string; state: BucketState; taken: number };
  context?: GatewayContext;
}

type RequestContext = GatewayContext & {
  request: Request;
  req?: { socket?: { remoteAddress?: string }; ip?: string };
};

function throttled(retryAfter: number, requested: number): GraphQLError {
  return new GraphQLError(
    `Rate limit: this operation needs ${requested} upstream calls and the budget of this token has fewer; retry in ${retryAfter} s.`,
    {
      extensions: {
        code: 'THROTTLED',
        retryAfter,
        http: { status: 429, headers: { 'Retry-After': String(retryAfter) } },
      },
    },
  );
}

/** `f(value)` at once for a value, after it for a promise. */
function then<T, R>(value: T | Promise<T>, f: (value: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(f) : f(value);
}

/** Calls a request really made upstream (answers served by its loader excluded). */
function callsMade(context: GatewayContext | undefined): number {
  return context?.rest.calls.filter((c) => !c.loader).length ?? 0;
}

/**
 * The guard as Yoga plugins: CSRF prevention, trusted documents or APQ, the document limits,
 * then the cost estimate (refused over `maxCost` or `queryNodes`) and the rate limit by cost, the
 * argument lengths, and `extensions.cost` on every response. Rate-limit counters live in Redis
 * when `redis` is given, else in memory.
 */
export function guardPlugins(
  options: GuardOptions = {},
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
  redis?: Redis,
): Plugin[] {
  const maxCost = options.maxCost ?? DEFAULT_MAX_COST;
  const maxNodes = limits.queryNodes;
  const limiter = options.rateLimit
    ? new RateLimiter(
        redis ? new RedisBuckets(redis, options.rateLimit.keyPrefix) : new MemoryBuckets(),
        options.rateLimit,
      )
    : undefined;
  const states = new RequestStates<Request, CostState>();

  // An incremental answer (`@defer`, `@stream`) carries the cost in its last part, once every
  // call is made; the unspent part of the budget is given back then. One hooks object serves
  // every request: the request comes with the result.
  const incremental = {
    onExecuteDone({ args, result }: { args: { contextValue: unknown }; result: unknown }) {
      if (!(typeof result === 'object' && result && Symbol.asyncIterator in result)) return;
      // Taken now: the request's entry is dropped when its response is made, before the parts.
      const state = states.get((args.contextValue as RequestContext).request);
      return {
        onNext({
          result: part,
          setResult,
        }: {
          result: { hasNext?: boolean; extensions?: Record<string, unknown> };
          setResult(result: unknown): void;
        }) {
          if (part.hasNext !== false) return;
          return then(costOf(state), (cost) => {
            setResult({ ...part, extensions: { ...part.extensions, cost } });
          });
        },
      };
    },
  };

  const cost: Plugin = {
    onExecute({ args, setResultAndStopExecution }) {
      const context = args.contextValue as unknown as RequestContext;
      const estimate = cachedEstimate(
        args.schema,
        args.document,
        args.operationName,
        args.variableValues as Record<string, unknown> | undefined,
      );
      const state: CostState = { requested: estimate.calls, context };
      states.set(context.request, state);
      if (estimate.nodes > maxNodes) {
        setResultAndStopExecution({
          errors: [
            new GraphQLError(
              `This operation may return ${estimate.nodes} objects from lists, over the limit of ${maxNodes}.`,
              {
                extensions: {
                  code: 'NODE_LIMIT_EXCEEDED',
                  nodes: estimate.nodes,
                  maximum: maxNodes,
                },
              },
            ),
          ],
        });
        return;
      }
      if (estimate.calls > maxCost) {
        setResultAndStopExecution({ errors: [costLimitError(estimate.calls, maxCost)] });
        return;
      }
      if (!limiter) return incremental as never;
      return charge(limiter, context, state, estimate.calls, setResultAndStopExecution);
    },
    onResultProcess({ request, result, setResult }) {
      // An incremental answer's hooks hold their own (taken when its execution ended).
      const state = states.take(request);
      if (Array.isArray(result) || Symbol.asyncIterator in (result as object)) return;
      const single = result as { extensions?: Record<string, unknown> };
      return then(costOf(state), (cost) => {
        setResult({ ...single, extensions: { ...single.extensions, cost } } as never);
      });
    },
  };

  /** Takes an operation's estimate from its caller's budget (refused THROTTLED when short). */
  async function charge(
    limiter: RateLimiter,
    context: RequestContext,
    state: CostState,
    calls: number,
    refuse: (result: { errors: GraphQLError[] }) => void,
  ) {
    const key = bucketKey(
      context.request.headers.get('authorization') ?? undefined,
      context.req?.socket?.remoteAddress ?? context.req?.ip,
    );
    let take: Awaited<ReturnType<RateLimiter['take']>>;
    try {
      take = await limiter.take(key, calls);
    } catch {
      // The counters' store is unreachable: serve the request rather than fail it.
      return incremental as never;
    }
    if (!take.ok) {
      state.bucket = { key, state: take.state, taken: 0 };
      refuse({ errors: [throttled(take.retryAfter, calls)] });
      return;
    }
    state.bucket = { key, state: take.state, taken: calls };
    return incremental as never;
  }

  /**
   * The cost extension of a finished operation, unspent calls given back to its budget: at once
   * unless calls are given back (to a budget that may live in Redis).
   */
  function costOf(state: CostState | undefined): CostExtension | Promise<CostExtension> {
    const actual = callsMade(state?.context);
    const bucket = state?.bucket;
    if (limiter && bucket && bucket.taken > actual) {
      const unspent = bucket.taken - actual;
      bucket.taken = actual;
      return limiter.giveBack(bucket.key, unspent).then(
        (after) => extension(state, actual, after),
        // Kept as taken: the budget errs on the side of the upstream.
        () => extension(state, actual, bucket.state),
      );
    }
    return extension(state, actual, bucket?.state ?? null);
  }

  function extension(
    state: CostState | undefined,
    actual: number,
    bucket: BucketState | null,
  ): CostExtension {
    return {
      requested: state?.requested ?? 0,
      actual,
      maximum: maxCost,
      limit: bucket?.limit ?? null,
      remaining: bucket?.remaining ?? null,
      resetAt: bucket?.resetAt ?? null,
    };
  }

  // A subscription pays for the upstream reads made on its behalf (its start, the read of each
  // change and the polls under its token) from its token's budget: the live hub charges them.
  const liveBudget: Plugin = {
    onSubscribe({ args }) {
      const context = args.contextValue as unknown as RequestContext;
      const live = context.live?.request;
      if (!limiter || !live) return;
      const key = bucketKey(
        context.request.headers.get('authorization') ?? undefined,
        context.req?.socket?.remoteAddress ?? context.req?.ip,
      );
      live.charge = async (calls) => (await limiter.take(key, calls)).ok;
    },
  };

  // The first refusal at execution ends the others: a request over its cost and with an
  // over-long argument is answered COST_LIMIT_EXCEEDED, as it was before the limits moved here.
  return [
    ...documentPlugins(options, redis, limits.documentLength),
    ...documentLimitPlugins(limits, options.introspection ?? true),
    cost,
    liveBudget,
    argumentLimitPlugin(limits),
  ];
}
