import type { Workspace } from '../context.ts';

/** Makes an empty revision of a space (or of one of its change requests); returns its id. */
export function createEmptyRevision(
  ws: Workspace,
  spaceId: string,
  options: { type?: string; parents?: string[]; changeRequestId?: string } = {},
): string {
  const id = ws.ids.next();
  ws.db
    .prepare(
      'INSERT INTO revisions (id, space_id, change_request_id, type, parents, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(
      id,
      spaceId,
      options.changeRequestId ?? null,
      options.type ?? 'edits',
      JSON.stringify(options.parents ?? []),
      ws.now(),
    );
  return id;
}

/**
 * Copies a revision's pages and files (same page and file ids) into a new revision of
 * `targetSpaceId`; returns the new revision's id.
 */
export function copyRevision(
  ws: Workspace,
  revisionId: string,
  targetSpaceId: string,
  options: { type?: string; parents?: string[]; changeRequestId?: string } = {},
): string {
  const id = createEmptyRevision(ws, targetSpaceId, options);
  ws.db
    .prepare(
      `INSERT INTO pages (revision_id, id, parent_id, position, title, slug, emoji, description, type,
         markdown, hidden, extra, created_at, updated_at)
       SELECT ?, id, parent_id, position, title, slug, emoji, description, type, markdown, hidden, extra,
         created_at, updated_at FROM pages WHERE revision_id = ?`,
    )
    .run(id, revisionId);
  ws.db
    .prepare(
      `INSERT INTO files (revision_id, id, name, content_type, size, width, height, data)
       SELECT ?, id, name, content_type, size, width, height, data FROM files WHERE revision_id = ?`,
    )
    .run(id, revisionId);
  const variables = ws.db.prepare('SELECT variables FROM revisions WHERE id = ?').get(revisionId) as
    | { variables: string }
    | undefined;
  if (variables) {
    ws.db.prepare('UPDATE revisions SET variables = ? WHERE id = ?').run(variables.variables, id);
  }
  return id;
}

/** Number of open comments on a space's main content, or on one change request when given. */
export function countOpenComments(
  ws: Workspace,
  target: { spaceId: string; changeRequestId?: string },
): number {
  const row = target.changeRequestId
    ? ws.db
        .prepare(
          "SELECT count(*) AS n FROM comments WHERE change_request_id = ? AND status = 'open'",
        )
        .get(target.changeRequestId)
    : ws.db
        .prepare(
          "SELECT count(*) AS n FROM comments WHERE space_id = ? AND change_request_id IS NULL AND status = 'open'",
        )
        .get(target.spaceId);
  return (row as { n: number }).n;
}
