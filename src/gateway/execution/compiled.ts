/**
 * The compiled execution path: a query or mutation without `@defer`/`@stream` runs as a function
 * graphql-jit generated for its document, compiled once and kept as long as the document stays
 * in the gateway's document cache. Subscriptions and incremental operations keep Yoga's executor.
 */
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  GraphQLError,
  getOperationAST,
  OperationTypeNode,
  type Source,
  type SourceLocation,
  visit,
} from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { RequestPart } from '../plugins/requestPart.ts';
import { DEFAULT_EXECUTOR, type Executor } from './executors.ts';

/** A document's compiled operation, or `null` where it runs on Yoga's executor. */
type Plan = CompiledQuery | null;

/**
 * Plans by document, then by operation name: a document is the key Yoga's bounded parse cache
 * hands back for the same text, so a plan lives exactly as long as its document is cached there.
 * (`@envelop/graphql-jit` keys by document alone, which runs the first operation compiled for any
 * other operation name of the same document.)
 */
const plans = new WeakMap<DocumentNode, Map<string, Plan>>();

/** Whether the document asks for incremental delivery anywhere (fragments included). */
function incremental(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Directive(node) {
      if (node.name.value === 'defer' || node.name.value === 'stream') {
        found = true;
        return false;
      }
      return undefined;
    },
  });
  return found;
}

/** The plan of `args`' operation: compiled on first use, `null` for Yoga's executor. */
function planFor(args: ExecutionArgs): Plan {
  const name = args.operationName ?? '';
  let byName = plans.get(args.document);
  const known = byName?.get(name);
  if (known !== undefined) return known;
  let plan: Plan = null;
  const operation = getOperationAST(args.document, args.operationName);
  if (
    operation &&
    operation.operation !== OperationTypeNode.SUBSCRIPTION &&
    !incremental(args.document)
  ) {
    const compiled = compileQuery(args.schema, args.document, args.operationName ?? undefined);
    // A document graphql-jit refuses runs on Yoga's executor, which answers it as it always has.
    if (isCompiledQuery(compiled)) plan = compiled;
  }
  if (!byName) {
    byName = new Map();
    plans.set(args.document, byName);
  }
  byName.set(name, plan);
  return plan;
}

/** Offsets in `source` of the starts of its lines. */
const lineStarts = new WeakMap<Source, number[]>();

function offsetOf(source: Source, { line, column }: SourceLocation): number {
  let starts = lineStarts.get(source);
  if (!starts) {
    starts = [0];
    const body = source.body;
    for (let i = 0; i < body.length; i++) {
      // Line terminators as graphql-js counts them: \n, \r\n and \r.
      const c = body.charCodeAt(i);
      if (c === 10 || (c === 13 && body.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
    }
    lineStarts.set(source, starts);
  }
  return (starts[line - 1] ?? 0) + column - 1;
}

/**
 * A graphql-jit error as graphql-js makes it: graphql-jit gives an error its locations but not
 * the source positions they come from, and Yoga rebuilds every error it answers from those
 * positions (so they would be lost).
 */
function relocated(error: GraphQLError, source: Source | undefined): GraphQLError {
  if (!source || error.positions || !error.locations?.length) return error;
  return new GraphQLError(error.message, {
    source,
    positions: error.locations.map((location) => offsetOf(source, location)),
    path: error.path ?? null,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

type Execute = (args: ExecutionArgs) => ExecutionResult | Promise<ExecutionResult>;

/**
 * A list item that failed last, after the items before it settled, may be missing from the list
 * graphql-jit builds (the list ends before it) although its error is reported: it is put back
 * as the null graphql-js answers at its place.
 */
function fillFailedItems(data: unknown, errors: readonly GraphQLError[]): void {
  for (const { path } of errors) {
    if (!path || typeof path[path.length - 1] !== 'number') continue;
    let at = data;
    for (let i = 0; i < path.length - 1 && at !== null && typeof at === 'object'; i++) {
      at = (at as Record<string | number, unknown>)[path[i] as string | number];
    }
    const index = path[path.length - 1] as number;
    if (!Array.isArray(at) || index < at.length) continue;
    for (let i = at.length; i <= index; i++) at[i] = null;
  }
}

/** A compiled operation's errors located in the source, as graphql-js locates them. */
function located(result: ExecutionResult, source: Source | undefined): ExecutionResult {
  if (!result.errors?.length) return result;
  fillFailedItems(result.data, result.errors);
  return { ...result, errors: result.errors.map((error) => relocated(error, source)) };
}

/**
 * Runs `plan` with the arguments it is called with. An answer without data (variables that do
 * not coerce: nothing ran) is left to `fallback`, graphql-js, for its wording and its 400.
 */
function runCompiled(
  plan: CompiledQuery,
  args: ExecutionArgs,
  fallback: Execute,
): ExecutionResult | Promise<ExecutionResult> {
  const result = plan.query(args.rootValue, args.contextValue, args.variableValues) as
    | ExecutionResult
    | Promise<ExecutionResult>;
  const source = args.document.loc?.source;
  const settle = (done: ExecutionResult) =>
    'data' in done ? located(done, source) : fallback(args);
  return isPromise(result) ? result.then(settle) : settle(result);
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown }).then === 'function';
}

/** Runs one operation on the chosen executor, in process (`execute`'s arguments). */
export async function executeWith(
  executor: Executor,
  args: ExecutionArgs,
  fallback: Execute,
): Promise<ExecutionResult> {
  const plan = executor === 'jit' ? planFor(args) : null;
  return plan ? runCompiled(plan, args, fallback) : fallback(args);
}

/**
 * The part that puts plain operations on the compiled path (none for `graphql-js`). It must come
 * before every plugin that wraps the executor it finds (the response cache), so that they wrap
 * this one.
 */
export function executorParts(executor: Executor = DEFAULT_EXECUTOR): RequestPart[] {
  if (executor !== 'jit') return [];
  return [
    {
      name: 'executor',
      onExecute({ args, executeFn, setExecuteFn }) {
        const plan = planFor(args);
        if (!plan) return;
        const fallback = executeFn as Execute;
        // A plugin wrapping this executor may run another document (the response cache adds its
        // metadata fields to it): the plan is the one of the document it is called with.
        setExecuteFn((called) => {
          const planned = called.document === args.document ? plan : planFor(called);
          return planned ? runCompiled(planned, called, fallback) : fallback(called);
        });
      },
    },
  ];
}
