import type { Workspace } from '../../context.ts';
import { slugify } from '../markdown.ts';
import { copyRevision } from '../revisions.ts';
import { indexRevision } from '../searchIndex.ts';
import { type SpaceRow, touchSpace } from '../spaces.ts';
import type { RevisionContent } from './merge.ts';
import { PAGE_COLUMNS } from './revisionIndex.ts';

/** Writes pages, files and variables into an (empty) revision. */
export function applyRevisionContent(ws: Workspace, revisionId: string, content: RevisionContent) {
  const insertPage = ws.db.prepare(
    `INSERT INTO pages (revision_id, ${PAGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const p of content.pages) {
    insertPage.run(
      revisionId,
      p.id,
      p.parent_id,
      p.position,
      p.title,
      p.slug,
      p.emoji,
      p.description,
      p.type,
      p.markdown,
      p.hidden,
      p.extra,
      p.created_at,
      p.updated_at,
    );
  }
  const insertFile = ws.db.prepare(
    'INSERT INTO files (revision_id, id, name, content_type, size, width, height, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const f of content.files) {
    insertFile.run(revisionId, f.id, f.name, f.content_type, f.size, f.width, f.height, f.data);
  }
  ws.db
    .prepare('UPDATE revisions SET variables = ? WHERE id = ?')
    .run(content.variables, revisionId);
}

/** Where a link page points: a URL, or a page or file of the space (a content reference). */
export type LinkTargetInput =
  | { kind: 'url'; url: string }
  | { kind: 'page'; page: string; space?: string }
  | { kind: 'file'; file: string; space?: string };

/** A page to insert, with its children; with `target`, a link page (no content, no children). */
export interface PageInput {
  title: string;
  slug?: string;
  markdown: string;
  emoji?: string;
  description?: string;
  target?: LinkTargetInput;
  children?: PageInput[];
}

/**
 * Inserts a tree of pages into a revision under `parentId` (after its existing children); sibling
 * slugs are kept unique. Returns the ids of the inserted top-level pages.
 */
export function insertPageTree(
  ws: Workspace,
  revisionId: string,
  pages: readonly PageInput[],
  parentId: string | null = null,
): string[] {
  const insert = ws.db.prepare(
    `INSERT INTO pages (revision_id, id, parent_id, position, title, slug, emoji, description, type,
       markdown, hidden, extra, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
  );
  const siblings = ws.db.prepare(
    'SELECT slug, position FROM pages WHERE revision_id = ? AND parent_id IS ?',
  );
  const now = ws.now();
  const insertLevel = (level: readonly PageInput[], parent: string | null): string[] => {
    const existing = siblings.all(revisionId, parent) as Array<{ slug: string; position: number }>;
    const slugs = new Set(existing.map((s) => s.slug));
    let position = existing.reduce((max, s) => Math.max(max, s.position + 1), 0);
    const ids: string[] = [];
    for (const page of level) {
      const id = ws.ids.next();
      const wanted = slugify(page.slug ?? page.title);
      let slug = wanted;
      for (let n = 2; slugs.has(slug); n++) slug = `${wanted}-${n}`;
      slugs.add(slug);
      insert.run(
        revisionId,
        id,
        parent,
        position++,
        page.title,
        slug,
        page.emoji ?? null,
        page.description ?? null,
        page.target ? 'link' : 'document',
        page.target ? '' : page.markdown,
        JSON.stringify(page.target ? { target: page.target } : {}),
        now,
        now,
      );
      ids.push(id);
      if (page.children?.length && !page.target) insertLevel(page.children, id);
    }
    return ids;
  };
  return insertLevel(pages, parentId);
}

/**
 * Makes a new current revision of a space (type `edits`, parent the previous one) from a copy of
 * the current one changed by `edit`; reindexes the space for search. Returns the revision id.
 */
export function commitSpaceRevision(
  ws: Workspace,
  space: SpaceRow,
  edit: (revisionId: string) => void,
  type = 'edits',
): string {
  return ws.db.transaction(() => {
    const current = ws.db.prepare('SELECT revision_id FROM spaces WHERE id = ?').get(space.id) as
      | { revision_id: string }
      | undefined;
    const previous = current?.revision_id ?? space.revision_id;
    const revisionId = copyRevision(ws, previous, space.id, { type, parents: [previous] });
    edit(revisionId);
    ws.db.prepare('UPDATE spaces SET revision_id = ? WHERE id = ?').run(revisionId, space.id);
    touchSpace(ws, space.id);
    indexRevision(ws, space.id);
    return revisionId;
  })();
}
