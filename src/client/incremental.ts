/** A GraphQL error as the gateway answers it. */
export interface GraphQLErrorBody {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: Record<string, unknown>;
}

/** One entry of a later part: a deferred fragment's `data`, or streamed list `items`. */
export interface IncrementalEntry {
  path: ReadonlyArray<string | number>;
  label?: string;
  data?: Record<string, unknown> | null;
  items?: unknown[] | null;
  errors?: GraphQLErrorBody[];
  extensions?: Record<string, unknown>;
}

/**
 * One part of an answer: the whole answer, the initial payload of an incremental one
 * (`hasNext: true`), or a later part (`incremental`, `hasNext`).
 */
export interface AnswerPart {
  data?: Record<string, unknown> | null;
  errors?: GraphQLErrorBody[];
  extensions?: Record<string, unknown>;
  incremental?: IncrementalEntry[];
  hasNext?: boolean;
}

/** The answer assembled from the parts received so far. */
export interface Assembled {
  data?: Record<string, unknown> | null;
  errors?: GraphQLErrorBody[];
  extensions?: Record<string, unknown>;
  /** More parts are coming. */
  hasNext: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `target` with `source` merged in, objects field by field; new objects, never mutated. */
function merged(target: unknown, source: unknown): unknown {
  if (isRecord(target) && isRecord(source)) {
    const out: Record<string, unknown> = { ...target };
    for (const [key, value] of Object.entries(source)) out[key] = merged(target[key], value);
    return out;
  }
  if (Array.isArray(target) && Array.isArray(source) && target.length === source.length) {
    return target.map((item, i) => merged(item, source[i]));
  }
  return source;
}

/**
 * `root` with `update` applied to the value at `path`, copying only the objects and lists on
 * the way (so a renderer sees a new value where something changed, the same one elsewhere).
 */
function updatedAt(
  root: unknown,
  path: ReadonlyArray<string | number>,
  update: (value: unknown) => unknown,
): unknown {
  if (path.length === 0) return update(root);
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (Array.isArray(root) && typeof head === 'number') {
    const copy = [...root];
    copy[head] = updatedAt(root[head], rest, update);
    return copy;
  }
  if (isRecord(root)) return { ...root, [head]: updatedAt(root[head], rest, update) };
  // The path leads through a value that is not there (a parent that failed): nothing to merge.
  return root;
}

/** The answer so far with one more part applied. */
export function applyPart(so: Assembled | undefined, part: AnswerPart): Assembled {
  const next: Assembled = {
    ...(so ?? {}),
    hasNext: part.hasNext === true,
  };
  if ('data' in part) next.data = part.data;
  const errors = [...(so?.errors ?? []), ...(part.errors ?? [])];
  let data: unknown = next.data;
  for (const entry of part.incremental ?? []) {
    errors.push(...(entry.errors ?? []));
    if (entry.items) {
      // Streamed items: the path names the index of the first one in its list.
      const index = entry.path[entry.path.length - 1];
      const items = entry.items;
      data = updatedAt(data, entry.path.slice(0, -1), (list) => {
        if (!Array.isArray(list) || typeof index !== 'number') return list;
        const copy = [...list];
        copy.splice(index, items.length, ...items);
        return copy;
      });
    } else if (entry.data) {
      const fragment = entry.data;
      // A fragment's object must be there (not null: a parent that failed) to take its fields.
      data = updatedAt(data, entry.path, (value) =>
        isRecord(value) ? merged(value, fragment) : value,
      );
    }
  }
  if (data !== undefined) next.data = data as Record<string, unknown> | null;
  if (errors.length) next.errors = errors;
  if (part.extensions) next.extensions = { ...so?.extensions, ...part.extensions };
  return next;
}
