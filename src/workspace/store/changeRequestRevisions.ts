import type { Workspace } from '../context.ts';
import { conflict } from '../errors.ts';
import { ACTIVE_STATUSES, addContributor, type ChangeRequestRow } from './changeRequests.ts';
import { mergeContent, type RevisionContent } from './content/merge.ts';
import { applyRevisionContent } from './content/revisionWrites.ts';
import { copyRevision, createEmptyRevision } from './revisions.ts';
import { indexRevision } from './searchIndex.ts';
import { assertEditable, getSpaceRow, type SpaceRow, touchSpace } from './spaces.ts';

/** Replaces a change request's revision by a new one made from `content`. */
export function setChangeRequestContent(
  ws: Workspace,
  row: ChangeRequestRow,
  callerId: string,
  type: string,
  parents: string[],
  content: RevisionContent,
  extra: { mergedAncestor?: string } = {},
): string {
  const revisionId = createEmptyRevision(ws, row.space_id, {
    type,
    parents,
    changeRequestId: row.id,
  });
  applyRevisionContent(ws, revisionId, content);
  ws.db
    .prepare(
      `UPDATE change_requests SET revision_id = ?, updated_at = ?,
         revision_merged_ancestor = coalesce(?, revision_merged_ancestor) WHERE id = ?`,
    )
    .run(revisionId, ws.now(), extra.mergedAncestor ?? null, row.id);
  addContributor(ws, row.id, callerId);
  return revisionId;
}

/**
 * Gives a change request a new revision (type `edits`, parent its current one): a copy of its
 * content changed by `edit`. Returns the new revision id.
 */
export function setChangeRequestRevision(
  ws: Workspace,
  row: ChangeRequestRow,
  callerId: string,
  edit: (revisionId: string) => void,
): string {
  return ws.db.transaction(() => {
    const revisionId = copyRevision(ws, row.revision_id, row.space_id, {
      type: 'edits',
      parents: [row.revision_id],
      changeRequestId: row.id,
    });
    edit(revisionId);
    ws.db
      .prepare('UPDATE change_requests SET revision_id = ?, updated_at = ? WHERE id = ?')
      .run(revisionId, ws.now(), row.id);
    addContributor(ws, row.id, callerId);
    return revisionId;
  })();
}

function requireActive(row: ChangeRequestRow, action: string): void {
  if (!ACTIVE_STATUSES.has(row.status)) {
    throw conflict(`a change request with status ${row.status} cannot be ${action}`);
  }
}

/**
 * `POST {cr}/merge`: a new space revision of type `merge` (parents: the space's revision and the
 * request's), whose pages are the request's changes applied on top of the space's content.
 */
export function mergeChangeRequest(
  ws: Workspace,
  space: SpaceRow,
  row: ChangeRequestRow,
  callerId: string,
): { revision: string; result: 'merge' } {
  requireActive(row, 'merged');
  assertEditable(space);
  return ws.db.transaction(() => {
    const current = getSpaceRow(ws, space.id) ?? space;
    const base = row.revision_merged_ancestor ?? row.revision_initial;
    const content = mergeContent(ws, base, current.revision_id, row.revision_id);
    const revisionId = createEmptyRevision(ws, space.id, {
      type: 'merge',
      parents: [current.revision_id, row.revision_id],
    });
    applyRevisionContent(ws, revisionId, content);
    const now = ws.now();
    ws.db.prepare('UPDATE spaces SET revision_id = ? WHERE id = ?').run(revisionId, space.id);
    touchSpace(ws, space.id);
    ws.db
      .prepare(
        "UPDATE change_requests SET status = 'merged', revision_merged = ?, updated_at = ? WHERE id = ?",
      )
      .run(revisionId, now, row.id);
    addContributor(ws, row.id, callerId);
    indexRevision(ws, space.id);
    return { revision: revisionId, result: 'merge' as const };
  })();
}

/**
 * `POST {cr}/update`: the request's own page changes re-applied on top of the space's current
 * content, as a new request revision of type `update`.
 */
export function updateChangeRequestFromMain(
  ws: Workspace,
  space: SpaceRow,
  row: ChangeRequestRow,
  callerId: string,
): { revision: string; result: 'update' } {
  requireActive(row, 'updated');
  return ws.db.transaction(() => {
    const current = getSpaceRow(ws, space.id) ?? space;
    const base = row.revision_merged_ancestor ?? row.revision_initial;
    const content = mergeContent(ws, base, current.revision_id, row.revision_id);
    const revisionId = setChangeRequestContent(
      ws,
      row,
      callerId,
      'update',
      [row.revision_id, current.revision_id],
      content,
      { mergedAncestor: current.revision_id },
    );
    return { revision: revisionId, result: 'update' as const };
  })();
}
