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
import { globalId, toRestId } from '../../ids.ts';
import { changeRequestAddress } from '../changeRequest/mutations.ts';
import { scopedAddress, splitScoped } from '../content/scope.ts';
import { Empty, type InputFields, type Types, validBody, write, writeMutation } from '../shared.ts';
import {
  CommentRef,
  CommentReplyRef,
  type CommentScope,
  type CommentShape,
  commentPath,
  commentsPath,
  type ReplyShape,
  replyPath,
} from './types.ts';

// ---------------------------------------------------------------------------------------------
// Mutations.

function required(path: string, message: string): ValidationError {
  return new ValidationError(`${path}: ${message}`, [{ path: [path], message }]);
}

interface ScopeInput {
  spaceId?: string | null | undefined;
  changeRequestId?: string | null | undefined;
}

/** The scope an input names: a change request (global ID, or id/number with `spaceId`), or a space. */
function scopeOfInput(input: ScopeInput): CommentScope {
  if (input.changeRequestId) {
    const address = changeRequestAddress({
      changeRequestId: input.changeRequestId,
      spaceId: input.spaceId,
    });
    return { spaceId: address.spaceId, changeRequestId: address.changeRequestId };
  }
  if (!input.spaceId) throw required('spaceId', 'required (or changeRequestId)');
  return { spaceId: toRestId(input.spaceId, 'Space') };
}

/** The comment an input names: a Comment global ID, or a REST id within the input's scope. */
function commentOfInput(input: ScopeInput & { commentId: string }) {
  const whole = toRestId(input.commentId, 'Comment', true);
  if (whole !== input.commentId) {
    try {
      const { scope, ids } = splitScoped(whole, 1, 'Comment');
      return { scope, commentId: ids[0] as string };
    } catch {
      throw required('commentId', 'not a valid Comment ID');
    }
  }
  return { scope: scopeOfInput(input), commentId: input.commentId };
}

/** The reply an input names: a CommentReply global ID, or a REST id with its comment. */
function replyOfInput(input: ScopeInput & { replyId: string; commentId?: string | null }) {
  const whole = toRestId(input.replyId, 'CommentReply', true);
  if (whole !== input.replyId) {
    try {
      const { scope, ids } = splitScoped(whole, 2, 'CommentReply');
      return { scope, commentId: ids[0] as string, replyId: ids[1] as string };
    } catch {
      throw required('replyId', 'not a valid CommentReply ID');
    }
  }
  if (!input.commentId) throw required('commentId', 'required when replyId is a REST id');
  return { ...commentOfInput({ ...input, commentId: input.commentId }), replyId: input.replyId };
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

const CommentPayload = builder.objectRef<CommentShape>('CommentPayload').implement({
  description: 'The comment a mutation posted or changed, in its new state.',
  fields: (t) => ({
    comment: t.field({
      type: CommentRef,
      nullable: false,
      description: 'The comment.',
      resolve: (c) => c,
    }),
  }),
});

const CommentReplyPayload = builder.objectRef<ReplyShape>('CommentReplyPayload').implement({
  description: 'The reply a mutation posted or changed, and its comment (read after the write).',
  fields: (t) => ({
    reply: t.field({
      type: CommentReplyRef,
      nullable: false,
      description: 'The reply.',
      resolve: (r) => r,
    }),
    comment: t.field({
      type: CommentRef,
      nullable: false,
      description: 'The comment it replies to, in its new state.',
      resolve: (r) => scopedAddress(r.scope, r.commentId),
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
): Promise<CommentShape> {
  const { scope, commentId } = commentOfInput(input);
  const body = validBody(UpdateCommentBody, fields, REACTION_FIELDS);
  const data = await write(ctx, 'PUT', commentPath(scope, commentId), body, Comment);
  return { scope, data };
}

/** PUTs a reply; the shared core of edits and reactions. */
async function putReply(
  ctx: GatewayContext,
  input: ScopeInput & { replyId: string; commentId?: string | null },
  fields: Record<string, unknown>,
): Promise<ReplyShape> {
  const { scope, commentId, replyId } = replyOfInput(input);
  const body = validBody(UpdateCommentReplyBody, fields, REACTION_FIELDS);
  const data = await write(ctx, 'PUT', replyPath(scope, commentId, replyId), body, CommentReply);
  return { scope, commentId, data };
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
    const body = validBody(CreateCommentBody, {
      ...(input.node != null ? { node: input.node } : {}),
      ...(input.page != null ? { page: toRestId(input.page, 'Page') } : {}),
      body: input.body,
      ...(input.tableCell != null ? { tableCell: input.tableCell } : {}),
    });
    const data = await write(ctx, 'POST', commentsPath(scope), body, Comment);
    return { scope, data };
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
    const { scope, commentId } = commentOfInput(input);
    await write(ctx, 'DELETE', commentPath(scope, commentId), undefined, Empty);
    return { deletedId: globalId('Comment', scopedAddress(scope, commentId)) };
  },
});

writeMutation('postCommentReply', {
  type: CommentReplyPayload,
  input: PostCommentReplyInput,
  description: 'Replies to a comment.',
  resolve: async (input, ctx) => {
    const { scope, commentId } = commentOfInput(input);
    const body = validBody(CreateCommentReplyBody, { body: input.body });
    const path = `${commentPath(scope, commentId)}/replies`;
    const data = await write(ctx, 'POST', path, body, CommentReply);
    return { scope, commentId, data };
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
    const { scope, commentId, replyId } = replyOfInput(input);
    await write(ctx, 'DELETE', replyPath(scope, commentId, replyId), undefined, Empty);
    return { deletedId: globalId('CommentReply', scopedAddress(scope, commentId, replyId)) };
  },
});
