import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  GraphQLIncludeDirective,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  GraphQLSkipDirective,
  getDirectiveValues,
  getNamedType,
  isAbstractType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { getArgumentValues, getVariableValues } from 'graphql/execution/values.js';
import { keyForm, type Representation } from '../federation/keyForm.ts';
import {
  FIELD_COSTS,
  type FieldCost,
  LIST_SIZE,
  MUTATION_CALLS,
  REFERENCE_LOAD,
  ROOT_LOAD,
} from './costs.ts';
import { bodyKeys, embeddedKeys } from './embedded.ts';
import { clampFirst, pagesFor, stable } from './listPages.ts';
import {
  embedded,
  fromAddress,
  isConnection,
  isListField,
  isNode,
  nodeOfGlobalId,
  subSets,
} from './schemaTypes.ts';

/** What an operation is expected to cost before it runs. */
export interface Estimate {
  /** Upstream calls (an upper bound; exact where nothing depends on the data). */
  calls: number;
  /** Objects the operation may return from lists (connections' `first`, `nodes` ids). */
  nodes: number;
}

type Table = Readonly<Record<string, FieldCost>>;

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  table: Table;
  /** Objects and pages already counted (same object or page asked twice: one call). */
  seen: Set<string>;
}

interface Part {
  calls: number;
  nodes: number;
}

/**
 * What is in hand of an object when its fields run:
 * - `address`: its address alone; the first field that reads its body reads it (one call, in
 *   the form the selected fields ask: a page as Markdown when its `markdown` is selected);
 * - `read`: its body, read at its address by this query, in that form;
 * - `body`: its body, from another answer (a list page, a content tree);
 * - a set of keys: a copy embedded in its parent's answer, holding these keys; a field of its
 *   own body that the copy lacks reads the object (one call).
 */
type InHand = 'address' | 'read' | 'body' | ReadonlySet<string>;

const ZERO: Part = { calls: 0, nodes: 0 };
const FREE_FIELDS = new Set(['id', '__typename']);

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
 * Estimates the upstream calls of a validated operation from the cost table, with `first` and
 * variables applied and `@skip`/`@include` honoured. Invalid variables estimate 0 (the
 * operation then fails before any call).
 */
export function estimateCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  rawVariables: Record<string, unknown> | undefined,
  table: Table = FIELD_COSTS,
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
    table,
    seen: new Set(),
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

/** Fields selected on an object of `type`, grouped by response key (as execution merges them). */
function collectFields(
  walk: Walk,
  type: GraphQLObjectType,
  sets: readonly SelectionSetNode[],
  into = new Map<string, FieldNode[]>(),
  visited = new Set<string>(),
): Map<string, FieldNode[]> {
  for (const set of sets) {
    for (const selection of set.selections) {
      if (!included(walk, selection)) continue;
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        const list = into.get(key);
        if (list) list.push(selection);
        else into.set(key, [selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (applies(walk, selection.typeCondition?.name.value, type)) {
          collectFields(walk, type, [selection.selectionSet], into, visited);
        }
      } else {
        const name = selection.name.value;
        const fragment = walk.fragments[name];
        if (!fragment || visited.has(name)) continue;
        visited.add(name);
        if (applies(walk, fragment.typeCondition.name.value, type)) {
          collectFields(walk, type, [fragment.selectionSet], into, visited);
        }
      }
    }
  }
  return into;
}

function included(walk: Walk, node: FieldNode | { directives?: FieldNode['directives'] }): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, walk.variables);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, walk.variables);
  return include?.if !== false;
}

function applies(walk: Walk, condition: string | undefined, type: GraphQLObjectType): boolean {
  if (!condition || condition === type.name) return true;
  const conditionType = walk.schema.getType(condition);
  return conditionType && isAbstractType(conditionType)
    ? walk.schema.isSubType(conditionType, type)
    : false;
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
    const first = fieldNodes[0] as FieldNode;
    const name = first.name.value;
    if (name.startsWith('__') || name === skip) continue;
    const field = type.getFields()[name];
    if (!field) continue;
    const rule = ruleOf(walk, type, field);
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

/** True when `key` was counted already (and marks it counted). */
function once(walk: Walk, key: string | undefined | false): boolean {
  if (!key) return false;
  if (walk.seen.has(key)) return true;
  walk.seen.add(key);
  return false;
}

function ruleOf(walk: Walk, type: GraphQLObjectType, field: GraphQLField<unknown, unknown>) {
  const given = walk.table[`${type.name}.${field.name}`];
  const named = getNamedType(field.type);
  const isRoot = type === walk.schema.getQueryType() || type === walk.schema.getMutationType();
  let base: FieldCost;
  if (type === walk.schema.getMutationType()) {
    base = { calls: MUTATION_CALLS, returns: 'body' };
  } else if (FREE_FIELDS.has(field.name)) {
    base = {};
  } else if (isConnection(named)) {
    base = { returns: 'connection' };
  } else if (isNode(walk.schema, named) && isRoot) {
    base = { returns: 'reference', load: ROOT_LOAD };
  } else if (isNode(walk.schema, named) && !embedded(type, field)) {
    // A field with arguments names the object (a lookup, read to answer whether it exists).
    const load = field.args.length > 0 ? 'lookup' : REFERENCE_LOAD;
    base = { returns: 'reference', load, parentBody: !fromAddress(type, field) };
  } else {
    // Scalars, and objects embedded in the parent's answer (a copy: see `lacks`).
    base = { parentBody: !isRoot && !fromAddress(type, field), returns: 'body' };
  }
  return given ? { ...base, ...given } : base;
}

function argsOf(walk: Walk, field: GraphQLField<unknown, unknown>, node: FieldNode) {
  try {
    return getArgumentValues(field, node, walk.variables) as Record<string, unknown>;
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
  switch (rule.returns) {
    case 'connection':
    case 'arrayConnection': {
      const first = clampFirst(args.first);
      // Aliases of one list that differ only in `first` share one read (of the largest).
      const { first: _first, ...filters } = args;
      const pagesKey =
        parentKey !== undefined && `${parentKey}/${field.name}${stable(filters)}#pages`;
      const pages =
        rule.returns === 'connection' && !once(walk, pagesKey) ? pagesFor(first, args.after) : 0;
      const item = connectionItem(walk, named, sets);
      return { calls: own + pages + first * item.calls, nodes: first + first * item.nodes };
    }
    case 'node': {
      // `node(id)` is a lookup like `organization(id)`: read when a selected field needs it.
      const id = nodeOfGlobalId(walk.schema, args.id);
      if (!id) return { calls: own, nodes: 0 };
      const inner = lookupCost(walk, id.type, sets, `node:${id.typename}:${id.id}`);
      return { calls: own + inner.calls, nodes: inner.nodes };
    }
    case 'nodes': {
      const ids = Array.isArray(args.ids) ? args.ids : [];
      let calls = own;
      let nodes = ids.length;
      const distinct = new Set<string>();
      for (const raw of ids) {
        const id = nodeOfGlobalId(walk.schema, raw);
        if (!id || distinct.has(`${id.typename}:${id.id}`)) continue;
        distinct.add(`${id.typename}:${id.id}`);
        const inner = lookupCost(walk, id.type, sets, `node:${id.typename}:${id.id}`);
        calls += inner.calls;
        nodes += inner.nodes;
      }
      return { calls, nodes };
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

/** `_entities` as `nodes`: per distinct representation, its read when its fields need it. */
function entitiesCost(walk: Walk, representations: unknown, sets: readonly SelectionSetNode[]) {
  const list = Array.isArray(representations) ? representations : [];
  const part = { calls: 0, nodes: list.length };
  const seen = new Set<string>();
  for (const rep of list) {
    const type = walk.schema.getType(String((rep as { __typename?: unknown })?.__typename));
    if (!type || !isObjectType(type) || !isNode(walk.schema, type)) continue;
    if (seen.has(stable(rep))) continue;
    seen.add(stable(rep));
    // Read as the resolver reads it: by number always (one call), by a key not at all.
    const form = keyForm(type.name, rep as Representation, 'restId' in type.getFields());
    if (form.by === 'none') continue;
    const inner =
      form.by === 'number'
        ? readCost(walk, type, sets, undefined)
        : objectCost(walk, type, sets, 'address', undefined);
    part.calls += inner.calls;
    part.nodes += inner.nodes;
  }
  return part;
}

/**
 * The most one page of a tree costs at any of its levels (`children` nests the next level): the
 * pages of all levels together are at most the tree's size, so that size times this is a bound.
 */
function treeLevel(
  walk: Walk,
  type: GraphQLObjectType,
  sets: readonly SelectionSetNode[],
  children: string,
): Part {
  let worst = ZERO;
  let level = sets;
  for (let depth = 0; level.length > 0 && depth < 64; depth++) {
    const part = objectCost(walk, type, level, 'body', undefined, children);
    if (part.calls > worst.calls || (part.calls === worst.calls && part.nodes > worst.nodes)) {
      worst = part;
    }
    level = subSets(
      [...collectFields(walk, type, level).values()]
        .flat()
        .filter((node) => node.name.value === children),
    );
  }
  return worst;
}

/** Calls of one referenced object: its read (when the rule says so) and its fields. */
function referenceCost(
  walk: Walk,
  named: GraphQLNamedType,
  sets: readonly SelectionSetNode[],
  rule: FieldCost,
  key: string | undefined,
): Part {
  return maxOverTypes(walk, named, (type) => {
    const load = rule.load ?? REFERENCE_LOAD;
    if (load === 'lookup') return lookupCost(walk, type, sets, key);
    let loads: boolean;
    if (load === 'always') loads = true;
    else if (load === 'unlessStub') {
      const known = new Set([...FREE_FIELDS, ...(rule.stub ?? [])]);
      loads = [...collectFields(walk, type, sets).values()].some(
        (nodes) => !known.has((nodes[0] as FieldNode).name.value),
      );
    } else {
      // Read lazily: the first field reading the body reads it (counted by objectCost).
      return objectCost(walk, type, sets, 'address', key);
    }
    if (!loads) return objectCost(walk, type, sets, 'address', key);
    return readCost(walk, type, sets, key);
  });
}

/** One read of the object at its address (once per object), then its fields. */
function readCost(
  walk: Walk,
  type: GraphQLObjectType,
  sets: readonly SelectionSetNode[],
  key: string | undefined,
): Part {
  const inner = objectCost(walk, type, sets, 'read', key);
  const counted = once(walk, key && `${key}#body`);
  return { calls: (counted ? 0 : 1) + inner.calls, nodes: inner.nodes };
}

/**
 * An object named by the query (`organization(id)`, `node(id)`, `space.page(id)`): read when a
 * selected field reads its body, or, to answer whether it exists, when only `id` and
 * `__typename` are selected.
 */
function lookupCost(
  walk: Walk,
  type: GraphQLObjectType,
  sets: readonly SelectionSetNode[],
  key: string | undefined,
): Part {
  const fields = [...collectFields(walk, type, sets).values()];
  if (fields.some((nodes) => !FREE_FIELDS.has((nodes[0] as FieldNode).name.value))) {
    return objectCost(walk, type, sets, 'address', key);
  }
  return readCost(walk, type, sets, key);
}

/** The most expensive of the object types `named` may be (one object is one of them). */
function maxOverTypes(
  walk: Walk,
  named: GraphQLNamedType,
  cost: (type: GraphQLObjectType) => Part,
): Part {
  if (isObjectType(named)) return cost(named);
  if (!isAbstractType(named)) return ZERO;
  let best = ZERO;
  for (const type of walk.schema.getPossibleTypes(named)) {
    const part = cost(type);
    if (part.calls > best.calls || (part.calls === best.calls && part.nodes > best.nodes)) {
      best = part;
    }
  }
  return best;
}

/** Calls of one item of a connection (`nodes` and `edges { node }`), its body in hand. */
function connectionItem(
  walk: Walk,
  connection: GraphQLNamedType,
  sets: readonly SelectionSetNode[],
) {
  if (!isObjectType(connection)) return ZERO;
  const fields = collectFields(walk, connection, sets);
  const itemSets: SelectionSetNode[] = [];
  let itemType: GraphQLNamedType | undefined;
  for (const fieldNodes of fields.values()) {
    const name = (fieldNodes[0] as FieldNode).name.value;
    if (name === 'nodes') {
      itemType = getNamedType(connection.getFields().nodes?.type ?? connection);
      itemSets.push(...subSets(fieldNodes));
    } else if (name === 'edges') {
      const edge = getNamedType(connection.getFields().edges?.type ?? connection);
      if (!isObjectType(edge)) continue;
      for (const edgeFields of collectFields(walk, edge, subSets(fieldNodes)).values()) {
        if ((edgeFields[0] as FieldNode).name.value !== 'node') continue;
        itemType = getNamedType(edge.getFields().node?.type ?? edge);
        itemSets.push(...subSets(edgeFields));
      }
    }
  }
  if (!itemType || itemSets.length === 0) return ZERO;
  return maxOverTypes(walk, itemType, (t) => objectCost(walk, t, itemSets, 'body', undefined));
}
