import type { z } from 'zod';
import type { ParseRun } from './run.ts';

/** A tolerant parse function: the value parsed, with what it damaged recorded in `run`. */
export type Parser = (value: unknown, run: ParseRun) => unknown;

/**
 * The compiler's two entry points, for the shapes (objects, unions, one-of) that call back into
 * it for their members: `compile.ts` fills them in when it loads, so the shapes need not import
 * it (the compiler imports the shapes).
 */
export const compiler: {
  /** The tolerant twin of a schema, made once (`compile.ts` `twin`). */
  twin: (schema: z.ZodType) => Parser;
  /** The twin of a schema without the one-of treatment (`compile.ts` `build`). */
  build: (schema: z.ZodType) => Parser;
} = {
  twin: unloaded,
  build: unloaded,
};

function unloaded(): never {
  throw new Error('the tolerant compiler (upstream/tolerant/compile.ts) is not loaded');
}
