import { ObjectRef } from '@pothos/core';
import { GraphQLError } from 'graphql';
import { builder } from '../builder.ts';
import type { GatewayContext } from '../context.ts';
import type { Address, Resource } from './resource.ts';

type Types = typeof builder.$inferSchemaTypes;

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
 * The Relay node type of a resource: its `id` is the global ID of its address, and `node(id)` /
 * `nodes(ids)` read it at that address through the request's one cache (a malformed address is
 * BAD_USER_INPUT for its ID alone, with no call). `ref` implements a ref made by `resourceRef`.
 */
export function resourceNode<A extends Address, Item, Shape extends object>(
  resource: Resource<A, Item, Shape>,
  options: ResourceNodeOptions<Shape>,
  ref: ObjectRef<Types, Shape | string, Shape> = resourceRef(resource),
): ObjectRef<Types, Shape | string, Shape> {
  builder.node(ref, {
    ...options,
    id: { resolve: (value: Shape) => resource.localId(resource.addressOf(value)) },
    loadManyWithoutCache: (ids: string[], ctx: GatewayContext) =>
      Promise.all(
        ids.map((localId) => {
          const address = resource.parseLocal(localId);
          if (!address) {
            return new GraphQLError(`id: not a valid ${resource.typename} ID`, {
              extensions: { code: 'BAD_USER_INPUT' },
            });
          }
          return resource.load(ctx, address).catch((error: Error) => error);
        }),
      ) as Promise<Shape[]>,
  } as never);
  return ref;
}
