import { ENUMS } from '../../../contract/common.ts';
import type { Translation } from '../../../contract/translations.ts';
import { builder } from '../../builder.ts';
import { locationUrlsType, openEnumType } from '../base.ts';
import { resourceNode } from '../node.ts';
import { OrganizationRef } from '../organization/types.ts';
import { SpaceRef } from '../space/types.ts';
import { TranslationResource } from './resource.ts';

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
      resolve: (tr) => tr.source ?? null,
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
      address: true,
      resolve: (tr) => tr.org,
    }),
    sourceSpace: t.field({
      type: SpaceRef,
      nullable: true,
      description: 'The source space (no upstream call when only its id is selected).',
      resolve: (tr) => tr.source?.space,
    }),
    resultSpace: t.field({
      type: SpaceRef,
      nullable: true,
      description: 'The space holding the latest result; null before the first run.',
      resolve: (tr) => tr.result?.space ?? null,
    }),
  }),
});
