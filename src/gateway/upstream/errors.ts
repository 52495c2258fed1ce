import { GraphQLError } from 'graphql';

/** `extensions.code` values of request-level errors. */
export type UpstreamErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'UPSTREAM_ERROR'
  | 'UPSTREAM_TIMEOUT';

/**
 * Request-level errors: GraphQL errors with an `extensions.code`, failing only the fields they
 * concern. The contract errors of mutations (typed results) are in `../errors.ts`.
 */

/** Invalid input refused before any call (`BAD_USER_INPUT`), naming its input field as data. */
export class InputError extends GraphQLError {
  constructor(
    /** Path of the input field or argument at fault (empty when it names none). */
    readonly field: readonly string[],
    rule: string,
  ) {
    super(field.length > 0 ? `${field.join('.')}: ${rule}` : rule, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
    this.name = 'InputError';
  }
}

/** The `BAD_USER_INPUT` error of `field` (an argument or input path) breaking `rule`. */
export function badInput(field: string | readonly string[] | undefined, rule: string): InputError {
  return new InputError(typeof field === 'string' ? field.split('.') : (field ?? []), rule);
}

/** A failed upstream call, as a GraphQL error that fails only the fields it concerns. */
export class UpstreamError extends GraphQLError {
  constructor(
    message: string,
    readonly code: UpstreamErrorCode,
    readonly status: number | undefined,
    /** The input field a validation answer names (`title: at most 50 characters`), if any. */
    readonly field: readonly string[] = [],
  ) {
    super(message, {
      // `status`, not `http`: Yoga would turn `extensions.http` into the response status of the whole request.
      extensions: { code, ...(status !== undefined ? { status } : {}) },
    });
    this.name = 'UpstreamError';
  }
}

/**
 * A call an operation did not make: it had made as many as it was admitted for (its estimate).
 * The field that needed it fails with `COST_LIMIT_EXCEEDED`; the rest of the answer stands.
 */
export class BudgetError extends GraphQLError {
  constructor(readonly budget: number) {
    super(
      `This operation was admitted for ${budget} upstream calls and has made them all; this field needs one more and was not resolved.`,
      { extensions: { code: 'COST_LIMIT_EXCEEDED', budget } },
    );
    this.name = 'BudgetError';
  }
}

/** The one mapping from an upstream HTTP status to an error code. */
export function codeForStatus(status: number): UpstreamErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404 || status === 410) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 400 || status === 413 || status === 415 || status === 422) return 'BAD_USER_INPUT';
  return 'UPSTREAM_ERROR';
}

/** Builds the error for an upstream answer with a non-2xx status and its (decided-shape) body. */
export function errorFromResponse(status: number, body: unknown, path: string): UpstreamError {
  const message =
    body && typeof body === 'object' && 'error' in body
      ? String((body as { error?: { message?: unknown } }).error?.message ?? '')
      : '';
  const code = codeForStatus(status);
  const said =
    message && code !== 'UPSTREAM_ERROR'
      ? message
      : `upstream answered ${status} for ${path}${message ? `: ${message}` : ''}`;
  // A refused token is the first refusal a newcomer meets: say what to send.
  const text =
    status === 401 ? `${said}; send a /v1 token as "authorization: Bearer <token>"` : said;
  return new UpstreamError(text, code, status, code === 'BAD_USER_INPUT' ? fieldNamed(text) : []);
}

/**
 * The field a `/v1` validation message names: the wire format puts it first, before a colon
 * (`title: at most 50 characters`); this is where that text becomes data.
 */
function fieldNamed(message: string): string[] {
  const match = /^([\w.[\]-]+):/.exec(message);
  return match?.[1] ? match[1].split('.') : [];
}
