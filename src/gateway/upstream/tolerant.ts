import type { z } from 'zod';
import type { Deviation } from './damage.ts';
import { twin } from './tolerant/compile.ts';
import { exact, MISMATCH } from './tolerant/exact.ts';
import { ParseRun } from './tolerant/run.ts';

/**
 * Tolerant parsing of upstream answers. Every contract schema gets a twin, compiled once from its
 * zod definition and cached, that never fails an answer as a whole: a member that does not match
 * becomes a `ShapeDamage` in place (the field that reads it fails alone), an array keeps its good
 * items in place, a map keeps its good entries, unknown members are ignored, `null` counts as
 * absent for optional members, digit strings and numbers stand in for each other, and one-of
 * values keep alternatives the contract does not show as `UnseenAlternative`s. Absence is damage
 * only for a member the contract requires (the spec's "always present"); the absence of a member
 * it marks `notAlwaysPresent` is recorded as `absent`, apart from damage. Each deviation is
 * recorded with its JSON path.
 *
 * The parts: `tolerant/zod.ts` reads zod's definitions (at compile time only), `tolerant/run.ts`
 * records deviations, `tolerant/compile.ts` and `tolerant/shapes.ts` compose the twin per zod
 * kind, and `tolerant/exact.ts` compiles the exact parse that takes an answer matching its contract
 * in one pass, with nothing to record.
 */

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
  let result: TolerantResult<z.infer<S>>;
  const matched = exact(schema)(raw);
  if (matched !== MISMATCH) {
    result = { value: matched as z.infer<S>, deviations: [] };
  } else {
    const run = new ParseRun(method, path);
    result = { value: twin(schema)(raw, run) as z.infer<S>, deviations: run.deviations };
  }
  kept?.set(schema, result);
  return result;
}

/**
 * The same parse by the twin alone, without the exact parse: the reference the exact parse is
 * held to (tests compare both on every fuzzed answer).
 */
export function parseTolerantWalk<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  method: string,
  path: string,
): TolerantResult<z.infer<S>> {
  const run = new ParseRun(method, path, false);
  return { value: twin(schema)(raw, run) as z.infer<S>, deviations: run.deviations };
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
