import { z } from 'zod';
import {
  ENUMS,
  listPage,
  Order,
  openEnum,
  PageQuery,
  Role,
  sometimes,
  Timestamp,
  User,
} from './common.ts';
import { Space } from './spaces.ts';

/** A member of an organization. */
export const Member = z.object({
  object: z.literal('member'),
  id: z.string(),
  role: sometimes(openEnum(ENUMS.role).nullable()),
  user: sometimes(User),
  disabled: sometimes(z.boolean()),
  joinedAt: sometimes(Timestamp),
  lastSeenAt: Timestamp.optional(),
  sso: sometimes(z.boolean()),
  /** Number of spaces the member can read. */
  spaces: sometimes(z.number()),
  /** Number of teams the member belongs to. */
  teams: sometimes(z.number()),
});
export type Member = z.infer<typeof Member>;
export const MemberList = listPage(Member);
export type MemberList = z.infer<typeof MemberList>;

/** One item of `GET {org}/members/{userId}/spaces`: a space and the member's level on it. */
export const MemberSpace = z.object({
  permission: sometimes(openEnum(ENUMS.role)),
  space: Space,
});
export type MemberSpace = z.infer<typeof MemberSpace>;
export const MemberSpaceList = listPage(MemberSpace);
export type MemberSpaceList = z.infer<typeof MemberSpaceList>;

/** The team of a `GET {org}/members/{userId}/teams` item (the Team shape of src/contract/teams). */
export const MemberTeamTeam = z.object({
  object: z.literal('team'),
  id: z.string(),
  title: sometimes(z.string()),
  members: sometimes(z.number()),
  spaces: sometimes(z.number()),
  createdAt: sometimes(Timestamp),
  permissions: z.object({ admin: z.boolean().optional(), view: z.boolean().optional() }).optional(),
});

/** One item of `GET {org}/members/{userId}/teams`: a team and the member's role in it. */
export const MemberTeam = z.object({
  team: MemberTeamTeam,
  member: sometimes(z.object({ role: openEnum(ENUMS.teamRole) })),
});
export type MemberTeam = z.infer<typeof MemberTeam>;
export const MemberTeamList = listPage(MemberTeam);
export type MemberTeamList = z.infer<typeof MemberTeamList>;

/** Sort properties of the member list; `lastSeenAt` lists only members seen at least once. */
export const MEMBER_SORTS = ['joinedAt', 'lastSeenAt', 'displayName'] as const;

/**
 * `GET {org}/members` query: `role` (Role filter), `search` (text in displayName or email),
 * `sort` (joinedAt, lastSeenAt, displayName), `order` (default desc).
 */
export const MemberListQuery = PageQuery.extend({
  order: Order.default('desc'),
  role: Role.optional(),
  search: z.string().max(512, 'at most 512 characters').optional(),
  sort: z.enum(MEMBER_SORTS).default('joinedAt'),
});
export type MemberListQuery = z.infer<typeof MemberListQuery>;

/** `GET {org}/members/{userId}/spaces` query: ordered by space title. */
export const MemberSpacesQuery = PageQuery.extend({ order: Order.default('desc') });
export type MemberSpacesQuery = z.infer<typeof MemberSpacesQuery>;

/** `GET {org}/members/{userId}/teams` query: `search` filters by team title, case-insensitive. */
export const MemberTeamsQuery = PageQuery.extend({
  search: z.string().max(512, 'at most 512 characters').optional(),
});
export type MemberTeamsQuery = z.infer<typeof MemberTeamsQuery>;

/** `PATCH {org}/members/{userId}` body. */
export const UpdateMemberBody = z.strictObject({ role: Role.nullable() });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBody>;
