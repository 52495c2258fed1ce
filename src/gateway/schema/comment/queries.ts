import { Member } from '../../../contract/members.ts';
import { builder } from '../../builder.ts';
import type { ConnectionArgs } from '../../connections/restConnection.ts';
import { restConnection, withNode } from '../../connections/restConnection.ts';
import type { GatewayContext } from '../../context.ts';
import { badInput } from '../../errorCatalog.ts';
import { restIdOf } from '../../resources/lookups.ts';
import type { QueryValue } from '../../upstream/rest.ts';
import { UNKNOWN } from '../base.ts';
import type { ChangeRequestShape } from '../changeRequest/resource.ts';
import { ChangeRequestRef } from '../changeRequest/types/changeRequest.ts';
import { type ContentScope, inScope, PageResource, scopeOf } from '../content/resource.ts';
import { MemberResource } from '../member/resource.ts';
import { MemberRef } from '../member/types.ts';
import { lookup } from '../node.ts';
import { OrderEnum } from '../organization/types.ts';
import { SpaceResource } from '../space/resource.ts';
import { SpaceRef } from '../space/types.ts';
import { CommentReplyResource, CommentResource, type CommentShape } from './resource.ts';
import { CommentFormat, CommentRef, CommentReplyRef, CommentStatusEnum } from './types.ts';

// ---------------------------------------------------------------------------------------------
// Lists.

interface CommentListArgs {
  status?: string | null;
  order?: string | null;
  targetPage?: string | null;
  authors?: readonly string[] | null;
  format?: string | null;
}

/** Filter, order and format arguments of a comment list. */
const listArgs = () =>
  builder.args((t) => ({
    status: t.field({ type: CommentStatusEnum.ref, description: 'Only comments in this state.' }),
    order: t.field({ type: OrderEnum.ref, description: 'Sort direction (default `DESC`).' }),
    targetPage: t.id({ description: 'Only comments on this page (global or REST id).' }),
    authors: t.idList({ description: 'Only comments by these users (global or REST ids).' }),
    format: t.field({ type: CommentFormat, description: 'Form of the comment bodies.' }),
  }));

/** The comments of a scope (`GET {comments}`), each cached for a later read of it. */
async function commentsConnection(
  ctx: GatewayContext,
  scope: ContentScope,
  args: ConnectionArgs & CommentListArgs,
) {
  for (const [name, value] of [
    ['status', args.status],
    ['order', args.order],
  ] as const) {
    if (value === UNKNOWN) {
      throw badInput(name, 'UNKNOWN is not a filter');
    }
  }
  const query: Record<string, QueryValue> = {
    status: args.status ?? undefined,
    order: args.order ?? undefined,
    targetPage: args.targetPage
      ? (await inScope(ctx, PageResource, args.targetPage, scope, 'targetPage')).id
      : undefined,
    authors: args.authors?.length
      ? args.authors.map((author) => restIdOf(author, 'User', 'authors'))
      : undefined,
    format: args.format ?? undefined,
  };
  return CommentResource.connection(ctx, args, {
    path: CommentResource.route('inScope', scope.space, scope.changeRequest),
    query,
    parent: scope,
  });
}

/** One comment of a scope, by its global ID or its REST id there (see `lookup`). */
const commentIn = async (ctx: GatewayContext, scope: ContentScope, id: string) =>
  lookup(CommentResource, await inScope(ctx, CommentResource, id, scope));

builder.objectFields(SpaceRef, (t) => ({
  comments: t.connection({
    type: CommentRef,
    description: 'Comments on the main content (default: every status, newest first).',
    args: listArgs(),
    address: true,
    resolve: (space, args, ctx) => commentsConnection(ctx, { space: space.id }, args),
  }),
  comment: t.field({
    type: CommentRef,
    nullable: true,
    description: 'One comment on the main content.',
    args: { id: t.arg.id({ required: true, description: 'Comment ID (global or REST id).' }) },
    address: true,
    resolve: (space, args, ctx) => commentIn(ctx, { space: space.id }, args.id),
  }),
  commenters: t.connection({
    type: MemberRef,
    description: 'Members who commented or replied in the space.',
    address: true,
    resolve: async (space, args, ctx) => {
      // The list starts at once; its members' address needs the space's organization.
      const [page, { organization }] = await Promise.all([
        restConnection(ctx.rest, args, {
          path: CommentResource.route('commenters', space.id),
          item: Member,
        }),
        SpaceResource.full(ctx, space),
      ]);
      const at = (id: string) => ({ org: organization, id });
      for (const { node } of page.edges) MemberResource.prime(ctx, node, at(node.id));
      return {
        ...page,
        edges: page.edges.map((edge) =>
          withNode(edge, MemberResource.shape(edge.node, at(edge.node.id))),
        ),
      };
    },
  }),
}));

builder.objectFields(ChangeRequestRef, (t) => ({
  comments: t.connection({
    type: CommentRef,
    description: 'Comments on the change request (default: every status, newest first).',
    args: listArgs(),
    address: true,
    resolve: (cr: ChangeRequestShape, args, ctx) =>
      commentsConnection(ctx, { space: cr.space, changeRequest: cr.id }, args),
  }),
  comment: t.field({
    type: CommentRef,
    nullable: true,
    description: 'One comment on the change request.',
    args: { id: t.arg.id({ required: true, description: 'Comment ID (global or REST id).' }) },
    address: true,
    resolve: (cr: ChangeRequestShape, args, ctx) =>
      commentIn(ctx, { space: cr.space, changeRequest: cr.id }, args.id),
  }),
}));

// ---------------------------------------------------------------------------------------------
// Comment -> replies.

builder.objectField(CommentRef, 'replies', (t) =>
  t.connection({
    type: CommentReplyRef,
    description: 'Replies, oldest first.',
    address: true,
    args: {
      format: t.arg({ type: CommentFormat, description: 'Form of the reply bodies.' }),
    },
    resolve: (c: CommentShape, args, ctx) =>
      CommentReplyResource.connection(ctx, args, {
        path: CommentReplyResource.route('inComment', c.space, c.changeRequest, c.id),
        query: { format: args.format ?? undefined },
        parent: { ...scopeOf(c), comment: c.id },
      }),
  }),
);
