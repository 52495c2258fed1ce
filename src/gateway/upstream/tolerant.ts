import type { z } from 'zod';
import { notAlwaysPresent, oneOf } from '../../contract/common.ts';
import {
  type Deviation,
  type DeviationKind,
  jsonType,
  RAW,
  RawValue,
  ShapeDamage,
  UnseenAlternative,
} from './damage.ts';

/**
 * Tolerant parsing of upstream answers. Every contract schema gets a twin, derived once from its
 * zod definition and cached, that never fails an answer as a whole: a member that does not match
 * becomes a `ShapeDamage` in place (the field that reads it fails alone), an array keeps its good
 * items in place, a map keeps its good entries, unknown members are ignored, `null` counts as
 * absent for optional members, digit strings and numbers stand in for each other, and one-of
 * values keep alternatives the contract does not show as `UnseenAlternative`s. Absence is damage
 * only for a member the contract requires (the spec's "always present"); the absence of a member
 * it marks `notAlwaysPresent` is recorded as `absent`, apart from damage. Each deviation is
 * recorded with its JSON path.
 */

// ---------------------------------------------------------------------------------------------
// The parse of one answer.

type SegmentKind = 'key' | 'index' | 'entry';

class ParseRun {
  readonly deviations: Deviation[] = [];
  // Where the parse is, as two stacks of primitives: entered for every member of every item,
  // read only when a deviation is recorded.
  private readonly keys: Array<string | number> = [];
  private readonly kinds: SegmentKind[] = [];

  constructor(
    readonly method: string,
    readonly path: string,
  ) {}

  enter(key: string | number, kind: SegmentKind): void {
    this.keys.push(key);
    this.kinds.push(kind);
  }

  leave(): void {
    this.keys.pop();
    this.kinds.pop();
  }

  private record(kind: DeviationKind, expected: string, raw: unknown): string {
    const field = this.keys.join('.');
    let pattern = '';
    for (let i = 0; i < this.keys.length; i++) {
      const segment = this.kinds[i];
      if (segment === 'index') pattern += '[]';
      else if (segment === 'entry') pattern += pattern ? '.{}' : '{}';
      else pattern += pattern ? `.${this.keys[i]}` : String(this.keys[i]);
    }
    this.deviations.push({
      field,
      pattern: pattern || '$',
      kind,
      expected,
      received: jsonType(raw),
    });
    return field;
  }

  damage(raw: unknown, expected: string, kind: 'missing' | 'invalid' = 'invalid'): ShapeDamage {
    const field = this.record(kind, expected, raw);
    const problem =
      kind === 'missing'
        ? `${expected} expected, absent`
        : `${expected} expected, ${jsonType(raw)} received`;
    return new ShapeDamage(raw, { method: this.method, path: this.path, field }, problem);
  }

  note(kind: 'coerced' | 'absent', expected: string, raw: unknown): void {
    this.record(kind, expected, raw);
  }

  unseen(raw: unknown, expected: string): UnseenAlternative {
    const field = this.record('alternative', expected, raw);
    return new UnseenAlternative(raw, { method: this.method, path: this.path, field });
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  !(value instanceof RawValue);

// ---------------------------------------------------------------------------------------------
// Twins of zod schemas.

type Parser = (value: unknown, run: ParseRun) => unknown;

interface Def {
  type: string;
  [key: string]: unknown;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const twins = new WeakMap<z.ZodType, Parser>();

/** The tolerant twin of `schema`, made once. */
function twin(schema: z.ZodType): Parser {
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

/** Whether a member of this schema may be absent. */
function isOptional(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'unknown' || def.type === 'any') return true;
  return (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';
}

/** Whether this schema accepts `null` (through optional and default wrappers). */
function acceptsNull(schema: z.ZodType): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'nullable':
    case 'unknown':
    case 'any':
    case 'null':
      return true;
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
      return acceptsNull(def.innerType as z.ZodType);
    default:
      return false;
  }
}

function describe(schema: z.ZodType): string {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return describe(def.innerType as z.ZodType);
    case 'lazy':
      return 'object';
    case 'literal':
      return JSON.stringify((def.values as unknown[])[0]);
    case 'record':
      return 'object';
    case 'enum':
      return 'string';
    default:
      return def.type;
  }
}

const hasChecks = (def: Def) => Array.isArray(def.checks) && def.checks.length > 0;

/** Runs the schema itself: for leaves with checks and definitions this file does not walk. */
function strict(schema: z.ZodType, expected: string): Parser {
  return (value, run) => {
    const result = schema.safeParse(value);
    return result.success ? result.data : run.damage(value, expected);
  };
}

const DIGITS = /^-?\d+(\.\d+)?$/;

function build(schema: z.ZodType): Parser {
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
    case 'lazy':
      return (value, run) => twin((def.getter as () => z.ZodType)())(value, run);
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
          return run.damage(value, expected, value === undefined ? 'missing' : 'invalid');
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
          return run.damage(value, expected, value === undefined ? 'missing' : 'invalid');
        }
        return checked ? checked(number, run) : number;
      };
    }
    case 'boolean':
      return (value, run) =>
        typeof value === 'boolean'
          ? value
          : run.damage(value, expected, value === undefined ? 'missing' : 'invalid');
    case 'literal': {
      const values = def.values as unknown[];
      return (value, run) =>
        values.includes(value)
          ? value
          : run.damage(value, expected, value === undefined ? 'missing' : 'invalid');
    }
    case 'enum': {
      // An enum value this contract does not list is kept: the graph answers UNKNOWN for it.
      const values = new Set(Object.values(def.entries as Record<string, unknown>));
      return (value, run) =>
        values.has(value) || typeof value === 'string'
          ? value
          : run.damage(value, expected, value === undefined ? 'missing' : 'invalid');
    }
    case 'array': {
      const element = twin(def.element as z.ZodType);
      return (value, run) => {
        if (!Array.isArray(value)) {
          return run.damage(value, expected, value === undefined ? 'missing' : 'invalid');
        }
        // The answer's own array is kept when every item is as sent: a copy only for a change.
        let out: unknown[] | undefined;
        for (let i = 0; i < value.length; i++) {
          run.enter(i, 'index');
          const item = element(value[i], run);
          run.leave();
          if (out === undefined && item !== value[i]) out = value.slice(0, i);
          if (out !== undefined) out.push(item);
        }
        return out ?? value;
      };
    }
    case 'record': {
      const valueTwin = twin(def.valueType as z.ZodType);
      return (value, run) => {
        if (!isPlainObject(value)) {
          return run.damage(value, expected, value === undefined ? 'missing' : 'invalid');
        }
        // A map keeps its good entries: each entry is data, not a member the contract names.
        const out: Record<string, unknown> = {};
        for (const [key, member] of Object.entries(value)) {
          run.enter(key, 'entry');
          const parsed = valueTwin(member, run);
          if (!(parsed instanceof ShapeDamage)) out[key] = parsed;
          run.leave();
        }
        return out;
      };
    }
    case 'object':
      return objectTwin(schema, def, expected);
    case 'union':
      return unionTwin(def, expected);
    default:
      return strict(schema, expected);
  }
}

interface Member {
  key: string;
  parse: Parser;
  optional: boolean;
  nullable: boolean;
  /** Carried by the contract's answers, not always present upstream: its absence is counted. */
  counted: boolean;
  expected: string;
}

function objectTwin(schema: z.ZodType, def: Def, expected: string): Parser {
  let members: Member[] | undefined;
  let known: Set<string> | undefined;
  // Unknown members: kept where the schema keeps them (`looseObject`), ignored otherwise.
  const keepsUnknown = defOf((def.catchall as z.ZodType | undefined) ?? schema).type === 'unknown';
  return (value, run) => {
    if (!isPlainObject(value)) {
      return run.damage(value, expected, value === undefined ? 'missing' : 'invalid');
    }
    // Read once: recursive shapes (`get pages()`) make a new schema on every read.
    members ??= Object.entries(def.shape as Record<string, z.ZodType>).map(([key, member]) => ({
      key,
      parse: twin(member),
      optional: isOptional(member),
      nullable: acceptsNull(member),
      counted: notAlwaysPresent.has(member),
      expected: describe(member),
    }));
    known ??= new Set(members.map((m) => m.key));
    // The answer's own object is kept when every member is as sent: a copy is made at the first
    // change, or at once when members the schema drops are there to leave out.
    let out: Record<string, unknown> | undefined =
      !keepsUnknown && hasUnknown(value, known) ? {} : undefined;
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

/** Whether `value` has a member `known` does not list. */
function hasUnknown(value: Record<string, unknown>, known: ReadonlySet<string>): boolean {
  for (const key in value) if (!known.has(key)) return true;
  return false;
}

/** The object schema a union option stands for (through lazy and wrappers), if any. */
function objectOf(schema: z.ZodType): { schema: z.ZodType; def: Def } | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return { schema, def };
  if (def.type === 'lazy') return objectOf((def.getter as () => z.ZodType)());
  return undefined;
}

/** The literal members of an object option: how an answer says which alternative it is. */
function literalsOf(option: z.ZodType): Array<[string, unknown[]]> {
  const object = objectOf(option);
  if (!object) return [];
  const out: Array<[string, unknown[]]> = [];
  for (const [key, member] of Object.entries(object.def.shape as Record<string, z.ZodType>)) {
    const memberDef = defOf(member);
    if (memberDef.type === 'literal') out.push([key, memberDef.values as unknown[]]);
  }
  return out;
}

function unionTwin(def: Def, expected: string): Parser {
  const options = def.options as z.ZodType[];
  let tagged: Array<{ literals: Array<[string, unknown[]]>; parse: Parser }> | undefined;
  return (value, run) => {
    for (const option of options) {
      const result = option.safeParse(value);
      if (result.success) return result.data;
    }
    // No alternative matches as a whole: the one its literal members name is parsed tolerantly.
    tagged ??= options.map((option) => ({ literals: literalsOf(option), parse: twin(option) }));
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
function oneOfTwin(schema: z.ZodType): Parser {
  const inner = build(schema);
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

/** The result of a tolerant parse: the value and how the answer deviated from the contract. */
export interface TolerantResult<T> {
  value: T;
  deviations: Deviation[];
}

/**
 * Parses an upstream answer with the tolerant twin of `schema`. The value has the schema's type
 * where the answer matches; `ShapeDamage` and `UnseenAlternative` stand where it does not (the
 * whole value is a `ShapeDamage` only when the answer itself has the wrong type).
 */
export function parseTolerant<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  method: string,
  path: string,
): TolerantResult<z.infer<S>> {
  const kept = typeof raw === 'object' && raw !== null ? parses.get(raw) : undefined;
  const hit = kept?.get(schema);
  if (hit) return hit as TolerantResult<z.infer<S>>;
  const run = new ParseRun(method, path);
  const value = twin(schema)(raw, run) as z.infer<S>;
  const result = { value, deviations: run.deviations };
  kept?.set(schema, result);
  return result;
}

/** Tolerant parses of shared bodies, by schema (see `shareParsed`). */
const parses = new WeakMap<object, Map<z.ZodType, TolerantResult<unknown>>>();

/**
 * Marks a parsed body as shared by several requests (a stored answer a 304 confirmed): its
 * tolerant parse by each schema is then made once and kept as long as the body is. The body and
 * the parse must not be written to; the graph only reads them.
 */
export function shareParsed(body: unknown): void {
  if (typeof body === 'object' && body !== null && !parses.has(body)) parses.set(body, new Map());
}
