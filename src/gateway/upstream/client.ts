import { setTimeout as sleep } from 'node:timers/promises';
import { Pool, errors as undiciErrors } from 'undici';
import { errorFromResponse, UpstreamError } from './errors.ts';
import type { Deviation } from './tolerant.ts';

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
}

export interface UpstreamResponse {
  status: number;
  body: unknown;
  /** Attempts made (1 + retries). */
  attempts: number;
}

/** What the gateway needs of an upstream: `UpstreamClient`, or a fake in schema-level tests. */
export interface Upstream {
  request(req: UpstreamRequest): Promise<UpstreamResponse>;
  close(): Promise<void>;
  /** Told how an answer deviated from the contract (metrics count it). */
  reportDeviations?(method: string, path: string, deviations: readonly Deviation[]): void;
}

const RETRY_STATUS = new Set([429, 502, 503, 504]);
const MAX_RETRY_AFTER_MS = 5_000;

function retryAfterMs(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function isConnectionReset(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return (
    error instanceof undiciErrors.SocketError ||
    code === 'ECONNRESET' ||
    code === 'UND_ERR_SOCKET' ||
    code === 'EPIPE'
  );
}

/**
 * The only code that speaks HTTP to `/v1`: an undici Pool per origin with keep-alive and bounded
 * connections. GETs retry on connection resets, 429, 502, 503 and 504 (honouring `Retry-After`);
 * writes never retry.
 */
export class UpstreamClient implements Upstream {
  readonly origin: string;
  readonly prefix: string;
  private readonly pool: Pool;
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
  }

  /** Sends one request; non-2xx answers become `UpstreamError`s. */
  async request(req: UpstreamRequest): Promise<UpstreamResponse> {
    const idempotent = req.method === 'GET';
    const maxAttempts = idempotent ? 1 + this.options.retries : 1;
    let attempt = 0;
    for (;;) {
      attempt++;
      if (this.options.delayMs > 0) await sleep(this.options.delayMs);
      let status: number;
      let headers: Record<string, string | string[] | undefined>;
      let text: string;
      try {
        const response = await this.pool.request({
          method: req.method,
          path: `${this.prefix}${req.path}`,
          headers: {
            accept: 'application/json',
            ...(req.authorization ? { authorization: req.authorization } : {}),
            ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
          ...(req.signal ? { signal: req.signal } : {}),
        });
        status = response.statusCode;
        headers = response.headers;
        text = await response.body.text();
      } catch (error) {
        if (idempotent && attempt < maxAttempts && isConnectionReset(error)) {
          await sleep(this.options.retryBaseMs * 2 ** (attempt - 1));
          continue;
        }
        throw this.transportError(error, req.path);
      }
      if (idempotent && attempt < maxAttempts && RETRY_STATUS.has(status)) {
        const wait =
          retryAfterMs(headers['retry-after']) ?? this.options.retryBaseMs * 2 ** (attempt - 1);
        await sleep(Math.min(wait, MAX_RETRY_AFTER_MS));
        continue;
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
      return { status, body, attempts: attempt };
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
