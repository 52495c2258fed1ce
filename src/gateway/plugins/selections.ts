import {
  type DirectiveNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLIncludeDirective,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  GraphQLSkipDirective,
  getDirectiveValues,
  getNamedType,
  isAbstractType,
  isObjectType,
  Kind,
  type SelectionSetNode,
} from 'graphql';
import { isAddressField } from './fieldFacts.ts';

/**
 * The one walk of a selection, for every reader of what a query asks of an object: address-first
 * resolution, `node`, federation's `_entities` and the cost estimate. It follows named and inline
 * fragments whose type condition applies to the object's type, and honours `@skip`/`@include`,
 * as execution does.
 */

/** What a walk reads besides the selections: the schema, the fragments and the variables. */
export interface Selection {
  schema: GraphQLSchema;
  fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  variables: Readonly<Record<string, unknown>>;
}

/** False when `@skip`/`@include` leave the selection out (variables applied). */
function included(
  walk: Selection,
  node: { readonly directives?: readonly DirectiveNode[] | undefined },
): boolean {
  if (!node.directives?.length) return true;
  const skip = getDirectiveValues(GraphQLSkipDirective, node, walk.variables as never);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, walk.variables as never);
  return include?.if !== false;
}

/** True when a fragment with type condition `condition` applies to an object of `type`. */
function applies(walk: Selection, condition: string | undefined, type: GraphQLObjectType): boolean {
  if (!condition || condition === type.name) return true;
  const conditionType = walk.schema.getType(condition);
  return conditionType !== undefined && isAbstractType(conditionType)
    ? walk.schema.isSubType(conditionType, type)
    : false;
}

/**
 * The fields `sets` select on an object of `type`, grouped by response key as execution merges
 * them (fragments that apply included, `@skip`/`@include` honoured).
 */
export function collectFields(
  walk: Selection,
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

/** The selection sets under `fieldNodes` (one per node that has one). */
export function subSets(fieldNodes: readonly FieldNode[]): SelectionSetNode[] {
  return fieldNodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
}

/** The names of the fields `sets` select on an object of `type`. */
export function fieldNames(
  walk: Selection,
  type: GraphQLObjectType,
  sets: readonly SelectionSetNode[],
): Set<string> {
  const names = new Set<string>();
  for (const nodes of collectFields(walk, type, sets).values()) {
    names.add((nodes[0] as FieldNode).name.value);
  }
  return names;
}

// graphql-js hands every item of a list the same `fieldNodes` array, so a walk serves them all.
const walked = new WeakMap<readonly FieldNode[], Map<string, Set<string>>>();

/**
 * Names of the fields a resolver's query selects on the object it returns, of type `typename`
 * (default: the field's named return type when it is an object type).
 */
export function selectedFields(info: GraphQLResolveInfo, typename?: string): Set<string> {
  let byType = walked.get(info.fieldNodes);
  if (!byType) {
    byType = new Map();
    walked.set(info.fieldNodes, byType);
  }
  const name = typename ?? namedTypeName(info);
  let fields = byType.get(name);
  if (!fields) {
    const type = info.schema.getType(name);
    const walk = { schema: info.schema, fragments: info.fragments, variables: info.variableValues };
    fields =
      type && 'getInterfaces' in type && !isAbstractType(type)
        ? fieldNames(walk, type as GraphQLObjectType, subSets(info.fieldNodes))
        : new Set();
    byType.set(name, fields);
  }
  return fields;
}

/**
 * True when the query selects a field named `name` on the object `info`'s field returns, or on
 * any object under it (through every field, fragment and possible type of an abstract one).
 */
export function selectsBelow(info: GraphQLResolveInfo, name: string): boolean {
  const walk = { schema: info.schema, fragments: info.fragments, variables: info.variableValues };
  const within = (type: GraphQLNamedType, sets: readonly SelectionSetNode[]): boolean => {
    const objects = isAbstractType(type)
      ? info.schema.getPossibleTypes(type)
      : isObjectType(type)
        ? [type]
        : [];
    return objects.some((object) =>
      [...collectFields(walk, object, sets).values()].some((nodes) => {
        const field = object.getFields()[(nodes[0] as FieldNode).name.value];
        if (!field) return false;
        if (field.name === name) return true;
        const below = subSets(nodes);
        return below.length > 0 && within(getNamedType(field.type), below);
      }),
    );
  };
  return within(getNamedType(info.returnType), subSets(info.fieldNodes));
}

function namedTypeName(info: GraphQLResolveInfo): string {
  let type = info.returnType as { ofType?: unknown; name?: string };
  while (type.ofType) type = type.ofType as typeof type;
  return type.name ?? '';
}

/** Fields every object answers without its body. */
const FREE = new Set(['id', '__typename']);

/**
 * When an object resolved at an address (a stub) is read, from the fields a query selects on it
 * (`selected`, on `type`), the one rule of address-first resolution:
 * - `'address'`: a selected field starts from the address (a child list, an object addressed
 *   under it): the stub is returned, and the first field that needs the body reads it;
 * - the fields that read its body, when no selected field starts from the address: it is read
 *   before its fields run (a missing or forbidden object then fails as itself);
 * - `'always'`: only `id` and `__typename` are selected on a lookup (an object the query names by
 *   an argument): it is read, to answer whether it exists;
 * - `'address'` too when only those are selected on an object the query does not name.
 */
export function whenRead(
  type: GraphQLObjectType,
  selected: Iterable<string>,
  lookup: boolean,
): 'address' | 'always' | string[] {
  const fields = type.getFields();
  const body: string[] = [];
  for (const name of selected) {
    if (FREE.has(name)) continue;
    if (isAddressField(fields[name])) return 'address';
    body.push(name);
  }
  if (body.length > 0) return body;
  return lookup ? 'always' : 'address';
}
