import { z } from 'zod';
import { ENUMS, listPage, openEnum, PageQuery, sometimes, TeamRole, Timestamp } from './common.ts';
import { Member } from './members.ts';

/** Limits of teams that the spec leaves open; the embedded server enforces them. */
export const TEAM_LIMITS = {
  titleMin: 1,
  titleMax: 100,
  /** Most user identifiers in one `members`, `add` or `remove` array. */
  identifiers: 1000,
  /** Longest user identifier (id or email). */
  identifierMax: 320,
  searchMax: 512,
} as const;

/** What the caller may do with a team: `admin` manage it (members, title), `view` read it. */
export const TeamPermissions = z.object({
  admin: z.boolean().optional(),
  view: z.boolean().optional(),
});

/** A team of an organization. */
export const Team = z.object({
  object: z.literal('team'),
  id: z.string(),
  title: sometimes(z.string()),
  /** Number of members. */
  members: sometimes(z.number()),
  /** Number of spaces the team has a level on, directly or through collections. */
  spaces: sometimes(z.number()),
  createdAt: sometimes(Timestamp),
  permissions: TeamPermissions.optional(),
});
export type Team = z.infer<typeof Team>;
export const TeamList = listPage(Team);
export type TeamList = z.infer<typeof TeamList>;

/** One member of a team: the organization membership, the team role and what the caller may do. */
export const TeamMember = z.object({
  organization: Member,
  team: sometimes(z.object({ role: openEnum(ENUMS.teamRole) })),
  permissions: z.object({ view: z.boolean().optional() }).optional(),
});
export type TeamMember = z.infer<typeof TeamMember>;
export const TeamMemberList = listPage(TeamMember);
export type TeamMemberList = z.infer<typeof TeamMemberList>;

const teamTitle = z
  .string()
  .trim()
  .min(TEAM_LIMITS.titleMin, `at least ${TEAM_LIMITS.titleMin} character`)
  .max(TEAM_LIMITS.titleMax, `at most ${TEAM_LIMITS.titleMax} characters`);

/** A user id or an email address. */
const userIdentifier = z
  .string()
  .trim()
  .min(1, 'a user id or email is required')
  .max(TEAM_LIMITS.identifierMax, `at most ${TEAM_LIMITS.identifierMax} characters`);

const identifiers = z
  .array(userIdentifier)
  .max(TEAM_LIMITS.identifiers, `at most ${TEAM_LIMITS.identifiers} users`);

/** `GET {org}/teams`: `member` keeps the teams that user can manage, `search` matches titles. */
export const TeamListQuery = PageQuery.extend({
  member: z.string().min(1).max(TEAM_LIMITS.identifierMax).optional(),
  search: z
    .string()
    .max(TEAM_LIMITS.searchMax, `at most ${TEAM_LIMITS.searchMax} characters`)
    .optional(),
});
export type TeamListQuery = z.infer<typeof TeamListQuery>;

export const TeamMemberListQuery = PageQuery;

/** `PUT {org}/teams`: creates a team, with members given by user id or email. */
export const CreateTeamBody = z.strictObject({
  title: teamTitle,
  members: identifiers.optional(),
});
export type CreateTeamBody = z.infer<typeof CreateTeamBody>;

/** `PATCH {org}/teams/{teamId}`. */
export const UpdateTeamBody = z.strictObject({ title: teamTitle.optional() });
export type UpdateTeamBody = z.infer<typeof UpdateTeamBody>;

/**
 * `PUT {org}/teams/{teamId}/members`: `add` and `remove` take user ids or emails (a user in both
 * is removed); `memberships` adds or updates members with a team role.
 */
export const UpdateTeamMembersBody = z.strictObject({
  add: identifiers.optional(),
  remove: identifiers.optional(),
  memberships: z
    .record(
      z
        .string()
        .min(1)
        .max(TEAM_LIMITS.identifierMax, `at most ${TEAM_LIMITS.identifierMax} characters`),
      z.strictObject({ role: TeamRole }),
    )
    .refine((value) => Object.keys(value).length <= TEAM_LIMITS.identifiers, {
      message: `at most ${TEAM_LIMITS.identifiers} users`,
    })
    .optional(),
});
export type UpdateTeamMembersBody = z.infer<typeof UpdateTeamMembersBody>;

/** `PUT {org}/teams/{teamId}/members/{userId}`: adds or updates (role defaults to `member`). */
export const PutTeamMemberBody = z.strictObject({ role: TeamRole.optional() });
export type PutTeamMemberBody = z.infer<typeof PutTeamMemberBody>;
