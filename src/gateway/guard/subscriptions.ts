import type { ExecutionResult } from 'graphql';
import { isAsyncIterable } from 'graphql-yoga';
import type { GatewayContext } from '../context.ts';
import { type ErrorCode, subscriptionThrottledError } from '../errorCatalog.ts';
import { type RequestPart, replaceResult, stopWith } from '../plugins/requestPart.ts';
import type { RestSession } from '../upstream/rest.ts';
import { admission } from './admission.ts';
import type { CallBudgets, Charge, Payer } from './budgets.ts';
import type { CostOverride } from './estimate.ts';

/** A request's context as the guard reads it: Yoga's request and Node's socket beside ours. */
export type RequestContext = GatewayContext & {
  request: Request;
  req?: { socket?: { remoteAddress?: string }; ip?: string };
};

/** Who pays for a request's calls: its credential, or its address without one. */
export function payerOf(context: RequestContext): Payer {
  return {
    authorization: context.request.headers.get('authorization') ?? undefined,
    address: context.req?.socket?.remoteAddress ?? context.req?.ip,
  };
}

/** True when a result (not a stream) carries an error with `code`. */
function hasCode(result: unknown, code: ErrorCode): boolean {
  const errors = (result as ExecutionResult | undefined)?.errors ?? [];
  return errors.some((e) => e.extensions?.code === code);
}

/**
 * The events of a subscription, each resolved under a budget of its own (`calls`, the estimate
 * of the selection): the calls an event's resolution made are charged to the subscriber's
 * budget once it is resolved (`pay`); when that budget has run out, one `THROTTLED` event ends
 * the subscription.
 */
function eventsUnderBudget(
  source: AsyncIterator<ExecutionResult>,
  rest: RestSession,
  calls: number,
  pay: ((made: number, unauthorized: boolean) => Promise<boolean>) | undefined,
): AsyncIterableIterator<ExecutionResult> {
  let throttled = false;
  let done = false;
  rest.budget(calls);
  rest.unauthorized = false;
  const end = async (): Promise<IteratorResult<ExecutionResult>> => {
    done = true;
    await source.return?.();
    return { done: true, value: undefined };
  };
  return {
    async next() {
      if (done) return { done: true, value: undefined };
      if (throttled) {
        await end();
        return { done: false, value: { errors: [subscriptionThrottledError()] } };
      }
      const result = await source.next();
      const made = rest.made;
      const unauthorized = rest.unauthorized;
      rest.budget(calls);
      rest.unauthorized = false;
      if (pay && (made > 0 || unauthorized)) {
        // The store of the budgets unreachable: served, as a query would be.
        throttled = !(await pay(made, unauthorized).catch(() => true));
      }
      if (result.done) done = true;
      return result;
    },
    return: end,
    async throw(error: unknown) {
      await end();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * Subscriptions through the same guard as queries, on Envelop's `onSubscribe` (so on every
 * transport): the estimate of the selection refused over the node limit or `maxCost` with the
 * query's code, the estimate taken from the subscriber's budget (settled to the calls made once
 * it is subscribed), and every event resolved under a budget of the same estimate, its calls
 * charged to the subscriber. The live hub's own reads (its start, each change, the polls) are
 * charged through the request's `charge`.
 */
export function subscriptionGuardPart(
  maxCost: number,
  maxNodes: number,
  budgets: CallBudgets | undefined,
  costOverride?: CostOverride,
): RequestPart {
  return {
    name: 'subscriptionGuard',
    async onSubscribe(payload) {
      const { args } = payload;
      const context = args.contextValue as unknown as RequestContext;
      const { estimate, refused } = admission(args, maxCost, maxNodes, costOverride);
      if (refused) return stopWith(payload, { errors: [refused] });
      const rest = context.rest;
      rest.budget(estimate.calls);
      const perEvent = (
        result: unknown,
        pay?: (made: number, unauthorized: boolean) => Promise<boolean>,
      ) =>
        eventsUnderBudget(
          (result as AsyncIterable<ExecutionResult>)[Symbol.asyncIterator](),
          rest,
          estimate.calls,
          pay,
        );
      if (!budgets) {
        // Without rate limits each event's calls are still bounded by the estimate.
        return {
          onSubscribeResult(done) {
            if (isAsyncIterable(done.result)) replaceResult(done, perEvent(done.result));
          },
        };
      }
      const payer = payerOf(context);
      const key = budgets.keyOf(payer);
      // The hub's reads under this subscriber's token, counted for its address when the
      // upstream refuses the token.
      let hubCalls = 0;
      const live = context.live?.request;
      if (live) {
        live.charge = async (calls) => {
          hubCalls += calls;
          return (await budgets.limiter.take(key, calls)).ok;
        };
      }
      let charge: Charge | undefined;
      try {
        const admitted = await budgets.admit(payer, estimate.calls);
        if ('refused' in admitted) return stopWith(payload, { errors: [admitted.refused] });
        charge = admitted.charge;
      } catch {
        // The counters' store is unreachable: served unlimited, as a query would be.
      }
      return {
        onSubscribeResult(done) {
          const { result } = done;
          const stream = isAsyncIterable(result);
          const unauthorized = rest.unauthorized || (!stream && hasCode(result, 'UNAUTHENTICATED'));
          if (charge) {
            const made = rest.made;
            const settled = charge;
            void Promise.resolve()
              .then(() => budgets.settle(settled, made, unauthorized, hubCalls))
              .catch(() => {});
          }
          if (!stream) return;
          replaceResult(
            done,
            perEvent(result, (made, refused) => budgets.charge(payer, made, refused)),
          );
        },
      };
    },
  };
}
