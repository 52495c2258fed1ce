import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import type { z } from 'zod';
import {
  Comment,
  CommentReply,
  CreateCommentBody,
  CreateCommentReplyBody,
  UpdateCommentBody,
  UpdateCommentReplyBody,
} from '../../contract/comments.ts';
import { ENUMS } from '../../contract/common.ts';
import { Member } from '../../contract/members.ts';
import { builder } from '../builder.ts';
import { type ConnectionResult, restConnection } from '../connection.ts';
import type { GatewayContext } from '../context.ts';
import { MUTATION_ERRORS, mutate, ValidationError } from '../errors.ts';
import { addressId, globalId, toRestId } from '../ids.ts';
import { reference } from '../refs.ts';
import { type QueryValue, seg } from '../upstream/rest.ts';
import { ChangeRequestRef, changeRequestAddress, changeRequestPath } from './changeRequest.ts';
import { openEnumType, UNKNOWN } from './common.ts';
import { type ContentScope, PageRef } from './content.ts';
import { inOrganization, MemberRef, memberPath, UserRef } from './member.ts';
import { Empty, OrderEnum, validBody } from './organization.ts';
import { SpaceRef } from './space.ts';

type CommentWire = z.infer<typeof Comment>;
type ReplyWire = z.infer<typeof CommentReply>;

/** Where comments live: a space's main content, or one change request. */
type CommentScope = ContentScope;

export interface CommentShape {
  scope: CommentScope;
  data: CommentWire;
}
export interface ReplyShape {
  scope: CommentScope;
  commentId: string;
  data: ReplyWire;
}

/** REST path of a scope's comments. */
function commentsPath(scope: CommentScope): string {
  return scope.changeRequestId
    ? `${changeRequestPath(scope.spaceId, scope.changeRequestId)}/comments`
    : `/spaces/${seg(scope.spaceId)}/comments`;
}

const commentPath = (scope: CommentScope, commentId: string) =>
  `${commentsPath(scope)}/${seg(commentId)}`;
const replyPath = (scope: CommentScope, commentId: string, replyId: string) =>
  `${commentPath(scope, commentId)}/replies/${seg(replyId)}`;

const scopeParts = (scope: CommentScope) =>
  scope.changeRequestId ? [scope.spaceId, scope.changeRequestId] : [scope.spaceId];

function badId(typename: string): GraphQLError {
  return new GraphQLError(`id: not a valid ${typename} ID`, {
    extensions: { code: 'BAD_USER_INPUT' },
  });
}

/** Splits an address id into a scope and the `tail` trailing ids (the scope has 1 or 2 parts). */
function splitScoped(id: string, tail: number, typename: string) {
  const parts = id.split('/').map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return '';
    }
  });
  const scopeLength = parts.length - tail;
  if ((scopeLength !== 1 && scopeLength !== 2) || parts.some((p) => p === '')) {
    throw badId(typename);
  }
  const scope: CommentScope =
    scopeLength === 1
      ? { spaceId: parts[0] as string }
      : { spaceId: parts[0] as string, changeRequestId: parts[1] as string };
  return { scope, ids: parts.slice(scopeLength) };
}

export const CommentStatusEnum = openEnumType(
  'CommentStatus',
  ENUMS.commentStatus,
  'State of a comment.',
  { open: 'Open.', resolved: 'Resolved.' },
);

const CommentFormat = builder.enumType('CommentFormat', {
  description: 'Form of comment bodies in a read: `DOCUMENT` adds `body.document`.',
  values: {
    MARKDOWN: { value: 'markdown', description: 'Markdown only.' },
    DOCUMENT: { value: 'document', description: 'Markdown and a rich-text Document.' },
  },
});

// ---------------------------------------------------------------------------------------------
// Types.

export const CommentRef = builder.loadableNodeRef<CommentShape | Error, string, string>('Comment', {
  id: { resolve: (c) => addressId(...scopeParts(c.scope), c.data.id) },
  load: (ids, ctx: GatewayContext) =>
    Promise.all(
      ids.map(async (id) => {
        try {
          const {
            scope,
            ids: [commentId],
          } = splitScoped(id, 1, 'Comment');
          const data = await ctx.rest.get(commentPath(scope, commentId as string), Comment);
          return { scope, data };
        } catch (error) {
          return error as Error;
        }
      }),
    ),
});

export const CommentReplyRef = builder.loadableNodeRef<ReplyShape | Error, string, string>(
  'CommentReply',
  {
    id: { resolve: (r) => addressId(...scopeParts(r.scope), r.commentId, r.data.id) },
    load: (ids, ctx: GatewayContext) =>
      Promise.all(
        ids.map(async (id) => {
          try {
            const {
              scope,
              ids: [commentId, replyId],
            } = splitScoped(id, 2, 'CommentReply');
            const data = await ctx.rest.get(
              replyPath(scope, commentId as string, replyId as string),
              CommentReply,
            );
            return { scope, commentId: commentId as string, data };
          } catch (error) {
            return error as Error;
          }
        }),
      ),
  },
);

const CommentBodyRef = builder.objectRef<CommentWire['body']>('CommentBody').implement({
  description: 'The body of a comment or reply.',
  fields: (t) => ({
    markdown: t.exposeString('markdown', { nullable: false, description: 'Markdown text.' }),
    document: t.field({
      type: 'JSON',
      nullable: true,
      description: 'The body as a rich-text Document (when read with `format: DOCUMENT`).',
      resolve: (b) => b.document ?? null,
    }),
  }),
});

type ReactionWire = CommentWire['reactions'][number];

const ReactionUserRef = builder
  .objectRef<ReactionWire['users'][number]>('CommentReactionUser')
  .implement({
    description: 'One user’s reaction.',
    fields: (t) => ({
      user: t.field({
        type: UserRef,
        nullable: false,
        description: 'Who reacted.',
        resolve: (u) => u.user,
      }),
      reactedAt: t.field({
        type: 'DateTime',
        nullable: false,
        description: 'When.',
        resolve: (u) => u.reactedAt,
      }),
    }),
  });

const ReactionRef = builder.objectRef<ReactionWire>('CommentReaction').implement({
  description: 'The reactions with one emoji on a comment or reply.',
  fields: (t) => ({
    emoji: t.exposeString('emoji', { nullable: false, description: 'The emoji.' }),
    count: t.exposeInt('count', { nullable: false, description: 'How many reacted with it.' }),
    users: t.field({
      type: [ReactionUserRef],
      nullable: false,
      description: 'Who reacted, and when.',
      resolve: (r) => r.users,
    }),
  }),
});

const ReplierRef = builder.objectRef<CommentWire['repliers'][number]>('CommentReplier').implement({
  description: 'One user’s replies to a comment.',
  fields: (t) => ({
    updatedAt: t.field({
      type: 'DateTime',
      nullable: false,
      description: 'Their latest reply.',
      resolve: (r) => r.updatedAt,
    }),
    count: t.exposeInt('count', { nullable: false, description: 'How many replies.' }),
    user: t.field({ type: UserRef, nullable: false, description: 'Who.', resolve: (r) => r.user }),
  }),
});

const CommentUrlsRef = builder.objectRef<CommentWire['urls']>('CommentUrls').implement({
  description: 'URLs of a comment or reply.',
  fields: (t) => ({
    location: t.exposeString('location', { nullable: true, description: 'In the REST API.' }),
  }),
});

const CommentPermissionsRef = builder
  .objectRef<CommentWire['permissions']>('CommentPermissions')
  .implement({
    description: 'What the caller may do with a comment or reply.',
    fields: (t) => ({
      view: t.exposeBoolean('view', { nullable: true, description: 'May view it.' }),
      edit: t.exposeBoolean('edit', { nullable: true, description: 'May edit it.' }),
      reply: t.exposeBoolean('reply', { nullable: true, description: 'May reply to it.' }),
      delete: t.exposeBoolean('delete', { nullable: true, description: 'May delete it.' }),
    }),
  });

const CommentTargetNodeRef = builder.objectRef<{ id: string }>('CommentTargetNode').implement({
  description: 'The document node a comment is attached to.',
  fields: (t) => ({
    id: t.exposeString('id', { nullable: false, description: 'Node key in the document.' }),
  }),
});

const TableCellRef = builder
  .objectRef<{ record: string; definition: string }>('CommentTableCell')
  .implement({
    description: 'The table cell a comment is attached to.',
    fields: (t) => ({
      record: t.exposeString('record', { nullable: false, description: 'Record (row) id.' }),
      definition: t.exposeString('definition', {
        nullable: false,
        description: 'Definition (column) id.',
      }),
    }),
  });

const CommentTargetRef = builder
  .objectRef<{ scope: CommentScope; data: CommentWire['target'] }>('CommentTarget')
  .implement({
    description: 'Where a comment is attached.',
    fields: (t) => ({
      node: t.field({
        type: CommentTargetNodeRef,
        nullable: true,
        description: 'Document node {id}.',
        resolve: (x) => x.data.node ?? null,
      }),
      tableCell: t.field({
        type: TableCellRef,
        nullable: true,
        description: 'Table cell {record, definition}.',
        resolve: (x) => x.data.tableCell ?? null,
      }),
      changeRequest: t.field({
        type: ChangeRequestRef,
        nullable: true,
        description: 'The change request it is on.',
        resolve: (x, _args, _ctx, info) => {
          const crId = x.data.changeRequest;
          if (!crId) return null;
          const spaceId = x.data.space ?? x.scope.spaceId;
          return reference(info, addressId(spaceId, crId), { id: crId, space: spaceId } as never);
        },
      }),
      review: t.string({
        nullable: true,
        description: 'Review id.',
        resolve: (x) => x.data.review ?? null,
      }),
      page: t.field({
        type: PageRef,
        nullable: true,
        description: 'The page it is on.',
        resolve: (x, _args, _ctx, info) => {
          const pageId = x.data.page?.id;
          if (!pageId) return null;
          const scope: ContentScope = {
            spaceId: x.data.space ?? x.scope.spaceId,
            changeRequestId: x.data.changeRequest ?? x.scope.changeRequestId,
          };
          const key = scope.changeRequestId
            ? addressId(scope.spaceId, scope.changeRequestId, pageId)
            : addressId(scope.spaceId, pageId);
          return pageReference(info, key, scope, pageId);
        },
      }),
      space: t.field({
        type: SpaceRef,
        nullable: true,
        description: 'The space it is in.',
        resolve: (x, _args, _ctx, info) => {
          const spaceId = x.data.space ?? x.scope.spaceId;
          return reference(info, spaceId, { id: spaceId } as never);
        },
      }),
      revision: t.string({
        nullable: true,
        description: 'Revision it was posted on.',
        resolve: (x) => x.data.revision ?? null,
      }),
    }),
  });

function pageReference(info: GraphQLResolveInfo, key: string, scope: ContentScope, id: string) {
  return reference(info, key, { scope, data: { id } } as never);
}

/** Fields a comment and a reply share. */
function sharedFields(t: PothosFieldBuilder) {
  return {
    postedBy: t.field({
      type: UserRef,
      nullable: false,
      description: 'Author (embedded: costs no call).',
      resolve: (c) => c.data.postedBy,
    }),
    postedAt: t.field({
      type: 'DateTime',
      nullable: false,
      description: 'When it was posted.',
      resolve: (c) => c.data.postedAt,
    }),
    editedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it was last edited.',
      resolve: (c) => c.data.editedAt ?? null,
    }),
    reactions: t.field({
      type: [ReactionRef],
      nullable: false,
      description: 'Reactions, grouped by emoji.',
      resolve: (c) => c.data.reactions,
    }),
    body: t.field({
      type: CommentBodyRef,
      nullable: false,
      description: 'Body {markdown} (and `document` with `format: DOCUMENT`).',
      resolve: (c) => c.data.body,
    }),
    urls: t.field({
      type: CommentUrlsRef,
      nullable: false,
      description: 'URLs {location}.',
      resolve: (c) => c.data.urls,
    }),
    permissions: t.field({
      type: CommentPermissionsRef,
      nullable: false,
      description: 'What the caller may do with it.',
      resolve: (c) => c.data.permissions,
    }),
    space: t.field({
      type: SpaceRef,
      nullable: false,
      description: 'The space it is in.',
      resolve: (c, _args, _ctx, info) =>
        reference(info, c.scope.spaceId, { id: c.scope.spaceId } as never),
    }),
    changeRequest: t.field({
      type: ChangeRequestRef,
      nullable: true,
      description: 'The change request it is on (null: the main content).',
      resolve: (c, _args, _ctx, info) => {
        const crId = c.scope.changeRequestId;
        if (!crId) return null;
        return reference(info, addressId(c.scope.spaceId, crId), {
          id: crId,
          space: c.scope.spaceId,
        } as never);
      },
    }),
  };
}
type PothosFieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<
  typeof builder.$inferSchemaTypes,
  CommentShape | ReplyShape
>;

function repliesConnection(
  ctx: GatewayContext,
  comment: CommentShape,
  args: Parameters<typeof restConnection>[1] & { format?: string | null },
): Promise<ConnectionResult<ReplyShape>> {
  const base = commentPath(comment.scope, comment.data.id);
  return restConnection(ctx, args, {
    path: `${base}/replies`,
    query: { format: args.format ?? undefined },
    item: CommentReply,
    primePath: (r) => `${base}/replies/${seg(r.id)}`,
  }).then((result) => ({
    ...result,
    edges: result.edges.map((e) => ({
      cursor: e.cursor,
      node: { scope: comment.scope, commentId: comment.data.id, data: e.node },
    })),
  }));
}

CommentRef.implement({
  description:
    'A comment on a space’s main content or on a change request, with replies, reactions and resolution.',
  fields: (t) => ({
    ...sharedFields(t as unknown as PothosFieldBuilder),
    repliesCount: t.int({
      nullable: false,
      description: 'Number of replies (the REST `replies` number).',
      resolve: (c) => c.data.replies,
    }),
    repliers: t.field({
      type: [ReplierRef],
      nullable: false,
      description: 'Who replied {updatedAt, count, user}.',
      resolve: (c) => c.data.repliers,
    }),
    target: t.field({
      type: CommentTargetRef,
      nullable: false,
      description:
        'Where it is attached {node, tableCell, changeRequest, review, page, space, revision}.',
      resolve: (c) => ({ scope: c.scope, data: c.data.target }),
    }),
    status: t.field({
      type: CommentStatusEnum.ref,
      nullable: false,
      description: 'State (`open` or `resolved`).',
      resolve: (c) => CommentStatusEnum.of(c.data.status) as string,
    }),
    resolvedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it was resolved.',
      resolve: (c) => c.data.resolvedAt ?? null,
    }),
    resolvedBy: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who resolved it (embedded: costs no call).',
      resolve: (c) => c.data.resolvedBy ?? null,
    }),
    replies: t.connection({
      type: CommentReplyRef,
      description: 'Replies, oldest first.',
      args: {
        format: t.arg({ type: CommentFormat, description: 'Form of the reply bodies.' }),
      },
      resolve: (c, args, ctx) => repliesConnection(ctx, c, args),
    }),
  }),
});

CommentReplyRef.implement({
  description: 'A reply to a comment.',
  fields: (t) => ({
    ...sharedFields(t as unknown as PothosFieldBuilder),
    comment: t.field({
      type: CommentRef,
      nullable: false,
      description: 'The comment it replies to.',
      resolve: (r) => addressId(...scopeParts(r.scope), r.commentId),
    }),
  }),
});

// ---------------------------------------------------------------------------------------------
// Lists.

interface CommentListArgs {
  status?: string | null;
  order?: string | null;
  targetPage?: string | null;
  authors?: readonly string[] | null;
  format?: string | null;
}

function commentsConnection(
  ctx: GatewayContext,
  scope: CommentScope,
  args: Parameters<typeof restConnection>[1] & CommentListArgs,
): Promise<ConnectionResult<CommentShape>> {
  for (const [name, value] of [
    ['status', args.status],
    ['order', args.order],
  ] as const) {
    if (value === UNKNOWN) {
      throw new GraphQLError(`${name}: UNKNOWN is not a filter`, {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
  }
  const query: Record<string, QueryValue> = {
    status: args.status ?? undefined,
    order: args.order ?? undefined,
    targetPage: args.targetPage ? toRestId(args.targetPage, 'Page') : undefined,
    authors: args.authors?.length ? args.authors.map((a) => toRestId(a, 'User')) : undefined,
    format: args.format ?? undefined,
  };
  const base = commentsPath(scope);
  return restConnection(ctx, args, {
    path: base,
    query,
    item: Comment,
    primePath: (c) => `${base}/${seg(c.id)}`,
  }).then((result) => ({
    ...result,
    edges: result.edges.map((e) => ({ cursor: e.cursor, node: { scope, data: e.node } })),
  }));
}

builder.objectFields(SpaceRef, (t) => ({
  comments: t.connection({
    type: CommentRef,
    description: 'Comments on the main content (default: every status, newest first).',
    args: {
      status: t.arg({ type: CommentStatusEnum.ref, description: 'Only comments in this state.' }),
      order: t.arg({ type: OrderEnum.ref, description: 'Sort direction (default `DESC`).' }),
      targetPage: t.arg.id({ description: 'Only comments on this page (global or REST id).' }),
      authors: t.arg.idList({ description: 'Only comments by these users (global or REST ids).' }),
      format: t.arg({ type: CommentFormat, description: 'Form of the comment bodies.' }),
    },
    resolve: (space, args, ctx) => commentsConnection(ctx, { spaceId: space.id }, args),
  }),
  comment: t.field({
    type: CommentRef,
    nullable: true,
    description: 'One comment on the main content.',
    args: { id: t.arg.id({ required: true, description: 'Comment ID (global or REST id).' }) },
    resolve: async (space, args, ctx) => {
      const scope = { spaceId: space.id };
      const data = await ctx.rest.get(commentPath(scope, toRestId(args.id, 'Comment')), Comment);
      return { scope, data };
    },
  }),
  commenters: t.connection({
    type: MemberRef,
    description: 'Members who commented or replied in the space.',
    resolve: async (space, args, ctx) => {
      const result = await restConnection(ctx, args, {
        path: `/spaces/${seg(space.id)}/commenters`,
        item: Member,
        primePath: (m) => memberPath(space.organization, m.id),
      });
      return {
        ...result,
        edges: result.edges.map((e) => ({
          cursor: e.cursor,
          node: inOrganization(space.organization, e.node),
        })),
      };
    },
  }),
}));

builder.objectFields(ChangeRequestRef, (t) => ({
  comments: t.connection({
    type: CommentRef,
    description: 'Comments on the change request (default: every status, newest first).',
    args: {
      status: t.arg({ type: CommentStatusEnum.ref, description: 'Only comments in this state.' }),
      order: t.arg({ type: OrderEnum.ref, description: 'Sort direction (default `DESC`).' }),
      targetPage: t.arg.id({ description: 'Only comments on this page (global or REST id).' }),
      authors: t.arg.idList({ description: 'Only comments by these users (global or REST ids).' }),
      format: t.arg({ type: CommentFormat, description: 'Form of the comment bodies.' }),
    },
    resolve: (cr, args, ctx) =>
      commentsConnection(ctx, { spaceId: cr.space, changeRequestId: cr.id }, args),
  }),
  comment: t.field({
    type: CommentRef,
    nullable: true,
    description: 'One comment on the change request.',
    args: { id: t.arg.id({ required: true, description: 'Comment ID (global or REST id).' }) },
    resolve: async (cr, args, ctx) => {
      const scope = { spaceId: cr.space, changeRequestId: cr.id };
      const data = await ctx.rest.get(commentPath(scope, toRestId(args.id, 'Comment')), Comment);
      return { scope, data };
    },
  }),
}));

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

const scopeFields = {
  spaceId: 'The space (global or REST id); not needed with global IDs.',
  changeRequestId:
    'The change request (global ID, or REST id or number with `spaceId`), for comments on a change request.',
};

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
    spaceId: t.id({ description: scopeFields.spaceId }),
    changeRequestId: t.id({ description: scopeFields.changeRequestId }),
    node: t.string({ description: 'Document node to attach it to.' }),
    page: t.id({ description: 'Page to attach it to (global or REST id).' }),
    body: t.field({ type: CommentBodyInput, required: true, description: 'The body.' }),
    tableCell: t.field({ type: CommentTableCellInput, description: 'Table cell to attach it to.' }),
  }),
});

const CommentRefInput = builder.inputType('CommentRefInput', {
  description: 'Names a comment.',
  fields: (t) => ({
    commentId: t.id({
      required: true,
      description: 'The comment: its global ID, or its REST id with `spaceId`/`changeRequestId`.',
    }),
    spaceId: t.id({ description: scopeFields.spaceId }),
    changeRequestId: t.id({ description: scopeFields.changeRequestId }),
  }),
});

const EditCommentInput = builder.inputType('EditCommentInput', {
  description: 'A new body for a comment.',
  fields: (t) => ({
    commentId: t.id({
      required: true,
      description: 'The comment: its global ID, or its REST id with `spaceId`/`changeRequestId`.',
    }),
    spaceId: t.id({ description: scopeFields.spaceId }),
    changeRequestId: t.id({ description: scopeFields.changeRequestId }),
    body: t.field({ type: CommentBodyInput, required: true, description: 'The new body.' }),
  }),
});

const CommentReactionsInput = builder.inputType('CommentReactionsInput', {
  description: 'Emoji reactions of the caller to add to or remove from a comment.',
  fields: (t) => ({
    commentId: t.id({
      required: true,
      description: 'The comment: its global ID, or its REST id with `spaceId`/`changeRequestId`.',
    }),
    spaceId: t.id({ description: scopeFields.spaceId }),
    changeRequestId: t.id({ description: scopeFields.changeRequestId }),
    emojis: t.stringList({ required: true, description: 'The emoji (at most 50).' }),
  }),
});

const PostCommentReplyInput = builder.inputType('PostCommentReplyInput', {
  description: 'A reply to a comment.',
  fields: (t) => ({
    commentId: t.id({
      required: true,
      description: 'The comment: its global ID, or its REST id with `spaceId`/`changeRequestId`.',
    }),
    spaceId: t.id({ description: scopeFields.spaceId }),
    changeRequestId: t.id({ description: scopeFields.changeRequestId }),
    body: t.field({ type: CommentBodyInput, required: true, description: 'The body.' }),
  }),
});

const replyIdFields = {
  replyId: 'The reply: its global ID, or its REST id with `commentId`.',
  commentId:
    'The comment (global ID, or REST id with `spaceId`/`changeRequestId`); only with a REST `replyId`.',
};

const CommentReplyRefInput = builder.inputType('CommentReplyRefInput', {
  description: 'Names a reply.',
  fields: (t) => ({
    replyId: t.id({ required: true, description: replyIdFields.replyId }),
    commentId: t.id({ description: replyIdFields.commentId }),
    spaceId: t.id({ description: scopeFields.spaceId }),
    changeRequestId: t.id({ description: scopeFields.changeRequestId }),
  }),
});

const EditCommentReplyInput = builder.inputType('EditCommentReplyInput', {
  description: 'A new body for a reply.',
  fields: (t) => ({
    replyId: t.id({ required: true, description: replyIdFields.replyId }),
    commentId: t.id({ description: replyIdFields.commentId }),
    spaceId: t.id({ description: scopeFields.spaceId }),
    changeRequestId: t.id({ description: scopeFields.changeRequestId }),
    body: t.field({ type: CommentBodyInput, required: true, description: 'The new body.' }),
  }),
});

const CommentReplyReactionsInput = builder.inputType('CommentReplyReactionsInput', {
  description: 'Emoji reactions of the caller to add to or remove from a reply.',
  fields: (t) => ({
    replyId: t.id({ required: true, description: replyIdFields.replyId }),
    commentId: t.id({ description: replyIdFields.commentId }),
    spaceId: t.id({ description: scopeFields.spaceId }),
    changeRequestId: t.id({ description: scopeFields.changeRequestId }),
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
      resolve: (r) => addressId(...scopeParts(r.scope), r.commentId),
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

async function putComment(
  ctx: GatewayContext,
  input: ScopeInput & { commentId: string },
  fields: Record<string, unknown>,
): Promise<CommentShape> {
  const { scope, commentId } = commentOfInput(input);
  const body = validBody(UpdateCommentBody, fields);
  return mutate(async () => {
    const data = await ctx.rest.send('PUT', commentPath(scope, commentId), body, Comment);
    ctx.rest.clear();
    return { scope, data };
  });
}

async function putReply(
  ctx: GatewayContext,
  input: ScopeInput & { replyId: string; commentId?: string | null },
  fields: Record<string, unknown>,
): Promise<ReplyShape> {
  const { scope, commentId, replyId } = replyOfInput(input);
  const body = validBody(UpdateCommentReplyBody, fields);
  return mutate(async () => {
    const data = await ctx.rest.send(
      'PUT',
      replyPath(scope, commentId, replyId),
      body,
      CommentReply,
    );
    ctx.rest.clear();
    return { scope, commentId, data };
  });
}

builder.mutationField('postComment', (t) =>
  t.field({
    type: CommentPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'PostCommentResult' } },
    description: 'Posts a comment on a space’s main content or on a change request.',
    args: { input: t.arg({ type: PostCommentInput, required: true }) },
    resolve: (_root, { input }, ctx) => {
      const scope = scopeOfInput(input);
      const body = validBody(CreateCommentBody, {
        ...(input.node != null ? { node: input.node } : {}),
        ...(input.page != null ? { page: toRestId(input.page, 'Page') } : {}),
        body: input.body,
        ...(input.tableCell != null ? { tableCell: input.tableCell } : {}),
      });
      return mutate(async () => {
        const data = await ctx.rest.send('POST', commentsPath(scope), body, Comment);
        ctx.rest.clear();
        return { scope, data };
      });
    },
  }),
);

builder.mutationField('editComment', (t) =>
  t.field({
    type: CommentPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'EditCommentResult' } },
    description: 'Replaces the body of a comment.',
    args: { input: t.arg({ type: EditCommentInput, required: true }) },
    resolve: (_root, { input }, ctx) => putComment(ctx, input, { body: input.body }),
  }),
);

for (const [name, union, resolved, description] of [
  [
    'resolveComment',
    'ResolveCommentResult',
    true,
    'Resolves a comment (sets `resolvedAt`, `resolvedBy`).',
  ],
  ['unresolveComment', 'UnresolveCommentResult', false, 'Reopens a resolved comment.'],
] as const) {
  builder.mutationField(name, (t) =>
    t.field({
      type: CommentPayload,
      errors: { types: MUTATION_ERRORS, union: { name: union } },
      description,
      args: { input: t.arg({ type: CommentRefInput, required: true }) },
      resolve: (_root, { input }, ctx) => putComment(ctx, input, { resolved }),
    }),
  );
}

for (const [name, union, key, description] of [
  [
    'addCommentReactions',
    'AddCommentReactionsResult',
    'addedReactions',
    'Adds the caller’s reactions to a comment.',
  ],
  [
    'removeCommentReactions',
    'RemoveCommentReactionsResult',
    'removedReactions',
    'Removes the caller’s reactions from a comment.',
  ],
] as const) {
  builder.mutationField(name, (t) =>
    t.field({
      type: CommentPayload,
      errors: { types: MUTATION_ERRORS, union: { name: union } },
      description,
      args: { input: t.arg({ type: CommentReactionsInput, required: true }) },
      resolve: (_root, { input }, ctx) => putComment(ctx, input, { [key]: input.emojis }),
    }),
  );
}

builder.mutationField('deleteComment', (t) =>
  t.field({
    type: DeleteCommentPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'DeleteCommentResult' } },
    description: 'Deletes a comment and its replies.',
    args: { input: t.arg({ type: CommentRefInput, required: true }) },
    resolve: (_root, { input }, ctx) => {
      const { scope, commentId } = commentOfInput(input);
      return mutate(async () => {
        await ctx.rest.send('DELETE', commentPath(scope, commentId), undefined, Empty);
        ctx.rest.clear();
        return { deletedId: globalId('Comment', addressId(...scopeParts(scope), commentId)) };
      });
    },
  }),
);

builder.mutationField('postCommentReply', (t) =>
  t.field({
    type: CommentReplyPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'PostCommentReplyResult' } },
    description: 'Replies to a comment.',
    args: { input: t.arg({ type: PostCommentReplyInput, required: true }) },
    resolve: (_root, { input }, ctx) => {
      const { scope, commentId } = commentOfInput(input);
      const body = validBody(CreateCommentReplyBody, { body: input.body });
      return mutate(async () => {
        const data = await ctx.rest.send(
          'POST',
          `${commentPath(scope, commentId)}/replies`,
          body,
          CommentReply,
        );
        ctx.rest.clear();
        return { scope, commentId, data };
      });
    },
  }),
);

builder.mutationField('editCommentReply', (t) =>
  t.field({
    type: CommentReplyPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'EditCommentReplyResult' } },
    description: 'Replaces the body of a reply.',
    args: { input: t.arg({ type: EditCommentReplyInput, required: true }) },
    resolve: (_root, { input }, ctx) => putReply(ctx, input, { body: input.body }),
  }),
);

for (const [name, union, key, description] of [
  [
    'addCommentReplyReactions',
    'AddCommentReplyReactionsResult',
    'addedReactions',
    'Adds the caller’s reactions to a reply.',
  ],
  [
    'removeCommentReplyReactions',
    'RemoveCommentReplyReactionsResult',
    'removedReactions',
    'Removes the caller’s reactions from a reply.',
  ],
] as const) {
  builder.mutationField(name, (t) =>
    t.field({
      type: CommentReplyPayload,
      errors: { types: MUTATION_ERRORS, union: { name: union } },
      description,
      args: { input: t.arg({ type: CommentReplyReactionsInput, required: true }) },
      resolve: (_root, { input }, ctx) => putReply(ctx, input, { [key]: input.emojis }),
    }),
  );
}

builder.mutationField('deleteCommentReply', (t) =>
  t.field({
    type: DeleteCommentPayload,
    errors: { types: MUTATION_ERRORS, union: { name: 'DeleteCommentReplyResult' } },
    description: 'Deletes a reply.',
    args: { input: t.arg({ type: CommentReplyRefInput, required: true }) },
    resolve: (_root, { input }, ctx) => {
      const { scope, commentId, replyId } = replyOfInput(input);
      return mutate(async () => {
        await ctx.rest.send('DELETE', replyPath(scope, commentId, replyId), undefined, Empty);
        ctx.rest.clear();
        return {
          deletedId: globalId('CommentReply', addressId(...scopeParts(scope), commentId, replyId)),
        };
      });
    },
  }),
);
