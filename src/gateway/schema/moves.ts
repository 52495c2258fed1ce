import type { ObjectRef } from '@pothos/core';
import type { z } from 'zod';
import { TransferBody } from '../../contract/spaces.ts';
import { builder } from '../builder.ts';
import type { GatewayContext } from '../context.ts';
import type { InputOptions } from '../resources/inputs.ts';
import type { InputFields, Types } from './base.ts';
import { CollectionResource } from './collection/resource.ts';
import {
  capitalized,
  DeletePayload,
  Empty,
  objectPayload,
  validBody,
  write,
  writeMutation,
} from './mutation.ts';
import { OrganizationResource } from './organization/resource.ts';
import { SpaceResource } from './space/resource.ts';

// The inputs and writes spaces and collections share: positions, moves, transfers, deletes.

// ---- Positions (moves) ---------------------------------------------------------------------

/** The resource of each kind of sibling a space or collection can be placed next to. */
const ANCHORS = { space: SpaceResource, collection: CollectionResource } as const;

const PositionAnchorInput = builder.inputType('PositionAnchorInput', {
  description: 'A sibling to place an object next to.',
  fields: (t) => ({
    type: t.string({
      required: true,
      description: 'Kind of the sibling: `space` or `collection`.',
    }),
    id: t.id({ required: true, description: 'The sibling (global ID or REST id).' }),
  }),
});

/** A place among siblings: exactly one of `before` or `after`. */
const PositionInput = builder.inputType('PositionInput', {
  description: 'A place among siblings: exactly one of `before` or `after` a sibling.',
  fields: (t) => ({
    before: t.field({ type: PositionAnchorInput, description: 'Place it before this sibling.' }),
    after: t.field({ type: PositionAnchorInput, description: 'Place it after this sibling.' }),
  }),
});

type Anchor = { type: string; id: string } | null | undefined;

function anchorBody(anchor: Anchor) {
  if (!anchor) return undefined;
  const resource = Object.hasOwn(ANCHORS, anchor.type)
    ? ANCHORS[anchor.type as keyof typeof ANCHORS]
    : undefined;
  // Another kind is sent as given: the body's schema refuses it, naming `position`.
  return {
    type: anchor.type,
    [anchor.type]: resource ? resource.parseInput(anchor.id, { field: 'position' }).id : anchor.id,
  };
}

/** The REST Position of a PositionInput (`{type, <type>: id}` before or after). */
function positionBody(position: { before?: Anchor; after?: Anchor }) {
  const before = anchorBody(position.before);
  const after = anchorBody(position.after);
  return { ...(before ? { before } : {}), ...(after ? { after } : {}) };
}

/**
 * The REST body of a move of a space or collection, checked by its `schema`: `parent` null is the
 * organization root, absent keeps the parent.
 */
function moveBody<S extends z.ZodType>(
  schema: S,
  input: {
    parent?: string | null;
    position?: { before?: Anchor; after?: Anchor } | null;
  },
): z.infer<S> {
  return validBody(schema, {
    ...(input.parent !== undefined
      ? {
          parent:
            input.parent === null
              ? null
              : CollectionResource.parseInput(input.parent, { field: 'parent' }).id,
        }
      : {}),
    ...(input.position ? { position: positionBody(input.position) } : {}),
  });
}

/** The REST body of a transfer to another organization; errors name the input's `organizationId`. */
function transferBody(organizationId: string) {
  return validBody(
    TransferBody,
    {
      organization: OrganizationResource.parseInput(organizationId, { field: 'organizationId' }).id,
    },
    { organization: 'organizationId' },
  );
}

// ---- Writes of spaces and collections ---------------------------------------------------------

/** An object of an organization's tree (a space, a collection) as its writes name it. */
export interface TreeObject<F extends string, K extends string, Item> {
  readonly resource: {
    parseInput(value: string, options?: InputOptions): { id: string };
    route(name: 'move' | 'transfer', ...ids: unknown[]): string;
    path(address: { id: string }): string;
    globalId(address: { id: string }): string;
  };
  /** The input field holding its id (`spaceId`). */
  readonly field: F;
  /** Its key in its payload (`space`), and the word for it in descriptions. */
  readonly key: K;
  /** The description of its id field. */
  readonly description: string;
  /** Its payload, read from the REST answer (`contract`). */
  readonly payload: ObjectRef<Types, NoInfer<Record<K, Item | string>>>;
  readonly contract: z.ZodType<Item>;
}

/**
 * An object of the tree named in inputs by `<key>Id` (global ID or REST id) and answered in
 * `<Type>Payload` (`{ <key> }`), read from the REST answer with `contract`.
 */
export function treeObject<K extends string, Item>(
  ref: ObjectRef<Types, Item | string> & { name: string },
  resource: TreeObject<`${K}Id`, K, Item>['resource'],
  key: K,
  contract: z.ZodType<Item>,
): TreeObject<`${K}Id`, K, Item> {
  return {
    resource,
    field: `${key}Id`,
    key,
    description: `${capitalized(key)} (global ID or REST id).`,
    payload: objectPayload(ref, { field: key }),
    contract,
  };
}

/** The REST id of the object an input names (a `ValidationError` on its id field). */
export const idOf = <F extends string, K extends string, Item>(
  object: TreeObject<F, K, Item>,
  input: Record<F, string>,
) => object.resource.parseInput(input[object.field], { field: object.field }).id;

/** `PATCH`es the object an input names with `body`; answers its payload. */
export async function updateObject<F extends string, K extends string, Item>(
  object: TreeObject<F, K, Item>,
  input: Record<F, string>,
  body: unknown,
  ctx: GatewayContext,
): Promise<Record<K, Item>> {
  const path = object.resource.path({ id: idOf(object, input) });
  const item = await write(ctx, 'PATCH', path, body, object.contract);
  return { [object.key]: item } as Record<K, Item>;
}

/** `POST .../<route>` with `body` for the object an input names; answers its payload. */
async function relocate<F extends string, K extends string, Item>(
  object: TreeObject<F, K, Item>,
  route: 'move' | 'transfer',
  input: Record<F, string>,
  body: unknown,
  ctx: GatewayContext,
): Promise<Record<K, Item>> {
  const item = await write(
    ctx,
    'POST',
    object.resource.route(route, idOf(object, input)),
    body,
    object.contract,
  );
  return { [object.key]: item } as Record<K, Item>;
}

/**
 * `name(input: <Name>Input!)`: moves the object to another parent and/or place among its
 * siblings (`body` checks the REST body); `position` describes the anchors it accepts.
 */
export function moveMutation<F extends string, K extends string, Item>(
  name: string,
  object: TreeObject<F, K, Item>,
  text: { description: string; position: string; body: z.ZodType },
): void {
  const ids = idField(object);
  const MoveInput = builder.inputType(`${capitalized(name)}Input`, {
    description: `Where to move a ${object.key}.`,
    fields: (t) => ({
      ...ids(t),
      parent: t.id({
        description:
          'New parent collection; null moves it to the organization root; absent keeps it.',
      }),
      position: t.field({ type: PositionInput, description: text.position }),
    }),
  });
  type Input = Record<F, string> & {
    parent?: string | null;
    position?: { before?: Anchor; after?: Anchor } | null;
  };
  writeMutation<Input, Record<K, Item | string>>(name, {
    type: object.payload,
    input: MoveInput as never,
    description: text.description,
    resolve: (input, ctx) => relocate(object, 'move', input, moveBody(text.body, input), ctx),
  });
}

/** `name(input: <Name>Input!)`: transfers the object to another organization. */
export function transferMutation<F extends string, K extends string, Item>(
  name: string,
  object: TreeObject<F, K, Item>,
  description: string,
): void {
  const ids = idField(object);
  const TransferInput = builder.inputType(`${capitalized(name)}Input`, {
    description: `The ${object.key} and its target organization.`,
    fields: (t) => ({
      ...ids(t),
      organizationId: t.id({
        required: true,
        description: 'Target organization (global ID or REST id).',
      }),
    }),
  });
  writeMutation<Record<F, string> & { organizationId: string }, Record<K, Item | string>>(name, {
    type: object.payload,
    input: TransferInput as never,
    description,
    resolve: (input, ctx) =>
      relocate(object, 'transfer', input, transferBody(input.organizationId), ctx),
  });
}

/** The input fields naming the object: its id alone. */
function idField<F extends string>(object: { field: F; description: string }) {
  const id = (t: InputFields) => t.id({ required: true, description: object.description });
  return (t: InputFields) => ({ [object.field]: id(t) }) as Record<F, ReturnType<typeof id>>;
}

/** An input type `name` holding only the object's id. */
export function idInput<F extends string, K extends string, Item>(
  object: TreeObject<F, K, Item>,
  name: string,
  description: string,
) {
  return builder.inputType(name, { description, fields: idField(object) });
}

/** `name(input: <Name>Input!): DeletePayload`: deletes the object the input names. */
export function deleteMutation<F extends string, K extends string, Item>(
  name: string,
  object: TreeObject<F, K, Item>,
  text: { input: string; description: string },
): void {
  writeMutation<Record<F, string>, { deletedId: string }>(name, {
    type: DeletePayload,
    input: () => idInput(object, `${capitalized(name)}Input`, text.input) as never,
    description: text.description,
    resolve: async (input, ctx) => {
      const id = idOf(object, input);
      await write(ctx, 'DELETE', object.resource.path({ id }), undefined, Empty);
      return { deletedId: object.resource.globalId({ id }) };
    },
  });
}
