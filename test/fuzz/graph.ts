import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

// The graph side of the shape fuzzer: nested queries generated from the schema, and the type of
// every place of a response (for the nearest-nullable-ancestor rule).

/** Required arguments the generator knows values for (other fields with required ones are skipped). */
const KNOWN_ARGS: Record<string, string> = {
  'Organization.search': 'query: "api"',
  'Space.search': 'query: "api"',
};

/**
 * Fields left out of the generated queries: `Page.references` is computed from other answers (the
 * page's Markdown, its revision's tree, its organization's specs), so damage to any shows there
 * as well as where the value shows, which this oracle cannot attribute.
 * `test/gateway/references.test.ts` covers it.
 */
const DERIVED = new Set(['Page.references']);

export interface SelectionOptions {
  /** Levels of object fields expanded below this one. */
  depth: number;
  /** Levels of connections expanded below this one. */
  connections: number;
  /** `first` of connections. */
  first: number;
  /** Expand fields with optional arguments (page bodies) and lists of objects at this level. */
  bodies: boolean;
}

function argsOf(type: string, field: GraphQLField<unknown, unknown>): string | undefined {
  const known = KNOWN_ARGS[`${type}.${field.name}`];
  if (field.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined) && !known) {
    return undefined;
  }
  return known ?? '';
}

const isConnection = (type: GraphQLNamedType) => /Connection$/.test(type.name);

/** A selection set of every field of `type` the options reach, `__typename` first. */
export function selectionOf(type: GraphQLNamedType, options: SelectionOptions): string {
  if (isLeafType(type)) return '';
  if (isAbstractType(type)) {
    const possible = isInterfaceType(type) ? [] : type.getTypes();
    const parts = possible.map((t) => `... on ${t.name} ${selectionOf(t, options)}`);
    return `{ __typename ${parts.join(' ')} }`;
  }
  const object = type as GraphQLObjectType;
  const parts = ['__typename'];
  for (const field of Object.values(object.getFields())) {
    if (DERIVED.has(`${object.name}.${field.name}`)) continue;
    const args = argsOf(object.name, field);
    if (args === undefined) continue;
    const named = getNamedType(field.type);
    const call = args ? `${field.name}(${args})` : field.name;
    if (isLeafType(named)) {
      if (field.args.length > 0 && !options.bodies && !args) continue;
      parts.push(call);
      continue;
    }
    if (isConnection(named)) {
      if (options.connections <= 0) continue;
      const edge = getNamedType(
        (named as GraphQLObjectType).getFields().edges?.type as GraphQLOutputType,
      );
      const node = getNamedType(
        (edge as GraphQLObjectType).getFields().node?.type as GraphQLOutputType,
      );
      const inner = {
        ...options,
        depth: Math.min(options.depth, 1),
        connections: options.connections - 1,
        bodies: false,
      };
      const first = `first: ${options.first}${args ? `, ${args}` : ''}`;
      const extra =
        'stats' in (named as GraphQLObjectType).getFields()
          ? ` stats ${selectionOf(getNamedType((named as GraphQLObjectType).getFields().stats?.type as GraphQLOutputType), { ...inner, depth: 2 })}`
          : '';
      parts.push(
        `${field.name}(${first}) { totalCount pageInfo { hasNextPage endCursor }${extra} edges { cursor node ${selectionOf(node, inner)} } }`,
      );
      continue;
    }
    if (field.args.length > 0 && !options.bodies) continue;
    if (options.depth <= 0) continue;
    // Connections are expanded at the level they were asked for, not below its objects.
    const inner = { ...options, depth: options.depth - 1, connections: 0, bodies: false };
    parts.push(`${call} ${selectionOf(named, inner)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

/** Whether each place along `path` of a response may be null, and the named type there. */
export interface Place {
  nullable: boolean;
  type: GraphQLNamedType;
}

function fieldsOf(
  set: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  out: FieldNode[] = [],
): FieldNode[] {
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD) out.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT)
      fieldsOf(selection.selectionSet, fragments, out);
    else fieldsOf(fragments[selection.name.value]?.selectionSet, fragments, out);
  }
  return out;
}

/**
 * The places along a response path (`['node', 'spaces', 'edges', 0, 'node', 'title']`): for
 * each segment, whether the schema lets it be null. Abstract types are resolved through the
 * `__typename` of `data` at that place (the generated queries select it everywhere).
 */
export function placesAlong(
  schema: GraphQLSchema,
  document: DocumentNode,
  data: unknown,
  path: ReadonlyArray<string | number>,
): Place[] {
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
  }
  const places: Place[] = [];
  let type: GraphQLOutputType = schema.getQueryType() as GraphQLObjectType;
  let set = operation?.selectionSet;
  let value = data;
  for (const segment of path) {
    // Inside a scalar (a JSON value) there are no more places of the graph.
    if (isLeafType(getNamedType(type))) break;
    if (typeof segment === 'number') {
      value = (value as unknown[] | null | undefined)?.[segment];
      const list = isNonNullType(type) ? type.ofType : type;
      if (!isListType(list)) throw new Error(`not a list at ${path.join('.')}`);
      type = list.ofType as GraphQLOutputType;
      places.push({ nullable: !isNonNullType(type), type: getNamedType(type) });
      continue;
    }
    // Abstract types are resolved by the `__typename` the object carries.
    const runtime = (value as { __typename?: unknown } | null | undefined)?.__typename;
    const parent =
      typeof runtime === 'string'
        ? (schema.getType(runtime) ?? getNamedType(type))
        : getNamedType(type);
    value = (value as Record<string, unknown> | null | undefined)?.[segment];
    const node = fieldsOf(set, fragments).find((f) => (f.alias?.value ?? f.name.value) === segment);
    if (!node) throw new Error(`no field ${segment} at ${path.join('.')}`);
    const field = fieldOn(schema, parent, node.name.value);
    type = field.type;
    places.push({ nullable: !isNonNullType(type), type: getNamedType(type) });
    set = node.selectionSet;
  }
  return places;
}

function fieldOn(
  schema: GraphQLSchema,
  parent: GraphQLNamedType,
  name: string,
): GraphQLField<unknown, unknown> {
  if (isObjectType(parent) || isInterfaceType(parent)) {
    const field = parent.getFields()[name];
    if (field) return field;
  }
  if (isAbstractType(parent)) {
    for (const type of schema.getPossibleTypes(parent)) {
      const field = type.getFields()[name];
      if (field) return field;
    }
  }
  throw new Error(`no field ${name} on ${parent.name}`);
}
