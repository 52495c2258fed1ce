import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** Input and time limits of both servers (`/v1` and `/graphql`); every one is configurable. */
export interface Limits {
  /** Largest request body on `/v1`, in bytes. */
  bodyBytes: number;
  /** Largest request body on `/graphql`, in bytes. */
  graphqlBodyBytes: number;
  /** Deepest nesting of a JSON value (a `/v1` body, a `JSON` argument of the gateway). */
  jsonDepth: number;
  /** Longest `ID` argument or input field of the gateway, in characters. */
  idLength: number;
  /** Longest `String` argument of the gateway (search text, cursors, slugs), in characters. */
  stringLength: number;
  /** Most tokens in one GraphQL document. */
  documentTokens: number;
  /** Deepest nesting of fields in one GraphQL operation. */
  queryDepth: number;
  /** Milliseconds a client has to send all request headers. */
  headersTimeoutMs: number;
  /** Milliseconds a client has to send the whole request (headers and body). */
  requestTimeoutMs: number;
  /** Largest total size of the request headers, in bytes. */
  headerBytes: number;
}

export const DEFAULT_LIMITS: Limits = {
  bodyBytes: 1_048_576,
  graphqlBodyBytes: 1_048_576,
  jsonDepth: 100,
  idLength: 1_000,
  stringLength: 4_096,
  documentTokens: 10_000,
  queryDepth: 32,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  headerBytes: 16_384,
};

/** The defaults with the given overrides. */
export function limitsWith(overrides: Partial<Limits> = {}): Limits {
  const limits = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(overrides) as [keyof Limits, number | undefined][]) {
    if (value !== undefined) limits[key] = value;
  }
  return limits;
}

/**
 * Overrides from `name=value,name=value` (the `--limits` option): names are those of `Limits`,
 * values positive whole numbers. Throws an Error naming the first bad entry.
 */
export function parseLimits(text: string): Partial<Limits> {
  const out: Partial<Limits> = {};
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [name = '', raw = ''] = entry.split('=').map((p) => p.trim());
    if (!(name in DEFAULT_LIMITS)) {
      throw new Error(
        `unknown limit ${JSON.stringify(name)} (known: ${Object.keys(DEFAULT_LIMITS).join(', ')})`,
      );
    }
    const value = Number(raw.replace(/_/g, ''));
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new Error(`limit ${name} must be a positive whole number, got ${JSON.stringify(raw)}`);
    }
    out[name as keyof Limits] = value;
  }
  return out;
}

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
export function serverOptions(limits: Limits): Partial<FastifyServerOptions> {
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
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400 && reply.statusCode < 500 && reply.statusCode !== 408) {
      if (reply.getHeader('connection') === 'close') reply.removeHeader('connection');
    }
    return payload;
  });
}
