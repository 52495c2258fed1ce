import SchemaBuilder, {
  BasePlugin,
  type PothosOutputFieldConfig,
  type SchemaTypes,
} from '@pothos/core';
import type { GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../context.ts';
import type { Address } from '../resources/codec.ts';
import { type Resource, resourceOf } from '../resources/resource.ts';
import { isStub, knows } from '../resources/stubs.ts';
import { selectedFields } from './selections.ts';

type AnyResource = Resource<Address, unknown, object>;

/**
 * The fields of its body a query asks of a stub returned for `info`, when it asks for nothing
 * that could start from its address alone (child lists, objects addressed under it); undefined
 * otherwise. A stub is loaded before its fields run when one of them is not already known on it:
 * loading then costs no latency, and a failed read (a missing object, a forbidden one) fails this
 * field, as the object's own error, rather than each of its fields.
 */
function preloaded(resource: AnyResource, info: GraphQLResolveInfo): string[] | undefined {
  const body: string[] = [];
  for (const field of selectedFields(info)) {
    if (field === '__typename' || field === 'id') continue;
    if (resource.addressFields.has(field)) return undefined;
    body.push(field);
  }
  return body;
}

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
 * every field of `body`; failed items become errors.
 */
async function loaded(
  resource: AnyResource,
  ctx: GatewayContext,
  value: unknown,
  body: readonly string[] | 'always',
  item: boolean,
): Promise<unknown> {
  if (Array.isArray(value)) {
    return Promise.all(value.map((v) => loaded(resource, ctx, v, body, true)));
  }
  if (!isStub(value)) return value;
  if (body !== 'always' && body.every((field) => knows(value as object, field))) return value;
  try {
    return await resource.full(ctx, value as object);
  } catch (error) {
    if (item) return error;
    throw error;
  }
}

const isPromise = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/**
 * Address-first resolution. Objects of a REST resource resolve to their address (a stub); a
 * field that needs the body waits for it (read once per request), while fields answered from the
 * address (`addressFields`: the id, child lists, objects addressed under it) start at once. So an
 * upstream call starts as soon as the ids it needs are known, whatever the query's nesting.
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
    // A field may declare itself answered from the address: `extensions: { address: true }`.
    if (owner && fieldConfig.extensions?.address === true)
      owner.addressFields.add(fieldConfig.name);
    const needsBody = owner !== undefined && !owner.addressFields.has(fieldConfig.name);
    const resolveWithBody: GraphQLFieldResolver<unknown, Types['Context'], object> = needsBody
      ? (parent, args, context, info) =>
          isStub(parent) && !knows(parent as object, fieldConfig.name)
            ? owner
                .full(context as GatewayContext, parent as object)
                .then((body) => resolver(body, args, context, info))
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
        const body = preloaded(resource, info);
        if (body?.length) return loaded(resource, ctx, stubbed, body, false);
        // A lookup (a field with arguments: the caller names the object) asked only for its id
        // reads it, so that a missing object answers NOT_FOUND rather than the id it was given.
        if (body && (info.parentType.getFields()[info.fieldName]?.args.length ?? 0) > 0) {
          return loaded(resource, ctx, stubbed, 'always', false);
        }
        return stubbed;
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
