import { GraphQLError } from 'graphql';
import { Comment } from '../../../contract/comments.ts';
import { Member } from '../../../contract/members.ts';
import { builder } from '../../builder.ts';
import type { GatewayContext } from '../../context.ts';
import { toRestId } from '../../ids.ts';
import { type ConnectionResult, restConnection } from '../../upstream/connection.ts';
import { type QueryValue, seg } from '../../upstream/rest.ts';
import { ChangeRequestRef } from '../changeRequest/types.ts';
import { UNKNOWN } from '../common.ts';
import { inOrganization, MemberRef, memberPath } from '../member.ts';
import { OrderEnum } from '../organization.ts';
import { mapConnection } from '../shared.ts';
import { SpaceRef } from '../space.ts';
import {
  CommentFormat,
  CommentRef,
  type CommentScope,
  type CommentShape,
  CommentStatusEnum,
  commentsPath,
  loadComment,
} from './types.ts';

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
  return restConnection(ctx.rest, args, {
    path: base,
    query,
    item: Comment,
    primePath: (c) => `${base}/${seg(c.id)}`,
  }).then((result) => mapConnection(result, (data) => ({ scope, data })));
}

builder.objectFields(SpaceRef, (t) => ({
  comments: t.connection({
    type: CommentRef,
    description: 'Comments on the main content (default: every status, newest first).',
    args: listArgs(),
    resolve: (space, args, ctx) => commentsConnection(ctx, { spaceId: space.id }, args),
  }),
  comment: t.field({
    type: CommentRef,
    nullable: true,
    description: 'One comment on the main content.',
    args: { id: t.arg.id({ required: true, description: 'Comment ID (global or REST id).' }) },
    resolve: (space, args, ctx) =>
      loadComment(ctx, { spaceId: space.id }, toRestId(args.id, 'Comment')),
  }),
  commenters: t.connection({
    type: MemberRef,
    description: 'Members who commented or replied in the space.',
    resolve: async (space, args, ctx) => {
      const result = await restConnection(ctx.rest, args, {
        path: `/spaces/${seg(space.id)}/commenters`,
        item: Member,
        primePath: (m) => memberPath(space.organization, m.id),
      });
      return mapConnection(result, (member) => inOrganization(space.organization, member));
    },
  }),
}));

builder.objectFields(ChangeRequestRef, (t) => ({
  comments: t.connection({
    type: CommentRef,
    description: 'Comments on the change request (default: every status, newest first).',
    args: listArgs(),
    resolve: (cr, args, ctx) =>
      commentsConnection(ctx, { spaceId: cr.space, changeRequestId: cr.id }, args),
  }),
  comment: t.field({
    type: CommentRef,
    nullable: true,
    description: 'One comment on the change request.',
    args: { id: t.arg.id({ required: true, description: 'Comment ID (global or REST id).' }) },
    resolve: (cr, args, ctx) =>
      loadComment(ctx, { spaceId: cr.space, changeRequestId: cr.id }, toRestId(args.id, 'Comment')),
  }),
}));
