import { GraphQLError } from 'graphql';
import type { z } from 'zod';
import {
  ChangeRequest,
  ChangeRequestPdf,
  ChangeRequestRevisionResult,
  CreateChangeRequestBody,
  UpdateChangeRequestBody,
} from '../../contract/changeRequests.ts';
import { ENUMS } from '../../contract/common.ts';
import { builder } from '../builder.ts';
import { restConnection } from '../connection.ts';
import type { GatewayContext } from '../context.ts';
import { MUTATION_ERRORS, mutate, ValidationError } from '../errors.ts';
import { addressId, globalId, splitAddressId, toRestId } from '../ids.ts';
import { reference } from '../refs.ts';
import { type QueryValue, seg, withQuery } from '../upstream/rest.ts';
import { openEnumType, UNKNOWN } from './common.ts';
import {
  type ContentScope,
  FileRef,
  filesConnection,
  loadFile,
  loadPage,
  loadPageTree,
  loadRevision,
  PageRef,
  RevisionRef,
} from './content.ts';
import { UserRef } from './member.ts';
import { OrganizationRef, validBody } from './organization.ts';
import { SpaceRef } from './space.ts';

type ChangeRequestWire = z.infer<typeof ChangeRequest>;

export const ChangeRequestStatusEnum = openEnumType(
  'ChangeRequestStatus',
  ENUMS.changeRequestStatus,
  'State of a change request.',
  {
    draft: 'Being written; not yet up for review.',
    open: 'Open for review.',
    archived: 'Closed without merging.',
    merged: 'Merged into the main content.',
  },
);

export const ChangeRequestOrderBy = builder.enumType('ChangeRequestOrderBy', {
  description: 'Sort property of change request lists (latest first).',
  values: {
    UPDATED_AT: { value: 'updatedAt', description: 'Last update (the default).' },
    CREATED_AT: { value: 'createdAt', description: 'Creation.' },
  },
});

/** REST path of a change request. */
export const changeRequestPath = (spaceId: string, changeRequestId: string) =>
  `/spaces/${seg(spaceId)}/change-requests/${seg(changeRequestId)}`;

const scopeOf = (cr: ChangeRequestWire): ContentScope => ({
  spaceId: cr.space,
  changeRequestId: cr.id,
});

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** Rejects the UNKNOWN member of an open enum used as a filter. */
function filterValue(value: string | null | undefined, name: string): string | undefined {
  if (value === UNKNOWN) throw badInput(`${name}: UNKNOWN is not a filter`);
  return value ?? undefined;
}

export const ChangeRequestRef = builder.loadableNodeRef<ChangeRequestWire | Error, string, string>(
  'ChangeRequest',
  {
    id: { resolve: (cr) => addressId(cr.space, cr.id) },
    load: (ids, ctx: GatewayContext) =>
      Promise.all(
        ids.map(async (id) => {
          try {
            const [spaceId, crId] = splitAddressId(id, 2, 'ChangeRequest') as [string, string];
            return await ctx.rest.get(changeRequestPath(spaceId, crId), ChangeRequest);
          } catch (error) {
            return error as Error;
          }
        }),
      ),
  },
);

/** One change request by id or number (primed under its id when read by number). */
async function loadChangeRequest(
  ctx: GatewayContext,
  spaceId: string,
  idOrNumber: string,
): Promise<ChangeRequestWire> {
  const key = toRestId(idOrNumber, 'ChangeRequest');
  const cr = await ctx.rest.get(changeRequestPath(spaceId, key), ChangeRequest);
  if (cr.id !== key) ctx.rest.prime(changeRequestPath(cr.space, cr.id), cr);
  return cr;
}

const ChangeRequestUrlsRef = builder
  .objectRef<NonNullable<ChangeRequestWire['urls']>>('ChangeRequestUrls')
  .implement({
    description: 'URLs of a change request.',
    fields: (t) => ({
      app: t.exposeString('app', { nullable: true, description: 'In the app.' }),
      location: t.exposeString('location', { nullable: true, description: 'In the REST API.' }),
    }),
  });

const ChangeRequestPermissionsRef = builder
  .objectRef<NonNullable<ChangeRequestWire['permissions']>>('ChangeRequestPermissions')
  .implement({
    description: 'What the caller may do with a change request.',
    fields: (t) => ({
      view: t.exposeBoolean('view', { nullable: false, description: 'May view it.' }),
      edit: t.exposeBoolean('edit', { nullable: false, description: 'May edit it.' }),
      merge: t.exposeBoolean('merge', { nullable: false, description: 'May merge it.' }),
      comment: t.exposeBoolean('comment', { nullable: false, description: 'May comment on it.' }),
    }),
  });

ChangeRequestRef.implement({
  description:
    'A change request: proposed edits to a space, with its own revision, comments, merge and update operations, and PDF export.',
  fields: (t) => ({
    number: t.int({
      nullable: false,
      description: 'Incremental identifier within the space.',
      resolve: (cr) => cr.number,
    }),
    status: t.field({
      type: ChangeRequestStatusEnum.ref,
      nullable: false,
      description: 'State (`draft`, `open`, `archived`, `merged`).',
      resolve: (cr) => ChangeRequestStatusEnum.of(cr.status) as string,
    }),
    subject: t.string({
      nullable: false,
      description: 'Subject (at most 100 characters).',
      resolve: (cr) => cr.subject,
    }),
    description: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Description (rich-text Document).',
      resolve: (cr) => cr.description ?? null,
    }),
    createdBy: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who created it (embedded: costs no call).',
      resolve: (cr) => cr.createdBy ?? null,
    }),
    createdAt: t.field({
      type: 'DateTime',
      nullable: false,
      description: 'When it was created.',
      resolve: (cr) => cr.createdAt,
    }),
    updatedAt: t.field({
      type: 'DateTime',
      nullable: false,
      description: 'When it was last updated.',
      resolve: (cr) => cr.updatedAt,
    }),
    space: t.field({
      type: SpaceRef,
      nullable: false,
      description: 'The space it proposes edits to.',
      resolve: (cr, _args, _ctx, info) => reference(info, cr.space, { id: cr.space } as never),
    }),
    revision: t.string({
      nullable: false,
      description: 'Active revision id of the change request.',
      resolve: (cr) => cr.revision,
    }),
    revisionInitial: t.string({
      nullable: false,
      description: 'Revision of the space it was created from.',
      resolve: (cr) => cr.revisionInitial,
    }),
    revisionMergedAncestor: t.string({
      nullable: true,
      description: 'Latest revision when updated from main content.',
      resolve: (cr) => cr.revisionMergedAncestor ?? null,
    }),
    revisionMerged: t.string({
      nullable: true,
      description: 'Revision resulting from the merge, once merged.',
      resolve: (cr) => cr.revisionMerged ?? null,
    }),
    commentsCount: t.int({
      nullable: false,
      description: 'Count of opened comments (the REST `comments` number).',
      resolve: (cr) => cr.comments,
    }),
    outdated: t.boolean({
      nullable: false,
      description: 'True when not up to date with main content.',
      resolve: (cr) => cr.outdated,
    }),
    conversationsIssuesCluster: t.string({
      nullable: true,
      description: 'Id of the associated conversations issues cluster.',
      resolve: (cr) => cr.conversationsIssuesCluster ?? null,
    }),
    requestedReviewers: t.field({
      type: [UserRef],
      nullable: false,
      description: 'Users asked to review it.',
      resolve: (cr) => cr.requestedReviewers ?? [],
    }),
    urls: t.field({
      type: ChangeRequestUrlsRef,
      nullable: true,
      description: 'URLs {app, location}.',
      resolve: (cr) => cr.urls ?? null,
    }),
    permissions: t.field({
      type: ChangeRequestPermissionsRef,
      nullable: true,
      description: 'What the caller may do with it.',
      resolve: (cr) => cr.permissions ?? null,
    }),
    content: t.field({
      type: RevisionRef,
      nullable: false,
      description: 'The change request’s revision (its content).',
      args: {
        metadata: t.arg.boolean({
          description:
            'Include mutable git metadata (default true; false can speed up the lookup).',
        }),
        computed: t.arg.boolean({ description: 'Compute computed content (default true).' }),
      },
      resolve: (cr, args, ctx) => loadRevision(ctx, scopeOf(cr), args),
    }),
    pages: t.field({
      type: [PageRef],
      nullable: false,
      description: 'The page tree of the change request’s content.',
      args: {
        metadata: t.arg.boolean({ description: 'Include mutable git metadata (default true).' }),
        computed: t.arg.boolean({ description: 'Compute computed content (default true).' }),
      },
      resolve: (cr, args, ctx) => loadPageTree(ctx, scopeOf(cr), args),
    }),
    page: t.field({
      type: PageRef,
      nullable: true,
      description: 'One page of the change request’s content.',
      args: {
        id: t.arg.id({ required: true, description: 'Page ID (global or REST id).' }),
        metadata: t.arg.boolean({ description: 'Include mutable git metadata (default true).' }),
        computed: t.arg.boolean({ description: 'Compute computed content (default true).' }),
      },
      resolve: (cr, args, ctx) => loadPage(ctx, scopeOf(cr), toRestId(args.id, 'Page'), args),
    }),
    files: t.connection({
      type: FileRef,
      description: 'Files of the change request’s content.',
      args: {
        metadata: t.arg.boolean({ description: 'Include mutable git metadata (default true).' }),
        computed: t.arg.boolean({ description: 'Compute computed content (default true).' }),
      },
      resolve: (cr, args, ctx) => filesConnection(ctx, scopeOf(cr), args),
    }),
    file: t.field({
      type: FileRef,
      nullable: true,
      description: 'One file of the change request’s content.',
      args: {
        id: t.arg.id({ required: true, description: 'File ID (global or REST id).' }),
        metadata: t.arg.boolean({ description: 'Include mutable git metadata (default true).' }),
        computed: t.arg.boolean({ description: 'Compute computed content (default true).' }),
      },
      resolve: (cr, args, ctx) => loadFile(ctx, scopeOf(cr), toRestId(args.id, 'File'), args),
    }),
    pdf: t.string({
      nullable: false,
      description: 'URL of a PDF export of the change request’s content.',
      args: {
        only: t.arg.boolean({ description: 'PDF only for the given page (default false).' }),
        page: t.arg.id({ description: 'Page ID (global or REST id) the PDF is for.' }),
      },
      resolve: async (cr, args, ctx) => {
        const query: Record<string, QueryValue> = {
          only: args.only ?? undefined,
          page: args.page ? toRestId(args.page, 'Page') : undefined,
        };
        const pdf = await ctx.rest.get(
          withQuery(`${changeRequestPath(cr.space, cr.id)}/pdf`, query),
          ChangeRequestPdf,
        );
        return pdf.url;
      },
    }),
  }),
});

// Content objects know their change request.
const changeRequestOfScope = {
  type: ChangeRequestRef,
  nullable: true,
  description: 'The change request whose content it is (null: the main content).',
} as const;

function scopeChangeRequest(scope: ContentScope, info: Parameters<typeof reference>[0]) {
  if (!scope.changeRequestId) return null;
  return reference(info, addressId(scope.spaceId, scope.changeRequestId), {
    id: scope.changeRequestId,
    space: scope.spaceId,
  } as ChangeRequestWire);
}

builder.objectField(PageRef, 'changeRequest', (t) =>
  t.field({
    ...changeRequestOfScope,
    resolve: (p, _args, _ctx, info) => scopeChangeRequest(p.scope, info),
  }),
);
builder.objectField(FileRef, 'changeRequest', (t) =>
  t.field({
    ...changeRequestOfScope,
    resolve: (f, _args, _ctx, info) => scopeChangeRequest(f.scope, info),
  }),
);

// ---------------------------------------------------------------------------------------------
// Lists.

const filterArgs = {
  creator: 'Only change requests created by this user (global or REST id).',
  contributor: 'Only change requests this user contributed to (global or REST id).',
  requestedReviewer: 'Only change requests this user is asked to review (global or REST id).',
};

/** Query of a change request list from its GraphQL arguments. */
function listQuery(args: {
  status?: string | null;
  creator?: string | null;
  contributor?: string | null;
  requestedReviewer?: string | null;
  conversationsIssuesCluster?: string | null;
  orderBy?: string | null;
}): Record<string, QueryValue> {
  return {
    status: filterValue(args.status, 'status'),
    creator: args.creator ? toRestId(args.creator, 'User') : undefined,
    contributor: args.contributor ? toRestId(args.contributor, 'User') : undefined,
    requestedReviewer: args.requestedReviewer
      ? toRestId(args.requestedReviewer, 'User')
      : undefined,
    conversationsIssuesCluster: args.conversationsIssuesCluster
      ? toRestId(args.conversationsIssuesCluster, 'IssuesCluster')
      : undefined,
    orderBy: filterValue(args.orderBy, 'orderBy'),
  };
}

const primeChangeRequest = (cr: ChangeRequestWire) => changeRequestPath(cr.space, cr.id);

builder.objectFields(SpaceRef, (t) => ({
  changeRequests: t.connection({
    type: ChangeRequestRef,
    description: 'Change requests of the space (default: `open` ones, latest update first).',
    args: {
      status: t.arg({
        type: ChangeRequestStatusEnum.ref,
        description: 'Only change requests in this state (default `OPEN`).',
      }),
      creator: t.arg.id({ description: filterArgs.creator }),
      contributor: t.arg.id({ description: filterArgs.contributor }),
      requestedReviewer: t.arg.id({ description: filterArgs.requestedReviewer }),
      conversationsIssuesCluster: t.arg.id({
        description: 'Only change requests of this conversations issues cluster.',
      }),
      orderBy: t.arg({
        type: ChangeRequestOrderBy,
        description: 'Sort property (default `updatedAt`).',
      }),
    },
    resolve: (space, args, ctx) =>
      restConnection(ctx, args, {
        path: `/spaces/${seg(space.id)}/change-requests`,
        query: listQuery(args),
        item: ChangeRequest,
        primePath: primeChangeRequest,
      }),
  }),
  changeRequest: t.field({
    type: ChangeRequestRef,
    nullable: true,
    description: 'One change request of the space, by id or by its number.',
    args: {
      idOrNumber: t.arg.string({
        required: true,
        description: 'Change request id (global or REST) or its number within the space.',
      }),
    },
    resolve: (space, args, ctx) => loadChangeRequest(ctx, space.id, args.idOrNumber),
  }),
}));

builder.objectField(OrganizationRef, 'changeRequests', (t) =>
  t.connection({
    type: ChangeRequestRef,
    description: 'Change requests across the organization’s spaces (latest update first).',
    args: {
      status: t.arg({
        type: ChangeRequestStatusEnum.ref,
        description: 'Only change requests in this state (default: every state).',
      }),
      creator: t.arg.id({ description: filterArgs.creator }),
      contributor: t.arg.id({ description: filterArgs.contributor }),
      requestedReviewer: t.arg.id({ description: filterArgs.requestedReviewer }),
      conversationsIssuesCluster: t.arg.id({
        description: 'Only change requests of this conversations issues cluster.',
      }),
      orderBy: t.arg({
        type: ChangeRequestOrderBy,
        description: 'Sort property (default `updatedAt`).',
      }),
    },
    resolve: (org, args, ctx) =>
      restConnection(ctx, args, {
        path: `/orgs/${seg(org.id)}/change-requests`,
        query: listQuery(args),
        item: ChangeRequest,
        primePath: primeChangeRequest,
      }),
  }),
);

builder.queryField('changeRequest', (t) =>
  t.field({
    type: ChangeRequestRef,
    nullable: true,
    description: 'A change request by its space and its id or number.',
    args: {
      spaceId: t.arg.id({ required: true, description: 'Space ID (global or REST id).' }),
      idOrNumber: t.arg.string({
        required: true,
        description: 'Change request id (global or REST) or its number within the space.',
      }),
    },
    resolve: (_root, args, ctx) =>
      loadChangeRequest(ctx, toRestId(args.spaceId, 'Space'), args.idOrNumber),
  }),
);

// ---------------------------------------------------------------------------------------------
// Mutations.

/**
 * The REST address of the change request an input names: a ChangeRequest global ID, or a REST id
 * or number together with `spaceId`.
 */
export function changeRequestAddress(input: {
  changeRequestId: string;
  spaceId?: string | null | undefined;
}): { spaceId: string; changeRequestId: string } {
  const whole = toRestId(input.changeRequestId, 'ChangeRequest', true);
  if (whole !== input.changeRequestId) {
    const [spaceId, changeRequestId] = splitAddressId(whole, 2, 'ChangeRequest') as [
      string,
      string,
    ];
    return { spaceId, changeRequestId };
  }
  if (!input.spaceId) {
    throw new ValidationError(
      'spaceId: required when changeRequestId is not a ChangeRequest global ID',
      [
        {
          path: ['spaceId'],
          message: 'required when changeRequestId is not a ChangeRequest global ID',
        },
      ],
    );
  }
  return { spaceId: toRestId(input.spaceId, 'Space'), changeRequestId: input.changeRequestId };
}

/** Drops keys whose value is null or undefined (GraphQL's absent optional fields). */
function present<T extends Record<string, unknown>>(input: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== null && value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

const ChangeRequestPayload = builder
  .objectRef<{ changeRequest: ChangeRequestWire }>('ChangeRequestPayload')
  .implement({
    description: 'The change request a mutation created or changed, in its new state.',
    fields: (t) => ({
      changeRequest: t.field({
        type: ChangeRequestRef,
        nullable: false,
        description: 'The change request.',
        resolve: (p) => p.changeRequest,
      }),
    }),
  });

const ChangeRequestRevisionPayload = builder
  .objectRef<{ spaceId: string; changeRequestId: string; revision: string; result: string }>(
    'ChangeRequestRevisionPayload',
  )
  .implement({
    description:
      'The outcome of a merge or of an update from the main content: the new revision, the change request and its space (both read after the write).',
    fields: (t) => ({
      revision: t.exposeString('revision', {
        nullable: false,
        description: 'Id of the revision the operation made.',
      }),
      result: t.exposeString('result', {
        nullable: false,
        description: 'What happened: `merge` or `update`.',
      }),
      changeRequest: t.field({
        type: ChangeRequestRef,
        nullable: false,
        description: 'The change request, in its new state.',
        resolve: (p) => addressId(p.spaceId, p.changeRequestId),
      }),
      space: t.field({
        type: SpaceRef,
        nullable: false,
        description: 'The space, in its new state (a merge changes its revision).',
        resolve: (p) => p.spaceId,
      }),
    }),
  });

const ChangeRequestInputFields = {
  changeRequestId: 'The change request: its global ID, or its REST id or number with `spaceId`.',
  spaceId: 'The space (global or REST id); only needed when `changeRequestId` is not a global ID.',
};

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
    changeRequestId: t.id({
      required: true,
      description: ChangeRequestInputFields.changeRequestId,
    }),
    spaceId: t.id({ description: ChangeRequestInputFields.spaceId }),
    subject: t.string({ description: 'Subject (at most 100 characters).' }),
    status: t.field({ type: ChangeRequestStatusEnum.ref, description: 'The new state.' }),
    description: t.field({ type: 'JSON', description: 'Description (rich-text Document).' }),
  }),
});

const ChangeRequestRefInput = builder.inputType('ChangeRequestRefInput', {
  description: 'Names a change request.',
  fields: (t) => ({
    changeRequestId: t.id({
      required: true,
      description: ChangeRequestInputFields.changeRequestId,
    }),
    spaceId: t.id({ description: ChangeRequestInputFields.spaceId }),
  }),
});

builder.mutationField('createChangeRequest', (t) =>
  t.field({
    type: ChangeRequestPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'CreateChangeRequestResult' } },
    description:
      'Creates a change request (`POST /spaces/{spaceId}/change-requests`); a locked space is a ConflictError.',
    args: { input: t.arg({ type: CreateChangeRequestInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const spaceId = toRestId(input.spaceId, 'Space');
      const template = input.template
        ? {
            id: input.template.id,
            ...(input.template.contentRefs
              ? {
                  params: {
                    contentRefs: Object.fromEntries(
                      input.template.contentRefs.map((r) => [
                        r.name,
                        {
                          kind: 'file' as const,
                          file: toRestId(r.file, 'File'),
                          ...(r.space ? { space: toRestId(r.space, 'Space') } : {}),
                        },
                      ]),
                    ),
                  },
                }
              : {}),
          }
        : undefined;
      const body = validBody(
        CreateChangeRequestBody,
        present({ subject: input.subject, template }),
      );
      return mutate(async () => {
        const changeRequest = await ctx.rest.send(
          'POST',
          `/spaces/${seg(spaceId)}/change-requests`,
          body,
          ChangeRequest,
        );
        ctx.rest.clear();
        return { changeRequest };
      });
    },
  }),
);

/** PATCHes a change request after validating the body; the shared core of status moves. */
async function patchChangeRequest(
  ctx: GatewayContext,
  input: { changeRequestId: string; spaceId?: string | null | undefined },
  fields: Record<string, unknown>,
): Promise<{ changeRequest: ChangeRequestWire }> {
  const address = changeRequestAddress(input);
  if (fields.status === UNKNOWN) {
    throw new ValidationError('status: UNKNOWN is not a state to set', [
      { path: ['status'], message: 'UNKNOWN is not a state to set' },
    ]);
  }
  const body = validBody(UpdateChangeRequestBody, present(fields));
  return mutate(async () => {
    const changeRequest = await ctx.rest.send(
      'PATCH',
      changeRequestPath(address.spaceId, address.changeRequestId),
      body,
      ChangeRequest,
    );
    ctx.rest.clear();
    return { changeRequest };
  });
}

builder.mutationField('updateChangeRequest', (t) =>
  t.field({
    type: ChangeRequestPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'UpdateChangeRequestResult' } },
    description: 'Updates the subject, status or description of a change request (`PATCH {cr}`).',
    args: { input: t.arg({ type: UpdateChangeRequestInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      patchChangeRequest(ctx, input, {
        subject: input.subject,
        status: input.status,
        description: input.description,
      }),
  }),
);

const statusMoves = [
  [
    'archiveChangeRequest',
    'ArchiveChangeRequestResult',
    'archived',
    'Archives a change request (closes it without merging): `PATCH {cr}` with `status: archived`.',
  ],
  [
    'reopenChangeRequest',
    'ReopenChangeRequestResult',
    'open',
    'Reopens an archived change request: `PATCH {cr}` with `status: open`.',
  ],
  [
    'markChangeRequestReady',
    'MarkChangeRequestReadyResult',
    'open',
    'Marks a draft change request ready for review (draft -> open): `PATCH {cr}` with `status: open`.',
  ],
] as const;

for (const [name, union, status, description] of statusMoves) {
  builder.mutationField(name, (t) =>
    t.field({
      type: ChangeRequestPayload,
      errors: { types: MUTATION_ERRORS, union: { name: union } },
      description,
      args: { input: t.arg({ type: ChangeRequestRefInput, required: true }) },
      resolve: (_root, { input }, ctx) => patchChangeRequest(ctx, input, { status }),
    }),
  );
}

async function revisionOperation(
  ctx: GatewayContext,
  input: { changeRequestId: string; spaceId?: string | null | undefined },
  operation: 'merge' | 'update',
) {
  const address = changeRequestAddress(input);
  return mutate(async () => {
    const outcome = await ctx.rest.send(
      'POST',
      `${changeRequestPath(address.spaceId, address.changeRequestId)}/${operation}`,
      undefined,
      ChangeRequestRevisionResult,
    );
    ctx.rest.clear();
    // The request may be named by number: the payload reads it by its real id when known.
    return { ...address, revision: outcome.revision, result: outcome.result };
  });
}

builder.mutationField('mergeChangeRequest', (t) =>
  t.field({
    type: ChangeRequestRevisionPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'MergeChangeRequestResult' } },
    description:
      'Merges a change request into the main content (`POST {cr}/merge`). A merged or archived request, or a locked space, is a ConflictError.',
    args: { input: t.arg({ type: ChangeRequestRefInput, required: true }) },
    resolve: (_root, { input }, ctx) => revisionOperation(ctx, input, 'merge'),
  }),
);

builder.mutationField('updateChangeRequestFromMain', (t) =>
  t.field({
    type: ChangeRequestRevisionPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'UpdateChangeRequestFromMainResult' } },
    description:
      'Pulls the main content into a change request (`POST {cr}/update`); it gets a new revision.',
    args: { input: t.arg({ type: ChangeRequestRefInput, required: true }) },
    resolve: (_root, { input }, ctx) => revisionOperation(ctx, input, 'update'),
  }),
);

/** Global ID of a change request. */
export const changeRequestGlobalId = (spaceId: string, changeRequestId: string) =>
  globalId('ChangeRequest', addressId(spaceId, changeRequestId));
