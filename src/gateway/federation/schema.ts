import { createRequire } from 'node:module';
import type * as ApolloSubgraph from '@apollo/subgraph';
import {
  buildASTSchema,
  type ConstDirectiveNode,
  type DefinitionNode,
  GraphQLError,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  GraphQLUnionType,
  isObjectType,
  Kind,
  parse,
  printSchema,
  type ValidationRule,
} from 'graphql';
import { builder } from '../builder.ts';
import type { GatewayContext } from '../context.ts';
import { badInput } from '../errorCatalog.ts';
import type { RequestPart } from '../plugins/requestPart.ts';
import { schema as standalone } from '../schema/index.ts';
import {
  declareRestIds,
  type Entity,
  entitiesOf,
  type Representation,
  resolveEntity,
} from './entities.ts';

// @apollo/subgraph (and the Federation internals it brings) is loaded when the subgraph is built
// (`--federation`), not at start. It is CommonJS, so `require` keeps `subgraph()` synchronous.
const require = createRequire(import.meta.url);

/** The Federation version the subgraph's SDL links. */
export const FEDERATION_URL = 'https://specs.apollo.dev/federation/v2.6';

/** The subgraph: its executable schema, its Federation SDL and its entities. */
export interface Subgraph {
  schema: GraphQLSchema;
  /** What `_service { sdl }` answers (printed to `schema/subgraph.graphql`). */
  sdl: string;
  entities: readonly Entity[];
}

const AnyScalar = new GraphQLScalarType({
  name: '_Any',
  description: 'A representation of an entity: `__typename` and the fields of one of its keys.',
});

const ServiceType = new GraphQLObjectType({
  name: '_Service',
  description: 'What a router reads of the subgraph.',
  fields: { sdl: { type: GraphQLString, description: 'The Federation v2 SDL of the subgraph.' } },
});

/** The type each entity value resolved to (stubs carry no type name of their own). */
const entityTypes = new WeakMap<object, string>();

function stringNode(value: string) {
  return { kind: Kind.STRING, value } as const;
}

function directive(
  name: string,
  args: Record<string, ReturnType<typeof stringNode> | { kind: Kind.LIST; values: unknown[] }>,
): ConstDirectiveNode {
  return {
    kind: Kind.DIRECTIVE,
    name: { kind: Kind.NAME, value: name },
    arguments: Object.entries(args).map(([arg, value]) => ({
      kind: Kind.ARGUMENT,
      name: { kind: Kind.NAME, value: arg },
      value: value as never,
    })),
  };
}

/**
 * The Federation v2 SDL of the subgraph (what `_service { sdl }` answers): its types with their
 * `@key`s and the `@link` to the Federation spec, printed by `@apollo/subgraph` (the federation
 * types and root fields left out, as routers expect).
 */
function federationSdl(schema: GraphQLSchema, entities: readonly Entity[]): string {
  const keys = new Map(entities.map((e) => [e.typename, e.keys]));
  const definitions: DefinitionNode[] = parse(printSchema(schema)).definitions.map((definition) => {
    const typeKeys =
      definition.kind === Kind.OBJECT_TYPE_DEFINITION && keys.get(definition.name.value);
    if (!typeKeys) return definition;
    return {
      ...definition,
      directives: typeKeys.map((fields) => directive('key', { fields: stringNode(fields) })),
    };
  });
  definitions.unshift({
    kind: Kind.SCHEMA_EXTENSION,
    directives: [
      directive('link', {
        url: stringNode(FEDERATION_URL),
        import: { kind: Kind.LIST, values: [stringNode('@key')] },
      }),
    ],
  });
  const { printSubgraphSchema } = require('@apollo/subgraph') as typeof ApolloSubgraph;
  return printSubgraphSchema(
    buildASTSchema({ kind: Kind.DOCUMENT, definitions }, { assumeValidSDL: true }),
  );
}

/** Adds `_entities` and `_service` to the root query of `base`. */
function withFederationFields(
  base: GraphQLSchema,
  entities: readonly Entity[],
  service: { sdl: string },
): GraphQLSchema {
  const all = new Map(entities.map((e) => [e.typename, e]));
  const config = base.toConfig();
  const query = base.getQueryType();
  if (!query) throw new Error('the schema has no query type');
  const Entity = new GraphQLUnionType({
    name: '_Entity',
    description: 'Every entity of the subgraph (each `Node` type).',
    types: () =>
      entities.map((e) => {
        const type = base.getType(e.typename);
        if (!isObjectType(type)) throw new Error(`entity ${e.typename} is no object type`);
        return type;
      }),
    resolveType: (value: object) => entityTypes.get(value),
  });
  const Query = new GraphQLObjectType({
    ...query.toConfig(),
    fields: () => ({
      _entities: {
        type: new GraphQLNonNull(new GraphQLList(Entity)),
        description:
          'Entities by their representations, in order, as `nodes` loads them: an object whose selected fields are known from its key costs no upstream call, others one each (once per request). A representation that fails answers null at its place.',
        args: {
          representations: {
            type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(AnyScalar))),
            description: 'The representations: `__typename` and the fields of one key.',
          },
        },
        resolve: (_root, args: { representations: unknown[] }, ctx: GatewayContext, info) =>
          args.representations.map(async (raw) => {
            const representation = raw as Representation | null;
            const typename = representation?.__typename;
            const entity = typeof typename === 'string' ? all.get(typename) : undefined;
            if (!representation || !entity) {
              throw badInput('representations', `${JSON.stringify(typename)} is not an entity`);
            }
            const value = await resolveEntity(entity, all, representation, ctx, info);
            entityTypes.set(value, entity.typename);
            return value;
          }),
      },
      _service: {
        type: new GraphQLNonNull(ServiceType),
        description: 'The subgraph, as a router composes it.',
        resolve: () => service,
      },
      ...query.toConfig().fields,
    }),
  });
  return new GraphQLSchema({
    ...config,
    query: Query,
    types: [...config.types.filter((t) => t !== query), Query, Entity, AnyScalar, ServiceType],
  });
}

/**
 * Refuses `_service` as GraphQL refuses `__schema` when introspection is disabled: the SDL is the
 * whole schema, descriptions included. Routers then compose from `schema/subgraph.graphql`.
 */
export const NoServiceSdlRule: ValidationRule = (context) => ({
  Field(node) {
    const parent = context.getParentType();
    if (
      node.name.value !== '_service' ||
      !parent ||
      parent !== context.getSchema().getQueryType()
    ) {
      return;
    }
    context.reportError(
      new GraphQLError(
        'GraphQL introspection has been disabled, but the requested query contained the field "_service": compose from the published schema/subgraph.graphql instead.',
        { nodes: node },
      ),
    );
  },
});

/** The parts of the subgraph's request path: `_service` refused when introspection is disabled. */
export function federationParts(options: { introspection: boolean }): RequestPart[] {
  if (options.introspection) return [];
  return [
    {
      name: 'federation',
      onValidate: ({ addValidationRule }) => addValidationRule(NoServiceSdlRule),
    },
  ];
}

let built: Subgraph | undefined;

/**
 * The graph as a Federation v2 subgraph, built on first use: the standalone schema plus the
 * federation-only `restId` fields of natural keys, `_entities` and `_service`, with an `@key`
 * per entity key in its SDL. The standalone schema is built before any of this is declared, so
 * it is unchanged.
 */
export function subgraph(): Subgraph {
  if (built) return built;
  const entities = entitiesOf(standalone);
  declareRestIds(entities);
  const service = { sdl: '' };
  const schema = withFederationFields(builder.toSchema({ sortSchema: false }), entities, service);
  service.sdl = federationSdl(schema, entities);
  built = { schema, sdl: service.sdl, entities };
  return built;
}
