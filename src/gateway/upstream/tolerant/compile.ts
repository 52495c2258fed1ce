import type { z } from 'zod';
import { oneOf } from '../../../contract/common.ts';
import { RawValue, ShapeDamage } from '../damage.ts';
import { exact as exactOf, MISMATCH } from './exact.ts';
import { compiler, type Parser } from './recurse.ts';
import { isPlainObject } from './run.ts';
import { objectTwin, oneOfTwin, unionTwin } from './shapes.ts';
import { defOf, describe, hasChecks } from './zod.ts';

/**
 * The tolerant twin of a zod schema: a parse function composed once per schema from one small
 * function per zod kind, so zod's definitions are read while the twin is made, never per value.
 * Answers that match the contract exactly skip the twin (see `exact.ts`).
 */

export type { Parser } from './recurse.ts';

const twins = new WeakMap<z.ZodType, Parser>();

/** The tolerant twin of `schema`, made once. */
export function twin(schema: z.ZodType): Parser {
  const cached = twins.get(schema);
  if (cached) return cached;
  let impl: Parser | undefined;
  // Recursive schemas meet themselves while their twin is made: they get this forwarder.
  const parser: Parser = (value, run) => {
    if (value instanceof RawValue) return value;
    impl ??= oneOf.has(schema) ? oneOfTwin(schema) : build(schema);
    return impl(value, run);
  };
  twins.set(schema, parser);
  return parser;
}

/** Runs the schema itself: for leaves with checks and definitions this parser does not walk. */
function strict(schema: z.ZodType, expected: string): Parser {
  return (value, run) => {
    const result = schema.safeParse(value);
    return result.success ? result.data : run.damage(value, expected);
  };
}

export const DIGITS = /^-?\d+(\.\d+)?$/;

/** The twin of `schema` without the one-of treatment (one-of twins wrap it). */
export function build(schema: z.ZodType): Parser {
  const def = defOf(schema);
  const expected = describe(schema);
  switch (def.type) {
    case 'optional': {
      const inner = twin(def.innerType as z.ZodType);
      return (value, run) => (value === undefined ? undefined : inner(value, run));
    }
    case 'nullable': {
      const inner = twin(def.innerType as z.ZodType);
      return (value, run) => (value === null ? null : inner(value, run));
    }
    case 'default':
    case 'prefault': {
      const inner = twin(def.innerType as z.ZodType);
      return (value, run) => (value === undefined ? schema.parse(undefined) : inner(value, run));
    }
    case 'readonly':
      return twin(def.innerType as z.ZodType);
    case 'lazy': {
      let inner: Parser | undefined;
      return (value, run) => {
        inner ??= twin((def.getter as () => z.ZodType)());
        return inner(value, run);
      };
    }
    case 'unknown':
    case 'any':
      return (value) => value;
    case 'string': {
      const checked = hasChecks(def) ? strict(schema, expected) : undefined;
      return (value, run) => {
        let text = value;
        if (typeof value === 'number' && Number.isFinite(value)) {
          run.note('coerced', expected, value);
          text = String(value);
        } else if (typeof value !== 'string') {
          return run.wrong(value, expected);
        }
        return checked ? checked(text, run) : text;
      };
    }
    case 'number': {
      const checked = hasChecks(def) ? strict(schema, expected) : undefined;
      return (value, run) => {
        let number = value;
        if (typeof value === 'string' && DIGITS.test(value)) {
          run.note('coerced', expected, value);
          number = Number(value);
        } else if (typeof value !== 'number' || !Number.isFinite(value)) {
          return run.wrong(value, expected);
        }
        return checked ? checked(number, run) : number;
      };
    }
    case 'boolean':
      return (value, run) => (typeof value === 'boolean' ? value : run.wrong(value, expected));
    case 'literal': {
      const values = def.values as unknown[];
      return (value, run) => (values.includes(value) ? value : run.wrong(value, expected));
    }
    case 'enum': {
      // An enum value this contract does not list is kept: the graph answers UNKNOWN for it.
      const values = new Set(Object.values(def.entries as Record<string, unknown>));
      return (value, run) =>
        values.has(value) || typeof value === 'string' ? value : run.wrong(value, expected);
    }
    case 'array':
      return arrayTwin(def.element as z.ZodType, expected);
    case 'record':
      return recordTwin(def.valueType as z.ZodType, expected);
    case 'object':
      return objectTwin(schema, def, expected);
    case 'union':
      return unionTwin(def, expected);
    default:
      return strict(schema, expected);
  }
}

function arrayTwin(schema: z.ZodType, expected: string): Parser {
  const element = twin(schema);
  const exact = exactOf(schema);
  return (value, run) => {
    if (!Array.isArray(value)) return run.wrong(value, expected);
    // The answer's own array is kept when every item is as sent: a copy only for a change.
    // An item that matches the contract exactly is kept without its twin's walk.
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const raw = value[i];
      let item = run.checks ? exact(raw) : MISMATCH;
      if (item === MISMATCH) {
        run.enter(i, 'index');
        item = element(raw, run);
        run.leave();
      }
      if (out === undefined && item !== raw) out = value.slice(0, i);
      if (out !== undefined) out.push(item);
    }
    return out ?? value;
  };
}

function recordTwin(schema: z.ZodType, expected: string): Parser {
  const valueTwin = twin(schema);
  return (value, run) => {
    if (!isPlainObject(value)) return run.wrong(value, expected);
    // A map keeps its good entries: each entry is data, not a member the contract names. The
    // answer's own map is kept when every entry is as sent: a copy only for a change.
    const keys = Object.keys(value);
    let out: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const member = value[key];
      run.enter(key, 'entry');
      const parsed = valueTwin(member, run);
      run.leave();
      if (out === undefined) {
        if (parsed === member) continue;
        out = {};
        for (let j = 0; j < i; j++) {
          const kept = keys[j] as string;
          out[kept] = value[kept];
        }
      }
      if (!(parsed instanceof ShapeDamage)) out[key] = parsed;
    }
    return out ?? value;
  };
}

compiler.twin = twin;
compiler.build = build;
