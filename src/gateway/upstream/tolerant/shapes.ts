import type { z } from 'zod';
import { RAW, ShapeDamage } from '../damage.ts';
import { exact, MISMATCH, unionValue } from './exact.ts';
import { compiler, type Parser } from './recurse.ts';
import { hasUnknown, isPlainObject } from './run.ts';
import { type Def, describe, keepsUnknown, literalsOf, membersOf, objectOf } from './zod.ts';

/** Tolerant twins of the composite kinds: objects, unions and one-of fields. */

interface Member {
  key: string;
  parse: Parser;
  optional: boolean;
  nullable: boolean;
  counted: boolean;
  expected: string;
}

export function objectTwin(schema: z.ZodType, def: Def, expected: string): Parser {
  let members: Member[] | undefined;
  let known: Set<string> | undefined;
  // Unknown members: kept where the schema keeps them (`looseObject`), ignored otherwise.
  const loose = keepsUnknown(schema, def);
  return (value, run) => {
    if (!isPlainObject(value)) return run.wrong(value, expected);
    // Read once: recursive shapes (`get pages()`) make a new schema on every read.
    members ??= membersOf(def).map((member) => ({
      ...member,
      parse: compiler.twin(member.schema),
    }));
    known ??= new Set(members.map((m) => m.key));
    // The answer's own object is kept when every member is as sent: a copy is made at the first
    // change, or at once when members the schema drops are there to leave out.
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
        if (member.counted) {
          // Not always present upstream: left out, with a note apart from damage.
          run.enter(member.key, 'key');
          run.note('absent', member.expected, raw);
          run.leave();
          if (!fresh && member.key in value) {
            out ??= { ...value };
            delete out[member.key];
          }
          continue;
        }
        if (member.optional) {
          parsed = member.parse(undefined, run);
          if (parsed === undefined) {
            if (!fresh && member.key in value) {
              out ??= { ...value };
              delete out[member.key];
            }
            continue;
          }
        } else {
          run.enter(member.key, 'key');
          parsed = run.damage(raw, member.expected, 'missing');
          run.leave();
        }
      } else {
        run.enter(member.key, 'key');
        parsed = member.parse(raw, run);
        run.leave();
      }
      if (out === undefined && parsed === raw) continue;
      out ??= { ...value };
      out[member.key] = parsed;
    }
    return out ?? value;
  };
}

export function unionTwin(def: Def, expected: string): Parser {
  const options = def.options as z.ZodType[];
  const exacts = options.map(exact);
  let tagged: Array<{ literals: Array<[string, unknown[]]>; parse: Parser }> | undefined;
  return (value, run) => {
    const accepted = unionValue(options, exacts, value);
    if (accepted !== MISMATCH) return accepted;
    // No alternative matches as a whole: the one its literal members name is parsed tolerantly.
    tagged ??= options.map((option) => ({
      literals: literalsOf(option),
      parse: compiler.twin(option),
    }));
    if (isPlainObject(value)) {
      const match = tagged.find(
        (option) =>
          option.literals.length > 0 &&
          option.literals.every(([key, values]) => values.includes(value[key])),
      );
      if (match) return match.parse(value, run);
    }
    return run.unseen(value, expected);
  };
}

/**
 * A one-of field (the contract's `oneOf` registry): the typed members the contract shows are
 * read where they match and left out where they do not, and the raw value stays reachable
 * (`rawOf`); a value of another form is kept whole as an `UnseenAlternative`.
 */
export function oneOfTwin(schema: z.ZodType): Parser {
  const inner = compiler.build(schema);
  const object = objectOf(schema);
  const expected = describe(schema);
  return (value, run) => {
    if (object ? !isPlainObject(value) : schema.safeParse(value).success === false) {
      return run.unseen(value, expected);
    }
    const parsed = inner(value, run);
    // The value is marked with what was sent: a copy, never the answer's own object.
    const out = parsed === value && isPlainObject(value) ? { ...value } : parsed;
    if (isPlainObject(out)) {
      for (const [key, member] of Object.entries(out)) {
        if (member instanceof ShapeDamage) delete out[key];
      }
      Object.defineProperty(out, RAW, { value, enumerable: false });
    }
    return out;
  };
}
