import SchemaBuilder, {
  BasePlugin,
  type PothosOutputFieldConfig,
  type SchemaTypes,
} from '@pothos/core';
import { type GraphQLFieldResolver, type GraphQLResolveInfo, isObjectType } from 'graphql';
import type { GatewayContext } from '../context.ts';
import type { Address } from '../resources/codec.ts';
import { type Resource, resourceOf } from '../resources/resource.ts';
import { isStub, knows } from '../resources/stubs.ts';
import { isAddressField } from './fieldFacts.ts';
import { asParent } from './plainFields.ts';
import { selectedFields, whenRead } from './selections.ts';

type AnyResource = Resource<Address, unknown, object>;

/**
 * A resolved value with every local id (a string) turned into the stub at that address, or null
 * when it is not a valid address (empty, malformed: such a reference points nowhere, no call).
 */
function addressed(resource: AnyResource, value: unknown): unknown {
  if (typeof value === 'string') {
    const address = resource.parseLocal(value);
    return address ? resource.stub(address) : null;
  }
  return Array.isArray(value) ? value.map((v) => addressed(resource, v)) : value;
}

/** Notes what `info` selects on the stubs of a resolved value: their body is read in that form. */
function select(resource: AnyResource, value: unknown, info: GraphQLResolveInfo): void {
  if (Array.isArray(value)) for (const v of value) select(resource, v, info);
  else if (isStub(value)) resource.selected(value as object, info);
}

/**
 * Loads the stubs of a resolved value (an object or a list of them) that do not already know
 * every field of `body`, each body handed on as `info` selects it (`asParent`); failed items
 * become errors.
 */
async function loaded(
  resource: AnyResource,
  ctx: GatewayContext,
  value: unknown,
  body: readonly string[] | 'always',
  info: GraphQLResolveInfo,
  item: boolean,
): Promise<unknown> {
  if (Array.isArray(value)) {
    return Promise.all(value.map((v) => loaded(resource, ctx, v, body, info, true)));
  }
  if (!isStub(value)) return value;
  if (body !== 'always' && body.every((field) => knows(value as object, field))) return value;
  try {
    const full = await resource.full(ctx, value as object);
    const type = info.schema.getType(resource.typename);
    return isObjectType(type) ? asParent(full, type, selectedFields(info, type.name)) : full;
  } catch (error) {
    if (item) return error;
    throw error;
  }
}

const isPromise = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/**
 * When the stubs a field returns are read, by the one rule of `whenRead`: `'address'` (not
 * before a field needs the body), `'always'`, or before their fields run unless they already
 * know these body fields. A field with arguments names its object: it is a lookup.
 */
function readWhen(resource: AnyResource, info: GraphQLResolveInfo) {
  const type = info.schema.getType(resource.typename);
  if (!isObjectType(type)) return 'address';
  const lookup = (info.parentType.getFields()[info.fieldName]?.args.length ?? 0) > 0;
  return whenRead(type, selectedFields(info, resource.typename), lookup);
}

/**
 * Address-first resolution. Objects of a REST resource resolve to their address (a stub); a
 * field that needs the body waits for it (read once per request), while fields answered from the
 * address (the id, and fields declaring `address: true`: child lists, objects addressed under
 * it) start at once. So an upstream call starts as soon as the ids it needs are known, whatever
 * the query's nesting.
 */
export class AddressFirstPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  /** The resource of a field's named return type, if it returns a resource's objects. */
  private returnedResource(fieldConfig: PothosOutputFieldConfig<Types>): AnyResource | undefined {
    let type = fieldConfig.type;
    while (type.kind === 'List') type = type.type;
    const ref = type.ref as unknown;
    const name = typeof ref === 'string' ? ref : this.buildCache.getTypeConfig(type.ref).name;
    return resourceOf(name);
  }

  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    const owner = resourceOf(fieldConfig.parentType);
    // The field's facts are in its extensions already (the fieldFacts plugin put them there).
    const needsBody = owner !== undefined && !isAddressField(fieldConfig);
    // A body read for this field is handed on as it reads it (`asParent`: a plain member read).
    const reads = [fieldConfig.name];
    const resolveWithBody: GraphQLFieldResolver<unknown, Types['Context'], object> = needsBody
      ? (parent, args, context, info) =>
          isStub(parent) && !knows(parent as object, fieldConfig.name)
            ? owner
                .full(context as GatewayContext, parent as object)
                .then((body) =>
                  resolver(asParent(body, info.parentType, reads), args, context, info),
                )
            : resolver(parent, args, context, info)
      : resolver;
    // Only fields that return a resource's objects, or need their parent's body, are wrapped.
    const resource = this.returnedResource(fieldConfig);
    if (!resource) return resolveWithBody;
    return (parent, args, context, info) => {
      const result = resolveWithBody(parent, args, context, info);
      const ctx = context as GatewayContext;
      const complete = (value: unknown) => {
        const stubbed = addressed(resource, value);
        select(resource, stubbed, info);
        const read = readWhen(resource, info);
        return read === 'address' ? stubbed : loaded(resource, ctx, stubbed, read, info, false);
      };
      return isPromise(result) ? Promise.resolve(result).then(complete) : complete(result);
    };
  }
}

export const addressFirstPluginName = 'addressFirst' as const;
SchemaBuilder.registerPlugin(addressFirstPluginName, AddressFirstPlugin);

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      addressFirst: AddressFirstPlugin<Types>;
    }
  }
}
