import type { Workspace } from '../context.ts';
import { badRequest } from '../errors.ts';

/** A place among siblings (collections and spaces share one order inside a parent). */
export type Anchor =
  | { before: { kind: 'space' | 'collection'; id: string } }
  | {
      after: { kind: 'space' | 'collection'; id: string };
    };

/** Position after the last sibling (collections and spaces) of a parent. */
export function nextPosition(ws: Workspace, organizationId: string, parentId: string | null) {
  const row = ws.db
    .prepare(
      `SELECT max(p) AS p FROM (
         SELECT max(position) AS p FROM spaces WHERE organization_id = ? AND parent_id IS ?
         UNION ALL
         SELECT max(position) AS p FROM collections WHERE organization_id = ? AND parent_id IS ?)`,
    )
    .get(organizationId, parentId, organizationId, parentId) as { p: number | null };
  return (row.p ?? 0) + 1;
}

/**
 * The position just before or after a sibling (the midpoint to its neighbour); 400 naming
 * `position` when the anchor is not a sibling in the target parent. `self` is left out.
 */
export function positionAt(
  ws: Workspace,
  organizationId: string,
  parentId: string | null,
  anchor: Anchor,
  self: { kind: 'space' | 'collection'; id: string },
): number {
  const target = 'before' in anchor ? anchor.before : anchor.after;
  const siblings = ws.db
    .prepare(
      `SELECT 'space' AS kind, id, position FROM spaces
         WHERE organization_id = ? AND parent_id IS ? AND deleted_at IS NULL
       UNION ALL
       SELECT 'collection' AS kind, id, position FROM collections
         WHERE organization_id = ? AND parent_id IS ?
       ORDER BY position, kind, id`,
    )
    .all(organizationId, parentId, organizationId, parentId) as Array<{
    kind: 'space' | 'collection';
    id: string;
    position: number;
  }>;
  const list = siblings.filter((s) => !(s.kind === self.kind && s.id === self.id));
  const index = list.findIndex((s) => s.kind === target.kind && s.id === target.id);
  const at = list[index];
  if (!at) {
    throw badRequest(
      `position: the ${target.kind} ${target.id} is not a sibling in the target parent`,
    );
  }
  if ('before' in anchor) {
    const previous = list[index - 1];
    return previous ? (previous.position + at.position) / 2 : at.position - 1;
  }
  const following = list[index + 1];
  return following ? (at.position + following.position) / 2 : at.position + 1;
}
