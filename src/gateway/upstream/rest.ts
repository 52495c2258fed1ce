import DataLoader from 'dataloader';
import type { GraphQLError } from 'graphql';
import type { z } from 'zod';
import { BudgetError } from '../errorCatalog.ts';
import type { Upstream, UpstreamRequest } from './client.ts';
import { type Deviation, ShapeDamage } from './damage.ts';
import { UpstreamError } from './errors.ts';
import { parseTolerant } from './tolerant.ts';
import { type Freshness, freshnessOf, leastFresh } from './validators.ts';

/** One upstream call as `extensions.upstream` lists it in debug mode. */
export interface UpstreamCall {
  method: string;
  path: string;
  status: number | null;
  ms: number;
  /** True when the answer came from this request's loader (no HTTP call was made). */
  loader: boolean;
  /** True when the upstream answered 304 to the stored entity tag and its stored body was used. */
  revalidated?: true;
  /** How the answer deviated from the contract (debug mode lists them). */
  deviations?: Deviation[];
}

export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

/** `path?query` with keys sorted, so equal reads share one loader key. */
export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, v);
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The upstream as one GraphQL request sees it: the caller's Authorization header, a DataLoader
 * that makes identical GETs once (independent ones run in parallel), priming of objects that
 * arrived in lists, a record of every call, and the budget of calls the operation was admitted
 * for: every HTTP call is debited when it is made, and one past the budget is not made (its
 * field fails with `COST_LIMIT_EXCEEDED`). Never shared between requests.
 */
export class RestSession {
  readonly calls: UpstreamCall[] = [];
  /** True once the upstream answered 401: it refused this request's credential. */
  unauthorized = false;
  /** Calls the running operation (or event of a subscription) may make; unbounded until set. */
  private allowed = Number.POSITIVE_INFINITY;
  /** Calls made against `allowed`. */
  private spent = 0;
  /** Errors of the response that no field's value carries (items left out of a list). */
  readonly fieldErrors: GraphQLError[] = [];
  /** How long each GET answer used may be reused, as the upstream said. */
  private readonly answers: Freshness[] = [];
  private reads: DataLoader<string, unknown> | undefined;

  constructor(
    private readonly client: Upstream,
    private readonly authorization: string | undefined,
  ) {}

  /**
   * Makes `calls` the budget of what runs next: the admitted estimate of an operation, or of one
   * event of a subscription (each event starts a budget of its own).
   */
  budget(calls: number): void {
    this.allowed = calls;
    this.spent = 0;
  }

  /** HTTP calls made since the budget was last set (loader answers excluded). */
  get made(): number {
    return this.spent;
  }

  /** The request's loader, made at its first read (many requests make none). */
  private get loader(): DataLoader<string, unknown> {
    this.reads ??= new DataLoader<string, unknown>(
      async (keys) =>
        Promise.all(keys.map((key) => this.fetch(key).catch((error: Error) => error))),
      // No batching: each read is its own call, so each answer is used as soon as it arrives
      // (in a batch the fastest read would wait for the slowest, and so would a first part).
      { batch: false },
    );
    return this.reads;
  }

  /** GETs `pathAndQuery` through the loader and parses it with its `contract`. */
  async get<S extends z.ZodType>(pathAndQuery: string, contract: S): Promise<z.infer<S>> {
    const started = performance.now();
    const known = this.seen.has(pathAndQuery);
    this.seen.add(pathAndQuery);
    const raw = await this.loader.load(pathAndQuery);
    if (known) {
      this.calls.push({
        method: 'GET',
        path: pathAndQuery,
        status: 200,
        ms: Math.round(performance.now() - started),
        loader: true,
      });
    }
    return this.parse(contract, raw, 'GET', pathAndQuery);
  }

  /**
   * Puts an object that arrived in a list where a later GET of `path` will find it. `path` may be
   * a function: when it fails (the object's id is damaged), the object is not primed.
   */
  prime(path: string | (() => string), value: unknown): void {
    let key: string;
    try {
      key = typeof path === 'function' ? path() : path;
    } catch {
      return;
    }
    this.seen.add(key);
    this.loader.prime(key, value);
  }

  /** Sends a write (never retried, never cached); returns the parsed body. */
  async send<S extends z.ZodType>(
    method: Exclude<UpstreamRequest['method'], 'GET'>,
    path: string,
    body: unknown,
    contract: S,
  ): Promise<z.infer<S>> {
    const raw = await this.call(method, path, body);
    return this.parse(contract, raw, method, path);
  }

  /**
   * The freshness of the answers this request used: the least fresh of its GETs (undefined when
   * it made none). A response built from them may be reused no longer than this.
   */
  freshness(): Freshness | undefined {
    return leastFresh(this.answers);
  }

  /** Forgets every loaded object (after a write), so later reads show the new state. */
  clear(): void {
    this.reads?.clearAll();
    this.seen.clear();
  }

  private readonly seen = new Set<string>();

  private readonly reported = new Set<string>();

  /**
   * Parses an answer tolerantly (`tolerant.ts`): values that do not match stay in place as damage
   * that fails only the fields reading them; only an answer that is not even of its schema's JSON
   * type fails as a whole. Deviations are reported once per request and answer.
   */
  private parse<S extends z.ZodType>(
    contract: S,
    raw: unknown,
    method: string,
    path: string,
  ): z.infer<S> {
    const { value, deviations } = parseTolerant(contract, raw, method, path);
    if (deviations.length > 0) this.report(method, path, deviations);
    if (value instanceof ShapeDamage) throw value.error();
    return value;
  }

  private report(method: string, path: string, deviations: Deviation[]): void {
    const fresh = deviations.filter((d) => {
      const key = `${method} ${path} ${d.field} ${d.kind}`;
      if (this.reported.has(key)) return false;
      this.reported.add(key);
      return true;
    });
    if (fresh.length === 0) return;
    const call = this.calls.findLast((c) => c.method === method && c.path === path);
    if (call) call.deviations = [...(call.deviations ?? []), ...fresh];
    this.client.reportDeviations?.(method, path, fresh);
  }

  private fetch(pathAndQuery: string): Promise<unknown> {
    return this.call('GET', pathAndQuery, undefined);
  }

  private async call(
    method: UpstreamRequest['method'],
    path: string,
    body: unknown,
  ): Promise<unknown> {
    // Debited before it is made: calls running at once cannot together pass the budget.
    if (this.spent >= this.allowed) throw new BudgetError(this.allowed);
    this.spent += 1;
    const started = performance.now();
    try {
      const response = await this.client.request({
        method,
        path,
        authorization: this.authorization,
        body,
      });
      this.calls.push({
        method,
        path,
        status: response.status,
        ms: Math.round(performance.now() - started),
        loader: false,
        ...(response.revalidated ? { revalidated: true as const } : {}),
      });
      // An answer that says nothing of its freshness is revalidated before any reuse.
      if (method === 'GET') this.answers.push(response.freshness ?? freshnessOf({}));
      return response.body;
    } catch (error) {
      const status = error instanceof UpstreamError ? (error.status ?? null) : null;
      if (status === 401) this.unauthorized = true;
      this.calls.push({
        method,
        path,
        status,
        ms: Math.round(performance.now() - started),
        loader: false,
      });
      throw error;
    }
  }
}
