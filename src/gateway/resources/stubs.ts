import type { GraphQLResolveInfo } from 'graphql';
import { attach, attached } from '../requestState.ts';
import type { QueryValue } from '../upstream/rest.ts';

// Stubs: values holding only an address, whose body is read once a field needs it.

/** What the gateway knows of a stub (a value holding only an address), kept on the stub. */
interface StubState {
  /** The fields it already answers (known from the answer that referenced it). */
  known?: ReadonlySet<string>;
  /** The query its body is read with (see `ResourceSpec.bodyQuery`). */
  query?: Record<string, QueryValue>;
  /** Its body, once asked for. */
  loading?: Promise<unknown>;
}

const STUB = Symbol('stub');
const stubState = (value: object) => attached<StubState>(value, STUB);

/** True when `value` holds only an address (its body has not been read). */
export function isStub(value: unknown): boolean {
  return typeof value === 'object' && value !== null && stubState(value) !== undefined;
}

/** True when the stub `value` already answers `field` (its body need not be read for it). */
export function knows(value: object, field: string): boolean {
  return stubState(value)?.known?.has(field) ?? false;
}

/** Marks `base` a stub, answering the fields `known` gives besides its address. */
export function makeStub<Shape extends object>(base: Shape, known?: Partial<Shape>): Shape {
  const value = known ? { ...base, ...known } : base;
  attach<StubState>(value, STUB, known ? { known: new Set(Object.keys(known)) } : {});
  return value;
}

/**
 * Notes the query the stub `value`'s body is to be read with, from what `info` selects on it
 * (`bodyQuery`); nothing for a loaded value.
 */
export function noteSelection(
  value: object,
  info: GraphQLResolveInfo,
  bodyQuery: (info: GraphQLResolveInfo) => Record<string, QueryValue> | undefined,
): void {
  const state = stubState(value);
  const query = state ? bodyQuery(info) : undefined;
  if (state && query) state.query = query;
}

/**
 * The full value of `value`: itself when loaded, else its body, read once by `load` with the
 * query noted on it.
 */
export function fullValue<Shape extends object>(
  value: Shape,
  load: (query: Record<string, QueryValue> | undefined) => Promise<Shape>,
): Promise<Shape> {
  const state = stubState(value);
  if (!state) return Promise.resolve(value);
  state.loading ??= load(state.query);
  return state.loading as Promise<Shape>;
}
