import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** One limit of a table: its default, its largest accepted value and what a request over it gets. */
export interface LimitSpec {
  default: number;
  /** Largest value `--limits` accepts (default: any positive whole number). */
  max?: number;
  description: string;
  /** What a request beyond the limit is answered. */
  beyond: string;
}

/** The HTTP limits of both servers (`/v1` and `/graphql`): sizes, nesting and times. */
export const HTTP_LIMITS = {
  bodyBytes: {
    default: 1_048_576,
    description: 'largest request body on `/v1`, in bytes',
    beyond: '413 (ingesting a conversation allows 64 MiB)',
  },
  graphqlBodyBytes: {
    default: 1_048_576,
    description: 'largest request body on `/graphql`, in bytes',
    beyond: '413 `PAYLOAD_TOO_LARGE`',
  },
  jsonDepth: {
    default: 100,
    description:
      'deepest nesting of a JSON value (a `/v1` body, a `JSON` value of a mutation input)',
    beyond: 'a `/v1` body: 400 naming the field; a `JSON` input value: `ValidationError` naming it',
  },
  headerBytes: {
    default: 16_384,
    description: 'largest total size of the request headers, in bytes',
    beyond: '431',
  },
  headersTimeoutMs: {
    default: 10_000,
    description: 'milliseconds a client has to send all request headers',
    beyond: '408, connection closed',
  },
  requestTimeoutMs: {
    default: 30_000,
    description: 'milliseconds a client has to send the whole request (headers and body)',
    beyond: '408, connection closed',
  },
} as const satisfies Record<string, LimitSpec>;

/** Size, nesting and time limits of both servers, by name (see `HTTP_LIMITS`). */
export type HttpLimits = { [K in keyof typeof HTTP_LIMITS]: number };

/** The defaults of `HTTP_LIMITS`. */
export const DEFAULT_HTTP_LIMITS = Object.fromEntries(
  Object.entries(HTTP_LIMITS).map(([name, spec]) => [name, spec.default]),
) as HttpLimits;

/**
 * How deep a JSON value nests, walked without recursion (so no input can overflow the stack),
 * or the path of the first value found deeper than `max`.
 */
export function tooDeep(value: unknown, max: number): string[] | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string[] };
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.path.length >= max) return item.path;
    for (const [key, child] of Object.entries(item.value)) {
      if (child !== null && typeof child === 'object') {
        stack.push({ value: child, path: [...item.path, key] });
      }
    }
  }
  return undefined;
}

/** `a.b.c...` for the first segments of a deep path. */
export function shortPath(path: string[], keep = 4): string {
  const head = path.slice(0, keep).join('.');
  return path.length > keep ? `${head}...` : head;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/**
 * Answers a request Node's HTTP parser refused (headers too large, a request or headers
 * timeout, malformed HTTP) with the decided error body, then drops the connection.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const message =
    status === 431
      ? 'request headers are too large'
      : status === 408
        ? 'request not received in time'
        : 'malformed HTTP request';
  if (socket.writable && !socket.destroyed) {
    const body = JSON.stringify({ error: { code: status, message } });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroySoon();
}

/** Fastify server options that apply the time and header limits. */
export function serverOptions(limits: HttpLimits): Partial<FastifyServerOptions> {
  return {
    requestTimeout: limits.requestTimeoutMs,
    clientErrorHandler,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      requestTimeout: limits.requestTimeoutMs,
      maxHeaderSize: limits.headerBytes,
      // Node checks both timeouts on this interval (30 s by default): keep it below them.
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4)),
      ),
    },
  } as Partial<FastifyServerOptions>;
}

/**
 * Keeps the connection open after refusing a request whose body is still arriving (413, bad
 * JSON, 415): Node then reads and discards the rest, and the client, still writing, reads the
 * answer instead of a reset. The request timeout still bounds how long that lasts.
 */
export function drainRefusedBodies(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer, and a promise per answer costs.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode >= 400 && reply.statusCode < 500 && reply.statusCode !== 408) {
      if (reply.getHeader('connection') === 'close') reply.removeHeader('connection');
    }
    done(null, payload);
  });
}
