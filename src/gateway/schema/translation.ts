import { ENUMS } from '../../contract/common.ts';
import {
  CreateTranslationBody,
  Translation,
  UpdateTranslationBody,
} from '../../contract/translations.ts';
import { builder } from '../builder.ts';
import { addressId, globalId, toRestId } from '../ids.ts';
import { restConnection } from '../upstream/connection.ts';
import { seg } from '../upstream/rest.ts';
import { openEnumType } from './common.ts';
import { OrganizationRef } from './organization.ts';
import {
  addressLoader,
  deletedInOrganizationPayload,
  Empty,
  idRef,
  locationUrlsType,
  mapConnection,
  orgScopedAddress,
  validBody,
  write,
  writeMutation,
} from './shared.ts';
import { SpaceRef } from './space.ts';

/** A translation with the organization it was read from. */
export type TranslationValue = Translation & { orgId: string };

const translationsPath = (orgId: string) => `/orgs/${seg(orgId)}/translations`;
const translationPath = (orgId: string, id: string) => `${translationsPath(orgId)}/${seg(id)}`;

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
      space: t.exposeString('space', { nullable: false, description: 'Source space id.' }),
      language: t.exposeString('language', {
        nullable: false,
        description: 'Source language (ISO 639-1, `pt-br`, `zh-tw`).',
      }),
    }),
  });

const TranslationResultRef = builder
  .objectRef<NonNullable<Translation['result']>>('TranslationResult')
  .implement({
    description: 'Where the latest run put its result.',
    fields: (t) => ({
      space: t.exposeString('space', { nullable: false, description: 'Result space id.' }),
      revision: t.exposeString('revision', {
        nullable: false,
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

export const TranslationRef = builder.loadableNode('Translation', {
  description:
    'A translation job of a space into another language; each run writes the result into a result space.',
  id: { resolve: (tr: TranslationValue) => addressId(tr.orgId, tr.id) },
  load: addressLoader('Translation', 2, async (ctx, orgId, id) => ({
    ...(await ctx.rest.get(translationPath(orgId, id), Translation)),
    orgId,
  })),
  fields: (t) => ({
    status: t.field({
      type: TranslationStatusEnum.ref,
      nullable: false,
      description: 'Where the latest run stands.',
      resolve: (tr) => TranslationStatusEnum.of(tr.status) as string,
    }),
    source: t.field({
      type: TranslationSourceRef,
      nullable: false,
      description: 'The source space and its language.',
      resolve: (tr) => tr.source,
    }),
    language: t.exposeString('language', {
      nullable: false,
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
      nullable: false,
      description: 'When it was created.',
    }),
    updatedAt: t.expose('updatedAt', {
      type: 'DateTime',
      nullable: false,
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
      nullable: false,
      description: 'The organization it belongs to.',
      resolve: (tr, _a, _c, info) => idRef(info, tr.orgId),
    }),
    sourceSpace: t.field({
      type: SpaceRef,
      nullable: true,
      description: 'The source space (no upstream call when only its id is selected).',
      resolve: (tr, _a, _c, info) => idRef(info, tr.source.space),
    }),
    resultSpace: t.field({
      type: SpaceRef,
      nullable: true,
      description: 'The space holding the latest result; null before the first run.',
      resolve: (tr, _a, _c, info) => (tr.result ? idRef(info, tr.result.space) : null),
    }),
  }),
});

builder.objectFields(OrganizationRef, (t) => ({
  translations: t.connection({
    type: TranslationRef,
    description: 'Translations of the organization.',
    resolve: async (o, args, ctx) => {
      const result = await restConnection(ctx.rest, args, {
        path: translationsPath(o.id),
        item: Translation,
        primePath: (tr) => translationPath(o.id, tr.id),
      });
      return mapConnection(result, (tr) => ({ ...tr, orgId: o.id }));
    },
  }),
  translation: t.field({
    type: TranslationRef,
    nullable: true,
    description: 'A translation by id; null when there is none.',
    args: { id: t.arg.id({ required: true, description: 'REST id or global ID.' }) },
    resolve: (o, args) => addressId(o.id, toRestId(args.id, 'Translation')),
  }),
}));

// ---- Mutations -----------------------------------------------------------------------------

const TranslationPayload = builder
  .objectRef<{ translation: TranslationValue | string }>('TranslationPayload')
  .implement({
    description: 'The translation after the change.',
    fields: (t) => ({
      translation: t.field({
        type: TranslationRef,
        nullable: false,
        description: 'The translation.',
        resolve: (p) => p.translation,
      }),
    }),
  });

/** A translation global ID's organization and REST id; a ValidationError otherwise. */
const translationAddress = (translationId: string) =>
  orgScopedAddress(translationId, 'Translation', 'translationId');

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
        space: toRestId(input.sourceSpaceId, 'Space'),
        ...(input.sourceLanguage != null ? { language: input.sourceLanguage } : {}),
      },
      language: input.language,
      ...(input.instructions != null ? { instructions: input.instructions } : {}),
    });
    const orgId = toRestId(input.organizationId, 'Organization');
    const tr = await write(ctx, 'POST', translationsPath(orgId), body, Translation);
    return { translation: { ...tr, orgId } };
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
    const [orgId, id] = translationAddress(input.translationId);
    const tr = await write(ctx, 'PUT', translationPath(orgId, id), body, Translation);
    return { translation: { ...tr, orgId } };
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
    const [orgId, id] = translationAddress(input.translationId);
    await write(ctx, 'POST', `${translationPath(orgId, id)}/run`, undefined, Empty);
    return { translation: addressId(orgId, id) };
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
    const [orgId, id] = translationAddress(input.translationId);
    await write(ctx, 'DELETE', translationPath(orgId, id), undefined, Empty);
    return { deletedId: globalId('Translation', addressId(orgId, id)), organization: orgId };
  },
});
