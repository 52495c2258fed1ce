import { createHash } from 'node:crypto';
import DataLoader from 'dataloader';
import type { GraphQLError } from 'graphql';
import type { z } from 'zod';
import { type ListPage, listPage } from '../../contract/common.ts';
import { badInput } from '../errorCatalog.ts';
import { attach, attached } from '../requestState.ts';
import {
  LEFT_OUT,
  RawValue,
  ShapeDamage,
  shapeError,
  type WithLeftOut,
} from '../upstream/damage.ts';
import { segmentProblem } from '../upstream/path.ts';
import { type QueryValue, type RestSession, withQuery } from '../upstream/rest.ts';
import {
  CURSOR_SLACK,
  type Cursor,
  DEFAULT_FIRST,
  decodeCursor,
  encodeCursor,
  MAX_FIRST,
  REST_PAGE_SIZE,
} from './cursor.ts';

/** Arguments of every connection field. */
export interface ConnectionArgs {
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
}

export interface ConnectionResult<T, P = unknown> {
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  totalCount: number | null;
  /** The first list page read, parsed with the `page` schema, when the options give one. */
  page?: P;
}

function scopeOf(path: string, query: Record<string, QueryValue>): string {
  return createHash('sha256').update(withQuery(path, query)).digest('base64url').slice(0, 10);
}

/** Validates `first`/`last`/`before`: upstream pages go forward only. */
export function checkConnectionArgs(args: ConnectionArgs): number {
  if (args.last !== undefined && args.last !== null) {
    throw badInput('last', 'this connection pages forward only; use first and after');
  }
  if (args.before !== undefined && args.before !== null) {
    throw badInput('before', 'this connection pages forward only; use first and after');
  }
  const first = args.first ?? DEFAULT_FIRST;
  if (!Number.isInteger(first) || first < 1 || first > MAX_FIRST) {
    throw badInput('first', `must be between 1 and ${MAX_FIRST}`);
  }
  return first;
}

export interface RestConnectionOptions<
  S extends z.ZodType,
  P extends ListPage<z.infer<S>> = ListPage<z.infer<S>>,
> {
  /** List path under /v1 (e.g. `/orgs/abc/spaces`). */
  path: string;
  /** Filters; `page` and `limit` are managed here. */
  query?: Record<string, QueryValue>;
  /** Schema of one item. */
  item: S;
  /** Where a later GET would find this item, so it is primed into the loader. */
  primePath?: (item: z.infer<S>) => string | undefined;
  /** A unique key of an item (default: its `id`), which keeps cursors exact under inserts. */
  keyOf?: (item: z.infer<S>) => string | undefined;
  /**
   * Schema of a whole list page, for lists whose pages carry more than their items (the `stats`
   * of a links page): the first page read is handed back, so parsed, as the result's `page`.
   */
  page?: z.ZodType<P>;
}

function defaultKey(item: unknown): string | undefined {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Why an item of a list cannot be addressed (a damaged item, or an `id` that is damaged, empty or
 * no path segment), or undefined when it can.
 */
function unaddressable(item: unknown): string | undefined {
  if (item instanceof RawValue) return 'not an object';
  const id = (item as { id?: unknown } | null)?.id;
  if (id instanceof ShapeDamage) return 'its id is missing or not a string';
  if (id !== undefined && segmentProblem(id)) return `its id ${segmentProblem(id)}`;
  return undefined;
}

/** Runs a hook of the options on an item; a hook that trips over damaged data answers undefined. */
function safely<T>(hook: () => T): T | undefined {
  try {
    return hook();
  } catch {
    return undefined;
  }
}

/**
 * A Relay connection over REST page tokens, exact at any `first`/`after`: it reads as many
 * upstream pages as it needs (at most `REST_PAGE_SIZE` items each), never skips or repeats an item, and
 * primes every item into the by-id loader.
 */
async function readConnection<S extends z.ZodType>(
  session: RestSession,
  first: number,
  after: string | null | undefined,
  options: RestConnectionOptions<S>,
): Promise<ConnectionResult<z.infer<S>>> {
  const query = options.query ?? {};
  const scope = scopeOf(options.path, query);
  const keyOf = options.keyOf ?? defaultKey;
  const start: Cursor = after ? decodeCursor(scope, after) : { token: null, offset: 0, key: null };
  const pageContract = options.page ?? listPage(options.item);
  let firstPage: unknown;
  const collected: Array<{
    node: z.infer<S>;
    key: string | null;
    after: Cursor;
    leftOut?: GraphQLError;
  }> = [];
  // Until the first page is read, the cursor's item is assumed where its offset says.
  let skip = start.offset;
  let token = start.token;
  let hasMore = false;
  let totalCount: number | null = 0;
  for (let pageIndex = 0; ; pageIndex++) {
    const slack = pageIndex === 0 && start.key ? CURSOR_SLACK : 0;
    const limit = Math.min(REST_PAGE_SIZE, skip + first - collected.length + 1 + slack);
    const pagePath = withQuery(options.path, { ...query, page: token ?? undefined, limit });
    const page = await session.get(pagePath, pageContract);
    // A page whose list cannot be read fails the connection; a damaged `next` only when needed.
    if (page.items instanceof RawValue) throw page.items.error();
    const nextDamage =
      page.next instanceof RawValue
        ? page.next
        : (page.next?.page as unknown) instanceof RawValue
          ? (page.next?.page as unknown as RawValue)
          : undefined;
    const next = nextDamage ? undefined : page.next;
    totalCount = page.count ?? null;
    if (pageIndex === 0) firstPage = page;
    const items = page.items as Array<z.infer<S>>;
    items.forEach((node, index) => {
      const problem = unaddressable(node);
      const key = problem ? null : (safely(() => keyOf(node)) ?? null);
      // After the last item of a page, continue from the next page's token (offset 0).
      const atEnd = index === items.length - 1 && next;
      collected.push({
        node,
        key,
        after:
          atEnd && next
            ? { token: next.page, offset: 0, key: null }
            : { token, offset: index + 1, key },
        ...(problem
          ? {
              leftOut: shapeError(
                { method: 'GET', path: pagePath, field: `items.${index}` },
                `left out of the list: ${problem}`,
              ),
            }
          : {}),
      });
      if (problem) return;
      const primePath = safely(() => options.primePath?.(node));
      if (primePath) session.prime(primePath, node);
    });
    if (pageIndex === 0 && start.key) {
      // Items inserted (or deleted) before the cursor's item moved it: resume right after it.
      const found = collected.findIndex((entry) => entry.key === start.key);
      if (found >= 0) skip = found + 1;
    }
    const wanted = skip + first;
    if (collected.length > wanted) {
      hasMore = true;
      break;
    }
    if ((!next && !nextDamage) || items.length === 0) {
      hasMore = false;
      break;
    }
    if (collected.length === wanted) {
      hasMore = true;
      break;
    }
    if (!next) throw (nextDamage as RawValue).error();
    token = next.page;
  }
  const result = pageOf(scope, collected.slice(skip, skip + first), hasMore, totalCount);
  if (options.page) (result as { page?: unknown }).page = firstPage;
  return result;
}

interface Entry<T> {
  node: T;
  after: Cursor;
  leftOut?: GraphQLError;
}

/**
 * An item of a page with its cursor, encoded when a query asks for it: most queries read `nodes`
 * only, and a cursor per item is a string made for nothing.
 */
export class Edge<T> {
  constructor(
    private readonly scope: string,
    private readonly after: Cursor,
    readonly node: T,
  ) {}

  get cursor(): string {
    return encodeCursor(this.scope, this.after);
  }

  /** The same edge with another node (the graph's value of the item). */
  withNode<U>(node: U): Edge<U> {
    return new Edge(this.scope, this.after, node);
  }
}

/** `edge` with another node, its cursor kept (and still encoded only when asked for). */
export function withNode<T, U>(
  edge: { cursor: string; node: T },
  node: U,
): { cursor: string; node: U } {
  return edge instanceof Edge ? edge.withNode(node) : { cursor: edge.cursor, node };
}

/**
 * The items of a page as read, before any was left out, for aliases asking fewer of them: kept
 * on the page (`attach`), so they go with it.
 */
const WINDOW = Symbol('window');
type Window = { scope: string; entries: Entry<unknown>[] };

/**
 * A connection page over `window` (the items asked, as read): items that cannot be addressed are
 * left out, with their errors at the connection; cursors and page info are those of the window.
 */
function pageOf<T>(
  scope: string,
  window: Entry<T>[],
  hasNextPage: boolean,
  totalCount: number | null,
): ConnectionResult<T> {
  const edges = window
    .filter((entry) => !entry.leftOut)
    .map((entry) => new Edge(scope, entry.after, entry.node));
  const head = window[0];
  const tail = window[window.length - 1];
  const leftOut = window.flatMap((entry) => (entry.leftOut ? [entry.leftOut] : []));
  const result: ConnectionResult<T> & WithLeftOut = {
    edges,
    pageInfo: {
      hasNextPage,
      hasPreviousPage: false,
      startCursor: head ? encodeCursor(scope, head.after) : null,
      endCursor: tail ? encodeCursor(scope, tail.after) : null,
    },
    totalCount,
  };
  if (leftOut.length > 0) result[LEFT_OUT] = leftOut;
  attach<Window>(result, WINDOW, { scope, entries: window as Entry<unknown>[] });
  return result;
}

interface PageRequest {
  first: number;
  after: string | null | undefined;
  options: RestConnectionOptions<z.ZodType>;
}

/** The first `first` items of a longer page read, with its page info made for that length. */
function shortened<T>(page: ConnectionResult<T>, first: number): ConnectionResult<T> {
  const window = attached<Window>(page, WINDOW);
  if (!window || window.entries.length <= first) return page;
  const entries = window.entries.slice(0, first) as Entry<T>[];
  const result = pageOf(window.scope, entries, true, page.totalCount);
  const read = (page as { page?: unknown }).page;
  if (read !== undefined) (result as { page?: unknown }).page = read;
  return result;
}

/**
 * Connection reads of one request, batched per tick: reads of the same list (same path,
 * filters and `after`) that differ only in `first` (aliases) make one read of the largest.
 */
const BATCH = Symbol('connection batch');

function batcher(session: RestSession): DataLoader<PageRequest, ConnectionResult<unknown>> {
  let loader = attached<DataLoader<PageRequest, ConnectionResult<unknown>>>(session, BATCH);
  if (!loader) {
    loader = new DataLoader<PageRequest, ConnectionResult<unknown>>(
      async (requests) => {
        const groups = new Map<string, PageRequest[]>();
        for (const request of requests) {
          const key = `${withQuery(request.options.path, request.options.query)} ${request.after ?? ''}`;
          groups.set(key, [...(groups.get(key) ?? []), request]);
        }
        const reads = new Map<string, Promise<ConnectionResult<unknown>>>();
        for (const [key, group] of groups) {
          const largest = group.reduce((a, b) => (b.first > a.first ? b : a));
          reads.set(key, readConnection(session, largest.first, largest.after, largest.options));
        }
        // A promise per request, not one for the batch: each load settles with its own read
        // (DataLoader resolves a load with the promise, which adopts it), so a read of one list
        // never waits for another list of the same tick (nor does a streamed item for its peers).
        return requests.map(async (request) => {
          const key = `${withQuery(request.options.path, request.options.query)} ${request.after ?? ''}`;
          return shortened(
            await (reads.get(key) as Promise<ConnectionResult<unknown>>),
            request.first,
          );
        }) as unknown as ConnectionResult<unknown>[];
      },
      { cache: false },
    );
    attach(session, BATCH, loader);
  }
  return loader;
}

/**
 * A Relay connection over REST page tokens, exact at any `first`/`after`: it reads as many
 * upstream pages as it needs (at most `REST_PAGE_SIZE` items each), never skips or repeats an item, and
 * primes every item where a later read of it will look. Aliases of one list that differ only in
 * `first` share one read.
 */
export async function restConnection<
  S extends z.ZodType,
  P extends ListPage<z.infer<S>> = ListPage<z.infer<S>>,
>(
  session: RestSession,
  args: ConnectionArgs,
  options: RestConnectionOptions<S, P>,
): Promise<ConnectionResult<z.infer<S>, P>> {
  const first = checkConnectionArgs(args);
  const after = args.after;
  if (after) decodeCursor(scopeOf(options.path, options.query ?? {}), after);
  return (await batcher(session).load({
    first,
    after,
    options: options as unknown as RestConnectionOptions<z.ZodType>,
  })) as ConnectionResult<z.infer<S>, P>;
}
