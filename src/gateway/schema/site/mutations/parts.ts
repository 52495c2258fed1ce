import type { ObjectRef } from '@pothos/core';
import type { z } from 'zod';
import { builder } from '../../../builder.ts';
import type { GatewayContext } from '../../../context.ts';
import type { Resource } from '../../../resources/resource.ts';
import type { Routes } from '../../../resources/routes.ts';
import type { InputFields, Types } from '../../base.ts';
import {
  capitalized,
  DeletePayload,
  Empty,
  objectPayload,
  validBody,
  write,
  writeMutation,
} from '../../mutation.ts';
import { type SiteTarget, siteParents, sitePositionBody, siteTargetFields } from './inputs.ts';

// The writes every part of a site (section, section group, site space) has in the same form.

/** The address of a part of a site. */
type PartAddress = { org: string; site: string; id: string };

/** The input of a write on one part: its id in the part's own field, and the site fields. */
export type PartInput<F extends string> = SiteTarget & Record<F, string>;

/** How the writes of a part of a site name it. */
export interface SitePart<F extends string, Item, Shape extends object, R extends Routes> {
  readonly resource: Resource<PartAddress, Item, Shape, R>;
  /** The input field holding its id (`siteSectionId`). */
  readonly field: F;
  /** The description of that field. */
  readonly description: string;
}

/** The input fields naming one part: its id (global ID, or REST id with the site fields). */
export function partFields<F extends string>(part: { field: F; description: string }) {
  const id = (t: InputFields) => t.id({ required: true, description: part.description });
  return (t: InputFields) => ({
    ...({ [part.field]: id(t) } as Record<F, ReturnType<typeof id>>),
    ...siteTargetFields(t),
  });
}

/** The address of the part an input names; errors name the input's fields. */
export function namedPart<F extends string, Item, Shape extends object, R extends Routes>(
  part: SitePart<F, Item, Shape, R>,
  input: PartInput<F>,
): PartAddress {
  return part.resource.parseInput(input[part.field], {
    field: part.field,
    ...siteParents(input),
  });
}

/** `name(input: <Name>Input!): DeletePayload`: deletes the part the input names. */
export function deletePartMutation<F extends string, Item, Shape extends object, R extends Routes>(
  name: string,
  part: SitePart<F, Item, Shape, R>,
  text: { input: string; description: string },
): void {
  writeMutation<PartInput<F>, { deletedId: string }>(name, {
    type: DeletePayload,
    input: () =>
      builder.inputType(`${capitalized(name)}Input`, {
        description: text.input,
        fields: partFields(part),
      }) as never,
    description: text.description,
    resolve: async (input, ctx) => {
      const address = namedPart(part, input);
      await write(ctx, 'DELETE', part.resource.path(address), undefined, Empty);
      return { deletedId: part.resource.globalId(address) };
    },
  });
}

/** The routes of a part that moves: `move` beside its item. */
type MoveRoutes = Routes & { readonly move: string };

/** The keys of the parts that move, with their REST `type` in a position anchor. */
const ANCHORS = { siteSection: 'site-section', siteSpace: 'site-space' } as const;
type MovableKey = keyof typeof ANCHORS;

/** A part that can be placed before or after its siblings (`POST .../move`). */
export interface MovablePart<Item, Shape extends object, R extends MoveRoutes, K extends MovableKey>
  extends SitePart<`${K}Id`, Item, Shape, R> {
  /** Its REST `type` in a position anchor (`site-section`). */
  readonly anchor: (typeof ANCHORS)[K];
  /** Its key in a position anchor and in its payload (`siteSection`). */
  readonly key: K;
  /** The word for it and for its siblings in descriptions (`section`, `sections`). */
  readonly nouns: readonly [string, string];
  /** `<Type>Payload`: the part after a write (`{ siteSection }`). */
  readonly payload: ObjectRef<Types, Record<K, Shape | string>>;
  /** The input fields naming it: its id, and the site fields. */
  readonly fields: ReturnType<typeof partFields<`${K}Id`>>;
}

/**
 * A part that moves, named in inputs by `<key>Id` and answered in `<Type>Payload`; `nouns` are
 * the words for it and its siblings (`['section', 'sections']`).
 */
export function movablePart<Item, Shape extends object, R extends MoveRoutes, K extends MovableKey>(
  ref: ObjectRef<Types, Shape | string> & { name: string },
  resource: Resource<PartAddress, Item, Shape, R>,
  key: K,
  nouns: readonly [string, string],
): MovablePart<Item, Shape, R, K> {
  const noun = capitalized(nouns[0]);
  const field = `${key}Id` as const;
  const description = `${noun} (global ID, or REST id with \`siteId\`).`;
  return {
    resource,
    field,
    description,
    fields: partFields({ field, description }),
    anchor: ANCHORS[key],
    key,
    nouns,
    payload: objectPayload(ref, { field: key, description: `The ${nouns[0]} after the change.` }),
  };
}

/** Answers the payload of a part from the REST answer of a write to it. */
function payloadOf<Item, Shape extends object, R extends MoveRoutes, K extends MovableKey>(
  part: MovablePart<Item, Shape, R, K>,
  item: Item,
  address: PartAddress,
): Record<K, Shape> {
  return { [part.key]: part.resource.shape(item, address) } as Record<K, Shape>;
}

/** `PATCH`es the part an input names with the body made for its address; answers its payload. */
export async function updatePart<
  Item,
  Shape extends object,
  R extends MoveRoutes,
  K extends MovableKey,
>(
  ctx: GatewayContext,
  part: MovablePart<Item, Shape, R, K>,
  input: PartInput<`${K}Id`>,
  body: (address: PartAddress) => unknown,
  contract: z.ZodType<Item>,
): Promise<Record<K, Shape>> {
  const address = namedPart(part, input);
  const item = await write(ctx, 'PATCH', part.resource.path(address), body(address), contract);
  return payloadOf(part, item, address);
}

/**
 * `name(input: <Name>Input!)`: moves the part before or after a sibling, with the input type
 * `<Type>PositionInput` of the place; answers the part's payload, read from the REST answer
 * (`contract`).
 */
export function movePartMutation<
  Item,
  Shape extends object,
  R extends MoveRoutes,
  K extends MovableKey,
>(
  name: string,
  part: MovablePart<Item, Shape, R, K>,
  options: {
    body: z.ZodType;
    contract: z.ZodType<Item>;
    description: string;
    deprecationReason?: string;
  },
): void {
  const [noun, siblings] = part.nouns;
  const PositionInput = builder.inputType(`${part.resource.typename}PositionInput`, {
    description: `A place among ${siblings}: exactly one of \`before\` or \`after\`.`,
    fields: (t) => ({
      before: t.id({ description: `Place it before this ${noun} (global ID or REST id).` }),
      after: t.id({ description: `Place it after this ${noun} (global ID or REST id).` }),
    }),
  });
  const fields = partFields(part);
  const MoveInput = builder.inputType(`${capitalized(name)}Input`, {
    description: `Where to move a ${noun}.`,
    fields: (t) => ({
      ...fields(t),
      position: t.field({ type: PositionInput, required: true, description: 'The place.' }),
    }),
  });
  type MoveInputShape = PartInput<`${K}Id`> & {
    position: { before?: string | null; after?: string | null };
  };
  writeMutation<MoveInputShape, Record<K, Shape | string>>(name, {
    type: part.payload,
    input: MoveInput as never,
    description: options.description,
    ...(options.deprecationReason ? { deprecationReason: options.deprecationReason } : {}),
    resolve: async (input, ctx) => {
      const address = namedPart(part, input);
      const body = validBody(options.body, {
        position: sitePositionBody(input.position, part.resource, part.anchor, part.key, address),
      });
      const path = part.resource.route('move', address.org, address.site, address.id);
      const item = await write(ctx, 'POST', path, body, options.contract);
      return payloadOf(part, item, address);
    },
  });
}
