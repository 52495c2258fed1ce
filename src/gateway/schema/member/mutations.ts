import { Member, UpdateMemberBody } from '../../../contract/members.ts';
import { builder } from '../../builder.ts';
import { Empty, objectPayload, validBody, write, writeMutation } from '../mutation.ts';
import { DeletedInOrganizationPayload } from '../organization/mutations.ts';
import { RoleEnum } from '../organization/types.ts';
import { MemberResource } from './resource.ts';
import { MemberRef } from './types.ts';

const MemberPayload = objectPayload(MemberRef);

/** The member an input names: its `userId` (or Member global ID) beside its `organizationId`. */
const memberOf = (input: { organizationId: string; userId: string }) =>
  MemberResource.parseInput(input.userId, {
    field: 'userId',
    parents: { org: input.organizationId },
    parentFields: { org: 'organizationId' },
  });

const SetMemberRoleInput = builder.inputType('SetMemberRoleInput', {
  description: "A member's new role.",
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    userId: t.id({ required: true, description: 'User id (or the Member global ID).' }),
    role: t.field({ type: RoleEnum.ref, description: 'New role; null makes the user a guest.' }),
  }),
});

writeMutation('setMemberRole', {
  type: MemberPayload,
  input: SetMemberRoleInput,
  description: "Changes a member's role in the organization (needs organization `admin`).",
  resolve: async (input, ctx) => {
    const body = validBody(UpdateMemberBody, { role: input.role ?? null });
    const address = memberOf(input);
    const member = await write(ctx, 'PATCH', MemberResource.path(address), body, Member);
    return { member: MemberResource.shape(member, address) };
  },
});

const MemberAddressInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      organizationId: t.id({
        required: true,
        description: 'Organization (global ID or REST id).',
      }),
      userId: t.id({ required: true, description: 'User id (or the Member global ID).' }),
    }),
  });

writeMutation('removeMember', {
  type: DeletedInOrganizationPayload,
  input: () => MemberAddressInput('RemoveMemberInput', 'The member to remove.'),
  description: 'Removes a member from the organization (succeeds also when not a member).',
  resolve: async (input, ctx) => {
    const address = memberOf(input);
    await write(ctx, 'DELETE', MemberResource.path(address), undefined, Empty);
    return { deletedId: MemberResource.globalId(address), organization: address.org };
  },
});

writeMutation('addSSOMember', {
  type: MemberPayload,
  input: () => MemberAddressInput('AddSSOMemberInput', 'The user to add as an SSO member.'),
  description: 'Adds a user to the organization as an SSO member.',
  resolve: async (input, ctx) => {
    const address = memberOf(input);
    const path = MemberResource.route('sso', address.org, address.id);
    const member = await write(ctx, 'POST', path, undefined, Member);
    return { member: MemberResource.shape(member, address) };
  },
});
