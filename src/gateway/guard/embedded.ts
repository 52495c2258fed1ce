import type { z } from 'zod';
import { resourceOf } from '../resources/resource.ts';

/**
 * What the cost model reads from the resource descriptors' contracts: which references arrive
 * embedded in their parent's answer (so cost nothing), and which fields of such an embedded copy
 * still need the object's own read (the copy is a summary without them).
 */

interface Def {
  type: string;
  shape?: Readonly<Record<string, z.ZodType>>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: unknown): Def | undefined =>
  (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The schema under the wrappers that do not change what a value holds (optional, pipe...). */
function unwrapped(schema: z.ZodType | undefined): Def | undefined {
  let def = defOf(schema);
  for (let depth = 0; def && depth < 16; depth++) {
    if (def.innerType) def = defOf(def.innerType);
    else if (def.type === 'pipe' && def.in) def = defOf(def.in);
    else if (def.type === 'lazy' && def.getter) def = defOf(def.getter());
    else return def;
  }
  return def;
}

/** The keys of an object schema (a list's item schema for an array), or undefined. */
function objectKeys(schema: z.ZodType | undefined): ReadonlySet<string> | undefined {
  let def = unwrapped(schema);
  if (def?.type === 'array') def = unwrapped(def.element);
  return def?.type === 'object' && def.shape ? new Set(Object.keys(def.shape)) : undefined;
}

const embeddedCache = new Map<string, ReadonlySet<string> | null>();
const bodyCache = new Map<string, ReadonlySet<string>>();

/**
 * The keys of the object `typename.field` holds when its parent's answer embeds it (the parent's
 * contract has an object, or a list of objects, under that name), or undefined when it is a
 * reference to read (an id, or not in the answer at all).
 */
export function embeddedKeys(typename: string, field: string): ReadonlySet<string> | undefined {
  const key = `${typename}.${field}`;
  let keys = embeddedCache.get(key);
  if (keys === undefined) {
    const contract = resourceOf(typename)?.contract;
    const shape = unwrapped(contract)?.shape;
    keys = (shape && Object.hasOwn(shape, field) && objectKeys(shape[field])) || null;
    embeddedCache.set(key, keys);
  }
  return keys ?? undefined;
}

/** The top-level keys of the body a read of a `typename` object answers (empty when unknown). */
export function bodyKeys(typename: string): ReadonlySet<string> {
  let keys = bodyCache.get(typename);
  if (!keys) {
    keys = objectKeys(resourceOf(typename)?.contract) ?? new Set();
    bodyCache.set(typename, keys);
  }
  return keys;
}
