import type { z } from 'zod';
import { ENUMS } from '../../../contract/common.ts';
import type { MemberTeam } from '../../../contract/members.ts';
import { Team, type TeamMember } from '../../../contract/teams.ts';
import { builder } from '../../builder.ts';
import type { GatewayContext } from '../../context.ts';
import { addressId, splitAddressId } from '../../ids.ts';
import { seg } from '../../upstream/rest.ts';
import { openEnumType } from '../common.ts';
import { inOrganization, MemberRef } from '../member.ts';
import { OrganizationRef } from '../organization.ts';
import { idRef } from '../shared.ts';

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

export type TeamMemberShape = z.infer<typeof TeamMember> & { orgId: string };

export const TeamMemberRef = builder.objectRef<TeamMemberShape>('TeamMember').implement({
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

export type MemberTeamShape = z.infer<typeof MemberTeam> & { orgId: string };

export const MemberTeamRef = builder.objectRef<MemberTeamShape>('MemberTeam').implement({
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
