import { TemplateApplication } from '../../../contract/common.ts';
import { builder } from '../../builder.ts';
import { ChangeRequestResource } from '../changeRequest/resource.ts';
import { Empty, validBody, write, writeMutation } from '../mutation.ts';
import { SpaceResource } from '../space/resource.ts';
import { SpaceRef } from '../space/types.ts';
import { PageResource } from './resource.ts';

// Writes of content: a template applied to a space's main content or to a change request.

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

/** Payload of applySpaceTemplate. */
const ApplySpaceTemplatePayload = builder
  .objectRef<{ space: string; changeRequestId: string | null }>('ApplySpaceTemplatePayload')
  .implement({
    description: 'The space the template was applied to.',
    fields: (t) => ({
      space: t.field({
        type: SpaceRef,

        description: 'The space, read after the change.',
        resolve: (p) => p.space,
      }),
      changeRequestId: t.exposeID('changeRequestId', {
        nullable: true,
        description: 'REST id of the change request it was applied into, if any.',
      }),
    }),
  });

writeMutation('applySpaceTemplate', {
  type: ApplySpaceTemplatePayload,
  input: ApplySpaceTemplateInput,
  description:
    'Applies a template to the main content of a space or to one of its change requests (ConflictError when the space is locked).',
  resolve: async (input, ctx) => {
    const spaceId = SpaceResource.parseInput(input.spaceId, { field: 'spaceId' }).id;
    const changeRequestId = input.changeRequestId
      ? ChangeRequestResource.parseInput(input.changeRequestId, {
          field: 'changeRequestId',
          parents: { space: spaceId },
          parentFields: { space: 'spaceId' },
        }).id
      : undefined;
    const body = validBody(
      TemplateApplication,
      {
        id: input.templateId,
        ...(input.contentRefs
          ? {
              params: {
                contentRefs: Object.fromEntries(
                  input.contentRefs.map((contentRef) => [
                    contentRef.name,
                    {
                      kind: 'file',
                      file: contentRef.file,
                      ...(contentRef.space
                        ? {
                            space: SpaceResource.parseInput(contentRef.space, {
                              field: 'contentRefs',
                            }).id,
                          }
                        : {}),
                    },
                  ]),
                ),
              },
            }
          : {}),
        ...(changeRequestId ? { changeRequestId } : {}),
      },
      { id: 'templateId', params: 'contentRefs' },
    );
    await write(ctx, 'POST', PageResource.route('applyTemplate', spaceId), body, Empty);
    return { space: spaceId, changeRequestId: changeRequestId ?? null };
  },
});
