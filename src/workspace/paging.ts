import { createHash } from 'node:crypto';
import type { ListPage } from '../contract/common.ts';
import type { Db } from './db.ts';
import { badRequest } from './errors.ts';

type Key = Array<string | number>;

export interface OrderColumn {
  /** SQL expression; must never be NULL (wrap it in COALESCE) for the keyset to hold. */
  column: string;
  dir: 'asc' | 'desc';
}

interface Token {
  s: string;
  k: Key;
}

function scopeHash(scope: string): string {
  return createHash('sha256').update(scope).digest('base64url').slice(0, 12);
}

/** Encodes the position after `key` in the list identified by `scope`. */
export function encodePageToken(scope: string, key: Key): string {
  return Buffer.from(JSON.stringify({ s: scopeHash(scope), k: key } satisfies Token)).toString(
    'base64url',
  );
}

/** Decodes a page token; a malformed token or one from another list is a 400. */
export function decodePageToken(scope: string, page: string, width: number): Key {
  let token: unknown;
  try {
    token = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('page: invalid page token');
  }
  const t = token as Partial<Token> | null;
  if (
    !t ||
    typeof t !== 'object' ||
    t.s !== scopeHash(scope) ||
    !Array.isArray(t.k) ||
    t.k.length !== width ||
    !t.k.every((v) => typeof v === 'string' || typeof v === 'number')
  ) {
    throw badRequest('page: invalid page token');
  }
  return t.k;
}

export interface KeysetQuery {
  /** `SELECT <columns> FROM <tables>` without WHERE/ORDER. */
  select: string;
  /** Conditions joined with AND. */
  where: string[];
  params: unknown[];
  /** Sort columns; the last one must be unique (the id). */
  orderBy: OrderColumn[];
  /** Column aliases holding the sort values in a selected row, same order as `orderBy`. */
  keyOf: (row: never) => Key;
  limit: number;
  page?: string | undefined;
  /** Identifies the list and its filters; tokens are only valid for the same scope. */
  scope: string;
}

/**
 * One page of a SQL list with keyset paging: no item is skipped or repeated while items are
 * inserted or deleted between pages.
 */
export function keysetPage<Row>(db: Db, query: KeysetQuery): ListPage<Row> {
  const width = query.orderBy.length;
  const where = [...query.where];
  const params = [...query.params];
  const countSql = `SELECT count(*) AS n FROM (${query.select}${where.length ? ` WHERE ${where.join(' AND ')}` : ''})`;
  const count = (db.prepare(countSql).get(...params) as { n: number }).n;
  if (query.page) {
    const key = decodePageToken(query.scope, query.page, width);
    const ors: string[] = [];
    for (let i = 0; i < width; i++) {
      const parts: string[] = [];
      for (let j = 0; j < i; j++) {
        parts.push(`${query.orderBy[j]!.column} = ?`);
        params.push(key[j]);
      }
      const col = query.orderBy[i]!;
      parts.push(`${col.column} ${col.dir === 'asc' ? '>' : '<'} ?`);
      params.push(key[i]);
      ors.push(`(${parts.join(' AND ')})`);
    }
    where.push(`(${ors.join(' OR ')})`);
  }
  const sql = `${query.select}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${query.orderBy
    .map((c) => `${c.column} ${c.dir.toUpperCase()}`)
    .join(', ')} LIMIT ?`;
  const rows = db.prepare(sql).all(...params, query.limit + 1) as Row[];
  const hasMore = rows.length > query.limit;
  const items = hasMore ? rows.slice(0, query.limit) : rows;
  const last = items[items.length - 1];
  const page: ListPage<Row> = { count, items };
  if (hasMore && last) {
    page.next = { page: encodePageToken(query.scope, (query.keyOf as (r: Row) => Key)(last)) };
  }
  return page;
}

function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

/**
 * One page of an in-memory list (computed lists: links, search hits), keyset on `keyOf`, which
 * must be unique; items are sorted ascending by it here.
 */
export function arrayPage<T>(
  items: readonly T[],
  options: { keyOf: (item: T) => Key; limit: number; page?: string | undefined; scope: string },
): ListPage<T> {
  const keyed = items
    .map((item) => ({ item, key: options.keyOf(item) }))
    .sort((a, b) => compareKeys(a.key, b.key));
  let start = 0;
  if (options.page) {
    const width = keyed[0]?.key.length ?? 1;
    const after = decodePageToken(options.scope, options.page, width);
    start = keyed.findIndex((entry) => compareKeys(entry.key, after) > 0);
    if (start < 0) start = keyed.length;
  }
  const slice = keyed.slice(start, start + options.limit);
  const page: ListPage<T> = { count: keyed.length, items: slice.map((e) => e.item) };
  const last = slice[slice.length - 1];
  if (start + options.limit < keyed.length && last) {
    page.next = { page: encodePageToken(options.scope, last.key) };
  }
  return page;
}

/** The page with `items` in place of its own, keeping `next` and `count`. */
export function withItems<T, U>(page: ListPage<T>, items: U[]): ListPage<U> {
  const result: ListPage<U> = { count: page.count, items };
  if (page.next) result.next = page.next;
  return result;
}

/** Maps the items of a page, keeping `next` and `count`. */
export function mapPage<T, U>(page: ListPage<T>, map: (item: T) => U): ListPage<U> {
  return withItems(page, page.items.map(map));
}
