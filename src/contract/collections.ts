import { z } from 'zod';
import { ENUMS, LIMITS, listPage, openEnum, PageQuery, QueryBoolean, Role } from './common.ts';

/** What the caller may do with a collection. */
export const CollectionPermissions = z.object({
  view: z.boolean().optional(),
  admin: z.boolean().optional(),
  viewInviteLinks: z.boolean().optional(),
  create: z.boolean().optional(),
});

/** A nestable group of spaces inside an organization. */
export const Collection = z.object({
  object: z.literal('collection'),
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  organization: z.string(),
  /** Parent collection id. */
  parent: z.string().optional(),
  defaultLevel: openEnum(ENUMS.role).nullable(),
  urls: z.object({ location: z.string().optional(), app: z.string().optional() }).optional(),
  permissions: CollectionPermissions.optional(),
});
export type Collection = z.infer<typeof Collection>;
export const CollectionList = listPage(Collection);
export type CollectionList = z.infer<typeof CollectionList>;

const collectionTitle = z
  .string()
  .trim()
  .min(1, 'at least 1 character')
  .max(LIMITS.collectionTitle, `at most ${LIMITS.collectionTitle} characters`);

/** `POST {org}/collections` body; the title defaults to "Untitled". */
export const CreateCollectionBody = z.strictObject({
  title: collectionTitle.optional(),
  parent: z.string().min(1).max(200).optional(),
});
export type CreateCollectionBody = z.infer<typeof CreateCollectionBody>;

/** `PATCH /v1/collections/{collectionId}` body. */
export const UpdateCollectionBody = z.strictObject({
  title: collectionTitle.optional(),
  description: z
    .string()
    .max(LIMITS.collectionDescription, `at most ${LIMITS.collectionDescription} characters`)
    .optional(),
  defaultLevel: Role.nullable().optional(),
});
export type UpdateCollectionBody = z.infer<typeof UpdateCollectionBody>;

const anchor = z.union([
  z.strictObject({ type: z.literal('collection'), collection: z.string().min(1).max(200) }),
  z.strictObject({ type: z.literal('space'), space: z.string().min(1).max(200) }),
]);

/**
 * Where a collection goes among its siblings: before or after a sibling collection
 * (`{type: 'collection', collection}`) or a sibling space (`{type: 'space', space}`).
 */
export const CollectionPosition = z
  .strictObject({ before: anchor.optional(), after: anchor.optional() })
  .refine((p) => (p.before === undefined) !== (p.after === undefined), {
    message: 'exactly one of before or after is required',
  });
export type CollectionPosition = z.infer<typeof CollectionPosition>;

/** `POST /v1/collections/{collectionId}/move` body. */
export const MoveCollectionBody = z.strictObject({
  parent: z.string().min(1).max(200).nullable().optional(),
  position: CollectionPosition.optional(),
});
export type MoveCollectionBody = z.infer<typeof MoveCollectionBody>;

/** `GET {org}/collections` query: `nested` false lists only top-level collections. */
export const CollectionListQuery = PageQuery.extend({
  nested: QueryBoolean.optional(),
});
export type CollectionListQuery = z.infer<typeof CollectionListQuery>;

/** `GET /v1/collections/{collectionId}/spaces` query. */
export const CollectionSpacesQuery = PageQuery;
