import { LIMITS } from '../../contract/common.ts';
import { badInput } from '../errorCatalog.ts';

// The cursor codec of every connection and the sizes of its pages, said once: the connections
// (restConnection.ts) encode and decode cursors strictly; the cost estimate reads one leniently.

/** `first` where a connection's argument is absent: the page size /v1 answers by default. */
export const DEFAULT_FIRST = LIMITS.pageSizeDefault;

/** Items per REST list page read: the upstream's largest `limit`. */
export const REST_PAGE_SIZE = LIMITS.pageSizeMax;

/** The largest `first` of a connection: one REST page. */
export const MAX_FIRST = REST_PAGE_SIZE;

/** How far past a cursor's offset its item is looked for when items were inserted before it. */
export const CURSOR_SLACK = 25;

/** The largest offset a cursor may carry. */
const MAX_OFFSET = 1_000_000;

/**
 * A cursor is the upstream page token it starts from, an offset into that page, and the key of
 * the item it follows, so that items inserted or deleted before it in that page do not shift it.
 */
export type Cursor = { token: string | null; offset: number; key: string | null };

/** The cursor of `cursor` in the connection of `scope` (a hash of its path and filters). */
export function encodeCursor(scope: string, cursor: Cursor): string {
  return Buffer.from(JSON.stringify([scope, cursor.token, cursor.offset, cursor.key])).toString(
    'base64url',
  );
}

/** The fields of a cursor, or undefined when it is not one (any connection's). */
function fieldsOf(cursor: string): [string, Cursor] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (
    !Array.isArray(value) ||
    value.length !== 4 ||
    typeof value[0] !== 'string' ||
    !(value[1] === null || typeof value[1] === 'string') ||
    !Number.isInteger(value[2]) ||
    (value[2] as number) < 0 ||
    (value[2] as number) > MAX_OFFSET ||
    !(value[3] === null || typeof value[3] === 'string')
  ) {
    return undefined;
  }
  return [
    value[0],
    {
      token: value[1] as string | null,
      offset: value[2] as number,
      key: value[3] as string | null,
    },
  ];
}

/**
 * The cursor `after` of the connection of `scope`, strictly: a malformed cursor, or one of
 * another connection, is `BAD_USER_INPUT` at `after`.
 */
export function decodeCursor(scope: string, after: string): Cursor {
  const fields = fieldsOf(after);
  if (!fields) throw badInput('after', 'malformed cursor');
  if (fields[0] !== scope) throw badInput('after', 'the cursor belongs to another connection');
  return fields[1];
}

/**
 * The cursor `after` of whichever connection, or undefined when it is malformed: the lenient
 * entry point of the cost estimate, which bounds a field before the field checks its cursor.
 */
export function peekCursor(after: string): Cursor | undefined {
  return fieldsOf(after)?.[1];
}
