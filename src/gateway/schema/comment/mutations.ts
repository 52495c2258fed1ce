import type { InputObjectRef, ObjectRef } from '@pothos/core';
import {
  Comment,
  CommentReply,
  CreateCommentBody,
  CreateCommentReplyBody,
  UpdateCommentBody,
  UpdateCommentReplyBody,
} from '../../../contract/comments.ts';
import { builder } from '../../builder.ts';
import type { GatewayContext } from '../../context.ts';
import { ValidationError } from '../../errors.ts';
import type { InputFields, Types } from '../base.ts';
import { changeRequestIn } from '../changeRequest/mutations.ts';
import { type ContentScope, PageResource, scopeOf } from '../content/resource.ts';
import { Empty, objectPayload, validBody, write, writeMutation } from '../mutation.ts';
import { SpaceResource } from '../space/resource.ts';
import {
  CommentReplyResource,
  type CommentReplyShape,
  CommentResource,
  type CommentShape,
} from './resource.ts';
import { CommentRef, CommentReplyRef } from './types.ts';

// ---------------------------------------------------------------------------------------------
// Mutations.

interface ScopeInput {
  spaceId?: string | null | undefined;
  changeRequestId?: string | null | undefined;
}

/** The input field each segment of a comment's or reply's address is given in. */
const FIELDS = { space: 'spaceId', changeRequest: 'changeRequestId', comment: 'commentId' };

/**
 * The scope an input gives beside a REST comment id: a change request (global ID, or REST id or
 * number with `spaceId`), or a space; its segments are absent when the input leaves them out.
 */
function scopeGiven(input: ScopeInput): Partial<ContentScope> {
  if (input.changeRequestId) {
    const cr = changeRequestIn({ changeRequestId: input.changeRequestId, spaceId: input.spaceId });
    return { space: cr.space, changeRequest: cr.id };
  }
  return input.spaceId
    ? { space: SpaceResource.parseInput(input.spaceId, { field: 'spaceId' }).id }
    : {};
}

/** The scope a new comment goes to: a change request or a space (one of them is required). */
function scopeOfInput(input: ScopeInput): ContentScope {
  const scope = scopeGiven(input);
  if (scope.space === undefined) {
    throw new ValidationError('spaceId: required (or changeRequestId)', [
      { path: ['spaceId'], message: 'required (or changeRequestId)' },
    ]);
  }
  return { ...scope, space: scope.space };
}

/** The comment an input names: a Comment global ID, or a REST id within the input's scope. */
function commentOfInput(input: ScopeInput & { commentId: string }) {
  return CommentResource.parseInput(input.commentId, {
    field: 'commentId',
    parents: scopeGiven(input),
    parentFields: FIELDS,
  });
}

/** The reply an input names: a CommentReply global ID, or a REST id with its comment. */
function replyOfInput(input: ScopeInput & { replyId: string; commentId?: string | null }) {
  const comment = input.commentId
    ? commentOfInput({ ...input, commentId: input.commentId })
    : undefined;
  return CommentReplyResource.parseInput(input.replyId, {
    field: 'replyId',
    parents: comment ? { ...scopeOf(comment), comment: comment.id } : {},
    // Without a comment, the first segment missing is named after it.
    parentFields: comment ? FIELDS : { ...FIELDS, space: 'commentId' },
  });
}

/** The fields of an input that names a scope: a space or a change request. */
const scopeRefFields = (t: InputFields) => ({
  spaceId: t.id({ description: 'The space (global or REST id); not needed with global IDs.' }),
  changeRequestId: t.id({
    description:
      'The change request (global ID, or REST id or number with `spaceId`), for comments on a change request.',
  }),
});

/** The fields of an input that names a comment. */
const commentRefFields = (t: InputFields) => ({
  commentId: t.id({
    required: true,
    description: 'The comment: its global ID, or its REST id with `spaceId`/`changeRequestId`.',
  }),
  ...scopeRefFields(t),
});

const CommentBodyInput = builder.inputType('CommentBodyInput', {
  description: 'The body of a comment or reply.',
  fields: (t) => ({
    markdown: t.string({ required: true, description: 'Markdown text (not empty).' }),
  }),
});

const CommentTableCellInput = builder.inputType('CommentTableCellInput', {
  description: 'A table cell to attach a comment to.',
  fields: (t) => ({
    record: t.string({ required: true, description: 'Record (row) id.' }),
    definition: t.string({ required: true, description: 'Definition (column) id.' }),
  }),
});

const PostCommentInput = builder.inputType('PostCommentInput', {
  description:
    'A new comment on a space’s main content (`spaceId`) or on a change request (`changeRequestId`).',
  fields: (t) => ({
    ...scopeRefFields(t),
    node: t.string({ description: 'Document node to attach it to.' }),
    page: t.id({ description: 'Page to attach it to (global or REST id).' }),
    body: t.field({ type: CommentBodyInput, required: true, description: 'The body.' }),
    tableCell: t.field({ type: CommentTableCellInput, description: 'Table cell to attach it to.' }),
  }),
});

const CommentRefInput = builder.inputType('CommentRefInput', {
  description: 'Names a comment.',
  fields: (t) => ({
    ...commentRefFields(t),
  }),
});

const EditCommentInput = builder.inputType('EditCommentInput', {
  description: 'A new body for a comment.',
  fields: (t) => ({
    ...commentRefFields(t),
    body: t.field({ type: CommentBodyInput, required: true, description: 'The new body.' }),
  }),
});

const CommentReactionsInput = builder.inputType('CommentReactionsInput', {
  description: 'Emoji reactions of the caller to add to or remove from a comment.',
  fields: (t) => ({
    ...commentRefFields(t),
    emojis: t.stringList({ required: true, description: 'The emoji (at most 50).' }),
  }),
});

const PostCommentReplyInput = builder.inputType('PostCommentReplyInput', {
  description: 'A reply to a comment.',
  fields: (t) => ({
    ...commentRefFields(t),
    body: t.field({ type: CommentBodyInput, required: true, description: 'The body.' }),
  }),
});

/** The fields of an input that names a reply. */
const replyRefFields = (t: InputFields) => ({
  replyId: t.id({
    required: true,
    description: 'The reply: its global ID, or its REST id with `commentId`.',
  }),
  commentId: t.id({
    description:
      'The comment (global ID, or REST id with `spaceId`/`changeRequestId`); only with a REST `replyId`.',
  }),
  ...scopeRefFields(t),
});

const CommentReplyRefInput = builder.inputType('CommentReplyRefInput', {
  description: 'Names a reply.',
  fields: (t) => ({
    ...replyRefFields(t),
  }),
});

const EditCommentReplyInput = builder.inputType('EditCommentReplyInput', {
  description: 'A new body for a reply.',
  fields: (t) => ({
    ...replyRefFields(t),
    body: t.field({ type: CommentBodyInput, required: true, description: 'The new body.' }),
  }),
});

const CommentReplyReactionsInput = builder.inputType('CommentReplyReactionsInput', {
  description: 'Emoji reactions of the caller to add to or remove from a reply.',
  fields: (t) => ({
    ...replyRefFields(t),
    emojis: t.stringList({ required: true, description: 'The emoji (at most 50).' }),
  }),
});

const CommentPayload = objectPayload(CommentRef, {
  description: 'The comment a mutation posted or changed, in its new state.',
});

const CommentReplyPayload = builder.objectRef<CommentReplyShape>('CommentReplyPayload').implement({
  description: 'The reply a mutation posted or changed, and its comment (read after the write).',
  fields: (t) => ({
    reply: t.field({
      type: CommentReplyRef,

      description: 'The reply.',
      resolve: (r) => r,
    }),
    comment: t.field({
      type: CommentRef,

      description: 'The comment it replies to, in its new state.',
      resolve: (r) => CommentResource.stub({ ...scopeOf(r), id: r.comment }),
    }),
  }),
});

const DeleteCommentPayload = builder
  .objectRef<{ deletedId: string }>('DeleteCommentPayload')
  .implement({
    description: 'A deleted comment or reply.',
    fields: (t) => ({
      deletedId: t.exposeID('deletedId', {
        nullable: false,
        description: 'Global ID of the deleted object.',
      }),
    }),
  });

/** The reaction mutations' `emojis` travel as these REST body fields. */
const REACTION_FIELDS = { addedReactions: 'emojis', removedReactions: 'emojis' };

/** PUTs a comment; the shared core of edits, resolution and reactions. */
async function putComment(
  ctx: GatewayContext,
  input: ScopeInput & { commentId: string },
  fields: Record<string, unknown>,
): Promise<{ comment: CommentShape }> {
  const address = commentOfInput(input);
  const body = validBody(UpdateCommentBody, fields, REACTION_FIELDS);
  const data = await write(ctx, 'PUT', CommentResource.path(address), body, Comment);
  return { comment: CommentResource.shape(data, { ...scopeOf(address), id: data.id }) };
}

/** PUTs a reply; the shared core of edits and reactions. */
async function putReply(
  ctx: GatewayContext,
  input: ScopeInput & { replyId: string; commentId?: string | null },
  fields: Record<string, unknown>,
): Promise<CommentReplyShape> {
  const address = replyOfInput(input);
  const body = validBody(UpdateCommentReplyBody, fields, REACTION_FIELDS);
  const data = await write(ctx, 'PUT', CommentReplyResource.path(address), body, CommentReply);
  return CommentReplyResource.shape(data, { ...address, id: data.id });
}

/** `add<Noun>Reactions` and `remove<Noun>Reactions`: the caller's emoji on a comment or reply. */
function reactionMutations<In extends { emojis: string[] }, Out>(
  noun: 'Comment' | 'CommentReply',
  what: string,
  type: ObjectRef<Types, Out>,
  inputType: InputObjectRef<Types, In>,
  put: (ctx: GatewayContext, input: In, fields: Record<string, unknown>) => Promise<Out>,
) {
  for (const [verb, key, description] of [
    ['add', 'addedReactions', `Adds the caller’s reactions to ${what}.`],
    ['remove', 'removedReactions', `Removes the caller’s reactions from ${what}.`],
  ] as const) {
    writeMutation(`${verb}${noun}Reactions`, {
      type,
      input: inputType,
      description,
      resolve: (input, ctx) => put(ctx, input, { [key]: input.emojis }),
    });
  }
}

writeMutation('postComment', {
  type: CommentPayload,
  input: PostCommentInput,
  description: 'Posts a comment on a space’s main content or on a change request.',
  resolve: async (input, ctx) => {
    const scope = scopeOfInput(input);
    const page =
      input.page != null
        ? PageResource.parseInput(input.page, { field: 'page', parents: scope }).id
        : undefined;
    const body = validBody(CreateCommentBody, {
      ...(input.node != null ? { node: input.node } : {}),
      ...(page !== undefined ? { page } : {}),
      body: input.body,
      ...(input.tableCell != null ? { tableCell: input.tableCell } : {}),
    });
    const path = CommentResource.route('inScope', scope.space, scope.changeRequest);
    const data = await write(ctx, 'POST', path, body, Comment);
    return { comment: CommentResource.shape(data, { ...scope, id: data.id }) };
  },
});

writeMutation('editComment', {
  type: CommentPayload,
  input: EditCommentInput,
  description: 'Replaces the body of a comment.',
  resolve: (input, ctx) => putComment(ctx, input, { body: input.body }),
});

for (const [name, resolved, description] of [
  ['resolveComment', true, 'Resolves a comment (sets `resolvedAt`, `resolvedBy`).'],
  ['unresolveComment', false, 'Reopens a resolved comment.'],
] as const) {
  writeMutation(name, {
    type: CommentPayload,
    input: CommentRefInput,
    description,
    resolve: (input, ctx) => putComment(ctx, input, { resolved }),
  });
}

reactionMutations('Comment', 'a comment', CommentPayload, CommentReactionsInput, putComment);

writeMutation('deleteComment', {
  type: DeleteCommentPayload,
  input: CommentRefInput,
  description: 'Deletes a comment and its replies.',
  resolve: async (input, ctx) => {
    const address = commentOfInput(input);
    await write(ctx, 'DELETE', CommentResource.path(address), undefined, Empty);
    return { deletedId: CommentResource.globalId(address) };
  },
});

writeMutation('postCommentReply', {
  type: CommentReplyPayload,
  input: PostCommentReplyInput,
  description: 'Replies to a comment.',
  resolve: async (input, ctx) => {
    const comment = commentOfInput(input);
    const body = validBody(CreateCommentReplyBody, { body: input.body });
    const path = CommentReplyResource.route(
      'inComment',
      comment.space,
      comment.changeRequest,
      comment.id,
    );
    const data = await write(ctx, 'POST', path, body, CommentReply);
    return CommentReplyResource.shape(data, {
      ...scopeOf(comment),
      comment: comment.id,
      id: data.id,
    });
  },
});

writeMutation('editCommentReply', {
  type: CommentReplyPayload,
  input: EditCommentReplyInput,
  description: 'Replaces the body of a reply.',
  resolve: (input, ctx) => putReply(ctx, input, { body: input.body }),
});

reactionMutations(
  'CommentReply',
  'a reply',
  CommentReplyPayload,
  CommentReplyReactionsInput,
  putReply,
);

writeMutation('deleteCommentReply', {
  type: DeleteCommentPayload,
  input: CommentReplyRefInput,
  description: 'Deletes a reply.',
  resolve: async (input, ctx) => {
    const address = replyOfInput(input);
    await write(ctx, 'DELETE', CommentReplyResource.path(address), undefined, Empty);
    return { deletedId: CommentReplyResource.globalId(address) };
  },
});
