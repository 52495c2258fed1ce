import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CommentersQuery,
  CommentListQuery,
  CommentQuery,
  CommentReplyListQuery,
  CreateCommentBody,
  CreateCommentReplyBody,
  UpdateCommentBody,
  UpdateCommentReplyBody,
} from '../../contract/comments.ts';
import type { RouteModule, Workspace } from '../context.ts';
import { parseInput } from '../errors.ts';
import { changeRequestRevision } from '../store/changeRequests.ts';
import {
  type CommentContext,
  createComment,
  createReply,
  deleteComment,
  deleteReply,
  getComment,
  getReply,
  listCommenters,
  listComments,
  listReplies,
  updateComment,
  updateReply,
} from '../store/comments.ts';
import { requireSpace } from '../store/spaces.ts';
import { Id, requestedChangeRequest, SpaceParams } from './common.ts';

const CommentParams = z.object({ commentId: Id });
const ReplyParams = CommentParams.extend({ commentReplyId: Id });

/** Resolves the comment context of a request; 404 when the caller cannot read the space. */
type Resolve = (request: FastifyRequest) => CommentContext;

function spaceContext(ws: Workspace, request: FastifyRequest): CommentContext {
  const { spaceId } = parseInput(SpaceParams, request.params, 'params');
  const { row, level } = requireSpace(ws, spaceId, request.caller.id, 'read');
  return {
    spaceId: row.id,
    changeRequestId: null,
    revisionId: row.revision_id,
    callerId: request.caller.id,
    level,
  };
}

function changeRequestContext(ws: Workspace, request: FastifyRequest): CommentContext {
  const { space, changeRequest } = requestedChangeRequest(ws, request, 'read');
  return {
    spaceId: space.row.id,
    changeRequestId: changeRequest.id,
    revisionId: changeRequestRevision(changeRequest),
    callerId: request.caller.id,
    level: space.level,
  };
}

/** The comment and reply operations under `base` (a space, or one change request). */
function commentRoutes(app: FastifyInstance, ws: Workspace, base: string, resolve: Resolve) {
  app.get(`${base}/comments`, async (request) => {
    const ctx = resolve(request);
    const query = parseInput(CommentListQuery, request.query, 'query');
    return listComments(ws, ctx, query);
  });

  app.post(`${base}/comments`, async (request, reply) => {
    const ctx = resolve(request);
    const body = parseInput(CreateCommentBody, request.body, 'body');
    return reply.code(200).send(createComment(ws, ctx, body));
  });

  app.get(`${base}/comments/:commentId`, async (request) => {
    const ctx = resolve(request);
    const { commentId } = parseInput(CommentParams, request.params, 'params');
    const { format } = parseInput(CommentQuery, request.query, 'query');
    return getComment(ws, ctx, commentId, format);
  });

  app.put(`${base}/comments/:commentId`, async (request) => {
    const ctx = resolve(request);
    const { commentId } = parseInput(CommentParams, request.params, 'params');
    const body = parseInput(UpdateCommentBody, request.body, 'body');
    return updateComment(ws, ctx, commentId, body);
  });

  app.delete(`${base}/comments/:commentId`, async (request, reply) => {
    const ctx = resolve(request);
    const { commentId } = parseInput(CommentParams, request.params, 'params');
    deleteComment(ws, ctx, commentId);
    return reply.code(204).send();
  });

  app.get(`${base}/comments/:commentId/replies`, async (request) => {
    const ctx = resolve(request);
    const { commentId } = parseInput(CommentParams, request.params, 'params');
    const query = parseInput(CommentReplyListQuery, request.query, 'query');
    return listReplies(ws, ctx, commentId, query);
  });

  app.post(`${base}/comments/:commentId/replies`, async (request, reply) => {
    const ctx = resolve(request);
    const { commentId } = parseInput(CommentParams, request.params, 'params');
    const { format } = parseInput(CommentQuery, request.query, 'query');
    const body = parseInput(CreateCommentReplyBody, request.body, 'body');
    return reply.code(200).send(createReply(ws, ctx, commentId, body, format));
  });

  app.get(`${base}/comments/:commentId/replies/:commentReplyId`, async (request) => {
    const ctx = resolve(request);
    const { commentId, commentReplyId } = parseInput(ReplyParams, request.params, 'params');
    const { format } = parseInput(CommentQuery, request.query, 'query');
    return getReply(ws, ctx, commentId, commentReplyId, format);
  });

  app.put(`${base}/comments/:commentId/replies/:commentReplyId`, async (request) => {
    const ctx = resolve(request);
    const { commentId, commentReplyId } = parseInput(ReplyParams, request.params, 'params');
    const body = parseInput(UpdateCommentReplyBody, request.body, 'body');
    return updateReply(ws, ctx, commentId, commentReplyId, body);
  });

  app.delete(`${base}/comments/:commentId/replies/:commentReplyId`, async (request, reply) => {
    const ctx = resolve(request);
    const { commentId, commentReplyId } = parseInput(ReplyParams, request.params, 'params');
    deleteReply(ws, ctx, commentId, commentReplyId);
    return reply.code(204).send();
  });
}

/** Comments and replies on spaces and on change requests, and a space's commenters. */
export const commentsRoutes: RouteModule = {
  v1(app, ws) {
    commentRoutes(app, ws, '/spaces/:spaceId', (request) => spaceContext(ws, request));
    commentRoutes(app, ws, '/spaces/:spaceId/change-requests/:changeRequestId', (request) =>
      changeRequestContext(ws, request),
    );

    app.get('/spaces/:spaceId/commenters', async (request) => {
      const { spaceId } = parseInput(SpaceParams, request.params, 'params');
      const { row } = requireSpace(ws, spaceId, request.caller.id, 'read');
      const query = parseInput(CommentersQuery, request.query, 'query');
      return listCommenters(ws, { id: row.id, organizationId: row.organization_id }, query);
    });
  },
};
