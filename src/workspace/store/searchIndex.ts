import type { Workspace } from '../context.ts';
import { markdownText } from './markdown.ts';

/**
 * Indexes the current revision of a space for search (once per revision) and drops the space's
 * older revisions from the index.
 */
export function indexRevision(ws: Workspace, spaceId: string): void {
  const space = ws.db.prepare('SELECT revision_id FROM spaces WHERE id = ?').get(spaceId) as
    | { revision_id: string }
    | undefined;
  if (!space) return;
  const done = ws.db
    .prepare('SELECT 1 FROM search_revisions WHERE revision_id = ?')
    .get(space.revision_id);
  if (done) return;
  ws.db.transaction(() => {
    const old = ws.db
      .prepare('SELECT revision_id FROM search_revisions WHERE space_id = ?')
      .all(spaceId) as Array<{ revision_id: string }>;
    const drop = ws.db.prepare('DELETE FROM page_search WHERE revision_id = ?');
    for (const { revision_id } of old) drop.run(revision_id);
    ws.db.prepare('DELETE FROM search_revisions WHERE space_id = ?').run(spaceId);
    const insert = ws.db.prepare(
      'INSERT INTO page_search (title, body, revision_id, page_id) VALUES (?, ?, ?, ?)',
    );
    const pages = ws.db
      .prepare("SELECT id, title, markdown FROM pages WHERE revision_id = ? AND type != 'link'")
      .all(space.revision_id) as Array<{ id: string; title: string; markdown: string }>;
    for (const page of pages) {
      insert.run(page.title, markdownText(page.markdown), space.revision_id, page.id);
    }
    ws.db
      .prepare('INSERT INTO search_revisions (revision_id, space_id) VALUES (?, ?)')
      .run(space.revision_id, spaceId);
  })();
}
