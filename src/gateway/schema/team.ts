import type { z } from 'zod';
import { ENUMS } from '../../contract/common.ts';
import { MemberTeam } from '../../contract/members.ts';
import {
  CreateTeamBody,
  PutTeamMemberBody,
  Team,
  TeamMember,
  UpdateTeamBody,
  UpdateTeamMembersBody,
} from '../../contract/teams.ts';
import { builder } from '../builder.ts';
import { restConnection } from '../connection.ts';
import type { GatewayContext } from '../context.ts';
import { MUTATION_ERRORS, mutate } from '../errors.ts';
import { addressId, globalId, splitAddressId, toRestId } from '../ids.ts';
import { seg } from '../upstream/rest.ts';
import { openEnumType } from './common.ts';
import { inOrganization, MemberRef, memberPath, type OrgMember } from './member.ts';
import {
  DeletedInOrganizationPayload,
  Empty,
  idRef,
  OrganizationRef,
  validBody,
} from './organization.ts';

/** A team as the graph carries it: the REST team plus the organization it belongs to. */
export type OrgTeam = z.infer<typeof Team> & { orgId: string };

/** Where `GET` finds a team. */
export const teamPath = (orgId: string, teamId: string) =>
  `/orgs/${seg(orgId)}/teams/${seg(teamId)}`;

export const TeamRoleEnum = openEnumType('TeamRole', ENUMS.teamRole, 'Role in a team.', {
  owner: 'Can manage team members.',
  member: 'Is a member.',
});

const TeamPermissionsRef = builder
  .objectRef<NonNullable<OrgTeam['permissions']>>('TeamPermissions')
  .implement({
    description: 'What the caller may do with a team.',
    fields: (t) => ({
      admin: t.exposeBoolean('admin', {
        nullable: true,
        description: 'May manage it (members, title).',
      }),
      view: t.exposeBoolean('view', { nullable: true, description: 'May view it.' }),
    }),
  });

export const TeamRef = builder.loadableNode('Team', {
  description: 'A team of an organization.',
  id: { resolve: (team: OrgTeam) => addressId(team.orgId, team.id) },
  load: (ids: string[], ctx: GatewayContext) =>
    Promise.all(
      ids.map(async (id) => {
        try {
          const [orgId, teamId] = splitAddressId(id, 2, 'Team') as [string, string];
          const team = await ctx.rest.get(teamPath(orgId, teamId), Team);
          return { ...team, orgId } as OrgTeam;
        } catch (error) {
          return error as Error;
        }
      }),
    ),
  fields: (t) => ({
    title: t.exposeString('title', { nullable: false, description: 'Title.' }),
    membersCount: t.exposeInt('members', {
      nullable: false,
      description: 'Number of members (REST `members`).',
    }),
    spacesCount: t.exposeInt('spaces', {
      nullable: false,
      description:
        'Number of spaces the team has a level on, directly or through collections (REST `spaces`).',
    }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      nullable: false,
      description: 'When it was created.',
    }),
    permissions: t.expose('permissions', {
      type: TeamPermissionsRef,
      nullable: true,
      description: 'What the caller may do with the team.',
    }),
    organization: t.field({
      type: OrganizationRef,
      nullable: false,
      description: 'The organization.',
      resolve: (team, _args, _ctx, info) => idRef(info, team.orgId),
    }),
  }),
});

/** Wraps a REST team of an organization for the graph. */
export const teamInOrganization = (orgId: string, team: z.infer<typeof Team>): OrgTeam => ({
  ...team,
  orgId,
});

builder.objectField(OrganizationRef, 'teams', (t) =>
  t.connection({
    type: TeamRef,
    description: 'Teams of the organization.',
    args: {
      member: t.arg.id({ description: 'Only teams this member (user id) can manage.' }),
      search: t.arg.string({ description: 'Case-insensitive text in the title.' }),
    },
    resolve: async (org, args, ctx) => {
      const result = await restConnection(ctx, args, {
        path: `/orgs/${seg(org.id)}/teams`,
        query: {
          member: args.member ? toRestId(args.member, 'Member') : undefined,
          search: args.search ?? undefined,
        },
        item: Team,
        primePath: (team) => teamPath(org.id, team.id),
      });
      return {
        ...result,
        edges: result.edges.map((e) => ({ ...e, node: teamInOrganization(org.id, e.node) })),
      };
    },
  }),
);

type TeamMemberShape = z.infer<typeof TeamMember> & { orgId: string };

const TeamMemberRef = builder.objectRef<TeamMemberShape>('TeamMember').implement({
  description: 'One member of a team: the organization membership and the team role.',
  fields: (t) => ({
    member: t.field({
      type: MemberRef,
      nullable: false,
      description: 'The organization membership (REST `organization`).',
      resolve: (m) => inOrganization(m.orgId, m.organization),
    }),
    role: t.field({
      type: TeamRoleEnum.ref,
      nullable: false,
      description: 'Role in the team (REST `team.role`).',
      resolve: (m) => TeamRoleEnum.of(m.team.role) as string,
    }),
    permissions: t.field({
      type: TeamMemberPermissionsRef,
      nullable: true,
      description: 'What the caller may do with this membership.',
      resolve: (m) => m.permissions ?? null,
    }),
  }),
});

const TeamMemberPermissionsRef = builder
  .objectRef<{ view?: boolean | undefined }>('TeamMemberPermissions')
  .implement({
    description: 'What the caller may do with a team membership.',
    fields: (t) => ({
      view: t.exposeBoolean('view', { nullable: true, description: 'May view it.' }),
    }),
  });

builder.objectField(TeamRef, 'members', (t) =>
  t.connection({
    type: TeamMemberRef,
    description: 'Members of the team with their team roles.',
    resolve: async (team, args, ctx) => {
      const result = await restConnection(ctx, args, {
        path: `${teamPath(team.orgId, team.id)}/members`,
        item: TeamMember,
      });
      for (const e of result.edges) {
        ctx.rest.prime(memberPath(team.orgId, e.node.organization.id), e.node.organization);
      }
      return {
        ...result,
        edges: result.edges.map((e) => ({
          ...e,
          node: { ...e.node, orgId: team.orgId },
        })),
      };
    },
  }),
);

type MemberTeamShape = z.infer<typeof MemberTeam> & { orgId: string };

const MemberTeamRef = builder.objectRef<MemberTeamShape>('MemberTeam').implement({
  description: "A team a member belongs to, with the member's role in it.",
  fields: (t) => ({
    team: t.field({
      type: TeamRef,
      nullable: false,
      description: 'The team.',
      resolve: (m) => teamInOrganization(m.orgId, m.team),
    }),
    role: t.field({
      type: TeamRoleEnum.ref,
      nullable: false,
      description: 'Role of the member in the team (REST `member.role`).',
      resolve: (m) => TeamRoleEnum.of(m.member.role) as string,
    }),
  }),
});

builder.objectField(MemberRef, 'teams', (t) =>
  t.connection({
    type: MemberTeamRef,
    description: "Teams the member belongs to, with the member's role in each.",
    args: { search: t.arg.string({ description: 'Case-insensitive text in the team title.' }) },
    resolve: async (m: OrgMember, args, ctx) => {
      const result = await restConnection(ctx, args, {
        path: `${memberPath(m.orgId, m.id)}/teams`,
        query: { search: args.search ?? undefined },
        item: MemberTeam,
      });
      // Only the team of each item is a Team (the member-teams item carries the Team shape).
      for (const e of result.edges) ctx.rest.prime(teamPath(m.orgId, e.node.team.id), e.node.team);
      return {
        ...result,
        edges: result.edges.map((e) => ({ ...e, node: { ...e.node, orgId: m.orgId } })),
      };
    },
  }),
);

// ---- Mutations ---------------------------------------------------------------------------

const TeamPayload = builder.objectRef<{ team: OrgTeam | string }>('TeamPayload').implement({
  description: 'The team after the change.',
  fields: (t) => ({
    team: t.field({
      type: TeamRef,
      nullable: false,
      description: 'The team.',
      resolve: (p) => p.team,
    }),
  }),
});

const orgOf = (id: string) => toRestId(id, 'Organization');

const CreateTeamInput = builder.inputType('CreateTeamInput', {
  description: 'A new team.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    title: t.string({ required: true, description: 'Title.' }),
    members: t.stringList({ description: 'Members to add: user ids or emails.' }),
  }),
});

builder.mutationField('createTeam', (t) =>
  t.field({
    type: TeamPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'CreateTeamResult' } },
    description: 'Creates a team, with members given by user id or email.',
    args: { input: t.arg({ type: CreateTeamInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const body = validBody(CreateTeamBody, {
          title: input.title,
          ...(input.members ? { members: input.members } : {}),
        });
        const orgId = orgOf(input.organizationId);
        const team = await ctx.rest.send('PUT', `/orgs/${seg(orgId)}/teams`, body, Team);
        ctx.rest.clear();
        return { team: teamInOrganization(orgId, team) };
      }),
  }),
);

const teamFields = {
  organizationId: 'Organization (global ID or REST id).',
  teamId: 'Team (global ID or REST id).',
} as const;

/** The organization and team a team input names. */
function teamAddress(input: { organizationId: string; teamId: string }): [string, string] {
  return [orgOf(input.organizationId), toRestId(input.teamId, 'Team')];
}

const RenameTeamInput = builder.inputType('RenameTeamInput', {
  description: "A team's new title.",
  fields: (t) => ({
    organizationId: t.id({ required: true, description: teamFields.organizationId }),
    teamId: t.id({ required: true, description: teamFields.teamId }),
    title: t.string({ required: true, description: 'New title.' }),
  }),
});

builder.mutationField('renameTeam', (t) =>
  t.field({
    type: TeamPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'RenameTeamResult' } },
    description: 'Renames a team (needs to manage the team).',
    args: { input: t.arg({ type: RenameTeamInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const body = validBody(UpdateTeamBody, { title: input.title });
        const [orgId, teamId] = teamAddress(input);
        const team = await ctx.rest.send('PATCH', teamPath(orgId, teamId), body, Team);
        ctx.rest.clear();
        return { team: teamInOrganization(orgId, team) };
      }),
  }),
);

const TeamAddressInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      organizationId: t.id({ required: true, description: teamFields.organizationId }),
      teamId: t.id({ required: true, description: teamFields.teamId }),
    }),
  });

builder.mutationField('deleteTeam', (t) =>
  t.field({
    type: DeletedInOrganizationPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'DeleteTeamResult' } },
    description: 'Deletes a team (succeeds also when it did not exist).',
    args: {
      input: t.arg({
        type: TeamAddressInput('DeleteTeamInput', 'The team to delete.'),
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const [orgId, teamId] = teamAddress(input);
        await ctx.rest.send('DELETE', teamPath(orgId, teamId), undefined, Empty);
        ctx.rest.clear();
        return { deletedId: globalId('Team', addressId(orgId, teamId)), organization: orgId };
      }),
  }),
);

const TeamMembershipInput = builder.inputType('TeamMembershipInput', {
  description: 'A member to add or update with a team role.',
  fields: (t) => ({
    userId: t.id({ required: true, description: 'User id.' }),
    role: t.field({ type: TeamRoleEnum.ref, required: true, description: 'Team role.' }),
  }),
});

const ChangeTeamMembersInput = builder.inputType('ChangeTeamMembersInput', {
  description: 'Members to add, remove, or add/update with a role; a user in both is removed.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: teamFields.organizationId }),
    teamId: t.id({ required: true, description: teamFields.teamId }),
    add: t.stringList({ description: 'User ids or emails to add.' }),
    remove: t.stringList({ description: 'User ids or emails to remove.' }),
    memberships: t.field({
      type: [TeamMembershipInput],
      description: 'Members to add or update with a team role.',
    }),
  }),
});

builder.mutationField('changeTeamMembers', (t) =>
  t.field({
    type: TeamPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'ChangeTeamMembersResult' } },
    description:
      'Adds, removes and updates team members in one call; a user in both `add` and `remove` is removed.',
    args: { input: t.arg({ type: ChangeTeamMembersInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const body = validBody(UpdateTeamMembersBody, {
          ...(input.add ? { add: input.add } : {}),
          ...(input.remove ? { remove: input.remove } : {}),
          ...(input.memberships
            ? {
                memberships: Object.fromEntries(
                  input.memberships.map((m) => [toRestId(m.userId, 'Member'), { role: m.role }]),
                ),
              }
            : {}),
        });
        const [orgId, teamId] = teamAddress(input);
        await ctx.rest.send('PUT', `${teamPath(orgId, teamId)}/members`, body, Empty);
        ctx.rest.clear();
        return { team: addressId(orgId, teamId) };
      }),
  }),
);

const SetTeamMemberRoleInput = builder.inputType('SetTeamMemberRoleInput', {
  description: 'A member to add to a team or whose team role to change.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: teamFields.organizationId }),
    teamId: t.id({ required: true, description: teamFields.teamId }),
    userId: t.id({ required: true, description: 'User id (or the Member global ID).' }),
    role: t.field({ type: TeamRoleEnum.ref, description: 'Team role (default member).' }),
  }),
});

builder.mutationField('setTeamMemberRole', (t) =>
  t.field({
    type: TeamPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'SetTeamMemberRoleResult' } },
    description: "Adds a member to a team or updates the member's team role.",
    args: { input: t.arg({ type: SetTeamMemberRoleInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const body = validBody(PutTeamMemberBody, input.role ? { role: input.role } : {});
        const [orgId, teamId] = teamAddress(input);
        const userId = toRestId(input.userId, 'Member');
        await ctx.rest.send(
          'PUT',
          `${teamPath(orgId, teamId)}/members/${seg(userId)}`,
          body,
          Empty,
        );
        ctx.rest.clear();
        return { team: addressId(orgId, teamId) };
      }),
  }),
);

const RemoveTeamMemberInput = builder.inputType('RemoveTeamMemberInput', {
  description: 'A member to remove from a team.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: teamFields.organizationId }),
    teamId: t.id({ required: true, description: teamFields.teamId }),
    userId: t.id({ required: true, description: 'User id (or the Member global ID).' }),
  }),
});

builder.mutationField('removeTeamMember', (t) =>
  t.field({
    type: TeamPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'RemoveTeamMemberResult' } },
    description: 'Removes a member from a team (succeeds also when not a member).',
    args: { input: t.arg({ type: RemoveTeamMemberInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const [orgId, teamId] = teamAddress(input);
        const userId = toRestId(input.userId, 'Member');
        await ctx.rest.send(
          'DELETE',
          `${teamPath(orgId, teamId)}/members/${seg(userId)}`,
          undefined,
          Empty,
        );
        ctx.rest.clear();
        return { team: addressId(orgId, teamId) };
      }),
  }),
);
