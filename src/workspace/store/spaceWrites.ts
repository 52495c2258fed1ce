import type { Role } from '../../contract/common.ts';
import { LIMITS } from '../../contract/common.ts';
import type { UpdateSpaceBody } from '../../contract/spaces.ts';
import { requireOrganization } from '../access.ts';
import type { Workspace } from '../context.ts';
import { badRequest, conflict } from '../errors.ts';
import { type MoveBody, placement, requireParent } from './collections.ts';
import { nextPosition } from './positions.ts';
import { copyRevision, createEmptyRevision } from './revisions.ts';
import { getSpaceRow, type SpaceRow } from './spaces.ts';

/** Creates a space with an empty revision. */
export function insertSpace(
  ws: Workspace,
  input: {
    organizationId: string;
    title: string;
    emoji?: string;
    parentId?: string | null;
    visibility?: string;
    language?: string | null;
    defaultLevel?: Role | null;
  },
): SpaceRow {
  const id = ws.ids.next();
  const now = ws.now();
  const parentId = input.parentId ?? null;
  const visibility = input.visibility ?? (parentId ? 'in-collection' : 'private');
  ws.db.transaction(() => {
    ws.db
      .prepare(
        `INSERT INTO spaces (id, organization_id, parent_id, title, emoji, visibility, language,
           default_level, revision_id, share_key, visitor_auth, position, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        input.organizationId,
        parentId,
        input.title,
        input.emoji ?? '',
        visibility,
        input.language ?? null,
        input.defaultLevel ?? null,
        visibility === 'share-link' ? ws.ids.next() : null,
        visibility === 'visitor-auth' ? JSON.stringify({ backend: 'custom' }) : null,
        nextPosition(ws, input.organizationId, parentId),
        now,
        now,
      );
    const revisionId = createEmptyRevision(ws, id);
    ws.db.prepare('UPDATE spaces SET revision_id = ? WHERE id = ?').run(revisionId, id);
  })();
  return getSpaceRow(ws, id) as SpaceRow;
}

/** `POST {org}/spaces`: needs `create` in the organization, or on the parent collection. */
export function createSpace(
  ws: Workspace,
  organizationId: string,
  callerId: string,
  body: { title?: string; emoji?: string; parent?: string | null; visibility?: string },
): SpaceRow {
  const parentId = body.parent ?? null;
  requireParent(ws, organizationId, parentId, callerId);
  if (!parentId && body.visibility === 'in-collection') {
    throw badRequest('visibility: in-collection needs a parent collection');
  }
  return insertSpace(ws, {
    organizationId,
    title: body.title ?? 'Untitled',
    ...(body.emoji !== undefined ? { emoji: body.emoji } : {}),
    parentId,
    ...(body.visibility !== undefined ? { visibility: body.visibility } : {}),
  });
}

/** `PATCH /v1/spaces/{spaceId}`. */
export function updateSpace(ws: Workspace, row: SpaceRow, body: UpdateSpaceBody): SpaceRow {
  const sets: string[] = [];
  const params: unknown[] = [];
  const set = (column: string, value: unknown) => {
    sets.push(`${column} = ?`);
    params.push(value);
  };
  if (body.editMode !== undefined) set('edit_mode', body.editMode);
  if (body.title !== undefined) set('title', body.title);
  if (body.defaultLevel !== undefined) set('default_level', body.defaultLevel);
  if (body.language !== undefined) set('language', body.language);
  if (body.mergeRules !== undefined) {
    if (body.mergeRules.type === 'rules') assertMembers(ws, row.organization_id, body.mergeRules);
    set('merge_rules', JSON.stringify(body.mergeRules));
  }
  if (body.emoji !== undefined) set('emoji', body.emoji);
  set('updated_at', ws.now());
  ws.db.prepare(`UPDATE spaces SET ${sets.join(', ')} WHERE id = ?`).run(...params, row.id);
  return getSpaceRow(ws, row.id) as SpaceRow;
}

/** 400 when a merge rule names a user who is not a member of the organization. */
export function assertMembers(
  ws: Workspace,
  organizationId: string,
  rules: { rules: Array<{ users: string[] }> },
): void {
  for (const rule of rules.rules) {
    for (const userId of rule.users) {
      const found = ws.db
        .prepare('SELECT 1 FROM members WHERE organization_id = ? AND user_id = ?')
        .get(organizationId, userId);
      if (!found) throw badRequest(`mergeRules: ${userId} is not a member of the organization`);
    }
  }
}

/** Soft delete: sets `deletedAt`. */
export function softDeleteSpace(ws: Workspace, row: SpaceRow): void {
  if (row.deleted_at) return;
  ws.db.prepare('UPDATE spaces SET deleted_at = ? WHERE id = ?').run(ws.now(), row.id);
}

/** Clears `deletedAt`; 409 when the space is live. */
export function restoreSpace(ws: Workspace, row: SpaceRow): SpaceRow {
  if (!row.deleted_at) throw conflict('space is not deleted');
  const now = ws.now();
  ws.db
    .prepare('UPDATE spaces SET deleted_at = NULL, updated_at = ? WHERE id = ?')
    .run(now, row.id);
  return getSpaceRow(ws, row.id) as SpaceRow;
}

/** A deep copy of the space (content, settings and team levels) titled "<title> (copy)". */
export function duplicateSpace(ws: Workspace, row: SpaceRow): SpaceRow {
  const suffix = ' (copy)';
  const title = `${row.title.slice(0, LIMITS.spaceTitle - suffix.length)}${suffix}`;
  const id = ws.ids.next();
  const now = ws.now();
  ws.db.transaction(() => {
    ws.db
      .prepare(
        `INSERT INTO spaces (id, organization_id, parent_id, title, emoji, visibility, edit_mode,
           merge_rules, language, default_level, revision_id, share_key, git_sync, visitor_auth,
           position, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', ?, NULL, ?, ?, ?, ?)`,
      )
      .run(
        id,
        row.organization_id,
        row.parent_id,
        title,
        row.emoji,
        row.visibility,
        row.edit_mode,
        row.merge_rules,
        row.language,
        row.default_level,
        row.visibility === 'share-link' ? ws.ids.next() : null,
        row.visitor_auth,
        nextPosition(ws, row.organization_id, row.parent_id),
        now,
        now,
      );
    const revisionId = copyRevision(ws, row.revision_id, id);
    ws.db.prepare('UPDATE spaces SET revision_id = ? WHERE id = ?').run(revisionId, id);
    ws.db
      .prepare(
        `INSERT INTO team_permissions (team_id, target_type, target_id, role)
         SELECT team_id, 'space', ?, role FROM team_permissions
         WHERE target_type = 'space' AND target_id = ?`,
      )
      .run(id, row.id);
  })();
  return getSpaceRow(ws, id) as SpaceRow;
}

/**
 * Moves a space into a collection (or the organization root with null; absent keeps the parent)
 * and/or next to a sibling space.
 */
export function moveSpace(
  ws: Workspace,
  row: SpaceRow,
  callerId: string,
  body: MoveBody,
): SpaceRow {
  const { parentId, position } = placement(ws, row, { kind: 'space', id: row.id }, callerId, body);
  const visibility =
    parentId === null && row.visibility === 'in-collection' ? 'private' : row.visibility;
  ws.db
    .prepare(
      'UPDATE spaces SET parent_id = ?, position = ?, visibility = ?, updated_at = ? WHERE id = ?',
    )
    .run(parentId, position, visibility, ws.now(), row.id);
  return getSpaceRow(ws, row.id) as SpaceRow;
}

/**
 * Moves a space to another organization's root (admin in both organizations); team levels of
 * the former organization's teams are dropped.
 */
export function transferSpace(
  ws: Workspace,
  row: SpaceRow,
  callerId: string,
  organizationId: string,
): SpaceRow {
  requireOrganization(ws.db, row.organization_id, callerId, 'admin');
  if (organizationId === row.organization_id) {
    throw badRequest('organization: the space already belongs to this organization');
  }
  requireOrganization(ws.db, organizationId, callerId, 'admin');
  ws.db.transaction(() => {
    ws.db
      .prepare("DELETE FROM team_permissions WHERE target_type = 'space' AND target_id = ?")
      .run(row.id);
    ws.db
      .prepare(
        `UPDATE spaces SET organization_id = ?, parent_id = NULL, position = ?,
           visibility = CASE visibility WHEN 'in-collection' THEN 'private' ELSE visibility END,
           updated_at = ? WHERE id = ?`,
      )
      .run(organizationId, nextPosition(ws, organizationId, null), ws.now(), row.id);
  })();
  return getSpaceRow(ws, row.id) as SpaceRow;
}
