import { type GraphQLResolveInfo, type GraphQLSchema, getNamedType, isObjectType } from 'graphql';
import { builder } from '../builder.ts';
import type { GatewayContext } from '../context.ts';
import { badInput } from '../errorCatalog.ts';
import { asParent } from '../plugins/plainFields.ts';
import { selectedFields, selectsBelow, whenRead } from '../plugins/selections.ts';
import type { Address } from '../resources/codec.ts';
import { decodeGlobalId } from '../resources/globalId.ts';
import { type Resource, resourceOf } from '../resources/resource.ts';
import { keyForm, type Representation } from './keyForm.ts';

type AnyResource = Resource<Address, unknown, object>;

export type { Representation } from './keyForm.ts';

/** The entities of the subgraph, by type name. */
export type EntityIndex = ReadonlyMap<string, Entity>;

/** The field of an object that returns the parent an address segment names. */
const PARENT_FIELDS: Readonly<Record<string, string>> = {
  org: 'organization',
  space: 'space',
  site: 'site',
  spec: 'spec',
  comment: 'comment',
};

/** One entity of the subgraph: its type, resource and keys (selections, first the global ID). */
export interface Entity {
  typename: string;
  resource: AnyResource;
  keys: string[];
  /** The natural key (`restId` with its parents' natural keys), when the address has one. */
  natural?: string;
  /** The parent fields of the natural key, by address segment. */
  parents: Readonly<Record<string, { field: string; resource: AnyResource }>>;
}

/**
 * The entities of the graph: every `Node` type is one, keyed by its global ID (`id`). A type
 * whose address has no optional segment is also keyed by its REST id (`restId`) with its
 * parents' natural keys (`organization { restId } restId`), the address the REST API names it
 * by; a change request also by `space { id } number`, its number within its space (the spec's
 * `changeRequestId` accepts either).
 */
export function entitiesOf(schema: GraphQLSchema): Entity[] {
  const node = schema.getType('Node');
  const entities = new Map<string, Entity>();
  const types = Object.values(schema.getTypeMap()).filter(
    (type) => isObjectType(type) && type.getInterfaces().some((i) => i === node),
  );
  // Parents first, so that a child's natural key can name its parent's.
  const resources = types
    .map((type) => resourceOf(type.name))
    .filter((r): r is AnyResource => r !== undefined)
    .sort((a, b) => a.segments.length - b.segments.length);
  for (const resource of resources) {
    const type = schema.getType(resource.typename);
    if (!isObjectType(type)) continue;
    const entity: Entity = {
      typename: resource.typename,
      resource,
      keys: ['id'],
      parents: {},
    };
    if (!hasOptionalSegment(resource)) {
      const parents: Record<string, { field: string; resource: AnyResource }> = {};
      const nested: string[] = [];
      for (const segment of resource.segments.slice(0, -1)) {
        const field = PARENT_FIELDS[segment];
        const returned = field ? type.getFields()[field] : undefined;
        const parent = returned ? resourceOf(getNamedType(returned.type).name) : undefined;
        const key = parent && entities.get(parent.typename)?.natural;
        if (!field || !parent || !key) break;
        parents[segment] = { field, resource: parent };
        nested.push(`${field} { ${key} }`);
      }
      if (Object.keys(parents).length === resource.segments.length - 1) {
        entity.natural = [...nested, 'restId'].join(' ');
        entity.parents = parents;
        entity.keys.push(entity.natural);
      }
    }
    if (resource.typename === 'ChangeRequest') entity.keys.push('space { id } number');
    entities.set(resource.typename, entity);
  }
  return [...entities.values()];
}

/** True when an address of `resource` may leave a segment out (content of a change request). */
function hasOptionalSegment(resource: AnyResource): boolean {
  const { length } = resource.segments;
  return (
    length > 1 &&
    resource.parseLocal(
      Array(length - 1)
        .fill('x')
        .join('/'),
    ) !== undefined
  );
}

/** The address a representation names by the global ID: BAD_USER_INPUT when it names none. */
function byGlobalId(entity: Entity, id: string): Address {
  const decoded = decodeGlobalId(id);
  const address =
    decoded.typename === entity.typename ? entity.resource.parseLocal(decoded.id) : undefined;
  if (!address) throw badInput('representations', `not a valid ${entity.typename} ID`);
  return address;
}

/** The address a representation names by its natural key (`restId` and the parents' keys). */
function byNaturalKey(entity: Entity, representation: Representation, all: EntityIndex): Address {
  const parents: Record<string, string> = {};
  for (const [segment, { field, resource }] of Object.entries(entity.parents)) {
    const given = representation[field];
    const parent = all.get(resource.typename);
    if (!parent || typeof given !== 'object' || given === null) {
      throw badInput('representations', `${entity.typename} needs ${field} in its key`);
    }
    parents[segment] = resource.globalId(addressOf(parent, given as Representation, all));
  }
  const restId = representation.restId;
  if (typeof restId !== 'string') {
    throw badInput('representations', `${entity.typename} needs restId in its key`);
  }
  // The one rule of input ids: a REST id with its parents beside it, each segment checked.
  return entity.resource.parseInput(restId, { parents });
}

/** The address a representation names by its global ID or natural key (`keyForm`). */
function addressOf(entity: Entity, representation: Representation, all: EntityIndex): Address {
  const form = keyForm(entity.typename, representation, entity.natural !== undefined);
  if (form.by === 'id') return byGlobalId(entity, form.id);
  if (form.by === 'restId') return byNaturalKey(entity, representation, all);
  throw badInput(
    'representations',
    form.by === 'none' ? form.reason : `no key of ${entity.typename} in the representation`,
  );
}

/**
 * Resolves one representation through the resource's descriptor and the request's one cache,
 * as `node`/`nodes` do: the object's address (a stub, no call) when the fields selected on it
 * are all known from its address or start from it; otherwise its body, read once per request, so
 * a missing or forbidden object fails as itself (null at its place, with its error). A change
 * request named by its number is a lookup: read also when only its `id` is selected. `_entities`
 * is no Pothos field: the value is handed on as the plain fields selected on it read it
 * (`asParent`), as the graph's own fields hand on theirs.
 */
export async function resolveEntity(
  entity: Entity,
  all: EntityIndex,
  representation: Representation,
  ctx: GatewayContext,
  info: GraphQLResolveInfo,
): Promise<object> {
  const type = info.schema.getType(entity.typename);
  const value = await entityValue(entity, all, representation, ctx, info);
  if (!isObjectType(type)) return value;
  return asParent(value, type, selectedFields(info, entity.typename)) as object;
}

/** The value of one representation: its stub, or its body (see `resolveEntity`). */
async function entityValue(
  entity: Entity,
  all: EntityIndex,
  representation: Representation,
  ctx: GatewayContext,
  info: GraphQLResolveInfo,
): Promise<object> {
  const { resource } = entity;
  const form = keyForm(entity.typename, representation, entity.natural !== undefined);
  // A change request by number keeps it in its address (`Resource.named`), as a lookup does.
  const stub =
    form.by === 'number'
      ? resource.named(
          ctx,
          resource.parseInput(String(form.number), { parents: { space: form.space } }),
          () => selectsBelow(info, 'id'),
        )
      : resource.stub(addressOf(entity, representation, all));
  resource.selected(stub, info);
  const type = info.schema.getType(entity.typename);
  if (!isObjectType(type)) return stub;
  const read = whenRead(type, selectedFields(info, entity.typename), form.by === 'number');
  return read === 'address' ? stub : resource.full(ctx, stub);
}

/**
 * Declares the federation-only `restId` field of every entity with a natural key, on the one
 * builder: called after the standalone schema is built, so only the subgraph schema has it.
 */
export function declareRestIds(entities: readonly Entity[]): void {
  for (const entity of entities) {
    const { resource } = entity;
    if (!entity.natural) continue;
    builder.objectField(entity.typename as never, 'restId', (t) =>
      t.id({
        nullable: false,
        description: `The REST id of the ${entity.typename} (unique within its parent), as \`/v1\` names it.`,
        // Known from the address: never waits for the body.
        address: true,
        resolve: (value: object, _args: object, ctx: GatewayContext) => {
          const own = (address: object) =>
            (address as Record<string, string>)[resource.own] as string;
          const address = resource.canonical(ctx, resource.addressOf(value));
          return address instanceof Promise ? address.then(own) : own(address);
        },
      }),
    );
  }
}
