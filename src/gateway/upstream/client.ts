import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import { type Dispatcher, Pool, errors as undiciErrors } from 'undici';
import type { Deviation } from './damage.ts';
import { errorFromResponse, UpstreamError } from './errors.ts';
import { retryStatuses } from './retry.ts';
import { shareParsed } from './tolerant.ts';
import {
  type Freshness,
  freshnessOf,
  memoryValidators,
  type ValidatorStore,
  validatorKey,
} from './validators.ts';

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
  /**
   * Where the last answer of each GET is kept per token, to revalidate it with `If-None-Match`
   * and reuse it on 304 (default: in memory, `memoryValidators()`); `false`: never revalidate.
   */
  validators?: ValidatorStore | false;
}

export interface UpstreamRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under `/v1`, starting with `/` (e.g. `/spaces/abc`), with its query already encoded. */
  path: string;
  authorization?: string | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /**
   * An entity tag of the caller's own for a GET: sent as `If-None-Match` instead of the stored
   * one; a 304 then answers with no body (`notModified`), and nothing is stored.
   */
  ifNoneMatch?: string | undefined;
}

export interface UpstreamResponse {
  status: number;
  body: unknown;
  /** Attempts made (1 + retries). */
  attempts: number;
  /** The answer's `ETag`, when it has one. */
  etag?: string | undefined;
  /** How long the answer may be reused, from its `Cache-Control`/`Expires` (GETs only). */
  freshness?: Freshness | undefined;
  /** A 304 to the stored entity tag: `body` is the stored answer, revalidated. */
  revalidated?: boolean;
  /** A 304 to the caller's own `ifNoneMatch`: there is no body. */
  notModified?: boolean;
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

/**
 * Text size of the revalidated answers whose parse is kept (the objects take a few times more):
 * the hot reads of a busy gateway, not every stored answer. An answer over a quarter of it is
 * parsed anew each time.
 */
const PARSED_TEXT_BYTES = 2_000_000;

/** Counts the attempts of one request: the retry interceptor dispatches the same options again. */
interface Counted {
  attempts?: { count: number };
}

const countAttempts: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) => {
  const counter = (options as Counted).attempts;
  if (counter) counter.count++;
  return dispatch(options, handler);
};

/** The client's defaults, for the options not given (the `--upstream-*` options import them). */
export const UPSTREAM_DEFAULTS = {
  connectTimeoutMs: 5_000,
  timeoutMs: 15_000,
  connections: 32,
  retries: 2,
  retryBaseMs: 100,
} as const;

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
  private readonly options: Required<Omit<UpstreamOptions, 'baseUrl' | 'validators'>>;
  private readonly validators: ValidatorStore | undefined;
  /** Parsed bodies of revalidated answers, by validator key (see `reparsed`). */
  private readonly parsed: LRUCache<string, { etag: string; body: unknown; size: number }>;

  constructor(options: UpstreamOptions) {
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    const base = url.pathname.replace(/\/+$/, '');
    this.prefix = base.endsWith('/v1') ? base : `${base}/v1`;
    this.options = {
      connectTimeoutMs: options.connectTimeoutMs ?? UPSTREAM_DEFAULTS.connectTimeoutMs,
      headersTimeoutMs: options.headersTimeoutMs ?? UPSTREAM_DEFAULTS.timeoutMs,
      bodyTimeoutMs: options.bodyTimeoutMs ?? UPSTREAM_DEFAULTS.timeoutMs,
      connections: options.connections ?? UPSTREAM_DEFAULTS.connections,
      retries: Math.min(
        UPSTREAM_DEFAULTS.retries,
        Math.max(0, options.retries ?? UPSTREAM_DEFAULTS.retries),
      ),
      retryBaseMs: options.retryBaseMs ?? UPSTREAM_DEFAULTS.retryBaseMs,
      delayMs: options.delayMs ?? 0,
    };
    this.validators =
      options.validators === false ? undefined : (options.validators ?? memoryValidators());
    this.parsed = new LRUCache({
      maxSize: PARSED_TEXT_BYTES,
      maxEntrySize: PARSED_TEXT_BYTES / 4,
      sizeCalculation: (answer) => Math.max(1, answer.size),
    });
    this.pool = new Pool(this.origin, {
      connections: this.options.connections,
      connect: { timeout: this.options.connectTimeoutMs },
      headersTimeout: this.options.headersTimeoutMs,
      bodyTimeout: this.options.bodyTimeoutMs,
      keepAliveTimeout: 30_000,
    });
    // undici's own retry: GETs only, on connection resets and 429/502/503/504, exponential
    // backoff, `Retry-After` honoured up to a cap; the last answer is handed back as it came.
    // Other statuses (a 304, a 404) are handed on without the error undici builds for them.
    this.dispatcher = this.pool.compose(
      countAttempts,
      retryStatuses({
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

  /**
   * Sends one request; non-2xx answers become `UpstreamError`s. A GET carries the entity tag of
   * the last answer stored for its token and path, and a 304 reuses that answer's body.
   */
  async request(req: UpstreamRequest): Promise<UpstreamResponse> {
    if (this.options.delayMs > 0) await sleep(this.options.delayMs);
    const attempts = { count: 0 };
    const own = req.method === 'GET' ? req.ifNoneMatch : undefined;
    const key =
      req.method === 'GET' && own === undefined && this.validators
        ? validatorKey(req.authorization, req.path)
        : undefined;
    const stored = key ? await this.stored(key) : undefined;
    const ifNoneMatch = own ?? stored?.etag;
    let status: number;
    let text: string;
    let headers: Record<string, string | string[] | undefined>;
    try {
      const response = await this.dispatcher.request({
        method: req.method,
        path: `${this.prefix}${req.path}`,
        headers: {
          accept: 'application/json',
          ...(req.authorization ? { authorization: req.authorization } : {}),
          ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
        },
        ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
        ...(req.signal ? { signal: req.signal } : {}),
        attempts,
      } as Dispatcher.RequestOptions & Counted);
      status = response.statusCode;
      headers = response.headers;
      text = await response.body.text();
    } catch (error) {
      throw this.transportError(error, req.path);
    }
    const header = (name: string) => {
      const value = headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const etag = header('etag');
    const freshness =
      req.method === 'GET'
        ? freshnessOf({
            cacheControl: header('cache-control'),
            expires: header('expires'),
            date: header('date'),
            age: header('age'),
          })
        : undefined;
    const counted = Math.max(1, attempts.count);
    if (status === 304 && own !== undefined) {
      return { status, body: undefined, attempts: counted, etag, freshness, notModified: true };
    }
    const revalidated = status === 304 && stored !== undefined;
    if (revalidated && key) {
      const body = this.reparsed(key, stored);
      return { status, body, attempts: counted, etag: etag ?? stored.etag, freshness, revalidated };
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
    if (key && status === 200 && etag && !freshness?.noStore) this.store(key, { etag, body: text });
    return { status, body, attempts: counted, etag, freshness };
  }

  /**
   * The body of a stored answer that a 304 confirmed. Its parse is kept (by key and entity tag)
   * and shared by the requests that revalidate it, so that a repeated read costs neither a
   * `JSON.parse` nor a tolerant parse (`shareParsed`), nor the young garbage both make. A shared
   * body is never written to: the graph only reads answers (Pothos adds its type brand, the same
   * for every reader).
   */
  private reparsed(key: string, stored: { etag: string; body: string }): unknown {
    const kept = this.parsed.get(key);
    if (kept?.etag === stored.etag) return kept.body;
    let body: unknown;
    try {
      body = JSON.parse(stored.body);
    } catch {
      // Stored from a 2xx that parsed: only a store that changed it could get here.
      throw new UpstreamError(`the stored answer for a 304 is not JSON`, 'UPSTREAM_ERROR', 304);
    }
    shareParsed(body);
    this.parsed.set(key, { etag: stored.etag, body, size: stored.body.length });
    return body;
  }

  /** The stored answer of `key`; none when the store fails (the call is then made in full). */
  private async stored(key: string): Promise<{ etag: string; body: string } | undefined> {
    try {
      return (await this.validators?.get(key)) ?? undefined;
    } catch {
      return undefined;
    }
  }

  private store(key: string, answer: { etag: string; body: string }): void {
    try {
      void Promise.resolve(this.validators?.set(key, answer)).catch(() => {});
    } catch {
      // A store that fails only costs the next call its 304.
    }
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
