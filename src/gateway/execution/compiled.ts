/**
 * The compiled execution path: a query or mutation without `@defer`/`@stream` runs as a function
 * graphql-jit generated for its document, compiled once and kept as long as the document stays
 * in the gateway's document cache. Subscriptions and incremental operations keep Yoga's executor.
 */
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  getOperationAST,
  OperationTypeNode,
  visit,
} from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';
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

/** Runs a compiled operation with the arguments it is called with. */
function runCompiled(args: ExecutionArgs): ExecutionResult | Promise<ExecutionResult> {
  const plan = planFor(args);
  if (!plan) throw new Error('no compiled plan for this operation');
  return plan.query(args.rootValue, args.contextValue, args.variableValues) as
    | ExecutionResult
    | Promise<ExecutionResult>;
}

/** Runs one operation on the chosen executor, in process (`execute`'s arguments). */
export async function executeWith(
  executor: Executor,
  args: ExecutionArgs,
  fallback: (args: ExecutionArgs) => ExecutionResult | Promise<ExecutionResult>,
): Promise<ExecutionResult> {
  if (executor === 'jit' && planFor(args)) return runCompiled(args);
  return fallback(args);
}

/**
 * The plugin that puts plain operations on the compiled path (none for `graphql-js`). It must
 * come before every plugin that wraps the executor it finds (the response cache), so that they
 * wrap this one.
 */
export function executorPlugins(executor: Executor = DEFAULT_EXECUTOR): Plugin[] {
  if (executor !== 'jit') return [];
  return [
    {
      onExecute({ args, setExecuteFn }) {
        if (planFor(args)) setExecuteFn(runCompiled);
      },
    },
  ];
}
