import {
  Comment,
  CommenterList,
  CommentersQuery,
  CommentList,
  CommentListQuery,
  CommentQuery,
  CommentReply,
  CommentReplyList,
  CommentReplyListQuery,
  CreateCommentBody,
  CreateCommentReplyBody,
  UpdateCommentBody,
  UpdateCommentReplyBody,
} from '../../contract/comments.ts';
import type { RouteModule, Workspace, WorkspaceApp } from '../context.ts';
import { changeRequestRevision, requireChangeRequest } from '../store/changeRequests.ts';
import { listCommenters } from '../store/comments/commenters.ts';
import {
  createComment,
  deleteComment,
  getComment,
  listComments,
  updateComment,
} from '../store/comments/comments.ts';
import type { CommentContext } from '../store/comments/common.ts';
import {
  createReply,
  deleteReply,
  getReply,
  listReplies,
  updateReply,
} from '../store/comments/replies.ts';
import { requireSpace } from '../store/spaces.ts';
import { Id, RevisionParams, SpaceParams } from './common.ts';

const CommentParams = RevisionParams.extend({ commentId: Id });
const ReplyParams = CommentParams.extend({ commentReplyId: Id });

/** The comment context of a space or change request path; 404 when the caller cannot read it. */
function commentContext(ws: Workspace, params: RevisionParams, callerId: string): CommentContext {
  if (params.changeRequestId === undefined) {
    const { row, level } = requireSpace(ws, params.spaceId, callerId, 'read');
    return { spaceId: row.id, changeRequestId: null, revisionId: row.revision_id, callerId, level };
  }
  const { space, changeRequest } = requireChangeRequest(
    ws,
    params.spaceId,
    params.changeRequestId,
    callerId,
    'read',
  );
  return {
    spaceId: space.row.id,
    changeRequestId: changeRequest.id,
    revisionId: changeRequestRevision(changeRequest),
    callerId,
    level: space.level,
  };
}

/** The comment and reply operations under `base` (a space, or one change request). */
function commentRoutes(app: WorkspaceApp, ws: Workspace, base: string) {
  app.get(
    `${base}/comments`,
    {
      schema: {
        response: { 200: CommentList },
        params: RevisionParams,
        querystring: CommentListQuery,
      },
    },
    async (request) => {
      const ctx = commentContext(ws, request.params, request.caller.id);
      return listComments(ws, ctx, request.query);
    },
  );

  app.post(
    `${base}/comments`,
    { schema: { response: { 200: Comment }, params: RevisionParams, body: CreateCommentBody } },
    async (request, reply) => {
      const ctx = commentContext(ws, request.params, request.caller.id);
      return reply.code(200).send(createComment(ws, ctx, request.body));
    },
  );

  app.get(
    `${base}/comments/:commentId`,
    { schema: { response: { 200: Comment }, params: CommentParams, querystring: CommentQuery } },
    async (request) => {
      const ctx = commentContext(ws, request.params, request.caller.id);
      const { commentId } = request.params;
      const { format } = request.query;
      return getComment(ws, ctx, commentId, format);
    },
  );

  app.put(
    `${base}/comments/:commentId`,
    { schema: { response: { 200: Comment }, params: CommentParams, body: UpdateCommentBody } },
    async (request) => {
      const ctx = commentContext(ws, request.params, request.caller.id);
      const { commentId } = request.params;
      return updateComment(ws, ctx, commentId, request.body);
    },
  );

  app.delete(
    `${base}/comments/:commentId`,
    { schema: { params: CommentParams } },
    async (request, reply) => {
      const ctx = commentContext(ws, request.params, request.caller.id);
      const { commentId } = request.params;
      deleteComment(ws, ctx, commentId);
      return reply.code(204).send();
    },
  );

  app.get(
    `${base}/comments/:commentId/replies`,
    {
      schema: {
        response: { 200: CommentReplyList },
        params: CommentParams,
        querystring: CommentReplyListQuery,
      },
    },
    async (request) => {
      const ctx = commentContext(ws, request.params, request.caller.id);
      const { commentId } = request.params;
      return listReplies(ws, ctx, commentId, request.query);
    },
  );

  app.post(
    `${base}/comments/:commentId/replies`,
    {
      schema: {
        response: { 200: CommentReply },
        params: CommentParams,
        querystring: CommentQuery,
        body: CreateCommentReplyBody,
      },
    },
    async (request, reply) => {
      const ctx = commentContext(ws, request.params, request.caller.id);
      const { commentId } = request.params;
      const { format } = request.query;
      return reply.code(200).send(createReply(ws, ctx, commentId, request.body, format));
    },
  );

  app.get(
    `${base}/comments/:commentId/replies/:commentReplyId`,
    { schema: { response: { 200: CommentReply }, params: ReplyParams, querystring: CommentQuery } },
    async (request) => {
      const ctx = commentContext(ws, request.params, request.caller.id);
      const { commentId, commentReplyId } = request.params;
      const { format } = request.query;
      return getReply(ws, ctx, commentId, commentReplyId, format);
    },
  );

  app.put(
    `${base}/comments/:commentId/replies/:commentReplyId`,
    {
      schema: {
        response: { 200: CommentReply },
        params: ReplyParams,
        body: UpdateCommentReplyBody,
      },
    },
    async (request) => {
      const ctx = commentContext(ws, request.params, request.caller.id);
      const { commentId, commentReplyId } = request.params;
      return updateReply(ws, ctx, commentId, commentReplyId, request.body);
    },
  );

  app.delete(
    `${base}/comments/:commentId/replies/:commentReplyId`,
    { schema: { params: ReplyParams } },
    async (request, reply) => {
      const ctx = commentContext(ws, request.params, request.caller.id);
      const { commentId, commentReplyId } = request.params;
      deleteReply(ws, ctx, commentId, commentReplyId);
      return reply.code(204).send();
    },
  );
}

/** Comments and replies on spaces and on change requests, and a space's commenters. */
export const commentsRoutes: RouteModule = {
  register(app, ws) {
    commentRoutes(app, ws, '/spaces/:spaceId');
    commentRoutes(app, ws, '/spaces/:spaceId/change-requests/:changeRequestId');

    app.get(
      '/spaces/:spaceId/commenters',
      {
        schema: {
          response: { 200: CommenterList },
          params: SpaceParams,
          querystring: CommentersQuery,
        },
      },
      async (request) => {
        const { spaceId } = request.params;
        const { row } = requireSpace(ws, spaceId, request.caller.id, 'read');
        return listCommenters(
          ws,
          { id: row.id, organizationId: row.organization_id },
          request.query,
        );
      },
    );
  },
};
