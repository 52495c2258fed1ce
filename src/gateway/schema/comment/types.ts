import type { GraphQLResolveInfo } from 'graphql';
import type { z } from 'zod';
import { Comment, CommentReply } from '../../../contract/comments.ts';
import { ENUMS } from '../../../contract/common.ts';
import { builder } from '../../builder.ts';
import { type ConnectionResult, restConnection } from '../../connection.ts';
import type { GatewayContext } from '../../context.ts';
import { reference } from '../../refs.ts';
import { seg } from '../../upstream/rest.ts';
import { rawOf } from '../../upstream/tolerant.ts';
import { ChangeRequestRef, changeRequestPath, scopeChangeRequest } from '../changeRequest/types.ts';
import { openEnumType } from '../common.ts';
import { PageRef } from '../content/common.ts';
import { type ContentScope, scopedAddress, splitScoped } from '../content/scope.ts';
import { UserRef } from '../member.ts';
import { mapConnection } from '../shared.ts';
import { SpaceRef } from '../space.ts';

type CommentWire = z.infer<typeof Comment>;
type ReplyWire = z.infer<typeof CommentReply>;

/** Where comments live: a space's main content, or one change request. */
export type CommentScope = ContentScope;

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
export function commentsPath(scope: CommentScope): string {
  return scope.changeRequestId
    ? `${changeRequestPath(scope.spaceId, scope.changeRequestId)}/comments`
    : `/spaces/${seg(scope.spaceId)}/comments`;
}

export const commentPath = (scope: CommentScope, commentId: string) =>
  `${commentsPath(scope)}/${seg(commentId)}`;
export const replyPath = (scope: CommentScope, commentId: string, replyId: string) =>
  `${commentPath(scope, commentId)}/replies/${seg(replyId)}`;

/** One comment of a scope (`GET {comments}/{id}`). */
export async function loadComment(
  ctx: GatewayContext,
  scope: CommentScope,
  commentId: string,
): Promise<CommentShape> {
  const data = await ctx.rest.get(commentPath(scope, commentId), Comment);
  return { scope, data };
}

export const CommentStatusEnum = openEnumType(
  'CommentStatus',
  ENUMS.commentStatus,
  'State of a comment.',
  { open: 'Open.', resolved: 'Resolved.' },
);

export const CommentFormat = builder.enumType('CommentFormat', {
  description: 'Form of comment bodies in a read: `DOCUMENT` adds `body.document`.',
  values: {
    MARKDOWN: { value: 'markdown', description: 'Markdown only.' },
    DOCUMENT: { value: 'document', description: 'Markdown and a rich-text Document.' },
  },
});

// ---------------------------------------------------------------------------------------------
// Types.

export const CommentRef = builder.loadableNodeRef<CommentShape | Error, string, string>('Comment', {
  id: { resolve: (c) => scopedAddress(c.scope, c.data.id) },
  load: (ids, ctx: GatewayContext) =>
    Promise.all(
      ids.map(async (id) => {
        try {
          const { scope, ids: tail } = splitScoped(id, 1, 'Comment');
          return await loadComment(ctx, scope, tail[0] as string);
        } catch (error) {
          return error as Error;
        }
      }),
    ),
});

export const CommentReplyRef = builder.loadableNodeRef<ReplyShape | Error, string, string>(
  'CommentReply',
  {
    id: { resolve: (r) => scopedAddress(r.scope, r.commentId, r.data.id) },
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
    raw: t.field({
      type: 'JSON',
      nullable: true,
      description:
        'The body as the upstream sent it: bodies may take forms beside `{markdown}`, which `markdown` and `document` do not show.',
      resolve: (b) => rawOf(b) ?? null,
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
        resolve: (x, _args, _ctx, info) =>
          scopeChangeRequest(
            { spaceId: x.data.space ?? x.scope.spaceId, changeRequestId: x.data.changeRequest },
            info,
          ),
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
          return pageReference(info, scopedAddress(scope, pageId), scope, pageId);
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
      resolve: (c, _args, _ctx, info) => scopeChangeRequest(c.scope, info),
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
  }).then((result) =>
    mapConnection(result, (data) => ({ scope: comment.scope, commentId: comment.data.id, data })),
  );
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
      resolve: (r) => scopedAddress(r.scope, r.commentId),
    }),
  }),
});
