import { type ExecutionResult, GraphQLError } from 'graphql';
import type { GraphQLParams, YogaServerInstance } from 'graphql-yoga';

/** What an operation of a long-lived connection yields: one result, or a stream of them. */
export type OperationResult = ExecutionResult | AsyncIterable<ExecutionResult>;

/** A refusal as a client sees it: the message and code, without Yoga's HTTP instructions. */
function refusal(error: unknown): GraphQLError {
  if (!(error instanceof GraphQLError)) return new GraphQLError('Unexpected error.');
  const { http: _http, ...extensions } = error.extensions as Record<string, unknown>;
  return new GraphQLError(error.message, { extensions });
}

/**
 * Runs one operation that arrived over a long-lived connection through the same path as an HTTP
 * request: Yoga's parameter hooks (trusted documents, APQ, the document length), then Envelop's
 * parse, validation (document limits), context, and subscribe or execute with every plugin
 * (cost, rate limit, live budget, cache, traces), then result hooks and error masking.
 * `request` carries the caller's credential; `serverContext` what the context reads of the
 * connection. A refusal before execution is a result with its error.
 */
export async function runOperation(
  yoga: YogaServerInstance<Record<string, unknown>, Record<string, unknown>>,
  params: GraphQLParams,
  request: Request,
  serverContext: Record<string, unknown>,
): Promise<OperationResult> {
  try {
    return (await yoga.getResultForParams({ params, request }, serverContext)) as OperationResult;
  } catch (error) {
    return { errors: [refusal(error)] };
  }
}

/** The JSON of an error, without Yoga's HTTP instructions (`extensions.http`). */
function publicError(error: unknown): unknown {
  const json = error instanceof GraphQLError ? error.toJSON() : error;
  if (!json || typeof json !== 'object' || !('extensions' in json)) return json;
  const { http: _http, ...extensions } = (json as { extensions?: Record<string, unknown> })
    .extensions as Record<string, unknown>;
  return { ...json, extensions: Object.keys(extensions).length > 0 ? extensions : undefined };
}

/** A result as it is sent: Yoga's internal `extensions.http` left out, of it and its errors. */
export function publicResult(result: ExecutionResult): ExecutionResult {
  const { http: _http, ...extensions } = (result.extensions ?? {}) as Record<string, unknown>;
  return {
    ...result,
    ...(result.errors ? { errors: result.errors.map(publicError) as GraphQLError[] } : {}),
    extensions: Object.keys(extensions).length > 0 ? extensions : undefined,
  };
}
