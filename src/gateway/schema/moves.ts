import type { z } from 'zod';
import { TransferBody } from '../../contract/spaces.ts';
import { builder } from '../builder.ts';
import { CollectionResource } from './collection/resource.ts';
import { validBody } from './mutation.ts';
import { OrganizationResource } from './organization/resource.ts';
import { SpaceResource } from './space/resource.ts';

// Types and inputs several domains share; this module imports no domain.

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
export const PositionInput = builder.inputType('PositionInput', {
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
export function positionBody(position: { before?: Anchor; after?: Anchor }) {
  const before = anchorBody(position.before);
  const after = anchorBody(position.after);
  return { ...(before ? { before } : {}), ...(after ? { after } : {}) };
}

/**
 * The REST body of a move of a space or collection, checked by its `schema`: `parent` null is the
 * organization root, absent keeps the parent.
 */
export function moveBody<S extends z.ZodType>(
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
export function transferBody(organizationId: string) {
  return validBody(
    TransferBody,
    {
      organization: OrganizationResource.parseInput(organizationId, { field: 'organizationId' }).id,
    },
    { organization: 'organizationId' },
  );
}
