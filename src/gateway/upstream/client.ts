import { setTimeout as sleep } from 'node:timers/promises';
import { type Dispatcher, interceptors, Pool, errors as undiciErrors } from 'undici';
import type { Deviation } from './damage.ts';
import { errorFromResponse, UpstreamError } from './errors.ts';

export interface UpstreamOptions {
  /** Base URL of the REST surface, with or without the trailing `/v1`. */
  baseUrl: string;
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** Connections kept to the upstream origin. */
  connections?: number;
  /** Retries of idempotent GETs (at most 2). */
  retries?: number;
  /** Base of the exponential backoff between retries. */
  retryBaseMs?: number;
  /** Added before every call (benchmarks inject upstream latency with it). */
  delayMs?: number;
}

export interface UpstreamRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under `/v1`, starting with `/` (e.g. `/spaces/abc`), with its query already encoded. */
  path: string;
  authorization?: string | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** A GET made conditional: a 304 then answers `{ status: 304 }` with no body. */
  ifNoneMatch?: string | undefined;
}

export interface UpstreamResponse {
  status: number;
  body: unknown;
  /** Attempts made (1 + retries). */
  attempts: number;
  /** The answer's `ETag`, when it has one. */
  etag?: string;
}

/** What the gateway needs of an upstream: `UpstreamClient`, or a fake in schema-level tests. */
export interface Upstream {
  request(req: UpstreamRequest): Promise<UpstreamResponse>;
  close(): Promise<void>;
  /** Told how an answer deviated from the contract (metrics count it). */
  reportDeviations?(method: string, path: string, deviations: readonly Deviation[]): void;
}

/** Statuses of a GET that are retried (with backoff, honouring `Retry-After`). */
const RETRY_STATUS = [429, 502, 503, 504];
/** Connection failures of a GET that are retried. */
const RETRY_ERRORS = ['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'UND_ERR_SOCKET'];
/** Longest wait between two attempts, whatever `Retry-After` asks. */
const MAX_RETRY_AFTER_MS = 5_000;

/** Counts the attempts of one request: the retry interceptor dispatches the same options again. */
interface Counted {
  attempts?: { count: number };
}

const countAttempts: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) => {
  const counter = (options as Counted).attempts;
  if (counter) counter.count++;
  return dispatch(options, handler);
};

/**
 * The only code that speaks HTTP to `/v1`: an undici Pool per origin with keep-alive and bounded
 * connections. GETs retry on connection resets, 429, 502, 503 and 504 (honouring `Retry-After`);
 * writes never retry.
 */
export class UpstreamClient implements Upstream {
  readonly origin: string;
  readonly prefix: string;
  private readonly pool: Pool;
  private readonly dispatcher: Dispatcher;
  private readonly options: Required<Omit<UpstreamOptions, 'baseUrl'>>;

  constructor(options: UpstreamOptions) {
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    const base = url.pathname.replace(/\/+$/, '');
    this.prefix = base.endsWith('/v1') ? base : `${base}/v1`;
    this.options = {
      connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
      headersTimeoutMs: options.headersTimeoutMs ?? 15_000,
      bodyTimeoutMs: options.bodyTimeoutMs ?? 15_000,
      connections: options.connections ?? 32,
      retries: Math.min(2, Math.max(0, options.retries ?? 2)),
      retryBaseMs: options.retryBaseMs ?? 100,
      delayMs: options.delayMs ?? 0,
    };
    this.pool = new Pool(this.origin, {
      connections: this.options.connections,
      connect: { timeout: this.options.connectTimeoutMs },
      headersTimeout: this.options.headersTimeoutMs,
      bodyTimeout: this.options.bodyTimeoutMs,
      keepAliveTimeout: 30_000,
    });
    // undici's own retry: GETs only, on connection resets and 429/502/503/504, exponential
    // backoff, `Retry-After` honoured up to a cap; the last answer is handed back as it came.
    this.dispatcher = this.pool.compose(
      countAttempts,
      interceptors.retry({
        maxRetries: this.options.retries,
        minTimeout: this.options.retryBaseMs,
        timeoutFactor: 2,
        maxTimeout: MAX_RETRY_AFTER_MS,
        retryAfter: true,
        methods: ['GET'],
        statusCodes: RETRY_STATUS,
        errorCodes: RETRY_ERRORS,
        throwOnError: false,
      }),
    );
  }

  /** Sends one request; non-2xx answers become `UpstreamError`s. */
  async request(req: UpstreamRequest): Promise<UpstreamResponse> {
    if (this.options.delayMs > 0) await sleep(this.options.delayMs);
    const attempts = { count: 0 };
    let status: number;
    let text: string;
    let etag: string | undefined;
    try {
      const response = await this.dispatcher.request({
        method: req.method,
        path: `${this.prefix}${req.path}`,
        headers: {
          accept: 'application/json',
          ...(req.authorization ? { authorization: req.authorization } : {}),
          ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(req.ifNoneMatch ? { 'if-none-match': req.ifNoneMatch } : {}),
        },
        ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
        ...(req.signal ? { signal: req.signal } : {}),
        attempts,
      } as Dispatcher.RequestOptions & Counted);
      status = response.statusCode;
      const tag = response.headers.etag;
      etag = typeof tag === 'string' ? tag : undefined;
      text = await response.body.text();
    } catch (error) {
      throw this.transportError(error, req.path);
    }
    const attemptsMade = Math.max(1, attempts.count);
    if (status === 304 && req.ifNoneMatch) {
      return { status, body: undefined, attempts: attemptsMade, ...(etag ? { etag } : {}) };
    }
    let body: unknown;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new UpstreamError(
          `upstream answered ${status} with a body that is not JSON for ${req.path}`,
          'UPSTREAM_ERROR',
          status,
        );
      }
    }
    if (status < 200 || status >= 300) throw errorFromResponse(status, body, req.path);
    return { status, body, attempts: attemptsMade, ...(etag ? { etag } : {}) };
  }

  private transportError(error: unknown, path: string): UpstreamError {
    const code = (error as { code?: string } | null)?.code ?? '';
    if (
      error instanceof undiciErrors.HeadersTimeoutError ||
      error instanceof undiciErrors.BodyTimeoutError ||
      error instanceof undiciErrors.ConnectTimeoutError ||
      code.includes('TIMEOUT')
    ) {
      return new UpstreamError(`upstream timed out for ${path}`, 'UPSTREAM_TIMEOUT', undefined);
    }
    return new UpstreamError(
      `upstream unreachable for ${path}: ${(error as Error).message ?? String(error)}`,
      'UPSTREAM_ERROR',
      undefined,
    );
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}
