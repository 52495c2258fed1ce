import { z } from 'zod';
import {
  ENUMS,
  Language,
  LIMITS,
  listPage,
  oneOfField,
  openEnum,
  PageQuery,
  Role,
  SpacePosition,
  Timestamp,
} from './common.ts';

/** Merge rules of a space: inherit the organization's, or its own list of rules. */
export const MergeRules = oneOfField(
  z.looseObject({
    type: z.string(),
    rules: z.array(z.looseObject({ rule: z.string() })).optional(),
  }),
  '`{type: inherit}`, `{type: rules, rules}`',
);
export type MergeRules = z.infer<typeof MergeRules>;

/** What the caller may do with a space. */
export const SpacePermissions = z.object({
  view: z.boolean().optional(),
  access: z.boolean().optional(),
  admin: z.boolean().optional(),
  viewInviteLinks: z.boolean().optional(),
  edit: z.boolean().optional(),
  triggerGitSync: z.boolean().optional(),
  comment: z.boolean().optional(),
  merge: z.boolean().optional(),
  review: z.boolean().optional(),
  installIntegration: z.boolean().optional(),
});
export type SpacePermissions = z.infer<typeof SpacePermissions>;

/** A space: a container of pages and files with one active revision. */
export const Space = z.object({
  object: z.literal('space'),
  id: z.string(),
  title: z.string(),
  emoji: z.string(),
  visibility: openEnum(ENUMS.spaceVisibility),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** Set while soft-deleted. */
  deletedAt: Timestamp.optional(),
  editMode: openEnum(ENUMS.editMode).optional(),
  mergeRules: MergeRules,
  urls: z
    .object({
      location: z.string().optional(),
      app: z.string().optional(),
      published: z.string().optional(),
      public: z.string().optional(),
      icon: z.string().optional(),
    })
    .optional(),
  organization: z.string(),
  /** Parent collection id. */
  parent: z.string().optional(),
  language: openEnum(ENUMS.language).optional(),
  gitSync: z
    .object({
      repoName: z.string().optional(),
      installationProvider: z.string().optional(),
      integration: z.string().optional(),
      url: z.string().optional(),
      updatedAt: Timestamp.optional(),
    })
    .optional(),
  visitorAuth: oneOfField(
    z.looseObject({ backend: z.string().optional() }),
    '`{backend: custom}`',
  ).optional(),
  /** Active revision id. */
  revision: z.string(),
  defaultLevel: openEnum(ENUMS.role).nullable(),
  /** Number of open comments. */
  comments: z.number(),
  changeRequests: z.number(),
  changeRequestsOpen: z.number(),
  changeRequestsDraft: z.number(),
  permissions: SpacePermissions.optional(),
});
export type Space = z.infer<typeof Space>;
export const SpaceList = listPage(Space);
export type SpaceList = z.infer<typeof SpaceList>;

const spaceTitle = z
  .string()
  .trim()
  .min(1, 'at least 1 character')
  .max(LIMITS.spaceTitle, `at most ${LIMITS.spaceTitle} characters`);
const spaceEmoji = z.string().max(LIMITS.spaceEmoji, `at most ${LIMITS.spaceEmoji} characters`);

/** Input form of explicit merge rules (an organization's, or a space's own). */
export const MergeRulesRulesInput = z.strictObject({
  type: z.literal('rules'),
  rules: z
    .array(
      z.strictObject({
        rule: z.literal('require_specific_reviewers'),
        users: z.array(z.string().min(1).max(200)).max(100),
      }),
    )
    .max(20),
});

/** Input form of merge rules. */
export const MergeRulesInput = z.union([
  z.strictObject({ type: z.literal('inherit') }),
  MergeRulesRulesInput,
]);

/** `GET /v1/spaces/{spaceId}` query. */
export const SpaceGetQuery = z.object({ shareKey: z.string().max(200).optional() });

/** `PATCH /v1/spaces/{spaceId}` body. */
export const UpdateSpaceBody = z.strictObject({
  editMode: z.enum(ENUMS.editMode).optional(),
  title: spaceTitle.optional(),
  defaultLevel: Role.nullable().optional(),
  language: Language.nullable().optional(),
  mergeRules: MergeRulesInput.optional(),
  emoji: spaceEmoji.optional(),
});
export type UpdateSpaceBody = z.infer<typeof UpdateSpaceBody>;

/** `POST {org}/spaces` body. */
export const CreateSpaceBody = z.strictObject({
  title: spaceTitle.optional(),
  emoji: spaceEmoji.optional(),
  /** Parent collection id. */
  parent: z.string().min(1).max(200).nullable().optional(),
  visibility: z.enum(ENUMS.spaceVisibility).optional(),
});
export type CreateSpaceBody = z.infer<typeof CreateSpaceBody>;

/** `POST /v1/spaces/{spaceId}/move` body: a parent collection (null: organization root), a place. */
export const MoveSpaceBody = z.strictObject({
  parent: z.string().min(1).max(200).nullable().optional(),
  position: SpacePosition.optional(),
});
export type MoveSpaceBody = z.infer<typeof MoveSpaceBody>;

/** `POST .../transfer` body (spaces and collections). */
export const TransferBody = z.strictObject({
  organization: z.string().min(1).max(200),
});
export type TransferBody = z.infer<typeof TransferBody>;

/** `GET {org}/spaces` query. */
export const SpaceListQuery = PageQuery;
export type SpaceListQuery = z.infer<typeof SpaceListQuery>;
