import type {
  Comment,
  CommentList,
  CommentListQuery,
  CreateCommentBody,
  Replier,
  UpdateCommentBody,
} from '../../../contract/comments.ts';
import { atLeast } from '../../access.ts';
import type { Workspace } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { keysetPage, withItems } from '../../paging.ts';
import { usersJson } from '../users.ts';
import {
  type BodyFormat,
  bodyJson,
  type CommentContext,
  commentsBase,
  groupBy,
  inChunks,
  permissionsFor,
  placeholders,
  requireCommentLevel,
  UNKNOWN_USER,
} from './common.ts';
import { applyReactions, checkReactionLists, groupReactions, reactionRows } from './reactions.ts';

interface CommentRow {
  id: string;
  space_id: string;
  change_request_id: string | null;
  page_id: string | null;
  node_id: string | null;
  table_cell: string | null;
  posted_by: string;
  posted_at: string;
  edited_at: string | null;
  body: string;
  status: string;
  resolved_at: string | null;
  resolved_by: string | null;
  revision_id: string | null;
}

const COMMENT_COLUMNS =
  'id, space_id, change_request_id, page_id, node_id, table_cell, posted_by, posted_at, edited_at, body, status, resolved_at, resolved_by, revision_id';

/** The `Comment` shapes of rows, loading their users, reactions and reply statistics at once. */
function commentsJson(
  ws: Workspace,
  ctx: CommentContext,
  rows: CommentRow[],
  format: BodyFormat,
): Comment[] {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const reactions = reactionRows(ws, 'comment', ids);
  const repliers = inChunks(ids, (chunk) =>
    ws.db
      .prepare(
        `SELECT comment_id, posted_by, count(*) AS n, max(coalesce(edited_at, posted_at)) AS updated
         FROM comment_replies WHERE comment_id IN (${placeholders(chunk.length)})
         GROUP BY comment_id, posted_by ORDER BY updated DESC, posted_by`,
      )
      .all(...chunk),
  ) as Array<{ comment_id: string; posted_by: string; n: number; updated: string }>;
  const users = usersJson(ws, [
    ...rows.map((r) => r.posted_by),
    ...rows.flatMap((r) => (r.resolved_by ? [r.resolved_by] : [])),
    ...reactions.map((r) => r.user_id),
    ...repliers.map((r) => r.posted_by),
  ]);
  const reactionsOf = groupBy(reactions, (r) => r.target_id);
  const repliersOf = groupBy(repliers, (r) => r.comment_id);
  const base = commentsBase(ws, ctx);
  return rows.map((row) => {
    const replierList: Replier[] = (repliersOf.get(row.id) ?? []).map((r) => ({
      updatedAt: r.updated,
      count: r.n,
      user: users.get(r.posted_by) ?? UNKNOWN_USER(ws, r.posted_by),
    }));
    const comment: Comment = {
      object: 'comment',
      id: row.id,
      postedBy: users.get(row.posted_by) ?? UNKNOWN_USER(ws, row.posted_by),
      postedAt: row.posted_at,
      reactions: groupReactions(reactionsOf.get(row.id) ?? [], users),
      replies: replierList.reduce((sum, r) => sum + r.count, 0),
      repliers: replierList,
      body: bodyJson(row.body, format),
      target: {
        ...(row.node_id ? { node: { id: row.node_id } } : {}),
        ...(row.table_cell ? { tableCell: JSON.parse(row.table_cell) } : {}),
        ...(row.change_request_id ? { changeRequest: row.change_request_id } : {}),
        ...(row.page_id ? { page: { id: row.page_id } } : {}),
        space: row.space_id,
        ...(row.revision_id ? { revision: row.revision_id } : {}),
      },
      urls: { location: `${base}/${encodeURIComponent(row.id)}` },
      permissions: permissionsFor(ctx, row.posted_by),
      status: row.status === 'resolved' ? 'resolved' : 'open',
    };
    if (row.edited_at) comment.editedAt = row.edited_at;
    if (row.status === 'resolved') {
      if (row.resolved_at) comment.resolvedAt = row.resolved_at;
      if (row.resolved_by) {
        comment.resolvedBy = users.get(row.resolved_by) ?? UNKNOWN_USER(ws, row.resolved_by);
      }
    }
    return comment;
  });
}

/** The where clause selecting the comments of a context (main content or one change request). */
function contextWhere(ctx: CommentContext): { where: string[]; params: unknown[] } {
  return ctx.changeRequestId
    ? {
        where: ['space_id = ?', 'change_request_id = ?'],
        params: [ctx.spaceId, ctx.changeRequestId],
      }
    : { where: ['space_id = ?', 'change_request_id IS NULL'], params: [ctx.spaceId] };
}

/** The comment of the context, if any (not one of another space or change request). */
export function findComment(
  ws: Workspace,
  ctx: CommentContext,
  commentId: string,
): CommentRow | undefined {
  const { where, params } = contextWhere(ctx);
  return ws.db
    .prepare(`SELECT ${COMMENT_COLUMNS} FROM comments WHERE id = ? AND ${where.join(' AND ')}`)
    .get(commentId, ...params) as CommentRow | undefined;
}

/** The comment of the context; 404 otherwise. */
export function requireComment(ws: Workspace, ctx: CommentContext, commentId: string): CommentRow {
  const row = findComment(ws, ctx, commentId);
  if (!row) throw notFound('comment');
  return row;
}

/** One page of the context's comments, filtered and ordered as the query says. */
export function listComments(
  ws: Workspace,
  ctx: CommentContext,
  query: CommentListQuery,
): CommentList {
  const { where, params } = contextWhere(ctx);
  if (query.status !== 'all') {
    where.push('status = ?');
    params.push(query.status);
  }
  if (query.targetPage !== undefined) {
    where.push('page_id = ?');
    params.push(query.targetPage);
  }
  const authors = query.authors ? [...query.authors].sort() : undefined;
  if (authors) {
    where.push(`posted_by IN (${placeholders(authors.length)})`);
    params.push(...authors);
  }
  const page = keysetPage<CommentRow>(ws.db, {
    select: `SELECT ${COMMENT_COLUMNS} FROM comments`,
    where,
    params,
    orderBy: [
      { column: 'posted_at', dir: query.order },
      { column: 'id', dir: query.order },
    ],
    keyOf: (row: CommentRow) => [row.posted_at, row.id],
    limit: query.limit,
    page: query.page,
    scope: JSON.stringify([
      'comments',
      ctx.spaceId,
      ctx.changeRequestId,
      query.order,
      query.status,
      query.targetPage ?? null,
      authors ?? null,
    ]),
  });
  return withItems(page, commentsJson(ws, ctx, page.items, query.format));
}

/** One comment of the context; 404 when it is not there (also when it belongs elsewhere). */
export function getComment(
  ws: Workspace,
  ctx: CommentContext,
  commentId: string,
  format?: BodyFormat,
): Comment {
  const row = requireComment(ws, ctx, commentId);
  return commentsJson(ws, ctx, [row], format)[0] as Comment;
}

/** Posts a comment as the caller (needs the comment level). */
export function createComment(
  ws: Workspace,
  ctx: CommentContext,
  input: CreateCommentBody,
): Comment {
  requireCommentLevel(ctx, 'commenting');
  if (input.page !== undefined) {
    const exists = ws.db
      .prepare('SELECT 1 FROM pages WHERE revision_id = ? AND id = ?')
      .get(ctx.revisionId, input.page);
    if (!exists) throw badRequest(`page: no page ${input.page} in the commented revision`);
  }
  const id = ws.ids.next();
  ws.db
    .prepare(
      `INSERT INTO comments (id, space_id, change_request_id, page_id, node_id, table_cell, posted_by,
         posted_at, body, status, revision_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?)`,
    )
    .run(
      id,
      ctx.spaceId,
      ctx.changeRequestId,
      input.page ?? null,
      input.node ?? null,
      input.tableCell ? JSON.stringify(input.tableCell) : null,
      ctx.callerId,
      ws.now(),
      input.body.markdown,
      ctx.revisionId,
    );
  return getComment(ws, ctx, id);
}

/**
 * Updates a comment: `body` by its author only; `resolved` and reactions by anyone with the
 * comment level. Applied all at once or not at all.
 */
export function updateComment(
  ws: Workspace,
  ctx: CommentContext,
  commentId: string,
  input: UpdateCommentBody,
): Comment {
  const row = requireComment(ws, ctx, commentId);
  requireCommentLevel(ctx, 'updating a comment');
  if (input.body !== undefined && row.posted_by !== ctx.callerId) {
    throw forbidden('only the author of a comment can edit its body');
  }
  checkReactionLists(input.addedReactions, input.removedReactions);
  ws.db.transaction(() => {
    const now = ws.now();
    if (input.body !== undefined) {
      ws.db
        .prepare('UPDATE comments SET body = ?, edited_at = ? WHERE id = ?')
        .run(input.body.markdown, now, row.id);
    }
    if (input.resolved === true && row.status !== 'resolved') {
      ws.db
        .prepare(
          "UPDATE comments SET status = 'resolved', resolved_at = ?, resolved_by = ? WHERE id = ?",
        )
        .run(now, ctx.callerId, row.id);
    } else if (input.resolved === false && row.status !== 'open') {
      ws.db
        .prepare(
          "UPDATE comments SET status = 'open', resolved_at = NULL, resolved_by = NULL WHERE id = ?",
        )
        .run(row.id);
    }
    applyReactions(
      ws,
      'comment',
      row.id,
      ctx.callerId,
      input.addedReactions,
      input.removedReactions,
    );
  })();
  return getComment(ws, ctx, row.id);
}

/** Deletes a comment and its replies (its author or a space admin); absent is not an error. */
export function deleteComment(ws: Workspace, ctx: CommentContext, commentId: string): void {
  requireCommentLevel(ctx, 'deleting a comment');
  const row = findComment(ws, ctx, commentId);
  if (!row) return;
  if (row.posted_by !== ctx.callerId && !atLeast(ctx.level, 'admin')) {
    throw forbidden('only the author of a comment or a space admin can delete it');
  }
  ws.db.prepare('DELETE FROM comments WHERE id = ?').run(row.id);
}
