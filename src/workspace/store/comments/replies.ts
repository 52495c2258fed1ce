import type {
  CommentReply,
  CommentReplyList,
  CommentReplyListQuery,
  CreateCommentReplyBody,
  UpdateCommentReplyBody,
} from '../../../contract/comments.ts';
import { atLeast } from '../../access.ts';
import type { Workspace } from '../../context.ts';
import { forbidden, notFound } from '../../errors.ts';
import { keysetPage, withItems } from '../../paging.ts';
import { usersJson } from '../users.ts';
import { findComment, requireComment } from './comments.ts';
import {
  type BodyFormat,
  bodyJson,
  type CommentContext,
  commentsBase,
  groupBy,
  permissionsFor,
  requireCommentLevel,
  UNKNOWN_USER,
} from './common.ts';
import { applyReactions, checkReactionLists, groupReactions, reactionRows } from './reactions.ts';

interface ReplyRow {
  id: string;
  comment_id: string;
  posted_by: string;
  posted_at: string;
  edited_at: string | null;
  body: string;
}

const REPLY_COLUMNS = 'id, comment_id, posted_by, posted_at, edited_at, body';

function repliesJson(
  ws: Workspace,
  ctx: CommentContext,
  rows: ReplyRow[],
  format: BodyFormat,
): CommentReply[] {
  if (rows.length === 0) return [];
  const reactions = reactionRows(
    ws,
    'reply',
    rows.map((r) => r.id),
  );
  const users = usersJson(ws, [
    ...rows.map((r) => r.posted_by),
    ...reactions.map((r) => r.user_id),
  ]);
  const reactionsOf = groupBy(reactions, (r) => r.target_id);
  const base = commentsBase(ws, ctx);
  return rows.map((row) => {
    const reply: CommentReply = {
      object: 'comment-reply',
      id: row.id,
      postedBy: users.get(row.posted_by) ?? UNKNOWN_USER(ws, row.posted_by),
      postedAt: row.posted_at,
      reactions: groupReactions(reactionsOf.get(row.id) ?? [], users),
      body: bodyJson(row.body, format),
      urls: {
        location: `${base}/${encodeURIComponent(row.comment_id)}/replies/${encodeURIComponent(row.id)}`,
      },
      permissions: permissionsFor(ctx, row.posted_by),
    };
    if (row.edited_at) reply.editedAt = row.edited_at;
    return reply;
  });
}

function findReply(ws: Workspace, commentId: string, replyId: string): ReplyRow | undefined {
  return ws.db
    .prepare(`SELECT ${REPLY_COLUMNS} FROM comment_replies WHERE id = ? AND comment_id = ?`)
    .get(replyId, commentId) as ReplyRow | undefined;
}

function requireReply(ws: Workspace, commentId: string, replyId: string): ReplyRow {
  const row = findReply(ws, commentId, replyId);
  if (!row) throw notFound('comment reply');
  return row;
}

/** One page of a comment's replies, oldest first. */
export function listReplies(
  ws: Workspace,
  ctx: CommentContext,
  commentId: string,
  query: CommentReplyListQuery,
): CommentReplyList {
  const comment = requireComment(ws, ctx, commentId);
  const page = keysetPage<ReplyRow>(ws.db, {
    select: `SELECT ${REPLY_COLUMNS} FROM comment_replies`,
    where: ['comment_id = ?'],
    params: [comment.id],
    orderBy: [
      { column: 'posted_at', dir: 'asc' },
      { column: 'id', dir: 'asc' },
    ],
    keyOf: (row: ReplyRow) => [row.posted_at, row.id],
    limit: query.limit,
    page: query.page,
    scope: JSON.stringify(['replies', ctx.spaceId, ctx.changeRequestId, comment.id]),
  });
  return withItems(page, repliesJson(ws, ctx, page.items, query.format));
}

/** One reply of a comment of the context; 404 when either is not there. */
export function getReply(
  ws: Workspace,
  ctx: CommentContext,
  commentId: string,
  replyId: string,
  format?: BodyFormat,
): CommentReply {
  const comment = requireComment(ws, ctx, commentId);
  const row = requireReply(ws, comment.id, replyId);
  return repliesJson(ws, ctx, [row], format)[0] as CommentReply;
}

/** Replies to a comment as the caller (needs the comment level). */
export function createReply(
  ws: Workspace,
  ctx: CommentContext,
  commentId: string,
  input: CreateCommentReplyBody,
  format?: BodyFormat,
): CommentReply {
  const comment = requireComment(ws, ctx, commentId);
  requireCommentLevel(ctx, 'replying');
  const id = ws.ids.next();
  ws.db
    .prepare(
      'INSERT INTO comment_replies (id, comment_id, posted_by, posted_at, body) VALUES (?, ?, ?, ?, ?)',
    )
    .run(id, comment.id, ctx.callerId, ws.now(), input.body.markdown);
  return getReply(ws, ctx, comment.id, id, format);
}

/** Updates a reply: `body` by its author only; reactions by anyone with the comment level. */
export function updateReply(
  ws: Workspace,
  ctx: CommentContext,
  commentId: string,
  replyId: string,
  input: UpdateCommentReplyBody,
): CommentReply {
  const comment = requireComment(ws, ctx, commentId);
  const row = requireReply(ws, comment.id, replyId);
  requireCommentLevel(ctx, 'updating a reply');
  if (input.body !== undefined && row.posted_by !== ctx.callerId) {
    throw forbidden('only the author of a reply can edit its body');
  }
  checkReactionLists(input.addedReactions, input.removedReactions);
  ws.db.transaction(() => {
    if (input.body !== undefined) {
      ws.db
        .prepare('UPDATE comment_replies SET body = ?, edited_at = ? WHERE id = ?')
        .run(input.body.markdown, ws.now(), row.id);
    }
    applyReactions(ws, 'reply', row.id, ctx.callerId, input.addedReactions, input.removedReactions);
  })();
  return getReply(ws, ctx, comment.id, row.id);
}

/** Deletes a reply (its author or a space admin); absent (reply or comment) is not an error. */
export function deleteReply(
  ws: Workspace,
  ctx: CommentContext,
  commentId: string,
  replyId: string,
): void {
  requireCommentLevel(ctx, 'deleting a reply');
  const comment = findComment(ws, ctx, commentId);
  if (!comment) return;
  const row = findReply(ws, comment.id, replyId);
  if (!row) return;
  if (row.posted_by !== ctx.callerId && !atLeast(ctx.level, 'admin')) {
    throw forbidden('only the author of a reply or a space admin can delete it');
  }
  ws.db.prepare('DELETE FROM comment_replies WHERE id = ?').run(row.id);
}
