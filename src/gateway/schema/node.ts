import { ObjectRef } from '@pothos/core';
import { type GraphQLResolveInfo, isObjectType } from 'graphql';
import { builder } from '../builder.ts';
import type { GatewayContext } from '../context.ts';
import { badInput } from '../errorCatalog.ts';
import { selectedFields, whenRead } from '../plugins/selections.ts';
import type { Address } from '../resources/codec.ts';
import type { Resource } from '../resources/resource.ts';
import type { Types } from './base.ts';

/** What a resource's node type declares: its description and fields (ids and loading are given). */
export type ResourceNodeOptions<Shape extends object> = Omit<
  PothosSchemaTypes.ObjectTypeOptions<Types, Shape>,
  'name' | 'isTypeOf'
>;

/**
 * The ref of a resource's node type before `resourceNode` implements it, for types that refer to
 * each other or are implemented in another file. A field of this type may return the object's
 * value, a stub, or the local part of its ID.
 */
export function resourceRef<A extends Address, Item, Shape extends object>(
  resource: Resource<A, Item, Shape>,
): ObjectRef<Types, Shape | string, Shape> {
  return new ObjectRef<Types, Shape | string, Shape>(resource.typename);
}

/**
 * The Relay node type of a resource: its `id` is the global ID of its address (an alias in it
 * shown as the id it stands for, see `Resource.named`), and `node(id)` /
 * `nodes(ids)` are lookups of it (see `nodeLookup`), read in the form the selected fields need
 * through the request's one cache (a malformed address is BAD_USER_INPUT for its ID alone, with
 * no call). `ref` implements a ref made by `resourceRef`.
 */
export function resourceNode<A extends Address, Item, Shape extends object>(
  resource: Resource<A, Item, Shape>,
  options: ResourceNodeOptions<Shape>,
  ref: ObjectRef<Types, Shape | string, Shape> = resourceRef(resource),
): ObjectRef<Types, Shape | string, Shape> {
  builder.node(ref, {
    ...options,
    // An object a request named by an alias shows the id the alias stands for.
    id: {
      resolve: (value: Shape, _args: object, ctx: GatewayContext) => resource.localIdIn(ctx, value),
    },
    loadWithoutCache: (localId: string, ctx: GatewayContext, info: GraphQLResolveInfo) => {
      const address = resource.parseLocal(localId);
      if (!address) {
        return badInput('id', `not a valid ${resource.typename} ID`);
      }
      return nodeLookup(resource, ctx, address, info);
    },
  } as never);
  return ref;
}

/**
 * The object a field's argument names, at `address`: its stub. Address-first resolution reads it
 * by the lookup rule (`whenRead`): before its fields run when the query asks only its body, and
 * also when it asks nothing of it but its id, so that a missing object answers null with its
 * error (NOT_FOUND) as `node(id)` does, rather than an object that does not exist.
 */
export function lookup<A extends Address, Item, Shape extends object>(
  resource: Resource<A, Item, Shape>,
  address: A,
): Shape {
  return resource.stub(address);
}

/**
 * `node(id)` as a lookup, as `organization(id)` is: when the query selects a field answered from
 * the address (a child list, an object addressed under it), the object's stub, read only when a
 * selected field needs its body; otherwise the object read at once (a missing or forbidden
 * object then fails as itself, `node: null`), also when only its `id` is asked, to answer
 * whether it exists. A failed read is the node's error.
 */
function nodeLookup<A extends Address, Item, Shape extends object>(
  resource: Resource<A, Item, Shape>,
  ctx: GatewayContext,
  address: A,
  info: GraphQLResolveInfo,
): Shape | Promise<Shape | Error> {
  const type = info.schema.getType(resource.typename);
  const selected = selectedFields(info, resource.typename);
  if (isObjectType(type) && whenRead(type, selected, true) === 'address') {
    const stub = resource.stub(address);
    resource.selected(stub, info);
    return stub;
  }
  return resource.load(ctx, address, resource.bodyQuery(info)).catch((error: Error) => error);
}
