import type { GraphQLError } from 'graphql';
import { codedError } from '../errorCatalog.ts';
import { routeTemplate } from './routes.ts';

/**
 * Damage in upstream answers: how a value deviates from the contract, the placeholders a
 * tolerant parse leaves where a value does not match (a field that reads one fails alone), and
 * the errors a connection keeps for items it left out.
 */

/**
 * How an upstream value deviates from its schema: `missing` (a member the spec marks always
 * present is absent) and `invalid` (a value of the wrong kind) are damage; `absent` (a member the
 * contract's answers carry but the spec does not mark always present is absent: it reads as
 * null, with no error), `coerced` and `alternative` are not.
 */
export type DeviationKind = 'missing' | 'invalid' | 'absent' | 'coerced' | 'alternative';

/** One deviation of an upstream answer from the contract. */
export interface Deviation {
  /** JSON path of the value in the answer (`items.3.body.markdown`). */
  field: string;
  /** The same path with array indices and map keys generalised (`items[].body.markdown`). */
  pattern: string;
  kind: DeviationKind;
  /** What the contract expects there. */
  expected: string;
  /** The JSON type that arrived (`undefined` when absent). */
  received: string;
}

/** Where an upstream value came from: the call and the JSON path in its answer. */
export interface ShapeSource {
  method: string;
  /** Path under `/v1`, query included. */
  path: string;
  /** JSON path of the value (`items.3.body.markdown`; empty for the whole answer). */
  field: string;
}

const hidden = (target: object, values: Record<string, unknown>) => {
  for (const [key, value] of Object.entries(values)) {
    Object.defineProperty(target, key, { value, enumerable: false });
  }
};

/**
 * A value as the upstream sent it, where the contract expected something else, with where it came
 * from. It serialises as the raw value (so `JSON` fields show what arrived) and has no enumerable
 * members.
 */
export abstract class RawValue {
  declare readonly raw: unknown;
  declare readonly source: ShapeSource;
  constructor(raw: unknown, source: ShapeSource) {
    hidden(this, { raw, source });
  }

  /** A new `UPSTREAM_SHAPE` error for one place of the response. */
  abstract error(): GraphQLError;

  toJSON(): unknown {
    return this.raw;
  }
}

/** The `UPSTREAM_SHAPE` error of a value that does not match the contract. */
export function shapeError(source: ShapeSource, problem: string): GraphQLError {
  const path = source.path.split('?')[0] ?? source.path;
  const where = source.field ? `${source.field} of ` : '';
  return codedError(
    'UPSTREAM_SHAPE',
    `unexpected upstream value at ${where}${source.method} ${path}: ${problem}`,
    {
      upstream: {
        method: source.method,
        path,
        route: routeTemplate(path),
        field: source.field,
      },
    },
  );
}

/**
 * A value that does not match its schema, left in place of the member it should have been. The
 * field that reads it resolves to null with its `UPSTREAM_SHAPE` error: any use of it beyond
 * passing it along (a member read, iteration, its keys, a string of it such as a path segment)
 * throws that error, so damage fails the field whose resolver touches it and never reaches an
 * upstream address.
 */
export class ShapeDamage extends RawValue {
  declare readonly problem: string;
  constructor(raw: unknown, source: ShapeSource, problem: string) {
    super(raw, source);
    hidden(this, { problem });
    // biome-ignore lint/correctness/noConstructorReturn: the instance is its guarded proxy.
    return new Proxy(this, GUARD);
  }

  error(): GraphQLError {
    return shapeError(this.source, this.problem);
  }

  [Symbol.toPrimitive](): never {
    throw this.error();
  }
}

const GUARD: ProxyHandler<ShapeDamage> = {
  get(target, property, receiver) {
    if (property in target) return Reflect.get(target, property, receiver);
    // Probes of promise and inspection machinery are answered, not failed.
    if (property === 'then' || (typeof property === 'symbol' && property !== Symbol.iterator)) {
      return undefined;
    }
    throw target.error();
  },
  ownKeys(target) {
    throw target.error();
  },
};

/**
 * A value of a one-of field (or union) in a form the contract does not show, kept as it arrived:
 * `JSON` fields show it, typed fields read nothing from it, and where the graph must name its
 * type (a union) it fails as `UPSTREAM_SHAPE`.
 */
export class UnseenAlternative extends RawValue {
  error(): GraphQLError {
    return shapeError(this.source, `a form this gateway does not know (${jsonType(this.raw)})`);
  }
}

/** Where a parsed value keeps the value the upstream sent (see `rawOf`). */
export const RAW = Symbol('raw');

/** The value as the upstream sent it, for values parsed by one-of schemas and kept alternatives. */
export function rawOf(value: unknown): unknown {
  if (value instanceof RawValue) return value.raw;
  if (value !== null && typeof value === 'object' && RAW in value) {
    return (value as { [RAW]: unknown })[RAW];
  }
  return value;
}

/** The first damaged value in `value`, looking `depth` levels deep. */
export function findDamage(value: unknown, depth = 3): ShapeDamage | undefined {
  if (value instanceof ShapeDamage) return value;
  if (depth <= 0 || value === null || typeof value !== 'object' || value instanceof RawValue) {
    return undefined;
  }
  for (const member of Array.isArray(value) ? value : Object.values(value)) {
    const found = findDamage(member, depth - 1);
    if (found) return found;
  }
  return undefined;
}

/** Errors of items a connection left out, on its result; the field's path is added when it resolves. */
export const LEFT_OUT = Symbol('leftOut');

/** A connection result with the errors of the items it left out. */
export type WithLeftOut = { [LEFT_OUT]?: GraphQLError[] };

/** The JSON type of a value, as errors name it (`array`, `null`, `string`, ...). */
export function jsonType(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
