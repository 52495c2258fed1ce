import type { z } from 'zod';
import { ENUMS } from '../../../contract/common.ts';
import type { Space } from '../../../contract/spaces.ts';
import { builder } from '../../builder.ts';
import { openEnumType } from '../base.ts';
import { CollectionRef } from '../collection/types.ts';
import { resourceNode } from '../node.ts';
import { OrganizationRef, RoleEnum } from '../organization/types.ts';
import { SpaceResource } from './resource.ts';

export type SpaceItem = z.infer<typeof Space>;

export const SpaceVisibilityEnum = openEnumType(
  'SpaceVisibility',
  ENUMS.spaceVisibility,
  'Who can access a space.',
  {
    public: 'Anyone, search-indexed.',
    unlisted: 'Anyone, not indexed.',
    'share-link': 'Anyone with the secret token in the URL.',
    'visitor-auth': 'Anyone authenticated with a JWT.',
    'in-collection': 'Anyone who can access the parent collection (spaces in a collection only).',
    private: 'Authorized members.',
  },
);

export const EditModeEnum = openEnumType('SpaceEditMode', ENUMS.editMode, 'How a space edits.', {
  live: 'Direct edits.',
  locked: 'All edits locked.',
});

const SpaceUrlsRef = builder.objectRef<NonNullable<SpaceItem['urls']>>('SpaceUrls').implement({
  description: 'URLs of a space.',
  fields: (t) => ({
    location: t.exposeString('location', { nullable: true, description: 'API location.' }),
    app: t.exposeString('app', { nullable: true, description: 'URL in the app.' }),
    published: t.exposeString('published', {
      nullable: true,
      description: 'Published URL (share-link spaces: with the share key).',
    }),
    public: t.exposeString('public', { nullable: true, description: 'Public URL.' }),
    icon: t.exposeString('icon', { nullable: true, description: 'URL of the icon.' }),
  }),
});

const SpaceGitSyncRef = builder
  .objectRef<NonNullable<SpaceItem['gitSync']>>('SpaceGitSync')
  .implement({
    description: 'Git synchronization of a space.',
    fields: (t) => ({
      repoName: t.exposeString('repoName', { nullable: true, description: 'Repository name.' }),
      installationProvider: t.exposeString('installationProvider', {
        nullable: true,
        description: 'Provider of the installation (e.g. GitHub).',
      }),
      integration: t.exposeString('integration', {
        nullable: true,
        description: 'Integration used.',
      }),
      url: t.exposeString('url', { nullable: true, description: 'URL of the repository.' }),
      updatedAt: t.expose('updatedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'Last synchronization.',
      }),
    }),
  });

const SpacePermissionsRef = builder
  .objectRef<NonNullable<SpaceItem['permissions']>>('SpacePermissions')
  .implement({
    description: 'What the caller may do with a space.',
    fields: (t) => ({
      view: t.exposeBoolean('view', { nullable: true, description: 'May view it.' }),
      access: t.exposeBoolean('access', { nullable: true, description: 'May access it.' }),
      admin: t.exposeBoolean('admin', { nullable: true, description: 'May administrate it.' }),
      viewInviteLinks: t.exposeBoolean('viewInviteLinks', {
        nullable: true,
        description: 'May view its invite links.',
      }),
      edit: t.exposeBoolean('edit', { nullable: true, description: 'May edit its content.' }),
      triggerGitSync: t.exposeBoolean('triggerGitSync', {
        nullable: true,
        description: 'May trigger a git synchronization.',
      }),
      comment: t.exposeBoolean('comment', { nullable: true, description: 'May comment.' }),
      merge: t.exposeBoolean('merge', {
        nullable: true,
        description: 'May merge change requests.',
      }),
      review: t.exposeBoolean('review', {
        nullable: true,
        description: 'May review change requests.',
      }),
      installIntegration: t.exposeBoolean('installIntegration', {
        nullable: true,
        description: 'May install integrations.',
      }),
    }),
  });

export const SpaceRef = resourceNode(SpaceResource, {
  description: 'A space: a container of pages and files with one active revision.',
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Title (max 50).' }),
    emoji: t.exposeString('emoji', { description: 'Emoji (max 50).' }),
    visibility: t.field({
      type: SpaceVisibilityEnum.ref,

      description: 'Who can access the space.',
      resolve: (s) => SpaceVisibilityEnum.of(s.visibility) as string,
    }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',

      description: 'When it was created.',
    }),
    updatedAt: t.expose('updatedAt', {
      type: 'DateTime',

      description: 'When it was last updated.',
    }),
    deletedAt: t.expose('deletedAt', {
      type: 'DateTime',
      nullable: true,
      description:
        'Set while soft-deleted; the space is removed permanently 7 days later and can be restored until then.',
    }),
    editMode: t.field({
      type: EditModeEnum.ref,
      nullable: true,
      description: '`live` (direct edits) or `locked` (all edits locked).',
      resolve: (s) => EditModeEnum.of(s.editMode),
    }),
    mergeRules: t.field({
      type: 'JSON',

      description: 'Merge rules: `{type: inherit}` or `{type: rules, rules: [...]}`.',
      resolve: (s) => s.mergeRules,
    }),
    urls: t.expose('urls', { type: SpaceUrlsRef, nullable: true, description: 'URLs.' }),
    organization: t.field({
      type: OrganizationRef,

      description: 'The organization the space belongs to.',
      resolve: (s) => s.organization,
    }),
    parentCollection: t.field({
      type: CollectionRef,
      nullable: true,
      description: 'The parent collection, if the space is in one.',
      resolve: (s) => s.parent ?? null,
    }),
    language: t.exposeString('language', {
      nullable: true,
      description: 'Language code (ISO 639-1, plus `pt-br`, `zh-tw`), e.g. `en`.',
    }),
    gitSync: t.expose('gitSync', {
      type: SpaceGitSyncRef,
      nullable: true,
      description: 'Git synchronization.',
    }),
    visitorAuth: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Visitor authentication settings, e.g. `{backend: custom}`.',
      resolve: (s) => s.visitorAuth ?? null,
    }),
    revision: t.exposeString('revision', {
      description: 'Id of the active revision.',
    }),
    defaultLevel: t.field({
      type: RoleEnum.ref,
      nullable: true,
      description: 'Default level for the content; null for none.',
      resolve: (s) => RoleEnum.of(s.defaultLevel),
    }),
    commentsCount: t.exposeInt('comments', {
      description: 'Number of open comments (REST `comments`).',
    }),
    changeRequestsCount: t.exposeInt('changeRequests', {
      description: 'Total number of change requests (REST `changeRequests`).',
    }),
    changeRequestsOpen: t.exposeInt('changeRequestsOpen', {
      description: 'Number of open change requests.',
    }),
    changeRequestsDraft: t.exposeInt('changeRequestsDraft', {
      description: 'Number of draft change requests.',
    }),
    permissions: t.expose('permissions', {
      type: SpacePermissionsRef,
      nullable: true,
      description: 'What the caller may do with the space.',
    }),
  }),
});
