import type { z } from 'zod';
import { ENUMS } from '../../../contract/common.ts';
import type { MemberTeam } from '../../../contract/members.ts';
import type { TeamMember } from '../../../contract/teams.ts';
import { builder } from '../../builder.ts';
import { openEnumType } from '../base.ts';
import { MemberResource } from '../member/resource.ts';
import { MemberRef } from '../member/types.ts';
import { resourceNode } from '../node.ts';
import { OrganizationRef } from '../organization/types.ts';
import { TeamResource, type TeamShape } from './resource.ts';

export const TeamRoleEnum = openEnumType('TeamRole', ENUMS.teamRole, 'Role in a team.', {
  owner: 'Can manage team members.',
  member: 'Is a member.',
});

const TeamPermissionsRef = builder
  .objectRef<NonNullable<TeamShape['permissions']>>('TeamPermissions')
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

export const TeamRef = resourceNode(TeamResource, {
  description: 'A team of an organization.',
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Title.' }),
    membersCount: t.exposeInt('members', {
      description: 'Number of members (REST `members`).',
    }),
    spacesCount: t.exposeInt('spaces', {
      description:
        'Number of spaces the team has a level on, directly or through collections (REST `spaces`).',
    }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      description: 'When it was created.',
    }),
    permissions: t.expose('permissions', {
      type: TeamPermissionsRef,
      nullable: true,
      description: 'What the caller may do with the team.',
    }),
    organization: t.field({
      type: OrganizationRef,
      description: 'The organization.',
      address: true,
      resolve: (team) => team.org,
    }),
  }),
});

/** One item of a team's members, with the team's organization. */
export type TeamMemberShape = z.infer<typeof TeamMember> & { org: string };

export const TeamMemberRef = builder.objectRef<TeamMemberShape>('TeamMember').implement({
  description: 'One member of a team: the organization membership and the team role.',
  fields: (t) => ({
    member: t.field({
      type: MemberRef,
      description: 'The organization membership (REST `organization`).',
      embedded: true,
      resolve: (m) => MemberResource.shape(m.organization, { org: m.org, id: m.organization.id }),
    }),
    role: t.field({
      type: TeamRoleEnum.ref,
      description: 'Role in the team (REST `team.role`).',
      resolve: (m) => TeamRoleEnum.of(m.team?.role) as string,
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

/** One item of a member's teams, with the member's organization. */
export type MemberTeamShape = z.infer<typeof MemberTeam> & { org: string };

export const MemberTeamRef = builder.objectRef<MemberTeamShape>('MemberTeam').implement({
  description: "A team a member belongs to, with the member's role in it.",
  fields: (t) => ({
    team: t.field({
      type: TeamRef,
      description: 'The team.',
      embedded: true,
      resolve: (m) => TeamResource.shape(m.team, { org: m.org, id: m.team.id }),
    }),
    role: t.field({
      type: TeamRoleEnum.ref,
      description: 'Role of the member in the team (REST `member.role`).',
      resolve: (m) => TeamRoleEnum.of(m.member.role) as string,
    }),
  }),
});
