import type { Collection, UpdateCollectionBody } from '../../contract/collections.ts';
import type { ListPage, Role } from '../../contract/common.ts';
import {
  atLeast,
  collectionLevel,
  membership,
  requireLevel,
  requireOrganization,
} from '../access.ts';
import type { Workspace } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { keysetPage, mapPage } from '../paging.ts';
import { type Anchor, nextPosition, positionAt } from './positions.ts';

/** A row of the `collections` table. */
export interface CollectionRow {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  description: string | null;
  default_level: Role | null;
  position: number;
  created_at: string;
  updated_at: string;
}

/** The collection row by id. */
export function getCollectionRow(ws: Workspace, collectionId: string): CollectionRow | undefined {
  return ws.db.prepare('SELECT * FROM collections WHERE id = ?').get(collectionId) as
    | CollectionRow
    | undefined;
}

/** The `Collection` shape, with `permissions` computed for the caller. */
export function collectionJson(
  ws: Workspace,
  row: CollectionRow,
  callerId: string,
  level?: Role | null,
): Collection {
  const callerLevel = level !== undefined ? level : collectionLevel(ws.db, callerId, row);
  const collection: Collection = {
    object: 'collection',
    id: row.id,
    title: row.title,
    organization: row.organization_id,
    defaultLevel: row.default_level,
    urls: {
      location: `${ws.publicUrl}/v1/collections/${row.id}`,
      app: `${ws.publicUrl}/app/collections/${row.id}`,
    },
    permissions: {
      view: atLeast(callerLevel, 'read'),
      admin: atLeast(callerLevel, 'admin'),
      viewInviteLinks: atLeast(callerLevel, 'admin'),
      create: atLeast(callerLevel, 'create'),
    },
  };
  if (row.description !== null) collection.description = row.description;
  if (row.parent_id) collection.parent = row.parent_id;
  return collection;
}

/** The collection and the caller's level; 404 when missing or unreadable, 403 below `required`. */
export function requireCollection(
  ws: Workspace,
  collectionId: string,
  callerId: string,
  required: Role,
): { row: CollectionRow; level: Role } {
  const row = getCollectionRow(ws, collectionId);
  if (!row) throw notFound('collection');
  const level = collectionLevel(ws.db, callerId, row);
  requireLevel(level, required, 'collection');
  return { row, level: level as Role };
}

/** Ids of the collection and every collection nested in it. */
export function collectionSubtree(ws: Workspace, collectionId: string): string[] {
  const rows = ws.db
    .prepare(
      `WITH RECURSIVE tree(id, depth) AS (
         SELECT id, 0 FROM collections WHERE id = ?
         UNION ALL
         SELECT c.id, tree.depth + 1 FROM collections c JOIN tree ON c.parent_id = tree.id
         WHERE tree.depth < 64
       ) SELECT id FROM tree`,
    )
    .all(collectionId) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}

/** `GET {org}/collections`: in position order; `nested` false keeps only top-level ones. */
export function listCollections(
  ws: Workspace,
  organizationId: string,
  callerId: string,
  query: { limit: number; page?: string | undefined; nested?: boolean | undefined },
): ListPage<Collection> {
  const exists = ws.db.prepare('SELECT 1 FROM organizations WHERE id = ?').get(organizationId);
  const member = membership(ws.db, organizationId, callerId);
  if (!exists || !member) throw notFound('organization');
  const nested = query.nested ?? true;
  const where = ['c.organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (!nested) where.push('c.parent_id IS NULL');
  if (!atLeast(member.role, 'read')) {
    const all = ws.db
      .prepare('SELECT * FROM collections WHERE organization_id = ?')
      .all(organizationId) as CollectionRow[];
    const readable = all.filter((c) => atLeast(collectionLevel(ws.db, callerId, c), 'read'));
    where.push('c.id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(readable.map((c) => c.id)));
  }
  const page = keysetPage<CollectionRow>(ws.db, {
    select: 'SELECT c.* FROM collections c',
    where,
    params,
    orderBy: [
      { column: 'c.position', dir: 'asc' },
      { column: 'c.id', dir: 'asc' },
    ],
    keyOf: ((row: CollectionRow) => [row.position, row.id]) as never,
    limit: query.limit,
    page: query.page,
    scope: `collections:${organizationId}:${nested}`,
  });
  return mapPage(page, (row) => collectionJson(ws, row, callerId));
}

/**
 * Checks that the caller may create in `parentId`, a collection of the organization (400 naming
 * `parent` otherwise), or at the organization's root when it is null.
 */
export function requireParent(
  ws: Workspace,
  organizationId: string,
  parentId: string | null,
  callerId: string,
): void {
  if (!parentId) {
    requireOrganization(ws.db, organizationId, callerId, 'create');
    return;
  }
  requireOrganization(ws.db, organizationId, callerId, 'read');
  const parent = getCollectionRow(ws, parentId);
  if (!parent || parent.organization_id !== organizationId) {
    throw badRequest('parent: not a collection of this organization');
  }
  requireCollection(ws, parentId, callerId, 'create');
}

/** `POST {org}/collections`: needs `create` in the organization (or on the parent). */
export function createCollection(
  ws: Workspace,
  organizationId: string,
  callerId: string,
  body: { title?: string | undefined; parent?: string | undefined },
): CollectionRow {
  const parentId = body.parent ?? null;
  requireParent(ws, organizationId, parentId, callerId);
  const id = ws.ids.next();
  const now = ws.now();
  ws.db
    .prepare(
      `INSERT INTO collections (id, organization_id, parent_id, title, position, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      organizationId,
      parentId,
      body.title ?? 'Untitled',
      nextPosition(ws, organizationId, parentId),
      now,
      now,
    );
  return getCollectionRow(ws, id) as CollectionRow;
}

/** `PATCH /v1/collections/{collectionId}`. */
export function updateCollection(
  ws: Workspace,
  row: CollectionRow,
  body: UpdateCollectionBody,
): CollectionRow {
  const sets = ['updated_at = ?'];
  const params: unknown[] = [ws.now()];
  if (body.title !== undefined) {
    sets.push('title = ?');
    params.push(body.title);
  }
  if (body.description !== undefined) {
    sets.push('description = ?');
    params.push(body.description);
  }
  if (body.defaultLevel !== undefined) {
    sets.push('default_level = ?');
    params.push(body.defaultLevel);
  }
  ws.db.prepare(`UPDATE collections SET ${sets.join(', ')} WHERE id = ?`).run(...params, row.id);
  return getCollectionRow(ws, row.id) as CollectionRow;
}

/**
 * Deletes the collection and the collections nested in it; their spaces (soft-deleted ones
 * included) move to the organization root, so no content is destroyed.
 */
export function deleteCollection(ws: Workspace, row: CollectionRow): void {
  const ids = collectionSubtree(ws, row.id);
  const json = JSON.stringify(ids);
  ws.db.transaction(() => {
    const spaces = ws.db
      .prepare(
        'SELECT id FROM spaces WHERE parent_id IN (SELECT value FROM json_each(?)) ORDER BY position, id',
      )
      .all(json) as Array<{ id: string }>;
    let position = nextPosition(ws, row.organization_id, null);
    const move = ws.db.prepare(
      `UPDATE spaces SET parent_id = NULL, position = ?, updated_at = ?,
         visibility = CASE visibility WHEN 'in-collection' THEN 'private' ELSE visibility END
       WHERE id = ?`,
    );
    const now = ws.now();
    for (const space of spaces) move.run(position++, now, space.id);
    ws.db
      .prepare(
        "DELETE FROM team_permissions WHERE target_type = 'collection' AND target_id IN (SELECT value FROM json_each(?))",
      )
      .run(json);
    ws.db.prepare('DELETE FROM collections WHERE id IN (SELECT value FROM json_each(?))').run(json);
  })();
}

/** Where a move asks an object of the tree to go: `parent` null is the root, absent keeps it. */
export interface MoveBody {
  parent?: string | null | undefined;
  position?: Anchor | undefined;
}

/**
 * The parent and position a move of `self` (a collection or space now at `row`) lands on: the
 * new parent must be a collection of the same organization where the caller may create (the
 * root: the organization), a collection never goes into its own subtree, and without an anchor
 * the object keeps its place or goes last in its new parent.
 */
export function placement(
  ws: Workspace,
  row: { organization_id: string; parent_id: string | null; position: number },
  self: { kind: 'space' | 'collection'; id: string },
  callerId: string,
  body: MoveBody,
): { parentId: string | null; position: number } {
  let parentId = row.parent_id;
  if (body.parent !== undefined) {
    parentId = body.parent;
    requireParent(ws, row.organization_id, parentId, callerId);
    if (
      parentId &&
      self.kind === 'collection' &&
      collectionSubtree(ws, self.id).includes(parentId)
    ) {
      throw badRequest('parent: a collection cannot move into itself or its descendants');
    }
  }
  const position = body.position
    ? positionAt(ws, row.organization_id, parentId, body.position, self)
    : parentId === row.parent_id
      ? row.position
      : nextPosition(ws, row.organization_id, parentId);
  return { parentId, position };
}

/**
 * Moves a collection under another one (null: the organization root; absent: keeps the parent)
 * and/or next to a sibling collection or space.
 */
export function moveCollection(
  ws: Workspace,
  row: CollectionRow,
  callerId: string,
  body: MoveBody,
): CollectionRow {
  const self = { kind: 'collection', id: row.id } as const;
  const { parentId, position } = placement(ws, row, self, callerId, body);
  ws.db
    .prepare('UPDATE collections SET parent_id = ?, position = ?, updated_at = ? WHERE id = ?')
    .run(parentId, position, ws.now(), row.id);
  return getCollectionRow(ws, row.id) as CollectionRow;
}

/**
 * Moves a collection, its nested collections and all their spaces to another organization's
 * root (admin in both organizations); team levels of the former organization are dropped.
 */
export function transferCollection(
  ws: Workspace,
  row: CollectionRow,
  callerId: string,
  organizationId: string,
): CollectionRow {
  requireOrganization(ws.db, row.organization_id, callerId, 'admin');
  if (organizationId === row.organization_id) {
    throw badRequest('organization: the collection already belongs to this organization');
  }
  requireOrganization(ws.db, organizationId, callerId, 'admin');
  const ids = collectionSubtree(ws, row.id);
  const json = JSON.stringify(ids);
  const now = ws.now();
  ws.db.transaction(() => {
    ws.db
      .prepare(
        `DELETE FROM team_permissions WHERE (target_type = 'collection' AND target_id IN (SELECT value FROM json_each(?)))
           OR (target_type = 'space' AND target_id IN
             (SELECT id FROM spaces WHERE parent_id IN (SELECT value FROM json_each(?))))`,
      )
      .run(json, json);
    ws.db
      .prepare(
        'UPDATE spaces SET organization_id = ?, updated_at = ? WHERE parent_id IN (SELECT value FROM json_each(?))',
      )
      .run(organizationId, now, json);
    ws.db
      .prepare(
        'UPDATE collections SET organization_id = ?, updated_at = ? WHERE id IN (SELECT value FROM json_each(?))',
      )
      .run(organizationId, now, json);
    ws.db
      .prepare('UPDATE collections SET parent_id = NULL, position = ? WHERE id = ?')
      .run(nextPosition(ws, organizationId, null), row.id);
  })();
  return getCollectionRow(ws, row.id) as CollectionRow;
}
