import { ENUMS } from '../../../contract/common.ts';
import {
  CreateTranslationBody,
  Translation,
  UpdateTranslationBody,
} from '../../../contract/translations.ts';
import { builder } from '../../builder.ts';
import { restPath } from '../../upstream/path.ts';
import { locationUrlsType, openEnumType } from '../base.ts';
import { Empty, validBody, write, writeMutation } from '../mutation.ts';
import { resourceNode } from '../node.ts';
import { deletedInOrganizationPayload } from '../organization/mutations.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { OrganizationRef } from '../organization/types.ts';
import { SpaceResource } from '../space/resource.ts';
import { SpaceRef } from '../space/types.ts';
import { TranslationResource, type TranslationShape } from './resource.ts';

export const TranslationStatusEnum = openEnumType(
  'TranslationStatus',
  ENUMS.translationStatus,
  'Where the latest run of a translation stands: `pending` -> `running` -> `completed`.',
  {
    pending: 'Not run yet, or a run is requested.',
    running: 'A run is in progress.',
    completed: 'The latest run finished; `result` holds its space and revision.',
  },
);

const TranslationSourceRef = builder
  .objectRef<Translation['source']>('TranslationSource')
  .implement({
    description: 'What a translation translates.',
    fields: (t) => ({
      space: t.exposeString('space', { description: 'Source space id.' }),
      language: t.exposeString('language', {
        description: 'Source language (ISO 639-1, `pt-br`, `zh-tw`).',
      }),
    }),
  });

const TranslationResultRef = builder
  .objectRef<NonNullable<Translation['result']>>('TranslationResult')
  .implement({
    description: 'Where the latest run put its result.',
    fields: (t) => ({
      space: t.exposeString('space', { description: 'Result space id.' }),
      revision: t.exposeString('revision', {
        description: 'Revision of the result space made by the run.',
      }),
    }),
  });

const TranslationStatsRef = builder
  .objectRef<NonNullable<Translation['stats']>>('TranslationStats')
  .implement({
    description: 'Figures of the runs; durations in milliseconds.',
    fields: (t) => ({
      runs: t.exposeInt('runs', { nullable: true, description: 'Number of runs.' }),
      totalWords: t.exposeInt('totalWords', {
        nullable: true,
        description: 'Words translated over all runs.',
      }),
      totalPages: t.exposeInt('totalPages', {
        nullable: true,
        description: 'Pages translated over all runs.',
      }),
      totalDuration: t.exposeFloat('totalDuration', {
        nullable: true,
        description: 'Duration of all runs (ms).',
      }),
      latestRunDuration: t.exposeFloat('latestRunDuration', {
        nullable: true,
        description: 'Duration of the latest run (ms).',
      }),
      latestPages: t.exposeInt('latestPages', {
        nullable: true,
        description: 'Pages of the latest run.',
      }),
      latestWords: t.exposeInt('latestWords', {
        nullable: true,
        description: 'Words of the latest run.',
      }),
    }),
  });

const TranslationPermissionsRef = builder
  .objectRef<NonNullable<Translation['permissions']>>('TranslationPermissions')
  .implement({
    description: 'What the caller may do with the translation.',
    fields: (t) => ({
      view: t.exposeBoolean('view', { nullable: true, description: 'May read it.' }),
      edit: t.exposeBoolean('edit', {
        nullable: true,
        description: 'May update, run or delete it.',
      }),
    }),
  });

const TranslationUrlsRef = locationUrlsType('TranslationUrls', 'URLs of a translation.');

export const TranslationRef = resourceNode(TranslationResource, {
  description:
    'A translation job of a space into another language; each run writes the result into a result space.',
  fields: (t) => ({
    status: t.field({
      type: TranslationStatusEnum.ref,

      description: 'Where the latest run stands.',
      resolve: (tr) => TranslationStatusEnum.of(tr.status) as string,
    }),
    source: t.field({
      type: TranslationSourceRef,

      description: 'The source space and its language.',
      resolve: (tr) => tr.source,
    }),
    language: t.exposeString('language', {
      description: 'Target language (ISO 639-1, `pt-br`, `zh-tw`).',
    }),
    instructions: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Instructions for the translator, a rich-text Document.',
      resolve: (tr) => tr.instructions ?? null,
    }),
    result: t.field({
      type: TranslationResultRef,
      nullable: true,
      description: 'The result space and revision of the latest run; null before the first run.',
      resolve: (tr) => tr.result ?? null,
    }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',

      description: 'When it was created.',
    }),
    updatedAt: t.expose('updatedAt', {
      type: 'DateTime',

      description: 'When it was last updated.',
    }),
    stats: t.field({
      type: TranslationStatsRef,
      nullable: true,
      description: 'Figures of the runs.',
      resolve: (tr) => tr.stats ?? null,
    }),
    permissions: t.field({
      type: TranslationPermissionsRef,
      nullable: true,
      description: 'What the caller may do with it.',
      resolve: (tr) => tr.permissions ?? null,
    }),
    urls: t.field({
      type: TranslationUrlsRef,
      nullable: true,
      description: 'URLs.',
      resolve: (tr) => tr.urls ?? null,
    }),
    organization: t.field({
      type: OrganizationRef,

      description: 'The organization it belongs to.',
      resolve: (tr) => tr.org,
    }),
    sourceSpace: t.field({
      type: SpaceRef,
      nullable: true,
      description: 'The source space (no upstream call when only its id is selected).',
      resolve: (tr) => tr.source.space,
    }),
    resultSpace: t.field({
      type: SpaceRef,
      nullable: true,
      description: 'The space holding the latest result; null before the first run.',
      resolve: (tr) => tr.result?.space ?? null,
    }),
  }),
});

builder.objectFields(OrganizationRef, (t) => ({
  translations: t.connection({
    type: TranslationRef,
    description: 'Translations of the organization.',
    resolve: (o, args, ctx) =>
      TranslationResource.connection(ctx, args, {
        path: restPath`/orgs/${o.id}/translations`,
        parent: { org: o.id },
      }),
  }),
  translation: t.field({
    type: TranslationRef,
    nullable: true,
    description: 'A translation by id; null when there is none.',
    args: { id: t.arg.id({ required: true, description: 'REST id or global ID.' }) },
    resolve: (o, args) =>
      TranslationResource.stub(TranslationResource.parseInput(args.id, { parents: { org: o.id } })),
  }),
}));

// ---- Mutations -----------------------------------------------------------------------------

const TranslationPayload = builder
  .objectRef<{ translation: TranslationShape }>('TranslationPayload')
  .implement({
    description: 'The translation after the change.',
    fields: (t) => ({
      translation: t.field({
        type: TranslationRef,

        description: 'The translation.',
        resolve: (p) => p.translation,
      }),
    }),
  });

/** The translation a global ID in input `translationId` names; a ValidationError otherwise. */
const translationOf = (translationId: string) =>
  TranslationResource.parseInput(translationId, { field: 'translationId' });

const CreateTranslationInput = builder.inputType('CreateTranslationInput', {
  description: 'A new translation of a space into a language.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    sourceSpaceId: t.id({ required: true, description: 'Source space (global ID or REST id).' }),
    sourceLanguage: t.string({
      required: false,
      description: "Source language; defaults to the source space's language.",
    }),
    language: t.string({ required: true, description: 'Target language (ISO 639-1 code).' }),
    instructions: t.field({
      type: 'JSON',
      required: false,
      description: 'Instructions for the translator, a rich-text Document.',
    }),
  }),
});

writeMutation('createTranslation', {
  type: TranslationPayload,
  input: CreateTranslationInput,
  description: 'Creates a translation of a space (not run yet). Needs organization admin.',
  resolve: async (input, ctx) => {
    const body = validBody(CreateTranslationBody, {
      source: {
        space: SpaceResource.parseInput(input.sourceSpaceId, { field: 'sourceSpaceId' }).id,
        ...(input.sourceLanguage != null ? { language: input.sourceLanguage } : {}),
      },
      language: input.language,
      ...(input.instructions != null ? { instructions: input.instructions } : {}),
    });
    const org = OrganizationResource.parseInput(input.organizationId, {
      field: 'organizationId',
    }).id;
    const tr = await write(ctx, 'POST', restPath`/orgs/${org}/translations`, body, Translation);
    return { translation: TranslationResource.shape(tr, { org, id: tr.id }) };
  },
});

const UpdateInstructionsInput = builder.inputType('UpdateTranslationInstructionsInput', {
  description: 'New instructions of a translation.',
  fields: (t) => ({
    translationId: t.id({ required: true, description: 'The translation (global ID).' }),
    instructions: t.field({
      type: 'JSON',
      required: true,
      description: 'Instructions for the translator, a rich-text Document.',
    }),
  }),
});

writeMutation('updateTranslationInstructions', {
  type: TranslationPayload,
  input: UpdateInstructionsInput,
  description: "Replaces a translation's instructions. Needs organization admin.",
  resolve: async (input, ctx) => {
    const body = validBody(UpdateTranslationBody, { instructions: input.instructions });
    const address = translationOf(input.translationId);
    const tr = await write(ctx, 'PUT', TranslationResource.path(address), body, Translation);
    return { translation: TranslationResource.shape(tr, address) };
  },
});

const TranslationIdInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      translationId: t.id({ required: true, description: 'The translation (global ID).' }),
    }),
  });

writeMutation('runTranslation', {
  type: TranslationPayload,
  input: () => TranslationIdInput('RunTranslationInput', 'The translation to run.'),
  description:
    'Starts a run of a translation; it completes asynchronously (poll `status`). Needs organization admin.',
  resolve: async (input, ctx) => {
    const address = translationOf(input.translationId);
    const path = restPath`/orgs/${address.org}/translations/${address.id}/run`;
    await write(ctx, 'POST', path, undefined, Empty);
    return { translation: TranslationResource.stub(address) };
  },
});

const DeleteTranslationPayload = deletedInOrganizationPayload(
  'DeleteTranslationPayload',
  'The deleted translation (also when it did not exist).',
  'translation',
);

writeMutation('deleteTranslation', {
  type: DeleteTranslationPayload,
  input: () => TranslationIdInput('DeleteTranslationInput', 'The translation to delete.'),
  description: 'Deletes a translation (succeeds also when it did not exist). Needs admin.',
  resolve: async (input, ctx) => {
    const address = translationOf(input.translationId);
    await write(ctx, 'DELETE', TranslationResource.path(address), undefined, Empty);
    return { deletedId: TranslationResource.globalId(address), organization: address.org };
  },
});
