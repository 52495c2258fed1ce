// Mutation contract rows of translations.

import { expect } from 'vitest';
import { addressId, globalId } from '../../support/ids.ts';
import {
  demoSourceSpace,
  demoSpecId,
  demoTranslationId,
  doc,
  missingOrg,
  newTranslation,
  nextLanguage,
  node,
  org,
  orgId,
  orgOf,
  type Row,
  row,
} from './sitesInsights.fixture.ts';

export const translationRows: Row[] = [
  // ---- createTranslation
  row({
    mutation: 'createTranslation',
    kind: 'validation',
    name: 'a target language that is no ISO 639-1 code',
    variables: async () => ({
      organizationId: orgId,
      sourceSpaceId: demoSourceSpace,
      language: 'klingon',
    }),
    expect: { __typename: 'ValidationError', field: 'language' },
  }),
  row({
    mutation: 'createTranslation',
    kind: 'validation',
    name: 'an empty source space id',
    variables: async () => ({ organizationId: orgId, sourceSpaceId: '', language: 'fr' }),
    expect: { __typename: 'ValidationError', field: 'sourceSpaceId' },
  }),
  row({
    mutation: 'createTranslation',
    kind: 'notFound',
    name: 'an organization that does not exist',
    variables: async () => ({
      organizationId: missingOrg,
      sourceSpaceId: demoSourceSpace,
      language: 'fr',
    }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    // As for addSiteSpace: an unknown space in the body is a 400 of the server, by design.
    mutation: 'createTranslation',
    kind: 'missingReference',
    name: 'a source space that does not exist (body reference: ValidationError from upstream)',
    variables: async () => ({
      organizationId: orgId,
      sourceSpaceId: globalId('Space', 'no-such-space'),
      language: 'fr',
    }),
    expect: { __typename: 'ValidationError', field: 'source.space' },
  }),
  row({
    // Not a conflict of the decisions page; shown because it is one this mutation can meet.
    mutation: 'createTranslation',
    kind: 'conflict',
    name: 'a second translation of the same space into the same language',
    variables: async () => {
      const language = nextLanguage();
      await newTranslation(language);
      return { organizationId: orgId, sourceSpaceId: demoSourceSpace, language };
    },
    expect: { __typename: 'ConflictError' },
  }),
  row({
    mutation: 'createTranslation',
    kind: 'forbidden',
    name: '`create` role (translations need organization admin)',
    as: 'create',
    variables: async () => ({
      organizationId: orgId,
      sourceSpaceId: demoSourceSpace,
      language: 'fr',
    }),
    expect: { __typename: 'ForbiddenError', sees: orgOf },
  }),

  // ---- updateTranslationInstructions
  row({
    mutation: 'updateTranslationInstructions',
    kind: 'validation',
    name: 'instructions that are not a rich-text document',
    variables: async () => ({ translationId: demoTranslationId, instructions: 'be polite' }),
    expect: { __typename: 'ValidationError', field: 'instructions' },
  }),
  row({
    mutation: 'updateTranslationInstructions',
    kind: 'notFound',
    name: 'a translation that does not exist',
    variables: async () => ({
      translationId: globalId('Translation', addressId(org, 'nope')),
      instructions: doc('x'),
    }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'updateTranslationInstructions',
    kind: 'forbidden',
    name: '`edit` role',
    as: 'edit',
    variables: async () => ({ translationId: await newTranslation(), instructions: doc('x') }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.translationId as string },
  }),
  row({
    mutation: 'updateTranslationInstructions',
    kind: 'success',
    name: 'replaces the instructions; read back by node',
    select: '... on TranslationPayload { translation { id } }',
    variables: async () => ({
      translationId: await newTranslation(),
      instructions: doc('Matrix instructions.'),
    }),
    expect: {
      __typename: 'TranslationPayload',
      after: async (r, i) => {
        expect(r.translation.id).toBe(i.translationId);
        const read = await node(i.translationId as string, '... on Translation { instructions }');
        expect(JSON.stringify(read?.instructions)).toContain('Matrix instructions.');
      },
    },
  }),

  // ---- runTranslation
  row({
    mutation: 'runTranslation',
    kind: 'validation',
    name: 'a translation id that is not a global ID',
    variables: async () => ({ translationId: 'not-a-global-id' }),
    expect: { __typename: 'ValidationError', field: 'translationId' },
  }),
  row({
    mutation: 'runTranslation',
    kind: 'notFound',
    name: 'a translation of an organization the outsider cannot see',
    as: 'outsider',
    variables: async () => ({ translationId: demoTranslationId }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'runTranslation',
    kind: 'forbidden',
    name: '`read` role',
    as: 'read',
    variables: async () => ({ translationId: await newTranslation() }),
    expect: { __typename: 'ForbiddenError', sees: (i) => i.translationId as string },
  }),

  // ---- deleteTranslation
  row({
    mutation: 'deleteTranslation',
    kind: 'validation',
    name: 'a global ID of the wrong type (an OpenAPISpec) as translationId',
    variables: async () => ({ translationId: demoSpecId }),
    expect: { __typename: 'ValidationError', field: 'translationId' },
  }),
  row({
    mutation: 'deleteTranslation',
    kind: 'deleteMissing',
    name: 'a translation that does not exist: success by design (REST 204)',
    select: '... on DeleteTranslationPayload { deletedId }',
    variables: async () => ({ translationId: globalId('Translation', addressId(org, 'nope')) }),
    expect: {
      __typename: 'DeleteTranslationPayload',
      after: (r, i) => expect(r.deletedId).toBe(i.translationId),
    },
  }),
  row({
    mutation: 'deleteTranslation',
    kind: 'notFound',
    name: 'a translation of an organization the outsider cannot see',
    as: 'outsider',
    variables: async () => ({ translationId: await newTranslation() }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'deleteTranslation',
    kind: 'forbidden',
    name: '`edit` role; the translation stays',
    as: 'edit',
    variables: async () => ({ translationId: await newTranslation() }),
    expect: {
      __typename: 'ForbiddenError',
      sees: (i) => i.translationId as string,
      after: async (_r, i) =>
        expect(await node(i.translationId as string, 'id')).toEqual({ id: i.translationId }),
    },
  }),
];
