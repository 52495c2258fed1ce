import type { GraphQLError } from 'graphql';
import type { Redis } from 'ioredis';
import type { GatewayContext } from '../context.ts';
import {
  type ExecuteHooks,
  type RequestPart,
  type RequestStep,
  replaceResult,
  stopWith,
} from '../plugins/requestPart.ts';
import { RequestStates } from '../requestState.ts';
import { admission } from './admission.ts';
import { CallBudgets, type Charge } from './budgets.ts';
import { type DocumentOptions, documentSteps } from './documents.ts';
import type { CostOverride } from './estimate.ts';
import { argumentLimitsPart, documentLimitsPart } from './limitPlugins.ts';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from './limits.ts';
import {
  type BucketState,
  MemoryBuckets,
  RateLimiter,
  type RateLimitOptions,
  RedisBuckets,
} from './rateLimit.ts';
import { payerOf, type RequestContext, subscriptionGuardPart } from './subscriptions.ts';

/** Guardrails of a gateway: what a request may cost and which documents it may run. */
export interface GuardOptions extends DocumentOptions {
  /** Most upstream calls one operation may be estimated at (default 1,000). */
  maxCost?: number | undefined;
  /** Introspection (`__schema`, `__type`) allowed (default true). */
  introspection?: boolean | undefined;
  /** A budget of upstream calls per token (or per address without one); off when absent. */
  rateLimit?: RateLimitOptions | false | undefined;
  /**
   * Costs that replace what the named fields declare, in the estimate only (the calls made stay
   * what the resolvers make): a seam to admit an operation at a deliberately wrong estimate.
   */
  costOverride?: CostOverride | undefined;
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
  /** What the caller's budget was charged (absent without rate limits). */
  charge?: Charge;
  /** The caller's budget after a refusal (THROTTLED: nothing was taken). */
  refusedAt?: BucketState;
  context?: GatewayContext;
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
 * The guard's steps of the request path: CSRF prevention, trusted documents or APQ, the document
 * limits, then the cost estimate (refused over `maxCost` or `queryNodes`), which becomes the
 * operation's budget of calls in its upstream session (a call past it is not made), the rate
 * limit by the calls made, the argument lengths, and `extensions.cost` on every response. Subscriptions pass
 * the same checks at subscribe (`subscriptions.ts`). Rate-limit counters live in Redis when
 * `redis` is given, else in memory.
 */
export function guardSteps(
  options: GuardOptions = {},
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
  redis?: Redis,
): RequestStep[] {
  const maxCost = options.maxCost ?? DEFAULT_MAX_COST;
  const maxNodes = limits.queryNodes;
  const budgets = options.rateLimit
    ? new CallBudgets(
        new RateLimiter(
          redis ? new RedisBuckets(redis, options.rateLimit.keyPrefix) : new MemoryBuckets(),
          options.rateLimit,
        ),
      )
    : undefined;
  const states = new RequestStates<Request, CostState>();

  // An incremental answer (`@defer`, `@stream`) carries the cost in its last part, once every
  // call is made; the unspent part of the budget is given back then. One hooks object serves
  // every request: the request comes with the result.
  const incremental: ExecuteHooks = {
    onExecuteDone({ args, result }) {
      if (!(typeof result === 'object' && result && Symbol.asyncIterator in result)) return;
      // Taken now: the request's entry is dropped when its response is made, before the parts.
      const state = states.get((args.contextValue as unknown as RequestContext).request);
      return {
        onNext(next) {
          const part = next.result as { hasNext?: boolean; extensions?: Record<string, unknown> };
          if (part.hasNext !== false) return;
          return then(costOf(state), (cost) => {
            replaceResult(next, { ...part, extensions: { ...part.extensions, cost } });
          });
        },
      };
    },
  };

  const cost: RequestPart = {
    name: 'cost',
    onExecute(payload) {
      const { args } = payload;
      const context = args.contextValue as unknown as RequestContext;
      const { estimate, refused } = admission(args, maxCost, maxNodes, options.costOverride);
      const state: CostState = { requested: estimate.calls, context };
      states.set(context.request, state);
      if (refused) return stopWith(payload, { errors: [refused] });
      // The estimate is the most calls the operation makes, whatever it turns out to need.
      context.rest.budget(estimate.calls);
      if (!budgets) return incremental;
      return charge(budgets, context, state, estimate.calls, payload);
    },
    onResultProcess(payload) {
      const { request, result } = payload;
      // An incremental answer's hooks hold their own (taken when its execution ended).
      const state = states.take(request);
      if (Array.isArray(result) || Symbol.asyncIterator in (result as object)) return;
      const single = result as { extensions?: Record<string, unknown> };
      return then(costOf(state), (cost) => {
        replaceResult(payload, { ...single, extensions: { ...single.extensions, cost } });
      });
    },
  };

  /** Takes an operation's estimate from its caller's budget (refused THROTTLED when short). */
  async function charge(
    budgets: CallBudgets,
    context: RequestContext,
    state: CostState,
    calls: number,
    operation: { setResultAndStopExecution(result: { errors: GraphQLError[] }): void },
  ) {
    try {
      const admitted = await budgets.admit(payerOf(context), calls);
      if ('refused' in admitted) {
        state.refusedAt = admitted.state;
        return stopWith(operation, { errors: [admitted.refused] });
      }
      state.charge = admitted.charge;
    } catch {
      // The counters' store is unreachable: serve the request rather than fail it.
    }
    return incremental;
  }

  /**
   * The cost extension of a finished operation, its budget charged the calls made (unspent
   * calls given back; a refused credential's calls charged to its address too): at once unless
   * a budget changes (it may live in Redis).
   */
  function costOf(state: CostState | undefined): CostExtension | Promise<CostExtension> {
    const actual = callsMade(state?.context);
    const charged = state?.charge;
    if (budgets && charged) {
      const after = budgets.settle(charged, actual, state.context?.rest.unauthorized ?? false);
      if (!(after instanceof Promise)) return extension(state, actual, after);
      return after.then(
        (bucket) => extension(state, actual, bucket),
        // Kept as taken: the budget errs on the side of the upstream.
        () => extension(state, actual, charged.state),
      );
    }
    return extension(state, actual, charged?.state ?? state?.refusedAt ?? null);
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

  // The first refusal at execution ends the others: a request over its cost and with an
  // over-long argument is answered COST_LIMIT_EXCEEDED, as it was before the limits moved here.
  return [
    ...documentSteps(options, redis, limits.documentLength),
    documentLimitsPart(limits, options.introspection ?? true),
    cost,
    subscriptionGuardPart(maxCost, maxNodes, budgets, options.costOverride),
    argumentLimitsPart(limits),
  ];
}
