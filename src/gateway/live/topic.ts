import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { type QueryValue, type RestSession, withQuery } from '../upstream/rest.ts';

/** What one subscriber saw of a topic: the state of each item (`''` for a single object). */
export type View = Record<string, string>;

/**
 * What a subscription watches: one REST read (an object or the first page of a list), the part
 * of its answer that matters to the subscriber (its view) and the events a change of view makes.
 */
export interface Topic<E> {
  /** The watched path: a write at, under or above it, or a poll of it, is a change. */
  readonly key: string;
  /** The path (with its query) read and polled. */
  readonly read: string;
  /** The view of a raw answer. */
  view(raw: unknown): View;
  /** The events from `before` (undefined: nothing known) to `after`, the answer read in `rest`. */
  events(rest: RestSession, before: View | undefined, after: View): Promise<E[]>;
}

/** A short stable hash of a JSON value. */
export const fingerprint = (value: unknown) =>
  createHash('sha1')
    .update(JSON.stringify(value) ?? 'undefined')
    .digest('base64url');

/**
 * A topic of one object: an event (the object, parsed by its contract in the subscriber's
 * session) each time what `watched` takes of its answer changes (default: the whole answer).
 */
export function objectTopic<S extends z.ZodType, E>(options: {
  path: string;
  contract: S;
  watched?: (raw: Record<string, unknown>) => unknown;
  event: (item: z.infer<S>) => E;
}): Topic<E> {
  const { path, contract, watched, event } = options;
  return {
    key: path,
    read: path,
    view: (raw) => ({
      '': fingerprint(watched && raw && typeof raw === 'object' ? watched(raw as never) : raw),
    }),
    async events(rest, before, after) {
      if (before?.[''] === after['']) return [];
      return [event(await rest.get(path, contract))];
    },
  };
}

/** How an item of a watched list changed. */
export interface ItemChange<Item> {
  id: string;
  before: string | undefined;
  after: string | undefined;
  /** The item as now listed (undefined when it left the list). */
  item: Item | undefined;
}

/**
 * A topic of a list's first page: an event per item added, changed or removed, compared by the
 * state `state` gives each raw item.
 */
export function listTopic<S extends z.ZodType<{ items: unknown[] }>, E>(options: {
  path: string;
  /** The query of the list read (its page size, filters). */
  query: Record<string, QueryValue>;
  contract: S;
  state: (raw: Record<string, unknown>) => string;
  event: (change: ItemChange<z.infer<S>['items'][number]>) => E;
}): Topic<E> {
  const { path, contract, state, event } = options;
  const read = withQuery(path, options.query);
  return {
    key: path,
    read,
    view(raw) {
      const items = (raw as { items?: unknown } | null)?.items;
      const view: View = {};
      if (!Array.isArray(items)) return view;
      for (const item of items) {
        const id = (item as { id?: unknown } | null)?.id;
        if (typeof id === 'string') view[id] = state(item as Record<string, unknown>);
      }
      return view;
    },
    async events(rest, before = {}, after) {
      const ids = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter(
        (id) => before[id] !== after[id],
      );
      if (ids.length === 0) return [];
      const list = await rest.get(read, contract);
      const byId = new Map(list.items.map((item) => [(item as { id: string }).id, item]));
      return ids.map((id) =>
        event({ id, before: before[id], after: after[id], item: byId.get(id) }),
      );
    },
  };
}

/** True when a change at `changed` may change what `watched` answers (one is a prefix of the other). */
export function concerns(changed: string, watched: string): boolean {
  const a = changed.split('?')[0] ?? '';
  const b = watched.split('?')[0] ?? '';
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}
