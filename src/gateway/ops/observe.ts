import { randomUUID } from 'node:crypto';
import { type ExecutionResult, getOperationAST } from 'graphql';
import type { Logger } from 'pino';
import type { GatewayContext } from '../context.ts';
import type { RequestPart } from '../plugins/requestPart.ts';
import { RequestStates } from '../requestState.ts';
import type { GatewayMetrics } from './metrics.ts';

interface RequestState {
  id: string;
  started: number;
  operation?: string;
  type?: string;
  context?: GatewayContext;
  result?: ExecutionResult;
  /** Parts of an incremental answer sent so far (undefined for a whole answer). */
  parts?: number;
  /** Error codes of an incremental answer's parts. */
  partErrors?: unknown[];
  /** Set when an incremental answer's response is made: the line is logged at its last part. */
  respond?: () => void;
  streamEnded?: boolean;
}

/** One part of an incremental answer: the initial payload or a later one. */
interface Part {
  errors?: ReadonlyArray<{ extensions?: unknown }>;
  incremental?: ReadonlyArray<{ errors?: ReadonlyArray<{ extensions?: unknown }> }>;
  extensions?: Record<string, unknown>;
}

const OPERATION_NAME = /^\s*(query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/;
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Outcome of a GraphQL response: `ok`, `error` (errors, with or without data) or `cached`. */
function outcomeOf(result: ExecutionResult | undefined): 'ok' | 'error' | 'cached' {
  if (!result) return 'error';
  if (result.errors?.length) return 'error';
  const meta = result.extensions?.responseCache as { hit?: boolean } | undefined;
  return meta?.hit ? 'cached' : 'ok';
}

/**
 * One log line and the metrics of every GraphQL request: request id (`x-request-id`, taken from
 * the request when it carries a sane one), operation name and type, duration, upstream calls
 * made, outcome and error codes. Never logs headers, variables or the query text.
 */
export function observePart(observe: {
  logger?: Logger | undefined;
  metrics?: GatewayMetrics | undefined;
  /** Operation names of the trusted documents: labelled as they are, beyond the bound. */
  trustedOperations?: ReadonlySet<string> | undefined;
}): RequestPart {
  const trusted = observe.trustedOperations ?? new Set<string>();
  const { metrics } = observe;
  // The request line holds only the fields below, none of them a secret: it skips the redaction
  // pass of the gateway's logger, which copies every object it logs (a third of the line's cost).
  const logger = observe.logger?.child({}, { redact: [] });
  const states = new RequestStates<Request, RequestState>();
  return {
    name: 'observe',
    onRequest({ request }) {
      const given = request.headers.get('x-request-id');
      states.set(request, {
        id: given && REQUEST_ID.test(given) ? given : randomUUID(),
        started: performance.now(),
      });
      metrics?.inFlight.inc();
    },
    onParams({ params, request }) {
      const state = states.get(request);
      if (!state) return;
      // A cached answer skips parsing: name it from the text (`query Name ...`) when not given.
      state.operation =
        params.operationName ?? OPERATION_NAME.exec(params.query ?? '')?.[2] ?? undefined;
    },
    onExecute({ args }) {
      const ctx = args.contextValue as unknown as GatewayContext & { request?: Request };
      const state = ctx.request ? states.get(ctx.request) : undefined;
      if (!state) return;
      const operation = getOperationAST(args.document, args.operationName);
      state.operation ??= operation?.name?.value;
      state.type = operation?.operation;
      state.context = ctx;
      return {
        onExecuteDone({ result }) {
          if (!(Symbol.asyncIterator in result)) return;
          state.parts = 0;
          state.partErrors = [];
          return {
            onNext({ result: part }) {
              const payload = part as Part;
              state.parts = (state.parts ?? 0) + 1;
              for (const error of [
                ...(payload.errors ?? []),
                ...(payload.incremental ?? []).flatMap((entry) => entry.errors ?? []),
              ]) {
                state.partErrors?.push(error.extensions);
              }
            },
            onEnd() {
              state.streamEnded = true;
              state.respond?.();
            },
          };
        },
      };
    },
    onResultProcess({ request, result }) {
      const state = states.get(request);
      if (state && !Array.isArray(result) && !(Symbol.asyncIterator in result)) {
        state.result = result as ExecutionResult;
      }
    },
    onResponse({ request, response }) {
      const state = states.take(request);
      if (!state) return;
      response.headers.set('x-request-id', state.id);
      // An incremental answer is logged and measured at its last part, with the number of parts.
      if (state.parts !== undefined && !state.streamEnded) {
        state.respond = () => done(state, response.status);
        return;
      }
      done(state, response.status, request.method);
    },
  };

  /** Logs and measures a finished request. */
  function done(state: RequestState, status: number, method?: string) {
    metrics?.inFlight.dec();
    if (!state.result && state.parts === undefined && status !== 304 && method === 'GET') return; // GraphiQL
    const seconds = (performance.now() - state.started) / 1000;
    const extensions =
      state.parts === undefined ? state.result?.errors?.map((e) => e.extensions) : state.partErrors;
    const outcome =
      status === 304
        ? 'not_modified'
        : state.parts === undefined
          ? outcomeOf(state.result)
          : extensions?.length
            ? 'error'
            : 'ok';
    const operation = state.operation ?? 'anonymous';
    const codes = (extensions ?? []).map((e) =>
      String((e as { code?: unknown } | undefined)?.code ?? 'INTERNAL_SERVER_ERROR'),
    );
    if (metrics) {
      const label = metrics.operationLabel(state.operation, trusted.has(operation));
      metrics.requests.inc({ operation: label, outcome });
      metrics.requestDuration.observe({ operation: label, outcome }, seconds);
    }
    for (const code of codes) metrics?.errors.inc({ code });
    const upstreamCalls = state.context?.rest.calls.filter((c) => !c.loader).length ?? 0;
    logger?.info(
      {
        requestId: state.id,
        operation,
        operationType: state.type ?? null,
        status,
        outcome,
        ms: Math.round(seconds * 1000),
        upstreamCalls,
        parts: state.parts ?? 1,
        ...(codes.length ? { errorCodes: [...new Set(codes)] } : {}),
      },
      'graphql request',
    );
  }
}
