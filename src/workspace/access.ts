import type { Role } from '../contract/common.ts';
import type { Db } from './db.ts';
import { forbidden, notFound } from './errors.ts';

/** Role order, strongest first: admin > create > review > edit > comment > read. */
export const ROLE_RANK: Record<Role, number> = {
  read: 1,
  comment: 2,
  edit: 3,
  review: 4,
  create: 5,
  admin: 6,
};

function rank(role: Role | null | undefined): number {
  return role ? (ROLE_RANK[role] ?? 0) : 0;
}

/** The strongest of the given roles, or null when none is given. */
export function maxRole(...roles: Array<Role | null | undefined>): Role | null {
  let best: Role | null = null;
  for (const role of roles) if (rank(role) > rank(best)) best = role ?? null;
  return best;
}

/** True when `level` grants at least `required`. */
export function atLeast(level: Role | null | undefined, required: Role): boolean {
  return rank(level) >= ROLE_RANK[required];
}

/**
 * Answers 404 when the caller cannot even read (existence does not leak), 403 when they can read
 * but lack `required`.
 */
export function requireLevel(level: Role | null, required: Role, what: string): void {
  if (!atLeast(level, 'read')) throw notFound(what);
  if (!atLeast(level, required)) throw forbidden(`requires the ${required} level on the ${what}`);
}

export interface Membership {
  role: Role | null;
  disabled: boolean;
}

/** The caller's active membership of an organization, if any (disabled members count as none). */
export function membership(db: Db, organizationId: string, userId: string): Membership | undefined {
  const row = db
    .prepare('SELECT role, disabled FROM members WHERE organization_id = ? AND user_id = ?')
    .get(organizationId, userId) as { role: Role | null; disabled: number } | undefined;
  if (!row || row.disabled) return undefined;
  return { role: row.role, disabled: false };
}

/** The caller's organization role (null for guests and members without a role). */
export function organizationLevel(db: Db, organizationId: string, userId: string): Role | null {
  return membership(db, organizationId, userId)?.role ?? null;
}

/** Answers 404 to non-members and 403 to members below `required` on the organization. */
export function requireOrganization(
  db: Db,
  organizationId: string,
  userId: string,
  required: Role,
): Membership {
  const exists = db.prepare('SELECT 1 FROM organizations WHERE id = ?').get(organizationId);
  const member = membership(db, organizationId, userId);
  if (!exists || !member) throw notFound('organization');
  if (!atLeast(member.role, required)) {
    throw forbidden(`requires the ${required} role in the organization`);
  }
  return member;
}

/** Ids of the collection and its ancestors, nearest first. */
export function collectionChain(db: Db, collectionId: string | null): string[] {
  if (!collectionId) return [];
  const rows = db
    .prepare(
      `WITH RECURSIVE chain(id, parent_id, depth) AS (
         SELECT id, parent_id, 0 FROM collections WHERE id = ?
         UNION ALL
         SELECT c.id, c.parent_id, chain.depth + 1 FROM collections c JOIN chain ON c.id = chain.parent_id
         WHERE chain.depth < 64
       ) SELECT id FROM chain ORDER BY depth`,
    )
    .all(collectionId) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}

function levelFromChain(
  db: Db,
  userId: string,
  targets: Array<{ type: 'space' | 'collection'; id: string }>,
): Role | null {
  if (targets.length === 0) return null;
  const placeholders = targets.map(() => '(?, ?)').join(', ');
  const params = targets.flatMap((t) => [t.type, t.id]);
  const teamRoles = db
    .prepare(
      `SELECT tp.role FROM team_permissions tp
       JOIN team_members tm ON tm.team_id = tp.team_id AND tm.user_id = ?
       WHERE (tp.target_type, tp.target_id) IN (VALUES ${placeholders})`,
    )
    .all(userId, ...params) as Array<{ role: Role }>;
  const collectionIds = targets.filter((t) => t.type === 'collection').map((t) => t.id);
  const defaults = collectionIds.length
    ? (db
        .prepare(
          `SELECT default_level AS role FROM collections WHERE id IN (${collectionIds.map(() => '?').join(', ')})`,
        )
        .all(...collectionIds) as Array<{ role: Role | null }>)
    : [];
  return maxRole(...teamRoles.map((r) => r.role), ...defaults.map((r) => r.role));
}

export interface SpaceAccessRow {
  id: string;
  organization_id: string;
  parent_id: string | null;
  visibility: string;
  default_level: Role | null;
  share_key?: string | null;
}

/**
 * The caller's level on a space: the highest of their organization role, their teams' levels on
 * the space and its collections, and the collections' and space's default levels. Guests read
 * `public` and `unlisted` spaces (and `share-link` ones with the right key), nothing more.
 */
export function spaceLevel(
  db: Db,
  userId: string,
  space: SpaceAccessRow,
  shareKey?: string,
): Role | null {
  const guestLevel: Role | null =
    space.visibility === 'public' ||
    space.visibility === 'unlisted' ||
    (space.visibility === 'share-link' && !!shareKey && shareKey === space.share_key)
      ? 'read'
      : null;
  const member = membership(db, space.organization_id, userId);
  if (!member) return guestLevel;
  const chain = collectionChain(db, space.parent_id);
  const inherited = levelFromChain(db, userId, [
    { type: 'space', id: space.id },
    ...chain.map((id) => ({ type: 'collection' as const, id })),
  ]);
  return maxRole(member.role, inherited, space.default_level, guestLevel);
}

/** The caller's level on a collection, by the same rule as spaces (guests: none). */
export function collectionLevel(
  db: Db,
  userId: string,
  collection: { id: string; organization_id: string },
): Role | null {
  const member = membership(db, collection.organization_id, userId);
  if (!member) return null;
  const chain = collectionChain(db, collection.id);
  return maxRole(
    member.role,
    levelFromChain(
      db,
      userId,
      chain.map((id) => ({ type: 'collection' as const, id })),
    ),
  );
}
