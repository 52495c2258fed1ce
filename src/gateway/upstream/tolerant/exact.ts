import type { z } from 'zod';
import { oneOf } from '../../../contract/common.ts';
import { RAW, RawValue, ShapeDamage } from '../damage.ts';
import { hasUnknown, isPlainObject } from './run.ts';
import {
  type Def,
  defOf,
  hasChecks,
  keepsUnknown,
  type MemberPlan,
  membersOf,
  objectOf,
} from './zod.ts';

/**
 * The exact parse of a zod schema, compiled once per schema like an ajv validator: the tolerant
 * twin's result for a value the twin would record nothing for, with no path to keep and no run,
 * and `MISMATCH` for anything else (damage, an absence, a coercion, an unseen alternative), where
 * the twin then walks the value with its recording. Most answers match their contract: they are
 * parsed in one pass and kept as sent, copied only where the twin copies (members the contract
 * drops, one-of values marked with what was sent, defaults).
 */

export const MISMATCH: unique symbol = Symbol('mismatch');

export type Exact = (value: unknown) => unknown;

const exacts = new WeakMap<z.ZodType, Exact>();

/** The exact parse of `schema`, made once. */
export function exact(schema: z.ZodType): Exact {
  const cached = exacts.get(schema);
  if (cached) return cached;
  let impl: Exact | undefined;
  // As the twin: a recursive schema meets itself while its parse is made.
  const parse: Exact = (value) => {
    if (value instanceof RawValue) return value;
    impl ??= oneOf.has(schema) ? oneOfExact(schema) : build(schema);
    return impl(value);
  };
  exacts.set(schema, parse);
  return parse;
}

/** The schema's own parse, for leaves with checks and kinds the twin does not walk. */
const strict =
  (schema: z.ZodType): Exact =>
  (value) => {
    const result = schema.safeParse(value);
    return result.success ? result.data : MISMATCH;
  };

function build(schema: z.ZodType): Exact {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional': {
      const inner = exact(def.innerType as z.ZodType);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'nullable': {
      const inner = exact(def.innerType as z.ZodType);
      return (value) => (value === null ? null : inner(value));
    }
    case 'default':
    case 'prefault': {
      const inner = exact(def.innerType as z.ZodType);
      return (value) => (value === undefined ? schema.parse(undefined) : inner(value));
    }
    case 'readonly':
      return exact(def.innerType as z.ZodType);
    case 'lazy': {
      let inner: Exact | undefined;
      return (value) => {
        inner ??= exact((def.getter as () => z.ZodType)());
        return inner(value);
      };
    }
    case 'unknown':
    case 'any':
      return (value) => value;
    case 'string': {
      const checked = hasChecks(def) ? strict(schema) : undefined;
      return (value) => (typeof value !== 'string' ? MISMATCH : checked ? checked(value) : value);
    }
    case 'number': {
      const checked = hasChecks(def) ? strict(schema) : undefined;
      return (value) =>
        typeof value !== 'number' || !Number.isFinite(value)
          ? MISMATCH
          : checked
            ? checked(value)
            : value;
    }
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? value : MISMATCH);
    case 'literal': {
      const values = def.values as unknown[];
      return (value) => (values.includes(value) ? value : MISMATCH);
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries as Record<string, unknown>));
      return (value) => (values.has(value) || typeof value === 'string' ? value : MISMATCH);
    }
    case 'array': {
      const element = exact(def.element as z.ZodType);
      return (value) => {
        if (!Array.isArray(value)) return MISMATCH;
        let out: unknown[] | undefined;
        for (let i = 0; i < value.length; i++) {
          const item = element(value[i]);
          if (item === MISMATCH) return MISMATCH;
          if (out === undefined && item !== value[i]) out = value.slice(0, i);
          if (out !== undefined) out.push(item);
        }
        return out ?? value;
      };
    }
    case 'record': {
      const entry = exact(def.valueType as z.ZodType);
      return (value) => {
        if (!isPlainObject(value)) return MISMATCH;
        const keys = Object.keys(value);
        let out: Record<string, unknown> | undefined;
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i] as string;
          const parsed = entry(value[key]);
          if (parsed === MISMATCH) return MISMATCH;
          if (out === undefined) {
            if (parsed === value[key]) continue;
            out = {};
            for (let j = 0; j < i; j++) out[keys[j] as string] = value[keys[j] as string];
          }
          out[key] = parsed;
        }
        return out ?? value;
      };
    }
    case 'object':
      return objectExact(schema, def);
    case 'union': {
      // As the twin: the first alternative zod accepts gives the value (never recorded).
      const options = def.options as z.ZodType[];
      const exacts = options.map(exact);
      return (value) => unionValue(options, exacts, value);
    }
    default:
      return strict(schema);
  }
}

/**
 * The value of a union the first alternative zod accepts gives: the answer's own value where it
 * is exactly that alternative (zod's copy has the same members), zod's copy otherwise.
 */
export function unionValue(options: z.ZodType[], exacts: Exact[], value: unknown): unknown {
  for (let i = 0; i < options.length; i++) {
    const result = (options[i] as z.ZodType).safeParse(value);
    if (result.success) return (exacts[i] as Exact)(value) === value ? value : result.data;
  }
  return MISMATCH;
}

function objectExact(schema: z.ZodType, def: Def): Exact {
  let members: Array<MemberPlan & { parse: Exact }> | undefined;
  let known: Set<string> | undefined;
  const loose = keepsUnknown(schema, def);
  return (value) => {
    if (!isPlainObject(value)) return MISMATCH;
    members ??= membersOf(def).map((member) => ({ ...member, parse: exact(member.schema) }));
    known ??= new Set(members.map((m) => m.key));
    // As the twin: a copy at the first change, or at once for members the schema drops.
    let out: Record<string, unknown> | undefined =
      !loose && hasUnknown(value, known) ? {} : undefined;
    const fresh = out !== undefined;
    for (const member of members) {
      const raw = value[member.key];
      let parsed: unknown;
      if (
        raw === undefined ||
        (raw === null && !member.nullable && (member.optional || member.counted))
      ) {
        // A counted absence and a missing member are recorded.
        if (member.counted || !member.optional) return MISMATCH;
        parsed = member.parse(undefined);
        if (parsed === MISMATCH) return MISMATCH;
        if (parsed === undefined) {
          if (!fresh && member.key in value) {
            out ??= { ...value };
            delete out[member.key];
          }
          continue;
        }
      } else {
        parsed = member.parse(raw);
        if (parsed === MISMATCH) return MISMATCH;
      }
      if (out === undefined && parsed === raw) continue;
      out ??= { ...value };
      out[member.key] = parsed;
    }
    return out ?? value;
  };
}

/** As the one-of twin: the typed members read, the value marked with what was sent. */
function oneOfExact(schema: z.ZodType): Exact {
  const inner = build(schema);
  const object = objectOf(schema);
  return (value) => {
    if (object ? !isPlainObject(value) : schema.safeParse(value).success === false) {
      return MISMATCH;
    }
    const parsed = inner(value);
    if (parsed === MISMATCH) return MISMATCH;
    const out = parsed === value && isPlainObject(value) ? { ...value } : parsed;
    if (isPlainObject(out)) {
      for (const key in out) if (out[key] instanceof ShapeDamage) delete out[key];
      Object.defineProperty(out, RAW, { value, enumerable: false });
    }
    return out;
  };
}
