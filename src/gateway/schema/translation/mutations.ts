import {
  CreateTranslationBody,
  Translation,
  UpdateTranslationBody,
} from '../../../contract/translations.ts';
import { builder } from '../../builder.ts';
import { Empty, objectPayload, validBody, write, writeMutation } from '../mutation.ts';
import { deletedInOrganizationPayload } from '../organization/mutations.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { SpaceResource } from '../space/resource.ts';
import { TranslationResource } from './resource.ts';
import { TranslationRef } from './types.ts';

const TranslationPayload = objectPayload(TranslationRef, {
  description: 'The translation after the change.',
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
    const path = TranslationResource.route('inOrganization', org);
    const tr = await write(ctx, 'POST', path, body, Translation);
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
    const path = TranslationResource.route('run', address.org, address.id);
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
