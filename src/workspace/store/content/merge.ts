import type { Workspace } from '../../context.ts';
import { type FileRow, loadPages, type PageRow } from './revisionIndex.ts';

/** The complete content of a revision, to compute a new one from. */
export interface RevisionContent {
  pages: PageRow[];
  files: FileRow[];
  variables: string;
}

/** Loads a revision's pages, files (with their bytes) and variables. */
export function loadRevisionContent(ws: Workspace, revisionId: string): RevisionContent {
  const files = ws.db
    .prepare(
      'SELECT id, name, content_type, size, width, height, data FROM files WHERE revision_id = ?',
    )
    .all(revisionId) as FileRow[];
  const variables = ws.db.prepare('SELECT variables FROM revisions WHERE id = ?').get(revisionId) as
    | { variables: string }
    | undefined;
  return { pages: loadPages(ws.db, revisionId), files, variables: variables?.variables ?? '{}' };
}

const PAGE_FIELDS = [
  'parent_id',
  'position',
  'title',
  'slug',
  'emoji',
  'description',
  'type',
  'markdown',
  'hidden',
  'extra',
] as const;

function samePage(a: PageRow, b: PageRow): boolean {
  return PAGE_FIELDS.every((field) => a[field] === b[field]);
}

function sameFile(a: FileRow, b: FileRow): boolean {
  return (
    a.name === b.name &&
    a.content_type === b.content_type &&
    a.size === b.size &&
    (a.data === b.data || (!!a.data && !!b.data && a.data.equals(b.data)))
  );
}

function threeWay<T extends { id: string }>(
  base: readonly T[],
  main: readonly T[],
  theirs: readonly T[],
  same: (a: T, b: T) => boolean,
): T[] {
  const baseById = new Map(base.map((x) => [x.id, x]));
  const mainById = new Map(main.map((x) => [x.id, x]));
  const theirsById = new Map(theirs.map((x) => [x.id, x]));
  const ids = new Set([...mainById.keys(), ...theirsById.keys()]);
  const result: T[] = [];
  for (const id of ids) {
    const was = baseById.get(id);
    const ours = mainById.get(id);
    const changed = theirsById.get(id);
    const changedByRequest =
      was === undefined ? changed !== undefined : !changed || !same(was, changed);
    const pick = changedByRequest ? changed : ours;
    if (pick) result.push(pick);
  }
  return result;
}

/**
 * Three-way merge of page and file trees: what the change request changed since `baseId` (added,
 * edited, moved or deleted) wins; everything else comes from the main revision.
 */
export function mergeContent(
  ws: Workspace,
  baseId: string,
  mainId: string,
  requestId: string,
): RevisionContent {
  const base = loadRevisionContent(ws, baseId);
  const main = loadRevisionContent(ws, mainId);
  const request = loadRevisionContent(ws, requestId);
  const pages = threeWay(base.pages, main.pages, request.pages, samePage).map((p) => ({ ...p }));
  // A page whose parent is gone, or that would sit in a cycle, moves to the top level.
  const byId = new Map(pages.map((p) => [p.id, p]));
  for (const page of pages) {
    const seen = new Set([page.id]);
    let parent = page.parent_id;
    while (parent) {
      const next = byId.get(parent);
      if (!next || seen.has(parent)) {
        page.parent_id = null;
        break;
      }
      seen.add(parent);
      parent = next.parent_id;
    }
  }
  return {
    pages,
    files: threeWay(base.files, main.files, request.files, sameFile),
    variables: request.variables !== base.variables ? request.variables : main.variables,
  };
}
