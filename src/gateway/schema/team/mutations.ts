import {
  CreateTeamBody,
  PutTeamMemberBody,
  Team,
  UpdateTeamBody,
  UpdateTeamMembersBody,
} from '../../../contract/teams.ts';
import { builder } from '../../builder.ts';
import { addressId, globalId, toRestId } from '../../ids.ts';
import { seg } from '../../upstream/rest.ts';
import { DeletedInOrganizationPayload } from '../organization.ts';
import { Empty, validBody, write, writeMutation } from '../shared.ts';
import { type OrgTeam, TeamRef, TeamRoleEnum, teamInOrganization, teamPath } from './types.ts';

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

writeMutation('createTeam', {
  type: TeamPayload,
  input: CreateTeamInput,
  description: 'Creates a team, with members given by user id or email.',
  resolve: async (input, ctx) => {
    const body = validBody(CreateTeamBody, {
      title: input.title,
      ...(input.members ? { members: input.members } : {}),
    });
    const orgId = orgOf(input.organizationId);
    const team = await write(ctx, 'PUT', `/orgs/${seg(orgId)}/teams`, body, Team);
    return { team: teamInOrganization(orgId, team) };
  },
});

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

writeMutation('renameTeam', {
  type: TeamPayload,
  input: RenameTeamInput,
  description: 'Renames a team (needs to manage the team).',
  resolve: async (input, ctx) => {
    const body = validBody(UpdateTeamBody, { title: input.title });
    const [orgId, teamId] = teamAddress(input);
    const team = await write(ctx, 'PATCH', teamPath(orgId, teamId), body, Team);
    return { team: teamInOrganization(orgId, team) };
  },
});

const TeamAddressInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      organizationId: t.id({ required: true, description: teamFields.organizationId }),
      teamId: t.id({ required: true, description: teamFields.teamId }),
    }),
  });

writeMutation('deleteTeam', {
  type: DeletedInOrganizationPayload,
  input: () => TeamAddressInput('DeleteTeamInput', 'The team to delete.'),
  description: 'Deletes a team (succeeds also when it did not exist).',
  resolve: async (input, ctx) => {
    const [orgId, teamId] = teamAddress(input);
    await write(ctx, 'DELETE', teamPath(orgId, teamId), undefined, Empty);
    return { deletedId: globalId('Team', addressId(orgId, teamId)), organization: orgId };
  },
});

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

writeMutation('changeTeamMembers', {
  type: TeamPayload,
  input: ChangeTeamMembersInput,
  description:
    'Adds, removes and updates team members in one call; a user in both `add` and `remove` is removed.',
  resolve: async (input, ctx) => {
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
    await write(ctx, 'PUT', `${teamPath(orgId, teamId)}/members`, body, Empty);
    return { team: addressId(orgId, teamId) };
  },
});

const SetTeamMemberRoleInput = builder.inputType('SetTeamMemberRoleInput', {
  description: 'A member to add to a team or whose team role to change.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: teamFields.organizationId }),
    teamId: t.id({ required: true, description: teamFields.teamId }),
    userId: t.id({ required: true, description: 'User id (or the Member global ID).' }),
    role: t.field({ type: TeamRoleEnum.ref, description: 'Team role (default member).' }),
  }),
});

writeMutation('setTeamMemberRole', {
  type: TeamPayload,
  input: SetTeamMemberRoleInput,
  description: "Adds a member to a team or updates the member's team role.",
  resolve: async (input, ctx) => {
    const body = validBody(PutTeamMemberBody, input.role ? { role: input.role } : {});
    const [orgId, teamId] = teamAddress(input);
    const userId = toRestId(input.userId, 'Member');
    await write(ctx, 'PUT', `${teamPath(orgId, teamId)}/members/${seg(userId)}`, body, Empty);
    return { team: addressId(orgId, teamId) };
  },
});

const RemoveTeamMemberInput = builder.inputType('RemoveTeamMemberInput', {
  description: 'A member to remove from a team.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: teamFields.organizationId }),
    teamId: t.id({ required: true, description: teamFields.teamId }),
    userId: t.id({ required: true, description: 'User id (or the Member global ID).' }),
  }),
});

writeMutation('removeTeamMember', {
  type: TeamPayload,
  input: RemoveTeamMemberInput,
  description: 'Removes a member from a team (succeeds also when not a member).',
  resolve: async (input, ctx) => {
    const [orgId, teamId] = teamAddress(input);
    const userId = toRestId(input.userId, 'Member');
    const path = `${teamPath(orgId, teamId)}/members/${seg(userId)}`;
    await write(ctx, 'DELETE', path, undefined, Empty);
    return { team: addressId(orgId, teamId) };
  },
});
