import type { CommentBody, CommentPermissions } from '../../../contract/comments.ts';
import type { Role, User } from '../../../contract/common.ts';
import { atLeast } from '../../access.ts';
import type { Workspace } from '../../context.ts';
import { forbidden } from '../../errors.ts';
import { markdownToDocument } from '../markdown.ts';

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

/** How a comment or reply body is answered: Markdown, plus the document when asked. */
export type BodyFormat = 'document' | 'markdown' | undefined;

/** The `CommentBody` shape of stored Markdown. */
export function bodyJson(markdown: string, format: BodyFormat): CommentBody {
  return format === 'document'
    ? { markdown, document: markdownToDocument(markdown) }
    : { markdown };
}

/** The `/v1` address of the context's comments. */
export function commentsBase(ws: Workspace, ctx: CommentContext): string {
  const space = `${ws.publicUrl}/v1/spaces/${encodeURIComponent(ctx.spaceId)}`;
  return ctx.changeRequestId
    ? `${space}/change-requests/${encodeURIComponent(ctx.changeRequestId)}/comments`
    : `${space}/comments`;
}

/** What the caller may do with a comment or reply written by `authorId`. */
export function permissionsFor(ctx: CommentContext, authorId: string): CommentPermissions {
  const canComment = atLeast(ctx.level, 'comment');
  const isAuthor = authorId === ctx.callerId;
  return {
    view: atLeast(ctx.level, 'read'),
    edit: canComment && isAuthor,
    reply: canComment,
    delete: canComment && (isAuthor || atLeast(ctx.level, 'admin')),
  };
}

/** Stands in for an author whose user row is gone. */
export const UNKNOWN_USER = (ws: Workspace, id: string): User => ({
  object: 'user',
  id,
  displayName: 'Unknown user',
  urls: { location: `${ws.publicUrl}/v1/users/${id}` },
});

/** 403 unless the caller has the comment level on the space. */
export function requireCommentLevel(ctx: CommentContext, action: string): void {
  if (!atLeast(ctx.level, 'comment')) {
    throw forbidden(`${action} requires the comment level on the space`);
  }
}

/** `read` applied to `ids` 500 at a time (SQLite caps the parameters of one statement). */
export function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(...read(ids.slice(i, i + 500)));
  return out;
}

/** `?, ?, ...`: `n` SQL parameters. */
export function placeholders(n: number): string {
  return Array.from({ length: n }, () => '?').join(', ');
}

/** Rows grouped by key, in row order. */
export function groupBy<T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
}
