import { GraphQLError } from 'graphql';
import { type ErrorCode, extensionsOf } from '../errorCatalog.ts';

// Request-level errors of upstream calls: GraphQL errors with an `extensions.code` (from the
// error catalog), failing only the fields they concern. The contract errors of mutations (typed
// results) are in `../errors.ts`.

/** `extensions.code` values of failed upstream calls. */
export type UpstreamErrorCode = Extract<
  ErrorCode,
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'UPSTREAM_ERROR'
  | 'UPSTREAM_TIMEOUT'
>;

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
      extensions: extensionsOf(code, status !== undefined ? { status } : {}),
    });
    this.name = 'UpstreamError';
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
