import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { getArgumentValues, getVariableValues } from 'graphql/execution/values.js';
import { collectFields, subSets } from '../plugins/selections.ts';
import { type FieldCost, LIST_SIZE } from './costs.ts';
import { bodyKeys, embeddedKeys } from './embedded.ts';
import { connectionCost, entitiesCost, nodesCost, treeLevel } from './estimateLists.ts';
import { referenceCost } from './estimateReads.ts';
import { costOf } from './estimateRules.ts';
import {
  type CostOverride,
  type InHand,
  maxOverTypes,
  once,
  type Part,
  type Walk,
  ZERO,
} from './estimateWalk.ts';
import { stable } from './listPages.ts';
import { isListField } from './schemaTypes.ts';

// The estimate's walk of objects and their fields; lists are walked in `estimateLists.ts`,
// references and lookups in `estimateReads.ts`, and each field's cost read in `estimateRules.ts`.

export type { CostOverride } from './estimateWalk.ts';

/** What an operation is expected to cost before it runs. */
export interface Estimate {
  /** Upstream calls (an upper bound; exact where nothing depends on the data). */
  calls: number;
  /** Objects the operation may return from lists (connections' `first`, `nodes` ids). */
  nodes: number;
}

/** The operation of `document` that runs (by name, or the only one). */
export function selectOperation(
  document: DocumentNode,
  operationName: string | null | undefined,
): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (operationName) return operations.find((o) => o.name?.value === operationName);
  return operations.length === 1 ? operations[0] : undefined;
}

/**
 * Estimates the upstream calls of a validated operation from the costs its fields declare (and
 * the defaults of their return types), with `first` and variables applied and `@skip`/`@include`
 * honoured; `override` replaces the cost of the fields it names. Invalid variables estimate 0
 * (the operation then fails before any call).
 */
export function estimateCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  rawVariables: Record<string, unknown> | undefined,
  override?: CostOverride,
): Estimate {
  const operation = selectOperation(document, operationName);
  if (!operation) return { calls: 0, nodes: 0 };
  const coerced = getVariableValues(
    schema,
    operation.variableDefinitions ?? [],
    rawVariables ?? {},
  );
  if (coerced.errors) return { calls: 0, nodes: 0 };
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
  }
  const walk: Walk = {
    schema,
    fragments,
    variables: coerced.coerced,
    override,
    seen: new Set(),
    object: (type, sets, have, key, skip) => objectCost(walk, type, sets, have, key, skip),
  };
  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root) return { calls: 0, nodes: 0 };
  const part = objectCost(walk, root, [operation.selectionSet], 'body', '');
  return { calls: part.calls, nodes: part.nodes };
}

/**
 * Calls of one object of `type` with `sets` selected, `have` in hand (see `InHand`). `key` names
 * the object when it is the same whatever the data (no list above it), so the same object asked
 * twice counts once.
 */
function objectCost(
  walk: Walk,
  type: GraphQLObjectType,
  sets: readonly SelectionSetNode[],
  have: InHand,
  key: string | undefined,
  skip?: string,
): Part {
  let calls = 0;
  let nodes = 0;
  let needsBody = false;
  for (const fieldNodes of collectFields(walk, type, sets).values()) {
    const name = (fieldNodes[0] as FieldNode).name.value;
    if (name.startsWith('__') || name === skip) continue;
    const field = type.getFields()[name];
    if (!field) continue;
    const rule = costOf(walk, type, field);
    if (rule.parentBody && lacks(have, type, name)) needsBody = true;
    const part = fieldCost(walk, type, field, fieldNodes, rule, key, have);
    calls += part.calls;
    nodes += part.nodes;
  }
  if (needsBody && !once(walk, key && `${key}#body`)) calls += 1;
  return { calls, nodes };
}

/** True when reading `field` of an object of `type` with `have` in hand needs its body read. */
function lacks(have: InHand, type: GraphQLObjectType, field: string): boolean {
  if (have === 'address') return true;
  if (typeof have === 'string') return false;
  // An embedded copy answers what it holds; of the rest, only what a read answers needs one.
  return !have.has(field) && bodyKeys(type.name).has(field);
}

function argsOf(walk: Walk, field: GraphQLField<unknown, unknown>, node: FieldNode) {
  try {
    return getArgumentValues(field, node, walk.variables as never) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** True when every argument given is absent or its plain value (`false`). */
const plainArgs = (args: Record<string, unknown>) =>
  Object.values(args).every((v) => v === undefined || v === null || v === false || v === 'false');

/** Calls of one field on one parent object of type `parent` (`have` in hand of it). */
function fieldCost(
  walk: Walk,
  parent: GraphQLObjectType,
  field: GraphQLField<unknown, unknown>,
  fieldNodes: readonly FieldNode[],
  rule: FieldCost,
  parentKey: string | undefined,
  have: InHand,
): Part {
  const args = argsOf(walk, field, fieldNodes[0] as FieldNode);
  // Arguments that do not coerce fail the field before any call.
  if (!args) return ZERO;
  const key = parentKey === undefined ? undefined : `${parentKey}/${field.name}${stable(args)}`;
  // A body form the parent's own read already answers (a page read as Markdown) costs nothing.
  const answered = rule.unlessRead && (have === 'read' || have === 'address') && plainArgs(args);
  const own = rule.calls && !answered && !once(walk, key && `${key}#calls`) ? rule.calls : 0;
  const sets = subSets(fieldNodes);
  const named = getNamedType(field.type);
  if (sets.length === 0) return { calls: own, nodes: 0 };
  if (field.name === '_entities') return entitiesCost(walk, args.representations, sets);
  const plus = (part: Part, nodes = part.nodes): Part => ({ calls: own + part.calls, nodes });
  switch (rule.returns) {
    case 'connection':
    case 'arrayConnection': {
      const { first: _first, ...filters } = args;
      const pagesKey =
        parentKey !== undefined && `${parentKey}/${field.name}${stable(filters)}#pages`;
      const paged = rule.returns === 'connection';
      return plus(connectionCost(walk, named, sets, args, pagesKey, paged));
    }
    // `node(id)` is a lookup like `organization(id)`: read when a selected field needs it.
    case 'node':
      return plus(nodesCost(walk, [args.id], sets));
    case 'nodes': {
      const ids = Array.isArray(args.ids) ? args.ids : [];
      const part = nodesCost(walk, ids, sets);
      return plus(part, ids.length + part.nodes);
    }
    default: {
      if (rule.tree && isObjectType(named)) {
        const level = treeLevel(walk, named, sets, rule.tree);
        const size = rule.listSize ?? LIST_SIZE;
        return { calls: own + size * level.calls, nodes: size * level.nodes };
      }
      const items = isListField(field) ? (rule.listSize ?? LIST_SIZE) : 1;
      const itemKey = items === 1 ? key : undefined;
      const embedded = embeddedKeys(parent.name, field.name) ?? 'body';
      const item =
        rule.returns === 'reference'
          ? referenceCost(walk, named, sets, rule, itemKey)
          : maxOverTypes(walk, named, (t) => objectCost(walk, t, sets, embedded, itemKey));
      return {
        calls: own + items * item.calls,
        nodes: isListField(field) ? items * item.nodes : item.nodes,
      };
    }
  }
}
