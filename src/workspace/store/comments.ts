import type {
  Comment,
  CommentBody,
  CommentList,
  CommentListQuery,
  CommentPermissions,
  CommentReply,
  CommentReplyList,
  CommentReplyListQuery,
  CreateCommentBody,
  CreateCommentReplyBody,
  Reaction,
  Replier,
  UpdateCommentBody,
  UpdateCommentReplyBody,
} from '../../contract/comments.ts';
import type { ListPage, Role, User } from '../../contract/common.ts';
import type { Member } from '../../contract/members.ts';
import { atLeast } from '../access.ts';
import type { Workspace } from '../context.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { keysetPage, withItems } from '../paging.ts';
import { markdownToDocument } from './markdown.ts';
import { memberJson } from './memberRows.ts';
import { usersJson } from './users.ts';

/**
 * Where comments live and who is asking: a space's main content (`changeRequestId` null) or one
 * change request of the space, with the caller's level on the space.
 */
export interface CommentContext {
  spaceId: string;
  changeRequestId: string | null;
  /** Revision new comments are posted on: the space's, or the change request's. */
  revisionId: string;
  callerId: string;
  level: Role | null;
}

export type BodyFormat = 'document' | 'markdown' | undefined;

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

interface ReplyRow {
  id: string;
  comment_id: string;
  posted_by: string;
  posted_at: string;
  edited_at: string | null;
  body: string;
}

interface ReactionRow {
  target_id: string;
  emoji: string;
  user_id: string;
  reacted_at: string;
}

type TargetType = 'comment' | 'reply';

const COMMENT_COLUMNS =
  'id, space_id, change_request_id, page_id, node_id, table_cell, posted_by, posted_at, edited_at, body, status, resolved_at, resolved_by, revision_id';
const REPLY_COLUMNS = 'id, comment_id, posted_by, posted_at, edited_at, body';

function bodyJson(markdown: string, format: BodyFormat): CommentBody {
  return format === 'document'
    ? { markdown, document: markdownToDocument(markdown) }
    : { markdown };
}

// ---------------------------------------------------------------------------------------------
// Reading

function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(...read(ids.slice(i, i + 500)));
  return out;
}

function placeholders(n: number): string {
  return Array.from({ length: n }, () => '?').join(', ');
}

function reactionRows(ws: Workspace, type: TargetType, ids: readonly string[]): ReactionRow[] {
  return inChunks(ids, (chunk) =>
    ws.db
      .prepare(
        `SELECT target_id, emoji, user_id, reacted_at FROM reactions
         WHERE target_type = ? AND target_id IN (${placeholders(chunk.length)})
         ORDER BY reacted_at, rowid`,
      )
      .all(type, ...chunk),
  ) as ReactionRow[];
}

/** Groups reaction rows by emoji, in the order each emoji was first used. */
function groupReactions(rows: ReactionRow[], users: Map<string, User>): Reaction[] {
  const byEmoji = new Map<string, Reaction>();
  for (const row of rows) {
    const user = users.get(row.user_id);
    if (!user) continue;
    let reaction = byEmoji.get(row.emoji);
    if (!reaction) {
      reaction = { emoji: row.emoji, count: 0, users: [] };
      byEmoji.set(row.emoji, reaction);
    }
    reaction.users.push({ user, reactedAt: row.reacted_at });
    reaction.count = reaction.users.length;
  }
  return [...byEmoji.values()];
}

function groupBy<T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
}

function commentsBase(ws: Workspace, ctx: CommentContext): string {
  const space = `${ws.publicUrl}/v1/spaces/${encodeURIComponent(ctx.spaceId)}`;
  return ctx.changeRequestId
    ? `${space}/change-requests/${encodeURIComponent(ctx.changeRequestId)}/comments`
    : `${space}/comments`;
}

function permissionsFor(ctx: CommentContext, authorId: string): CommentPermissions {
  const canComment = atLeast(ctx.level, 'comment');
  const isAuthor = authorId === ctx.callerId;
  return {
    view: atLeast(ctx.level, 'read'),
    edit: canComment && isAuthor,
    reply: canComment,
    delete: canComment && (isAuthor || atLeast(ctx.level, 'admin')),
  };
}

const UNKNOWN_USER = (ws: Workspace, id: string): User => ({
  object: 'user',
  id,
  displayName: 'Unknown user',
  urls: { location: `${ws.publicUrl}/v1/users/${id}` },
});

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

/** The where clause selecting the comments of a context (main content or one change request). */
function contextWhere(ctx: CommentContext): { where: string[]; params: unknown[] } {
  return ctx.changeRequestId
    ? {
        where: ['space_id = ?', 'change_request_id = ?'],
        params: [ctx.spaceId, ctx.changeRequestId],
      }
    : { where: ['space_id = ?', 'change_request_id IS NULL'], params: [ctx.spaceId] };
}

function findComment(
  ws: Workspace,
  ctx: CommentContext,
  commentId: string,
): CommentRow | undefined {
  const { where, params } = contextWhere(ctx);
  return ws.db
    .prepare(`SELECT ${COMMENT_COLUMNS} FROM comments WHERE id = ? AND ${where.join(' AND ')}`)
    .get(commentId, ...params) as CommentRow | undefined;
}

function requireComment(ws: Workspace, ctx: CommentContext, commentId: string): CommentRow {
  const row = findComment(ws, ctx, commentId);
  if (!row) throw notFound('comment');
  return row;
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

function requireCommentLevel(ctx: CommentContext, action: string): void {
  if (!atLeast(ctx.level, 'comment')) {
    throw forbidden(`${action} requires the comment level on the space`);
  }
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

function checkReactionLists(added?: string[], removed?: string[]): void {
  if (!added || !removed) return;
  const both = added.find((emoji) => removed.includes(emoji));
  if (both !== undefined) {
    throw badRequest(`addedReactions: ${both} is also in removedReactions`);
  }
}

function applyReactions(
  ws: Workspace,
  type: TargetType,
  targetId: string,
  userId: string,
  added: string[] = [],
  removed: string[] = [],
): void {
  const insert = ws.db.prepare(
    `INSERT OR IGNORE INTO reactions (target_type, target_id, emoji, user_id, reacted_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const remove = ws.db.prepare(
    'DELETE FROM reactions WHERE target_type = ? AND target_id = ? AND emoji = ? AND user_id = ?',
  );
  const now = ws.now();
  for (const emoji of added) insert.run(type, targetId, emoji, userId, now);
  for (const emoji of removed) remove.run(type, targetId, emoji, userId);
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

// ---------------------------------------------------------------------------------------------
// Replies

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

// ---------------------------------------------------------------------------------------------
// Commenters

/**
 * One page of the organization members who commented or replied in the space (on its main
 * content or on any of its change requests), ordered by user id.
 */
export function listCommenters(
  ws: Workspace,
  space: { id: string; organizationId: string },
  query: { page?: string | undefined; limit: number },
): ListPage<Member> {
  const page = keysetPage<{ user_id: string }>(ws.db, {
    select: 'SELECT m.user_id FROM members m',
    where: [
      'm.organization_id = ?',
      `m.user_id IN (
         SELECT posted_by FROM comments WHERE space_id = ?
         UNION
         SELECT r.posted_by FROM comment_replies r JOIN comments c ON c.id = r.comment_id
         WHERE c.space_id = ?)`,
    ],
    params: [space.organizationId, space.id, space.id],
    orderBy: [{ column: 'm.user_id', dir: 'asc' }],
    keyOf: (row: { user_id: string }) => [row.user_id],
    limit: query.limit,
    page: query.page,
    scope: JSON.stringify(['commenters', space.id]),
  });
  const items: Member[] = [];
  for (const row of page.items) {
    const member = memberJson(ws, space.organizationId, row.user_id);
    if (member) items.push(member);
  }
  return withItems(page, items);
}
