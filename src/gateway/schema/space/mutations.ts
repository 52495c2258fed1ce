import {
  CreateSpaceBody,
  MoveSpaceBody,
  Space,
  UpdateSpaceBody,
} from '../../../contract/spaces.ts';
import { builder } from '../../builder.ts';
import { CollectionResource } from '../collection/resource.ts';
import {
  deleteMutation,
  idInput,
  idOf,
  moveMutation,
  transferMutation,
  treeObject,
  updateObject,
} from '../moves.ts';
import { given, validBody, write, writeMutation } from '../mutation.ts';
import { MergeRulesInput, mergeRulesBody } from '../organization/mutations.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { RoleEnum } from '../organization/types.ts';
import { SpaceResource } from './resource.ts';
import { EditModeEnum, type SpaceItem, SpaceRef, SpaceVisibilityEnum } from './types.ts';

const SpaceObject = treeObject(SpaceRef, SpaceResource, 'space', Space);

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

writeMutation('createSpace', {
  type: SpaceObject.payload,
  input: CreateSpaceInput,
  description: 'Creates a space in an organization (needs `create`).',
  resolve: async (input, ctx) => {
    const body = validBody(CreateSpaceBody, {
      ...given(input, ['title', 'emoji', 'visibility'] as const),
      ...(input.parent
        ? { parent: CollectionResource.parseInput(input.parent, { field: 'parent' }).id }
        : {}),
    });
    const org = OrganizationResource.parseInput(input.organizationId, {
      field: 'organizationId',
    }).id;
    const space = await write(ctx, 'POST', SpaceResource.route('inOrganization', org), body, Space);
    return { space };
  },
});

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

writeMutation('updateSpace', {
  type: SpaceObject.payload,
  input: UpdateSpaceInput,
  description: 'Updates a space: edit mode, title, default level, language, merge rules, emoji.',
  resolve: async (input, ctx) => {
    const body = validBody(UpdateSpaceBody, {
      ...given(input, ['editMode', 'title', 'defaultLevel', 'language', 'emoji'] as const),
      ...(input.mergeRules !== undefined ? { mergeRules: mergeRulesBody(input.mergeRules) } : {}),
    });
    return updateObject(SpaceObject, input, body, ctx);
  },
});

deleteMutation('deleteSpace', SpaceObject, {
  input: 'The space to delete.',
  description:
    'Soft-deletes a space: `deletedAt` is set; it can be restored for 7 days, then it is removed permanently.',
});

writeMutation('restoreSpace', {
  type: SpaceObject.payload,
  input: () => idInput(SpaceObject, 'RestoreSpaceInput', 'The space to restore.'),
  description:
    'Restores a soft-deleted space; only within 7 days of its deletion (ConflictError after).',
  resolve: async (input, ctx) => {
    const id = idOf(SpaceObject, input);
    const space = await write(ctx, 'POST', SpaceResource.route('restore', id), undefined, Space);
    return { space };
  },
});

const DuplicateSpacePayload = builder
  .objectRef<{ space: SpaceItem; source: string }>('DuplicateSpacePayload')
  .implement({
    description: 'The copy and the space it was copied from.',
    fields: (t) => ({
      space: t.field({
        type: SpaceRef,
        description: 'The copy.',
        resolve: (p) => p.space,
      }),
      source: t.field({
        type: SpaceRef,
        description: 'The space that was duplicated.',
        resolve: (p) => p.source,
      }),
    }),
  });

writeMutation('duplicateSpace', {
  type: DuplicateSpacePayload,
  input: () => idInput(SpaceObject, 'DuplicateSpaceInput', 'The space to duplicate.'),
  description: 'Duplicates a space with its content.',
  resolve: async (input, ctx) => {
    const id = idOf(SpaceObject, input);
    const space = await write(ctx, 'POST', SpaceResource.route('duplicate', id), undefined, Space);
    return { space, source: id };
  },
});

moveMutation('moveSpace', SpaceObject, {
  description: 'Moves a space to another parent collection and/or place among its siblings.',
  position: 'Place among siblings (`space`).',
  body: MoveSpaceBody,
});

transferMutation(
  'transferSpace',
  SpaceObject,
  'Transfers a space to another organization (needs `admin` in both organizations).',
);
