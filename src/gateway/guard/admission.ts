import type { DocumentNode, GraphQLError, GraphQLSchema } from 'graphql';
import { costLimitError, nodeLimitError } from '../errorCatalog.ts';
import { type CostOverride, type Estimate, estimateCost } from './estimate.ts';
import { KEYS_PER_DOCUMENT, operationKey } from './operationKey.ts';

/**
 * Estimates by operation and variables, per parsed document (Yoga reuses a parsed document), per
 * cost override (the declared costs are `DECLARED`).
 */
const estimates = new WeakMap<object, WeakMap<DocumentNode, Map<string, Estimate>>>();
const DECLARED = {};

/**
 * `estimateCost`, made once per document, operation, variables and cost override: the estimate
 * depends on nothing else, and a client sends the same few over and over.
 */
function cachedEstimate(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | undefined,
  override: CostOverride | undefined,
): Estimate {
  let byDocument = estimates.get(override ?? DECLARED);
  if (!byDocument) {
    byDocument = new WeakMap();
    estimates.set(override ?? DECLARED, byDocument);
  }
  let byInput = byDocument.get(document);
  if (!byInput) {
    byInput = new Map();
    byDocument.set(document, byInput);
  }
  // Variables too deep to serialise (refused later, by validation) and large inputs (a page's
  // Markdown) are estimated each time rather than kept.
  const key = operationKey(operationName, variables);
  if (key === undefined) {
    return estimateCost(schema, document, operationName, variables, override);
  }
  let estimate = byInput.get(key);
  if (!estimate) {
    if (byInput.size >= KEYS_PER_DOCUMENT) {
      byInput.delete(byInput.keys().next().value as string);
    }
    estimate = estimateCost(schema, document, operationName, variables, override);
    byInput.set(key, estimate);
  }
  return estimate;
}

/** What an operation's admission checks: its arguments (as Envelop hands them over). */
export interface AdmissionArgs {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null | undefined;
  variableValues?: Record<string, unknown> | null | undefined;
}

/**
 * The admission of one operation, a query, a mutation or a subscription alike: its estimate, or
 * the refusal of an estimate over the node limit (`NODE_LIMIT_EXCEEDED`) or over `maxCost`
 * (`COST_LIMIT_EXCEEDED`), made before any upstream call.
 */
export function admission(
  args: AdmissionArgs,
  maxCost: number,
  maxNodes: number,
  override?: CostOverride,
): { estimate: Estimate; refused?: GraphQLError } {
  const estimate = cachedEstimate(
    args.schema,
    args.document,
    args.operationName,
    (args.variableValues ?? undefined) as Record<string, unknown> | undefined,
    override,
  );
  if (estimate.nodes > maxNodes) {
    return { estimate, refused: nodeLimitError(estimate.nodes, maxNodes) };
  }
  if (estimate.calls > maxCost) {
    return { estimate, refused: costLimitError(estimate.calls, maxCost) };
  }
  return { estimate };
}
