import { CURSOR_SLACK, DEFAULT_FIRST, peekCursor, REST_PAGE_SIZE } from '../connections/cursor.ts';

/**
 * Items a connection returns: the `first` asked (default 50), bounded by what one REST page
 * holds (a larger `first` is refused before any call).
 */
export function clampFirst(value: unknown): number {
  const first = typeof value === 'number' && Number.isInteger(value) ? value : DEFAULT_FIRST;
  return Math.min(REST_PAGE_SIZE, Math.max(1, first));
}

/**
 * REST pages a connection reads: `first + 1` items (to know `hasNextPage`) past the cursor's
 * offset within its page, `REST_PAGE_SIZE` per page.
 */
export function pagesFor(first: number, after: unknown): number {
  if (typeof after !== 'string' || after === '') {
    return Math.max(1, Math.ceil(first / REST_PAGE_SIZE));
  }
  // A malformed cursor fails the field before any call; the bound stays.
  const cursor = peekCursor(after);
  const offset = cursor ? Math.min(REST_PAGE_SIZE, cursor.offset) : REST_PAGE_SIZE;
  const slack = cursor?.key === null ? 0 : CURSOR_SLACK;
  return Math.max(1, Math.ceil((offset + first + 1 + slack) / REST_PAGE_SIZE));
}

let unkeyable = 0;

/** A key of arguments, equal for equal arguments whatever their order. */
export function stable(args: Record<string, unknown>): string {
  const keys = Object.keys(args).sort();
  if (keys.length === 0) return '';
  try {
    return JSON.stringify(keys.map((k) => [k, args[k]]));
  } catch {
    // Too deep to serialise (the input checks refuse it later): a key equal to no other.
    unkeyable += 1;
    return `#${unkeyable}`;
  }
}
