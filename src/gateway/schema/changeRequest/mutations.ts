import {
  ChangeRequest,
  ChangeRequestRevisionResult,
  CreateChangeRequestBody,
  UpdateChangeRequestBody,
} from '../../../contract/changeRequests.ts';
import { builder } from '../../builder.ts';
import type { GatewayContext } from '../../context.ts';
import { ValidationError } from '../../errors.ts';
import { type InputFields, UNKNOWN } from '../base.ts';
import { FileResource } from '../content/resource.ts';
import { objectPayload, validBody, write, writeMutation } from '../mutation.ts';
import { SpaceResource } from '../space/resource.ts';
import { SpaceRef } from '../space/types.ts';
import { changeRequestOf } from './queries.ts';
import { ChangeRequestResource, type ChangeRequestShape } from './resource.ts';
import { ChangeRequestRef, ChangeRequestStatusEnum } from './types/changeRequest.ts';

// ---------------------------------------------------------------------------------------------
// Mutations.

/**
 * The change request an input names: a ChangeRequest global ID, or a REST id or number together
 * with `spaceId` (a `ValidationError` naming the field otherwise).
 */
export function changeRequestIn(input: {
  changeRequestId: string;
  spaceId?: string | null | undefined;
}): { space: string; id: string } {
  return ChangeRequestResource.parseInput(input.changeRequestId, {
    field: 'changeRequestId',
    parents: { space: input.spaceId },
    parentFields: { space: 'spaceId' },
  });
}

/** Drops keys whose value is null or undefined (GraphQL's absent optional fields). */
function present<T extends Record<string, unknown>>(input: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== null && value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** Sends a write that answers with the change request, and drops the request's read cache. */
async function sendChangeRequest(
  ctx: GatewayContext,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
): Promise<{ changeRequest: ChangeRequestShape }> {
  return { changeRequest: await write(ctx, method, path, body, ChangeRequest) };
}

const ChangeRequestPayload = objectPayload(ChangeRequestRef, {
  description: 'The change request a mutation created or changed, in its new state.',
});

const ChangeRequestRevisionPayload = builder
  .objectRef<{ space: string; id: string; revision: string; result: string }>(
    'ChangeRequestRevisionPayload',
  )
  .implement({
    description:
      'The outcome of a merge or of an update from the main content: the new revision, the change request and its space (both read after the write).',
    fields: (t) => ({
      revision: t.exposeString('revision', {
        description: 'Id of the revision the operation made.',
      }),
      result: t.exposeString('result', {
        description: 'What happened: `merge` or `update`.',
      }),
      changeRequest: t.field({
        type: ChangeRequestRef,

        description: 'The change request, in its new state.',
        // Named as the input named it: by number, the read of its number tells its id.
        resolve: (p, _args, ctx, info) => changeRequestOf(ctx, { space: p.space, id: p.id }, info),
      }),
      space: t.field({
        type: SpaceRef,

        description: 'The space, in its new state (a merge changes its revision).',
        resolve: (p) => p.space,
      }),
    }),
  });

/** The fields of an input that names a change request. */
const changeRequestRefFields = (t: InputFields) => ({
  changeRequestId: t.id({
    required: true,
    description: 'The change request: its global ID, or its REST id or number with `spaceId`.',
  }),
  spaceId: t.id({
    description:
      'The space (global or REST id); only needed when `changeRequestId` is not a global ID.',
  }),
});

const TemplateContentRefInput = builder.inputType('ChangeRequestTemplateContentRefInput', {
  description: 'A file to use as a template parameter (content reference of kind `file`).',
  fields: (t) => ({
    name: t.string({ required: true, description: 'Name of the template parameter.' }),
    file: t.id({ required: true, description: 'File id (global or REST).' }),
    space: t.id({ description: 'Space of the file (global or REST id; default: this space).' }),
  }),
});

const ChangeRequestTemplateInput = builder.inputType('ChangeRequestTemplateInput', {
  description: 'A template to apply to the new change request’s content.',
  fields: (t) => ({
    id: t.string({ required: true, description: 'Template id.' }),
    contentRefs: t.field({
      type: [TemplateContentRefInput],
      description: 'Files the template uses, by parameter name.',
    }),
  }),
});

const CreateChangeRequestInput = builder.inputType('CreateChangeRequestInput', {
  description: 'A new change request of a space.',
  fields: (t) => ({
    spaceId: t.id({ required: true, description: 'The space (global or REST id).' }),
    subject: t.string({ description: 'Subject (at most 100 characters).' }),
    template: t.field({
      type: ChangeRequestTemplateInput,
      description: 'A template applied to its content.',
    }),
  }),
});

const UpdateChangeRequestInput = builder.inputType('UpdateChangeRequestInput', {
  description: 'Changes to a change request; absent fields stay as they are.',
  fields: (t) => ({
    ...changeRequestRefFields(t),
    subject: t.string({ description: 'Subject (at most 100 characters).' }),
    status: t.field({ type: ChangeRequestStatusEnum.ref, description: 'The new state.' }),
    description: t.field({ type: 'JSON', description: 'Description (rich-text Document).' }),
  }),
});

const ChangeRequestRefInput = builder.inputType('ChangeRequestRefInput', {
  description: 'Names a change request.',
  fields: (t) => ({
    ...changeRequestRefFields(t),
  }),
});

writeMutation('createChangeRequest', {
  type: ChangeRequestPayload,
  input: CreateChangeRequestInput,
  description:
    'Creates a change request (`POST /spaces/{spaceId}/change-requests`); a locked space is a ConflictError.',
  resolve: async (input, ctx) => {
    const spaceId = SpaceResource.parseInput(input.spaceId, { field: 'spaceId' }).id;
    const fileOf = (file: string, space: string | null | undefined) =>
      FileResource.parseInput(file, {
        field: 'template',
        parents: { space: space ?? spaceId },
      });
    const template = input.template
      ? {
          id: input.template.id,
          ...(input.template.contentRefs
            ? {
                params: {
                  contentRefs: Object.fromEntries(
                    input.template.contentRefs.map((r) => {
                      const file = fileOf(r.file, r.space);
                      const kind = 'file' as const;
                      return [
                        r.name,
                        { kind, file: file.id, ...(r.space ? { space: file.space } : {}) },
                      ];
                    }),
                  ),
                },
              }
            : {}),
        }
      : undefined;
    const body = validBody(CreateChangeRequestBody, present({ subject: input.subject, template }));
    return sendChangeRequest(ctx, 'POST', ChangeRequestResource.route('inSpace', spaceId), body);
  },
});

/** PATCHes a change request after validating the body; the shared core of status moves. */
async function patchChangeRequest(
  ctx: GatewayContext,
  input: { changeRequestId: string; spaceId?: string | null | undefined },
  fields: Record<string, unknown>,
): Promise<{ changeRequest: ChangeRequestShape }> {
  const address = changeRequestIn(input);
  if (fields.status === UNKNOWN) {
    throw new ValidationError('status: UNKNOWN is not a state to set', [
      { path: ['status'], message: 'UNKNOWN is not a state to set' },
    ]);
  }
  const body = validBody(UpdateChangeRequestBody, present(fields));
  return sendChangeRequest(ctx, 'PATCH', ChangeRequestResource.path(address), body);
}

writeMutation('updateChangeRequest', {
  type: ChangeRequestPayload,
  input: UpdateChangeRequestInput,
  description: 'Updates the subject, status or description of a change request (`PATCH {cr}`).',
  resolve: (input, ctx) =>
    patchChangeRequest(ctx, input, {
      subject: input.subject,
      status: input.status,
      description: input.description,
    }),
});

const statusMoves = [
  [
    'archiveChangeRequest',
    'archived',
    'Archives a change request (closes it without merging): `PATCH {cr}` with `status: archived`.',
  ],
  [
    'reopenChangeRequest',
    'open',
    'Reopens an archived change request: `PATCH {cr}` with `status: open`.',
  ],
  [
    'markChangeRequestReady',
    'open',
    'Marks a draft change request ready for review (draft -> open): `PATCH {cr}` with `status: open`.',
  ],
] as const;

for (const [name, status, description] of statusMoves) {
  writeMutation(name, {
    type: ChangeRequestPayload,
    input: ChangeRequestRefInput,
    description,
    resolve: (input, ctx) => patchChangeRequest(ctx, input, { status }),
  });
}

async function revisionOperation(
  ctx: GatewayContext,
  input: { changeRequestId: string; spaceId?: string | null | undefined },
  operation: 'merge' | 'update',
) {
  const address = changeRequestIn(input);
  const path = ChangeRequestResource.route(operation, address.space, address.id);
  const outcome = await write(ctx, 'POST', path, undefined, ChangeRequestRevisionResult);
  // The request may be named by number: the payload reads it by its real id when known.
  return { ...address, revision: outcome.revision, result: outcome.result };
}

writeMutation('mergeChangeRequest', {
  type: ChangeRequestRevisionPayload,
  input: ChangeRequestRefInput,
  description:
    'Merges a change request into the main content (`POST {cr}/merge`). A merged or archived request, or a locked space, is a ConflictError.',
  resolve: (input, ctx) => revisionOperation(ctx, input, 'merge'),
});

writeMutation('updateChangeRequestFromMain', {
  type: ChangeRequestRevisionPayload,
  input: ChangeRequestRefInput,
  description:
    'Pulls the main content into a change request (`POST {cr}/update`); it gets a new revision.',
  resolve: (input, ctx) => revisionOperation(ctx, input, 'update'),
});
