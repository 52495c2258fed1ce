import type { z } from 'zod';
import type { User } from '../../../contract/common.ts';
import { Member, MemberSpace, UpdateMemberBody } from '../../../contract/members.ts';
import { builder } from '../../builder.ts';
import { restConnection } from '../../upstream/connection.ts';
import { restPath } from '../../upstream/path.ts';
import { Empty, validBody, write, writeMutation } from '../mutation.ts';
import { resourceNode } from '../node.ts';
import { DeletedInOrganizationPayload } from '../organization/mutations.ts';
import { OrderEnum, OrganizationRef, RoleEnum } from '../organization/types.ts';
import { SpaceResource } from '../space/resource.ts';
import { SpaceRef } from '../space/types.ts';
import { MemberResource, type MemberShape } from './resource.ts';

export const UserRef = builder.objectRef<User>('User').implement({
  description: 'A user.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false, description: 'REST id of the user.' }),
    displayName: t.exposeString('displayName', {
      description: 'Display name.',
    }),
    email: t.exposeString('email', { nullable: true, description: 'Email address.' }),
    photoURL: t.exposeString('photoURL', { nullable: true, description: 'URL of the photo.' }),
    urls: t.field({
      type: UserUrlsRef,
      nullable: true,
      description: 'URLs.',
      resolve: (u) => u.urls ?? null,
    }),
  }),
});

const UserUrlsRef = builder.objectRef<{ location?: string | undefined }>('UserUrls').implement({
  description: 'URLs of a user.',
  fields: (t) => ({
    location: t.exposeString('location', { nullable: true, description: 'API location.' }),
  }),
});

export const MemberRef = resourceNode(MemberResource, {
  description: 'A member of an organization: a user with a role.',
  fields: (t) => ({
    role: t.field({
      type: RoleEnum.ref,
      nullable: true,
      description: 'Role in the organization; null for guests.',
      resolve: (m) => RoleEnum.of(m.role),
    }),
    user: t.field({
      type: UserRef,

      description: 'The user.',
      resolve: (m) => m.user,
    }),
    disabled: t.exposeBoolean('disabled', {
      description: 'Whether the membership is disabled.',
    }),
    joinedAt: t.expose('joinedAt', {
      type: 'DateTime',

      description: 'When the user joined.',
    }),
    lastSeenAt: t.expose('lastSeenAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the user was last seen.',
    }),
    sso: t.exposeBoolean('sso', {
      description: 'Whether the user is an SSO member.',
    }),
    spacesCount: t.exposeInt('spaces', {
      description: 'Number of spaces the member can read (REST `spaces`).',
    }),
    teamsCount: t.exposeInt('teams', {
      description: 'Number of teams the member belongs to (REST `teams`).',
    }),
    organization: t.field({
      type: OrganizationRef,

      description: 'The organization.',
      resolve: (m) => m.org,
    }),
  }),
});

const MemberSortEnum = builder.enumType('MemberSort', {
  description: 'Sort property of members.',
  values: {
    JOINED_AT: { value: 'joinedAt', description: 'When they joined (default).' },
    LAST_SEEN_AT: {
      value: 'lastSeenAt',
      description: 'When last seen; lists only active members.',
    },
    DISPLAY_NAME: { value: 'displayName', description: 'Display name.' },
  } as const,
});

builder.objectField(OrganizationRef, 'members', (t) =>
  t.connection({
    type: MemberRef,
    description: 'Members of the organization.',
    args: {
      role: t.arg({ type: RoleEnum.ref, description: 'Only members with this role.' }),
      search: t.arg.string({ description: 'Text in the display name or email.' }),
      sort: t.arg({ type: MemberSortEnum, description: 'Sort property (default joinedAt).' }),
      order: t.arg({ type: OrderEnum.ref, description: 'Sort direction (default desc).' }),
    },
    resolve: (org, args, ctx) =>
      MemberResource.connection(ctx, args, {
        path: restPath`/orgs/${org.id}/members`,
        query: {
          role: args.role ?? undefined,
          search: args.search ?? undefined,
          sort: args.sort ?? undefined,
          order: args.order ?? undefined,
        },
        parent: { org: org.id },
      }),
  }),
);

type MemberSpaceShape = z.infer<typeof MemberSpace>;

const MemberSpaceRef = builder.objectRef<MemberSpaceShape>('MemberSpace').implement({
  description: "A space a member can read, with the member's level on it.",
  fields: (t) => ({
    permission: t.field({
      type: RoleEnum.ref,

      description: "The member's level on the space.",
      resolve: (s) => RoleEnum.of(s.permission) as string,
    }),
    space: t.field({
      type: SpaceRef,

      description: 'The space.',
      resolve: (s) => s.space,
    }),
  }),
});

builder.objectField(MemberRef, 'spaces', (t) =>
  t.connection({
    type: MemberSpaceRef,
    description: "Spaces the member can read, with the member's level on each.",
    args: { order: t.arg({ type: OrderEnum.ref, description: 'Order (default desc).' }) },
    resolve: async (m, args, ctx) => {
      const result = await restConnection(ctx.rest, args, {
        path: restPath`/orgs/${m.org}/members/${m.id}/spaces`,
        query: { order: args.order ?? undefined },
        item: MemberSpace,
      });
      for (const edge of result.edges) SpaceResource.prime(ctx, edge.node.space);
      return result;
    },
  }),
);

// ---- Mutations ---------------------------------------------------------------------------

const MemberPayload = builder.objectRef<{ member: MemberShape }>('MemberPayload').implement({
  description: 'The member after the change.',
  fields: (t) => ({
    member: t.field({
      type: MemberRef,

      description: 'The member.',
      resolve: (p) => p.member,
    }),
  }),
});

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
    const path = restPath`/orgs/${address.org}/members/${address.id}/sso`;
    const member = await write(ctx, 'POST', path, undefined, Member);
    return { member: MemberResource.shape(member, address) };
  },
});
