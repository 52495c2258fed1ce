import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import RelayPlugin from '@pothos/plugin-relay';
import ValidationPlugin from '@pothos/plugin-validation';
import type { GraphQLError, GraphQLSchema } from 'graphql';
import type { GatewayContext } from './context.ts';
import { badInput } from './errorCatalog.ts';
import { ValidationError } from './errors.ts';
import { addressFirstPluginName } from './plugins/addressFirst.ts';
import { fieldFactsPluginName } from './plugins/fieldFacts.ts';
import { inputIdsPluginName } from './plugins/inputIds.ts';
import { shapePluginName } from './plugins/shape.ts';
import { decodeGlobalId, INVALID_ID } from './resources/globalId.ts';
import { segmentProblem } from './upstream/path.ts';

/** The BAD_USER_INPUT error of an ID that names no Node type, or undefined when it does. */
function invalidNodeId(
  schema: GraphQLSchema,
  id: { typename: string; id: string },
): GraphQLError | undefined {
  const node = schema.getType('Node');
  const type = schema.getType(id.typename);
  const isNode =
    node && type && 'getInterfaces' in type && type.getInterfaces().some((i) => i === node);
  if (id.typename !== INVALID_ID && isNode) {
    // Every segment of the address must be one path segment: no dot, empty or malformed part.
    try {
      if (!id.id.split('/').some((p) => segmentProblem(decodeURIComponent(p)))) return undefined;
    } catch {}
    return badInput('id', `not a valid ${id.typename} ID`);
  }
  return badInput(
    'id',
    id.typename === INVALID_ID
      ? `${JSON.stringify(id.id)} is not a global ID`
      : `${id.typename} is not a type that node(id) loads`,
  );
}

/** The one SchemaBuilder of the graph, with its plugins; types live in `schema/<domain>/`. */
export const builder = new SchemaBuilder<{
  Context: GatewayContext;
  Scalars: {
    ID: { Input: string; Output: string };
    DateTime: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
  };
  DefaultInputFieldRequiredness: false;
}>({
  // Errors must come first so that invalid input (ids, then zod) becomes a typed ValidationError.
  plugins: [
    ErrorsPlugin,
    inputIdsPluginName,
    ValidationPlugin,
    RelayPlugin,
    DataloaderPlugin,
    // Each field's own facts (`address`, `cost`, `embedded`), kept in its extensions.
    fieldFactsPluginName,
    // Address-first wraps the shape plugin: fields see the loaded body, damage markers included.
    addressFirstPluginName,
    shapePluginName,
  ],
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodesOnConnection: { description: 'The items (a shortcut for `edges { node }`).' },
    nodeTypeOptions: {
      description: 'An object with a global ID that `node(id)` fetches in one upstream call.',
    },
    pageInfoTypeOptions: { description: 'Where a page of a connection stands.' },
    idFieldOptions: { description: 'Global ID: base64 of the type name and the REST address.' },
    firstArgOptions: { description: 'How many items to return (1 to 1000, default 50).' },
    afterArgOptions: { description: 'Return the items after this cursor (an `endCursor`).' },
    lastArgOptions: {
      description: 'Not supported: the upstream pages forward only (answers BAD_USER_INPUT).',
    },
    beforeArgOptions: {
      description: 'Not supported: the upstream pages forward only (answers BAD_USER_INPUT).',
    },
    cursorFieldOptions: { description: 'Where this item stands, for `after`.' },
    nodeFieldOptions: { description: 'The item.' },
    edgesFieldOptions: { description: 'The items with their cursors.' },
    pageInfoFieldOptions: { description: 'Where this page stands.' },
    hasNextPageFieldOptions: { description: 'True when more items follow this page.' },
    hasPreviousPageFieldOptions: {
      description: 'Always false: the upstream pages forward only.',
    },
    startCursorFieldOptions: { description: 'Cursor of the first item of this page.' },
    endCursorFieldOptions: { description: 'Cursor of the last item of this page, for `after`.' },
    defaultConnectionTypeOptions: { description: 'A page of a list, over the REST page tokens.' },
    defaultEdgeTypeOptions: { description: 'An item of a list with its cursor.' },
    defaultPayloadTypeOptions: { description: 'What a mutation changed.' },
    decodeGlobalID: decodeGlobalId,
    nodeQueryOptions: {
      description: 'An object by its global ID, in one upstream call.',
      // A lookup: read when a selected field needs the body (or for `id` alone).
      cost: { returns: 'node' },
      args: { id: { description: 'A global ID from the graph.' } },
      resolve: (_root, args, _ctx, info, resolveNode) => {
        const invalid = invalidNodeId(info.schema, args.id);
        if (invalid) throw invalid;
        return resolveNode(args.id);
      },
    },
    nodesQueryOptions: {
      description:
        'Objects by their global IDs, in order; one upstream call per distinct object. An ID that fails answers null at its place.',
      // Lookups, per distinct ID: read when a selected field needs the body (or for `id` alone).
      cost: { returns: 'nodes' },
      args: { ids: { description: 'Global IDs from the graph.' } },
      resolve: async (_root, args, _ctx, info, resolveNodes) => {
        const checks = args.ids.map((id) => invalidNodeId(info.schema, id));
        const valid = args.ids.filter((_id, i) => !checks[i]);
        // The plugin's resolveNodes reads `args.ids` (not its argument): narrow it to the valid ones.
        args.ids = valid;
        const loaded = await resolveNodes(valid);
        let next = 0;
        return checks.map((invalid) => invalid ?? loaded[next++]);
      },
    },
  },
  errors: {
    directResult: true,
    defaultUnionOptions: {
      description: 'The payload of the mutation, or the contract error that stopped it.',
    },
    unsafelyHandleInputErrors: true,
    defaultTypes: [],
  },
  validation: {
    validationError: (result) => ValidationError.fromIssues(result.issues),
  },
});

// Relay's connectionObject drops `defaultConnectionTypeOptions.fields`; a global field is kept.
builder.globalConnectionField('totalCount', (t) =>
  t.int({
    description: 'Total number of items matching the filters (the REST `count`).',
    nullable: true,
    // 0 when the upstream's list page leaves `count` out (it is not always present); a null
    // `count` stays null.
    resolve: (parent) => {
      const total = (parent as { totalCount?: number | null }).totalCount;
      return total === undefined ? 0 : total;
    },
  }),
);
