import type { z } from 'zod';
import { ENUMS, TemplateApplication } from '../../contract/common.ts';
import {
  CreateSpaceBody,
  MoveSpaceBody,
  Space,
  TransferBody,
  UpdateSpaceBody,
} from '../../contract/spaces.ts';
import { builder } from '../builder.ts';
import { restConnection } from '../connection.ts';
import type { GatewayContext } from '../context.ts';
import { MUTATION_ERRORS, mutate } from '../errors.ts';
import { globalId, toRestId } from '../ids.ts';
import { seg, withQuery } from '../upstream/rest.ts';
import { CollectionRef, DeletePayload, idRef, PositionInput, positionBody } from './collection.ts';
import { openEnumType } from './common.ts';
import {
  Empty,
  given,
  MergeRulesInput,
  mergeRulesBody,
  OrganizationRef,
  RoleEnum,
  validBody,
} from './organization.ts';

type Sp = z.infer<typeof Space>;

/** Where `GET` finds a space. */
export const spacePath = (id: string) => `/spaces/${seg(id)}`;

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

const SpaceUrlsRef = builder.objectRef<NonNullable<Sp['urls']>>('SpaceUrls').implement({
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

const SpaceGitSyncRef = builder.objectRef<NonNullable<Sp['gitSync']>>('SpaceGitSync').implement({
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
  .objectRef<NonNullable<Sp['permissions']>>('SpacePermissions')
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

export const SpaceRef = builder.loadableNode('Space', {
  description: 'A space: a container of pages and files with one active revision.',
  id: { resolve: (s) => s.id },
  load: (ids: string[], ctx: GatewayContext) =>
    Promise.all(ids.map((id) => ctx.rest.get(spacePath(id), Space).catch((e: Error) => e))),
  fields: (t) => ({
    title: t.exposeString('title', { nullable: false, description: 'Title (max 50).' }),
    emoji: t.exposeString('emoji', { nullable: false, description: 'Emoji (max 50).' }),
    visibility: t.field({
      type: SpaceVisibilityEnum.ref,
      nullable: false,
      description: 'Who can access the space.',
      resolve: (s) => SpaceVisibilityEnum.of(s.visibility) as string,
    }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      nullable: false,
      description: 'When it was created.',
    }),
    updatedAt: t.expose('updatedAt', {
      type: 'DateTime',
      nullable: false,
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
      nullable: false,
      description: 'Merge rules: `{type: inherit}` or `{type: rules, rules: [...]}`.',
      resolve: (s) => s.mergeRules,
    }),
    urls: t.expose('urls', { type: SpaceUrlsRef, nullable: true, description: 'URLs.' }),
    organization: t.field({
      type: OrganizationRef,
      nullable: false,
      description: 'The organization the space belongs to.',
      resolve: (s, _args, _ctx, info) => idRef(info, s.organization),
    }),
    parentCollection: t.field({
      type: CollectionRef,
      nullable: true,
      description: 'The parent collection, if the space is in one.',
      resolve: (s, _args, _ctx, info) => (s.parent ? idRef(info, s.parent) : null),
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
      nullable: false,
      description: 'Id of the active revision.',
    }),
    defaultLevel: t.field({
      type: RoleEnum.ref,
      nullable: true,
      description: 'Default level for the content; null for none.',
      resolve: (s) => RoleEnum.of(s.defaultLevel),
    }),
    commentsCount: t.exposeInt('comments', {
      nullable: false,
      description: 'Number of open comments (REST `comments`).',
    }),
    changeRequestsCount: t.exposeInt('changeRequests', {
      nullable: false,
      description: 'Total number of change requests (REST `changeRequests`).',
    }),
    changeRequestsOpen: t.exposeInt('changeRequestsOpen', {
      nullable: false,
      description: 'Number of open change requests.',
    }),
    changeRequestsDraft: t.exposeInt('changeRequestsDraft', {
      nullable: false,
      description: 'Number of draft change requests.',
    }),
    permissions: t.expose('permissions', {
      type: SpacePermissionsRef,
      nullable: true,
      description: 'What the caller may do with the space.',
    }),
  }),
});

builder.queryField('space', (t) =>
  t.field({
    type: SpaceRef,
    nullable: true,
    description: 'A space by global ID or REST id.',
    args: {
      id: t.arg.id({ required: true, description: 'Global ID or REST id.' }),
      shareKey: t.arg.string({
        description: 'Secret key of a share-link space; resolves its published URLs.',
      }),
    },
    resolve: (_root, args, ctx) => {
      const id = toRestId(args.id, 'Space');
      if (!args.shareKey) return id;
      return ctx.rest.get(withQuery(spacePath(id), { shareKey: args.shareKey }), Space);
    },
  }),
);

builder.objectField(OrganizationRef, 'spaces', (t) =>
  t.connection({
    type: SpaceRef,
    description: 'Spaces of the organization (deleted ones are not listed).',
    resolve: (org, args, ctx) =>
      restConnection(ctx, args, {
        path: `/orgs/${seg(org.id)}/spaces`,
        item: Space,
        primePath: (s) => spacePath(s.id),
      }),
  }),
);

builder.objectField(CollectionRef, 'spaces', (t) =>
  t.connection({
    type: SpaceRef,
    description: 'Spaces in the collection.',
    resolve: (collection, args, ctx) =>
      restConnection(ctx, args, {
        path: `/collections/${seg(collection.id)}/spaces`,
        item: Space,
        primePath: (s) => spacePath(s.id),
      }),
  }),
);

// ---- Mutations ---------------------------------------------------------------------------

const SpacePayload = builder.objectRef<{ space: Sp | string }>('SpacePayload').implement({
  description: 'The space after the change.',
  fields: (t) => ({
    space: t.field({
      type: SpaceRef,
      nullable: false,
      description: 'The space.',
      resolve: (p) => p.space,
    }),
  }),
});

const CreateSpaceInput = builder.inputType('CreateSpaceInput', {
  description: 'A new space.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    title: t.string({ description: 'Title (max 50).' }),
    emoji: t.string({ description: 'Emoji (max 50).' }),
    parent: t.id({ description: 'Parent collection (global ID or REST id).' }),
    visibility: t.field({ type: SpaceVisibilityEnum.ref, description: 'Who can access it.' }),
  }),
});

builder.mutationField('createSpace', (t) =>
  t.field({
    type: SpacePayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'CreateSpaceResult' } },
    description: 'Creates a space in an organization (needs `create`).',
    args: { input: t.arg({ type: CreateSpaceInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const body = validBody(CreateSpaceBody, {
          ...given(input, ['title', 'emoji', 'visibility'] as const),
          ...(input.parent ? { parent: toRestId(input.parent, 'Collection') } : {}),
        });
        const org = toRestId(input.organizationId, 'Organization');
        const space = await ctx.rest.send('POST', `/orgs/${seg(org)}/spaces`, body, Space);
        ctx.rest.clear();
        return { space };
      }),
  }),
);

const UpdateSpaceInput = builder.inputType('UpdateSpaceInput', {
  description: 'Changes to a space; absent fields stay as they are.',
  fields: (t) => ({
    spaceId: t.id({ required: true, description: 'Space (global ID or REST id).' }),
    editMode: t.field({ type: EditModeEnum.ref, description: '`live` or `locked`.' }),
    title: t.string({ description: 'Title (max 50).' }),
    defaultLevel: t.field({ type: RoleEnum.ref, description: 'Default level; null for none.' }),
    language: t.string({ description: 'Language code (e.g. `en`); null for none.' }),
    mergeRules: t.field({ type: MergeRulesInput, description: '`inherit` or own rules.' }),
    emoji: t.string({ description: 'Emoji (max 50).' }),
  }),
});

builder.mutationField('updateSpace', (t) =>
  t.field({
    type: SpacePayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'UpdateSpaceResult' } },
    description: 'Updates a space: edit mode, title, default level, language, merge rules, emoji.',
    args: { input: t.arg({ type: UpdateSpaceInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const body = validBody(UpdateSpaceBody, {
          ...given(input, ['editMode', 'title', 'defaultLevel', 'language', 'emoji'] as const),
          ...(input.mergeRules !== undefined
            ? { mergeRules: mergeRulesBody(input.mergeRules) }
            : {}),
        });
        const id = toRestId(input.spaceId, 'Space');
        const space = await ctx.rest.send('PATCH', spacePath(id), body, Space);
        ctx.rest.clear();
        return { space };
      }),
  }),
);

const SpaceIdInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      spaceId: t.id({ required: true, description: 'Space (global ID or REST id).' }),
    }),
  });

builder.mutationField('deleteSpace', (t) =>
  t.field({
    type: DeletePayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'DeleteSpaceResult' } },
    description:
      'Soft-deletes a space: `deletedAt` is set; it can be restored for 7 days, then it is removed permanently.',
    args: {
      input: t.arg({
        type: SpaceIdInput('DeleteSpaceInput', 'The space to delete.'),
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const id = toRestId(input.spaceId, 'Space');
        await ctx.rest.send('DELETE', spacePath(id), undefined, Empty);
        ctx.rest.clear();
        return { deletedId: globalId('Space', id) };
      }),
  }),
);

builder.mutationField('restoreSpace', (t) =>
  t.field({
    type: SpacePayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'RestoreSpaceResult' } },
    description:
      'Restores a soft-deleted space; only within 7 days of its deletion (ConflictError after).',
    args: {
      input: t.arg({
        type: SpaceIdInput('RestoreSpaceInput', 'The space to restore.'),
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const id = toRestId(input.spaceId, 'Space');
        const space = await ctx.rest.send('POST', `${spacePath(id)}/restore`, undefined, Space);
        ctx.rest.clear();
        return { space };
      }),
  }),
);

const DuplicateSpacePayload = builder
  .objectRef<{ space: Sp; source: string }>('DuplicateSpacePayload')
  .implement({
    description: 'The copy and the space it was copied from.',
    fields: (t) => ({
      space: t.field({
        type: SpaceRef,
        nullable: false,
        description: 'The copy.',
        resolve: (p) => p.space,
      }),
      source: t.field({
        type: SpaceRef,
        nullable: false,
        description: 'The space that was duplicated.',
        resolve: (p, _args, _ctx, info) => idRef(info, p.source),
      }),
    }),
  });

builder.mutationField('duplicateSpace', (t) =>
  t.field({
    type: DuplicateSpacePayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'DuplicateSpaceResult' } },
    description: 'Duplicates a space with its content.',
    args: {
      input: t.arg({
        type: SpaceIdInput('DuplicateSpaceInput', 'The space to duplicate.'),
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const id = toRestId(input.spaceId, 'Space');
        const space = await ctx.rest.send('POST', `${spacePath(id)}/duplicate`, undefined, Space);
        ctx.rest.clear();
        return { space, source: id };
      }),
  }),
);

const MoveSpaceInput = builder.inputType('MoveSpaceInput', {
  description: 'Where to move a space.',
  fields: (t) => ({
    spaceId: t.id({ required: true, description: 'Space (global ID or REST id).' }),
    parent: t.id({
      description:
        'New parent collection; null moves it to the organization root; absent keeps it.',
    }),
    position: t.field({ type: PositionInput, description: 'Place among siblings (`space`).' }),
  }),
});

builder.mutationField('moveSpace', (t) =>
  t.field({
    type: SpacePayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'MoveSpaceResult' } },
    description: 'Moves a space to another parent collection and/or place among its siblings.',
    args: { input: t.arg({ type: MoveSpaceInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const body = validBody(MoveSpaceBody, {
          ...(input.parent !== undefined
            ? { parent: input.parent === null ? null : toRestId(input.parent, 'Collection') }
            : {}),
          ...(input.position ? { position: positionBody(input.position) } : {}),
        });
        const id = toRestId(input.spaceId, 'Space');
        const space = await ctx.rest.send('POST', `${spacePath(id)}/move`, body, Space);
        ctx.rest.clear();
        return { space };
      }),
  }),
);

const TransferSpaceInput = builder.inputType('TransferSpaceInput', {
  description: 'The space and its target organization.',
  fields: (t) => ({
    spaceId: t.id({ required: true, description: 'Space (global ID or REST id).' }),
    organizationId: t.id({
      required: true,
      description: 'Target organization (global ID or REST id).',
    }),
  }),
});

builder.mutationField('transferSpace', (t) =>
  t.field({
    type: SpacePayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'TransferSpaceResult' } },
    description: 'Transfers a space to another organization (needs `admin` in both organizations).',
    args: { input: t.arg({ type: TransferSpaceInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const body = validBody(TransferBody, {
          organization: toRestId(input.organizationId, 'Organization'),
        });
        const id = toRestId(input.spaceId, 'Space');
        const space = await ctx.rest.send('POST', `${spacePath(id)}/transfer`, body, Space);
        ctx.rest.clear();
        return { space };
      }),
  }),
);

const TemplateContentRefInput = builder.inputType('TemplateContentRefInput', {
  description: 'A named file reference passed to a template.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'Name of the template parameter.' }),
    file: t.id({ required: true, description: 'Id of the file.' }),
    space: t.id({ description: 'Space of the file (global ID or REST id).' }),
  }),
});

const ApplySpaceTemplateInput = builder.inputType('ApplySpaceTemplateInput', {
  description: 'A template to apply to a space, into its main content or a change request.',
  fields: (t) => ({
    spaceId: t.id({ required: true, description: 'Space (global ID or REST id).' }),
    templateId: t.string({ required: true, description: 'Id of the template.' }),
    contentRefs: t.field({
      type: [TemplateContentRefInput],
      description: 'File references passed to the template, by name.',
    }),
    changeRequestId: t.id({
      description: 'Apply into this change request (REST id) instead of the main content.',
    }),
  }),
});

const ApplySpaceTemplatePayload = builder
  .objectRef<{ space: string; changeRequestId: string | null }>('ApplySpaceTemplatePayload')
  .implement({
    description: 'The space the template was applied to.',
    fields: (t) => ({
      space: t.field({
        type: SpaceRef,
        nullable: false,
        description: 'The space, read after the change.',
        resolve: (p) => p.space,
      }),
      changeRequestId: t.exposeID('changeRequestId', {
        nullable: true,
        description: 'REST id of the change request it was applied into, if any.',
      }),
    }),
  });

builder.mutationField('applySpaceTemplate', (t) =>
  t.field({
    type: ApplySpaceTemplatePayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'ApplySpaceTemplateResult' } },
    description:
      'Applies a template to the main content of a space or to one of its change requests (ConflictError when the space is locked).',
    args: { input: t.arg({ type: ApplySpaceTemplateInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const spaceId = toRestId(input.spaceId, 'Space');
        const changeRequestId = input.changeRequestId
          ? toRestId(input.changeRequestId, 'ChangeRequest')
          : undefined;
        const body = validBody(TemplateApplication, {
          id: input.templateId,
          ...(input.contentRefs
            ? {
                params: {
                  contentRefs: Object.fromEntries(
                    input.contentRefs.map((r) => [
                      r.name,
                      {
                        kind: 'file',
                        file: r.file,
                        ...(r.space ? { space: toRestId(r.space, 'Space') } : {}),
                      },
                    ]),
                  ),
                },
              }
            : {}),
          ...(changeRequestId ? { changeRequestId } : {}),
        });
        await ctx.rest.send('POST', `${spacePath(spaceId)}/content/template`, body, Empty);
        ctx.rest.clear();
        return { space: spaceId, changeRequestId: changeRequestId ?? null };
      }),
  }),
);
