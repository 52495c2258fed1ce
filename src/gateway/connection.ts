import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import type { z } from 'zod';
import { listPage } from '../contract/common.ts';
import type { GatewayContext } from './context.ts';
import { LEFT_OUT, type WithLeftOut } from './shape.ts';
import { segmentProblem } from './upstream/path.ts';
import { type QueryValue, withQuery } from './upstream/rest.ts';
import { RawValue, ShapeDamage, shapeError } from './upstream/tolerant.ts';

/** Arguments of every connection field. */
export interface ConnectionArgs {
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
}

export interface ConnectionResult<T> {
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  totalCount: number;
}

export const DEFAULT_FIRST = 50;
export const MAX_FIRST = 1000;
const UPSTREAM_MAX_LIMIT = 1000;

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

function scopeOf(path: string, query: Record<string, QueryValue>): string {
  return createHash('sha256').update(withQuery(path, query)).digest('base64url').slice(0, 10);
}

/**
 * A cursor is the upstream page token it starts from, an offset into that page, and the key of
 * the item it follows, so that items inserted or deleted before it in that page do not shift it.
 */
type Cursor = { token: string | null; offset: number; key: string | null };

function encodeCursor(scope: string, cursor: Cursor): string {
  return Buffer.from(JSON.stringify([scope, cursor.token, cursor.offset, cursor.key])).toString(
    'base64url',
  );
}

function decodeCursor(scope: string, cursor: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badInput('after: malformed cursor');
  }
  if (
    !Array.isArray(value) ||
    value.length !== 4 ||
    typeof value[0] !== 'string' ||
    !(value[1] === null || typeof value[1] === 'string') ||
    !Number.isInteger(value[2]) ||
    (value[2] as number) < 0 ||
    (value[2] as number) > 1_000_000 ||
    !(value[3] === null || typeof value[3] === 'string')
  ) {
    throw badInput('after: malformed cursor');
  }
  if (value[0] !== scope) throw badInput('after: the cursor belongs to another connection');
  return {
    token: value[1] as string | null,
    offset: value[2] as number,
    key: value[3] as string | null,
  };
}

/** Validates `first`/`last`/`before`: upstream pages go forward only. */
export function checkConnectionArgs(args: ConnectionArgs): number {
  if (args.last !== undefined && args.last !== null) {
    throw badInput('last: this connection pages forward only; use first and after');
  }
  if (args.before !== undefined && args.before !== null) {
    throw badInput('before: this connection pages forward only; use first and after');
  }
  const first = args.first ?? DEFAULT_FIRST;
  if (!Number.isInteger(first) || first < 1 || first > MAX_FIRST) {
    throw badInput(`first: must be between 1 and ${MAX_FIRST}`);
  }
  return first;
}

export interface RestConnectionOptions<S extends z.ZodType> {
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
}

/** How far past a cursor's offset its item is looked for when items were inserted before it. */
const CURSOR_SLACK = 25;

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
 * upstream pages as it needs (at most 1000 items each), never skips or repeats an item, and
 * primes every item into the by-id loader. An item that cannot be addressed is left out, with
 * one `UPSTREAM_SHAPE` error at the connection; cursors and page info are those of the full page.
 */
export async function restConnection<S extends z.ZodType>(
  ctx: GatewayContext,
  args: ConnectionArgs,
  options: RestConnectionOptions<S>,
): Promise<ConnectionResult<z.infer<S>>> {
  const first = checkConnectionArgs(args);
  const query = options.query ?? {};
  const scope = scopeOf(options.path, query);
  const keyOf = options.keyOf ?? defaultKey;
  const start: Cursor = args.after
    ? decodeCursor(scope, args.after)
    : { token: null, offset: 0, key: null };
  const schema = listPage(options.item);
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
  let totalCount = 0;
  for (let pageIndex = 0; ; pageIndex++) {
    const slack = pageIndex === 0 && start.key ? CURSOR_SLACK : 0;
    const limit = Math.min(UPSTREAM_MAX_LIMIT, skip + first - collected.length + 1 + slack);
    const pagePath = withQuery(options.path, { ...query, page: token ?? undefined, limit });
    const page = await ctx.rest.get(pagePath, schema);
    // A page whose list cannot be read fails the connection; a damaged `next` only when needed.
    if (page.items instanceof RawValue) throw page.items.error();
    const nextDamage =
      page.next instanceof RawValue
        ? page.next
        : (page.next?.page as unknown) instanceof RawValue
          ? (page.next?.page as unknown as RawValue)
          : undefined;
    const next = nextDamage ? undefined : page.next;
    totalCount = page.count;
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
      if (primePath) ctx.rest.prime(primePath, node);
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
  const window = collected.slice(skip, skip + first);
  const edges = window
    .filter((entry) => !entry.leftOut)
    .map((entry) => ({ cursor: encodeCursor(scope, entry.after), node: entry.node }));
  const head = window[0];
  const tail = window[window.length - 1];
  const leftOut = window.flatMap((entry) => (entry.leftOut ? [entry.leftOut] : []));
  const result: ConnectionResult<z.infer<S>> & WithLeftOut = {
    edges,
    pageInfo: {
      hasNextPage: hasMore,
      hasPreviousPage: false,
      startCursor: head ? encodeCursor(scope, head.after) : null,
      endCursor: tail ? encodeCursor(scope, tail.after) : null,
    },
    totalCount,
  };
  if (leftOut.length > 0) result[LEFT_OUT] = leftOut;
  return result;
}

/** A connection over a list already in hand (arrays inside one REST answer). */
export function arrayConnection<T>(
  items: readonly T[],
  args: ConnectionArgs,
  scopeKey: string,
): ConnectionResult<T> {
  const first = checkConnectionArgs(args);
  if (items instanceof RawValue) throw items.error();
  const scope = scopeOf(scopeKey, {});
  const offset = args.after ? decodeCursor(scope, args.after).offset : 0;
  const slice = items.slice(offset, offset + first);
  const edges = slice.map((node, i) => ({
    cursor: encodeCursor(scope, { token: null, offset: offset + i + 1, key: null }),
    node,
  }));
  return {
    edges,
    pageInfo: {
      hasNextPage: offset + first < items.length,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
    totalCount: items.length,
  };
}
