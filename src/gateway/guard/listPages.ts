import { DEFAULT_FIRST, REST_PAGE_SIZE } from './costs.ts';

/**
 * Items a connection returns: the `first` asked (default 50), bounded by what one REST page
 * holds (a larger `first` is refused before any call).
 */
export function clampFirst(value: unknown): number {
  const first = typeof value === 'number' && Number.isInteger(value) ? value : DEFAULT_FIRST;
  return Math.min(REST_PAGE_SIZE, Math.max(1, first));
}

/** Cursor slack of the connection code: items looked for past a cursor's offset. */
const CURSOR_SLACK = 25;

/**
 * REST pages a connection reads: `first + 1` items (to know `hasNextPage`) past the cursor's
 * offset within its page, `REST_PAGE_SIZE` per page.
 */
export function pagesFor(first: number, after: unknown): number {
  if (typeof after !== 'string' || after === '') {
    return Math.max(1, Math.ceil(first / REST_PAGE_SIZE));
  }
  let offset = REST_PAGE_SIZE;
  let slack = CURSOR_SLACK;
  try {
    const value = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && Number.isInteger(value[2])) {
      offset = Math.min(REST_PAGE_SIZE, value[2] as number);
      slack = value[3] === null ? 0 : CURSOR_SLACK;
    }
  } catch {
    // A malformed cursor fails the field before any call; the bound stays.
  }
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
