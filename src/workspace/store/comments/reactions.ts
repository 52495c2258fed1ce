import type { Reaction } from '../../../contract/comments.ts';
import type { User } from '../../../contract/common.ts';
import type { Workspace } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { inChunks, placeholders } from './common.ts';

interface ReactionRow {
  target_id: string;
  emoji: string;
  user_id: string;
  reacted_at: string;
}

/** What a reaction is on. */
export type TargetType = 'comment' | 'reply';

/** The reactions on comments or replies, oldest first. */
export function reactionRows(
  ws: Workspace,
  type: TargetType,
  ids: readonly string[],
): ReactionRow[] {
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
export function groupReactions(rows: ReactionRow[], users: Map<string, User>): Reaction[] {
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

/** 400 when an emoji is both added and removed. */
export function checkReactionLists(added?: string[], removed?: string[]): void {
  if (!added || !removed) return;
  const both = added.find((emoji) => removed.includes(emoji));
  if (both !== undefined) {
    throw badRequest(`addedReactions: ${both} is also in removedReactions`);
  }
}

/** Adds and removes the user's reactions on a comment or reply. */
export function applyReactions(
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
