import {
  CreateTeamBody,
  PutTeamMemberBody,
  Team,
  UpdateTeamBody,
  UpdateTeamMembersBody,
} from '../../../contract/teams.ts';
import { builder } from '../../builder.ts';
import { MemberResource } from '../member/resource.ts';
import { Empty, objectPayload, validBody, write, writeMutation } from '../mutation.ts';
import { DeletedInOrganizationPayload } from '../organization/mutations.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { TeamResource } from './resource.ts';
import { TeamRef, TeamRoleEnum } from './types.ts';

const TeamPayload = objectPayload(TeamRef);

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
    const org = OrganizationResource.parseInput(input.organizationId, {
      field: 'organizationId',
    }).id;
    const team = await write(ctx, 'PUT', TeamResource.route('inOrganization', org), body, Team);
    return { team: TeamResource.shape(team, { org, id: team.id }) };
  },
});

const teamFields = {
  organizationId: 'Organization (global ID or REST id).',
  teamId: 'Team (global ID or REST id).',
} as const;

/** The team an input names: its `teamId` (global ID, or REST id beside `organizationId`). */
const teamOf = (input: { organizationId: string; teamId: string }) =>
  TeamResource.parseInput(input.teamId, {
    field: 'teamId',
    parents: { org: input.organizationId },
    parentFields: { org: 'organizationId' },
  });

/** The member an input's `userId` names, in the team's organization. */
const memberOf = (userId: string, org: string, field = 'userId') =>
  MemberResource.parseInput(userId, { field, parents: { org } }).id;

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
    const address = teamOf(input);
    const team = await write(ctx, 'PATCH', TeamResource.path(address), body, Team);
    return { team: TeamResource.shape(team, address) };
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
    const address = teamOf(input);
    await write(ctx, 'DELETE', TeamResource.path(address), undefined, Empty);
    return { deletedId: TeamResource.globalId(address), organization: address.org };
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
    const address = teamOf(input);
    const body = validBody(UpdateTeamMembersBody, {
      ...(input.add ? { add: input.add } : {}),
      ...(input.remove ? { remove: input.remove } : {}),
      ...(input.memberships
        ? {
            memberships: Object.fromEntries(
              input.memberships.map((membership) => [
                memberOf(membership.userId, address.org, 'memberships'),
                { role: membership.role },
              ]),
            ),
          }
        : {}),
    });
    const path = TeamResource.route('members', address.org, address.id);
    await write(ctx, 'PUT', path, body, Empty);
    return { team: TeamResource.stub(address) };
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
    const address = teamOf(input);
    const userId = memberOf(input.userId, address.org);
    const path = TeamResource.route('member', address.org, address.id, userId);
    await write(ctx, 'PUT', path, body, Empty);
    return { team: TeamResource.stub(address) };
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
    const address = teamOf(input);
    const userId = memberOf(input.userId, address.org);
    const path = TeamResource.route('member', address.org, address.id, userId);
    await write(ctx, 'DELETE', path, undefined, Empty);
    return { team: TeamResource.stub(address) };
  },
});
