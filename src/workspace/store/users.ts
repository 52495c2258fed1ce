import type { User } from '../../contract/common.ts';
import type { Workspace } from '../context.ts';

interface UserRow {
  id: string;
  display_name: string;
  email: string;
  photo_url: string | null;
}

function toUser(ws: Workspace, row: UserRow): User {
  return {
    object: 'user',
    id: row.id,
    displayName: row.display_name,
    email: row.email,
    ...(row.photo_url ? { photoURL: row.photo_url } : {}),
    urls: { location: `${ws.publicUrl}/v1/users/${row.id}` },
  };
}

/** The `User` shape of one user, or undefined when no such user exists. */
export function userJson(ws: Workspace, userId: string): User | undefined {
  const row = ws.db
    .prepare('SELECT id, display_name, email, photo_url FROM users WHERE id = ?')
    .get(userId) as UserRow | undefined;
  return row ? toUser(ws, row) : undefined;
}

/** The `User` shapes of many users at once, by id (missing ids are left out). */
export function usersJson(ws: Workspace, userIds: readonly string[]): Map<string, User> {
  const unique = [...new Set(userIds)];
  const result = new Map<string, User>();
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const rows = ws.db
      .prepare(
        `SELECT id, display_name, email, photo_url FROM users WHERE id IN (${chunk.map(() => '?').join(',')})`,
      )
      .all(...chunk) as UserRow[];
    for (const row of rows) result.set(row.id, toUser(ws, row));
  }
  return result;
}

/** Finds a user id by id or by email (case-insensitive). */
export function findUserId(ws: Workspace, idOrEmail: string): string | undefined {
  const row = ws.db
    .prepare('SELECT id FROM users WHERE id = ? OR email = ? COLLATE NOCASE LIMIT 1')
    .get(idOrEmail, idOrEmail) as { id: string } | undefined;
  return row?.id;
}
