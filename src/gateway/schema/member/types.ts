import type { z } from 'zod';
import type { User } from '../../../contract/common.ts';
import type { MemberSpace } from '../../../contract/members.ts';
import { builder } from '../../builder.ts';
import { locationUrlsType } from '../base.ts';
import { resourceNode } from '../node.ts';
import { OrganizationRef, RoleEnum } from '../organization/types.ts';
import { SpaceRef } from '../space/types.ts';
import { MemberResource } from './resource.ts';

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

const UserUrlsRef = locationUrlsType('UserUrls', 'URLs of a user.');

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
      address: true,
      resolve: (m) => m.org,
    }),
  }),
});

export const MemberSortEnum = builder.enumType('MemberSort', {
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

type MemberSpaceShape = z.infer<typeof MemberSpace>;

export const MemberSpaceRef = builder.objectRef<MemberSpaceShape>('MemberSpace').implement({
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
      embedded: true,
      resolve: (s) => s.space,
    }),
  }),
});
