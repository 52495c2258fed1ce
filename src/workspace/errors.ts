import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ErrorBody } from '../contract/common.ts';

/** An error with an HTTP status and a human message, answered in the decided error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'missing or unknown bearer token') =>
  new HttpError(401, message);
export const forbidden = (message = 'not allowed') => new HttpError(403, message);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);

/** The value itself, or a 404 naming `what` when there is none. */
export function orNotFound<T extends object>(value: T | null | undefined, what: string): T {
  if (!value) throw notFound(what);
  return value;
}

/** The decided error body. */
export function errorBody(status: number, message: string): ErrorBody {
  return { error: { code: status, message } };
}

/** Formats a zod issue path and message as `field: rule`. */
export function describeZodError(error: z.ZodError, where?: string): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      const field = path || where || 'body';
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

const FASTIFY_STATUS: Record<string, number> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
  FST_ERR_CTP_INVALID_JSON_BODY: 400,
};

/** Fastify error handler: every error leaves in the decided shape; only bugs are 500. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    return reply.code(error.status).send(errorBody(error.status, error.message));
  }
  const mapped = error.code ? FASTIFY_STATUS[error.code] : undefined;
  const status =
    mapped ??
    (error.statusCode && error.statusCode >= 400 && error.statusCode < 500
      ? error.statusCode
      : error instanceof SyntaxError
        ? 400
        : 500);
  if (status >= 500) {
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody(500, 'internal error'));
  }
  const message =
    error instanceof SyntaxError ? `body: invalid JSON (${error.message})` : error.message;
  return reply.code(status).send(errorBody(status, message));
}
