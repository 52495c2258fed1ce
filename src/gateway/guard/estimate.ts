import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  GraphQLIncludeDirective,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  GraphQLSkipDirective,
  getDirectiveValues,
  getNamedType,
  isAbstractType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { getArgumentValues, getVariableValues } from 'graphql/execution/values.js';
import { resourceOf } from '../resources/resource.ts';
import {
  DEFAULT_FIRST,
  FIELD_COSTS,
  type FieldCost,
  LIST_SIZE,
  MUTATION_CALLS,
  REFERENCE_LOAD,
  REST_PAGE_SIZE,
  ROOT_LOAD,
} from './costs.ts';

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
  const part = objectCost(walk, root, [operation.selectionSet], true, '');
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
 * Calls of one object of `type` with `sets` selected. `loaded`: its body is in hand; otherwise
 * the first field that reads the body loads it (one call). `key` names the object when it is
 * the same whatever the data (no list above it), so the same object asked twice counts once.
 */
function objectCost(
  walk: Walk,
  type: GraphQLObjectType,
  sets: readonly SelectionSetNode[],
  loaded: boolean,
  key: string | undefined,
): Part {
  let calls = 0;
  let nodes = 0;
  let needsBody = false;
  for (const fieldNodes of collectFields(walk, type, sets).values()) {
    const first = fieldNodes[0] as FieldNode;
    const name = first.name.value;
    if (name.startsWith('__')) continue;
    const field = type.getFields()[name];
    if (!field) continue;
    const rule = ruleOf(walk, type, field);
    if (rule.parentBody && !loaded) needsBody = true;
    const part = fieldCost(walk, field, fieldNodes, rule, key);
    calls += part.calls;
    nodes += part.nodes;
  }
  if (needsBody && !once(walk, key && `${key}#body`)) calls += 1;
  return { calls, nodes };
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
  } else if (isNode(walk, named)) {
    base = isRoot
      ? { returns: 'reference', load: ROOT_LOAD }
      : { returns: 'reference', load: REFERENCE_LOAD, parentBody: !fromAddress(type, field) };
  } else {
    base = { parentBody: !isRoot && !fromAddress(type, field), returns: 'body' };
  }
  return given ? { ...base, ...given } : base;
}

/** True when `type` is a resource's and `field` is answered from its address alone. */
function fromAddress(type: GraphQLObjectType, field: GraphQLField<unknown, unknown>): boolean {
  return resourceOf(type.name)?.addressFields.has(field.name) ?? false;
}

function isConnection(type: GraphQLNamedType): type is GraphQLObjectType {
  return isObjectType(type) && type.name.endsWith('Connection') && 'edges' in type.getFields();
}

function isNode(walk: Walk, type: GraphQLNamedType): boolean {
  const node = walk.schema.getType('Node');
  if (!node || !isInterfaceType(node)) return false;
  if (isObjectType(type)) return type.getInterfaces().includes(node);
  return false;
}

function argsOf(walk: Walk, field: GraphQLField<unknown, unknown>, node: FieldNode) {
  try {
    return getArgumentValues(field, node, walk.variables) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function subSets(fieldNodes: readonly FieldNode[]): SelectionSetNode[] {
  return fieldNodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
}

function isListField(field: GraphQLField<unknown, unknown>): boolean {
  const type = isNonNullType(field.type) ? field.type.ofType : field.type;
  return isListType(type);
}

/** Calls of one field on one parent object. */
function fieldCost(
  walk: Walk,
  field: GraphQLField<unknown, unknown>,
  fieldNodes: readonly FieldNode[],
  rule: FieldCost,
  parentKey: string | undefined,
): Part {
  const args = argsOf(walk, field, fieldNodes[0] as FieldNode);
  // Arguments that do not coerce fail the field before any call.
  if (!args) return ZERO;
  const key = parentKey === undefined ? undefined : `${parentKey}/${field.name}${stable(args)}`;
  const own = rule.calls && !once(walk, key && `${key}#calls`) ? rule.calls : 0;
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
      const id = decodeGlobalId(walk, args.id);
      if (!id) return { calls: own, nodes: 0 };
      const load = once(walk, `node:${id.typename}:${id.id}#body`) ? 0 : 1;
      const inner = objectCost(walk, id.type, sets, true, `node:${id.typename}:${id.id}`);
      return { calls: own + load + inner.calls, nodes: inner.nodes };
    }
    case 'nodes': {
      const ids = Array.isArray(args.ids) ? args.ids : [];
      const distinct = new Map<string, GraphQLObjectType>();
      for (const raw of ids) {
        const id = decodeGlobalId(walk, raw);
        if (id) distinct.set(`${id.typename}:${id.id}`, id.type);
      }
      let calls = own;
      let nodes = ids.length;
      const perType = new Map<GraphQLObjectType, number>();
      for (const type of distinct.values()) perType.set(type, (perType.get(type) ?? 0) + 1);
      for (const [type, count] of perType) {
        const inner = objectCost(walk, type, sets, true, undefined);
        calls += count * (1 + inner.calls);
        nodes += count * inner.nodes;
      }
      return { calls, nodes };
    }
    default: {
      const items = isListField(field) ? (rule.listSize ?? LIST_SIZE) : 1;
      const itemKey = items === 1 ? key : undefined;
      const item =
        rule.returns === 'reference'
          ? referenceCost(walk, named, sets, rule, itemKey)
          : maxOverTypes(walk, named, (t) => objectCost(walk, t, sets, true, itemKey));
      return {
        calls: own + items * item.calls,
        nodes: isListField(field) ? items * item.nodes : item.nodes,
      };
    }
  }
}

/**
 * Calls of a subgraph's `_entities`, as `nodes`: per distinct representation, one read when a
 * field selected on its type needs the body (a change request by number is always read).
 */
function entitiesCost(walk: Walk, representations: unknown, sets: readonly SelectionSetNode[]) {
  const list = Array.isArray(representations) ? representations : [];
  const part = { calls: 0, nodes: list.length };
  const seen = new Set<string>();
  for (const rep of list) {
    const type = walk.schema.getType(String((rep as { __typename?: unknown })?.__typename));
    if (!type || !isObjectType(type) || !isNode(walk, type) || seen.has(stable(rep))) continue;
    seen.add(stable(rep));
    const read = !('id' in rep) && 'number' in rep;
    const inner = objectCost(walk, type, sets, read, undefined);
    part.calls += (read ? 1 : 0) + inner.calls;
    part.nodes += inner.nodes;
  }
  return part;
}

/** Calls of one referenced object: its load (when the rule says so) and its fields. */
function referenceCost(
  walk: Walk,
  named: GraphQLNamedType,
  sets: readonly SelectionSetNode[],
  rule: FieldCost,
  key: string | undefined,
): Part {
  return maxOverTypes(walk, named, (type) => {
    const load = rule.load ?? REFERENCE_LOAD;
    let loads: boolean;
    if (load === 'always') loads = true;
    else if (load === 'lookup') {
      const fields = [...collectFields(walk, type, sets).values()];
      // Only `id` asked: the object is read to know it exists; else its body fields read it.
      if (fields.some((nodes) => !FREE_FIELDS.has((nodes[0] as FieldNode).name.value))) {
        return objectCost(walk, type, sets, false, key);
      }
      loads = true;
    } else if (load === 'unlessStub') {
      const known = new Set([...FREE_FIELDS, ...(rule.stub ?? [])]);
      loads = [...collectFields(walk, type, sets).values()].some(
        (nodes) => !known.has((nodes[0] as FieldNode).name.value),
      );
    } else {
      // Loaded lazily: the first field reading the body loads it (counted by objectCost).
      return objectCost(walk, type, sets, false, key);
    }
    if (!loads) return objectCost(walk, type, sets, true, key);
    const inner = objectCost(walk, type, sets, true, key);
    const counted = once(walk, key && `${key}#body`);
    return { calls: (counted ? 0 : 1) + inner.calls, nodes: inner.nodes };
  });
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
  return maxOverTypes(walk, itemType, (t) => objectCost(walk, t, itemSets, true, undefined));
}

function clampFirst(value: unknown): number {
  const first = typeof value === 'number' && Number.isInteger(value) ? value : DEFAULT_FIRST;
  return Math.min(1000, Math.max(1, first));
}

/** Cursor slack of the connection code: items looked for past a cursor's offset. */
const CURSOR_SLACK = 25;

/**
 * REST pages a connection reads: `first + 1` items (to know `hasNextPage`) past the cursor's
 * offset within its page, `REST_PAGE_SIZE` per page.
 */
function pagesFor(first: number, after: unknown): number {
  if (typeof after !== 'string' || after === '') {
    return Math.max(1, Math.ceil(first / REST_PAGE_SIZE));
  }
  let offset = REST_PAGE_SIZE;
  let slack = CURSOR_SLACK;
  try {
    const value = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && Number.isInteger(value[2])) {
      offset = Math.min(REST_PAGE_SIZE, value[2] as number);
      slack = value[3] === null ? 0 : CURSOR_SLACK;
    }
  } catch {
    // A malformed cursor fails the field before any call; the bound stays.
  }
  return Math.max(1, Math.ceil((offset + first + 1 + slack) / REST_PAGE_SIZE));
}

/** The object type and address a global ID names, when it names a Node type. */
function decodeGlobalId(
  walk: Walk,
  value: unknown,
): { typename: string; id: string; type: GraphQLObjectType } | undefined {
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return undefined;
  const typename = decoded.slice(0, colon);
  const type = walk.schema.getType(typename);
  if (!type || !isObjectType(type) || !isNode(walk, type)) return undefined;
  return { typename, id: decoded.slice(colon + 1), type };
}

let unkeyable = 0;

function stable(args: Record<string, unknown>): string {
  const keys = Object.keys(args).sort();
  if (keys.length === 0) return '';
  try {
    return JSON.stringify(keys.map((k) => [k, args[k]]));
  } catch {
    // Too deep to serialise (the input checks refuse it later): a key equal to no other.
    unkeyable += 1;
    return `#${unkeyable}`;
  }
}

/** The error of an operation refused for its estimate. */
export function costLimitError(estimate: number, maximum: number): GraphQLError {
  return new GraphQLError(
    `This operation is estimated at ${estimate} upstream calls, over the limit of ${maximum} per operation; ask for fewer items (first) or fewer nested lists.`,
    { extensions: { code: 'COST_LIMIT_EXCEEDED', cost: estimate, maximum } },
  );
}
