import { GraphQLError, type GraphQLErrorOptions } from 'graphql';

// Every `extensions.code` the gateway sends, said once, with the constructors the layers share.
// A leaf module: it imports nothing of ours, so upstream/ and the graph layer both import it.

/** Every `extensions.code` the gateway emits, and when. */
export const ERROR_CODES = {
  BAD_USER_INPUT: 'an argument or input value is invalid (refused before any call, or by /v1)',
  BAD_REQUEST: 'the request itself is malformed (variables or extensions that are not JSON)',
  UNAUTHENTICATED: '/v1 refused the token (401)',
  FORBIDDEN: '/v1 refused the caller this object or action (403)',
  NOT_FOUND: 'the object does not exist or is not visible to the caller (404, 410)',
  CONFLICT: "the object's state forbids the change (409)",
  UPSTREAM_ERROR: '/v1 failed or answered an unexpected status',
  UPSTREAM_TIMEOUT: '/v1 did not answer in time',
  UPSTREAM_SHAPE: '/v1 answered a value the contract does not allow, at this field',
  COST_LIMIT_EXCEEDED: 'the operation would make, or has made, more upstream calls than allowed',
  NODE_LIMIT_EXCEEDED: 'the operation may return more objects from lists than allowed',
  THROTTLED: "the token's budget of upstream calls cannot pay for the operation",
  SUBSCRIPTION_LIMIT: 'a subscription limit is reached, or subscriptions are off',
  DEPTH_LIMIT_EXCEEDED: 'the document nests deeper than allowed',
  ALIAS_LIMIT_EXCEEDED: 'the document has more aliases than allowed',
  DIRECTIVE_LIMIT_EXCEEDED: 'the document has more directives than allowed',
  TOKEN_LIMIT_EXCEEDED: 'the document has more tokens than allowed',
  ROOT_FIELD_LIMIT_EXCEEDED: 'an operation has more root fields than allowed',
  QUERY_TOO_LARGE: 'the document is longer than allowed',
  CSRF_HEADER_REQUIRED: 'a request a browser could send cross-site lacks the CSRF header',
  CSRF_ORIGIN_REFUSED: 'a WebSocket was opened by a page of an origin not allowed',
  TRUSTED_DOCUMENT_NOT_FOUND: 'the hash names no trusted document',
  PERSISTED_QUERY_ONLY: 'the gateway runs only trusted documents and got query text',
  TRANSPORT_NOT_SERVED: 'the transport or media type asked for is not served',
  REQUEST_TIMEOUT: 'the request was not received in time',
  METHOD_NOT_ALLOWED: 'the HTTP method is not allowed at this path',
  PAYLOAD_TOO_LARGE: 'the request body is larger than allowed',
  UNSUPPORTED_MEDIA_TYPE: 'the request body has a media type that is not read',
  UNAVAILABLE: 'the gateway is starting or shutting down',
  INTERNAL_SERVER_ERROR: 'an unexpected failure (its detail is masked)',
} as const;

/** An `extensions.code` of the gateway. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** The HTTP answer an error sets when it fails the whole request. */
export interface HttpExtension {
  status: number;
  headers?: Record<string, string>;
}

/** The `extensions` of an error with `code`, and any other data it carries. */
export function extensionsOf(
  code: ErrorCode,
  extra: Record<string, unknown> = {},
): Record<string, unknown> & { code: ErrorCode } {
  return { code, ...extra };
}

/** A GraphQL error with `code` and any other `extensions` (`http` fails the whole request). */
export function codedError(
  code: ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
  options: Omit<GraphQLErrorOptions, 'extensions'> = {},
): GraphQLError {
  return new GraphQLError(message, { ...options, extensions: extensionsOf(code, extra) });
}

/** Whether `error` is a GraphQL error with `code`. */
export function hasErrorCode(error: unknown, code: ErrorCode): error is GraphQLError {
  return error instanceof GraphQLError && error.extensions.code === code;
}

/** Invalid input refused before any call (`BAD_USER_INPUT`), naming its input field as data. */
export class InputError extends GraphQLError {
  constructor(
    /** Path of the input field or argument at fault (empty when it names none). */
    readonly field: readonly string[],
    rule: string,
  ) {
    super(field.length > 0 ? `${field.join('.')}: ${rule}` : rule, {
      extensions: extensionsOf('BAD_USER_INPUT'),
    });
    this.name = 'InputError';
  }
}

/** The `BAD_USER_INPUT` error of `field` (an argument or input path) breaking `rule`. */
export function badInput(field: string | readonly string[] | undefined, rule: string): InputError {
  return new InputError(typeof field === 'string' ? field.split('.') : (field ?? []), rule);
}

/**
 * A call an operation did not make: it had made as many as it was admitted for (its estimate).
 * The field that needed it fails with `COST_LIMIT_EXCEEDED`; the rest of the answer stands.
 */
export class BudgetError extends GraphQLError {
  constructor(readonly budget: number) {
    super(
      `This operation was admitted for ${budget} upstream calls and has made them all; this field needs one more and was not resolved.`,
      { extensions: extensionsOf('COST_LIMIT_EXCEEDED', { budget }) },
    );
    this.name = 'BudgetError';
  }
}

/** The error of an operation refused for its estimate. */
export function costLimitError(estimate: number, maximum: number): GraphQLError {
  return codedError(
    'COST_LIMIT_EXCEEDED',
    `This operation is estimated at ${estimate} upstream calls, over the limit of ${maximum} per operation; ask for fewer items (first) or fewer nested lists.`,
    { cost: estimate, maximum },
  );
}

/** The refusal of an operation that may return more objects from lists than `maximum`. */
export function nodeLimitError(nodes: number, maximum: number): GraphQLError {
  return codedError(
    'NODE_LIMIT_EXCEEDED',
    `This operation may return ${nodes} objects from lists, over the limit of ${maximum}.`,
    { nodes, maximum },
  );
}

/** The answer to an operation whose budget has fewer calls than it needs (HTTP 429). */
export function throttledError(retryAfter: number, requested: number): GraphQLError {
  return codedError(
    'THROTTLED',
    `Rate limit: this operation needs ${requested} upstream calls and the budget of this token has fewer; retry in ${retryAfter} s.`,
    { retryAfter, http: { status: 429, headers: { 'Retry-After': String(retryAfter) } } },
  );
}

/** The end of a subscription whose token's budget cannot pay for the next upstream read. */
export function subscriptionThrottledError(): GraphQLError {
  return codedError(
    'THROTTLED',
    'Rate limit: the budget of this token cannot pay for the upstream reads of this subscription; subscribe again once it refills.',
  );
}

/** A refusal of a new subscription (a limit reached, or subscriptions off). */
export function subscriptionLimitError(message: string): GraphQLError {
  return codedError('SUBSCRIPTION_LIMIT', message);
}
