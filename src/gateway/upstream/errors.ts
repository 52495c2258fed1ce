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

/** A failed upstream call, as a GraphQL error that fails only the fields it concerns. */
export class UpstreamError extends GraphQLError {
  constructor(
    message: string,
    readonly code: UpstreamErrorCode,
    readonly status: number | undefined,
  ) {
    super(message, {
      // `status`, not `http`: Yoga would turn `extensions.http` into the response status of the whole request.
      extensions: { code, ...(status !== undefined ? { status } : {}) },
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
  const text =
    message && code !== 'UPSTREAM_ERROR'
      ? message
      : `upstream answered ${status} for ${path}${message ? `: ${message}` : ''}`;
  return new UpstreamError(text, code, status);
}
