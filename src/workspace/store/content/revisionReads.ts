import type { File } from '../../../contract/content.ts';
import type {
  RevisionChange,
  RevisionChangePage,
  RevisionChanges,
  RevisionChangesQuery,
} from '../../../contract/revisions.ts';
import type { Workspace } from '../../context.ts';
import { notFound } from '../../errors.ts';
import type { SpaceRow } from '../spaces.ts';
import { type ContentContext, fileJson, spaceContent } from './render.ts';
import { type FileRow, type PageRow, type RevisionIndex, revisionIndex } from './revisionIndex.ts';

/**
 * The content context of one revision of `space` (its main content's or a change request's, past
 * or current); 404 when the space has no such revision.
 */
export function revisionContent(
  ws: Workspace,
  space: SpaceRow,
  revisionId: string,
): ContentContext {
  const row = ws.db
    .prepare('SELECT 1 AS found FROM revisions WHERE id = ? AND space_id = ?')
    .get(revisionId, space.id) as { found: number } | undefined;
  if (!row) throw notFound('revision');
  return {
    ...spaceContent(ws, space),
    revisionId,
    appBase: `${ws.publicUrl}/app/s/${space.id}/~/revisions/${revisionId}`,
  };
}

/** The first parent of a revision (what its changes are against), if any. */
function firstParent(ws: Workspace, revisionId: string): string | undefined {
  const row = ws.db.prepare('SELECT parents FROM revisions WHERE id = ?').get(revisionId) as
    | { parents: string }
    | undefined;
  const parents = JSON.parse(row?.parents ?? '[]') as unknown;
  return Array.isArray(parents) && typeof parents[0] === 'string' ? parents[0] : undefined;
}

function pageRef(index: RevisionIndex, row: PageRow): RevisionChangePage {
  const ref: RevisionChangePage = { id: row.id, title: row.title };
  const path = index.paths.get(row.id);
  if (path !== undefined) ref.path = path;
  return ref;
}

const PAGE_ATTRIBUTES = ['title', 'description', 'emoji', 'slug'] as const;
const FILE_ATTRIBUTES = [
  ['name', 'name'],
  ['contentType', 'content_type'],
] as const;

/** What changed on a page kept from `before` to `after` (none: an empty list). */
function pageChanges(
  before: { index: RevisionIndex; row: PageRow },
  after: { index: RevisionIndex; row: PageRow },
): RevisionChange[] {
  const changes: RevisionChange[] = [];
  const attributes: Record<string, { before?: string; after?: string }> = {};
  for (const name of PAGE_ATTRIBUTES) {
    const was = before.row[name] ?? undefined;
    const is = after.row[name] ?? undefined;
    if (was !== is) attributes[name] = { before: was, after: is };
  }
  if (before.row.markdown !== after.row.markdown) {
    attributes.document = { before: before.row.markdown, after: after.row.markdown };
  }
  if (Object.keys(attributes).length > 0) {
    changes.push({ type: 'page_edited', page: pageRef(after.index, after.row), attributes });
  }
  const parentOf = (side: { index: RevisionIndex; row: PageRow }) => {
    const parent = side.row.parent_id ? side.index.byId.get(side.row.parent_id) : undefined;
    return parent ? pageRef(side.index, parent) : undefined;
  };
  if ((before.row.parent_id ?? null) !== (after.row.parent_id ?? null)) {
    const parent: { before?: RevisionChangePage; after?: RevisionChangePage } = {};
    const was = parentOf(before);
    const is = parentOf(after);
    if (was) parent.before = was;
    if (is) parent.after = is;
    changes.push({ type: 'page_moved', page: pageRef(after.index, after.row), parent });
  }
  return changes;
}

function fileChange(
  ws: Workspace,
  revisionId: string,
  before: FileRow,
  after: FileRow,
): RevisionChange | undefined {
  const attributes: Record<string, { before?: string; after?: string }> = {};
  for (const [name, column] of FILE_ATTRIBUTES) {
    if (before[column] !== after[column]) {
      attributes[name] = { before: before[column], after: after[column] };
    }
  }
  if (before.size !== after.size && attributes.contentType === undefined) {
    attributes.contentType = { before: before.content_type, after: after.content_type };
  }
  if (Object.keys(attributes).length === 0) return undefined;
  return { type: 'file_edited', file: fileJson(ws, revisionId, after), attributes };
}

/**
 * `GET .../revisions/{revisionId}/changes`: the semantic changes `ctx`'s revision introduced
 * against its first parent (every page and file created, for a revision without one), in page
 * tree order then file name order; the first `limit`, and how many more there are.
 */
export function revisionChanges(
  ws: Workspace,
  ctx: ContentContext,
  query: RevisionChangesQuery,
): RevisionChanges {
  const after = revisionIndex(ws, ctx.revisionId);
  const parentId = firstParent(ws, ctx.revisionId);
  const before = parentId !== undefined ? revisionIndex(ws, parentId) : undefined;
  const changes: RevisionChange[] = [];
  const ordered = (index: RevisionIndex) => {
    const rows: PageRow[] = [];
    const visit = (parentId: string | null) => {
      for (const row of index.children.get(parentId) ?? []) {
        rows.push(row);
        visit(row.id);
      }
    };
    visit(null);
    return rows;
  };
  for (const row of ordered(after)) {
    const was = before?.byId.get(row.id);
    if (!was || !before) {
      changes.push({ type: 'page_created', page: pageRef(after, row) });
    } else {
      changes.push(...pageChanges({ index: before, row: was }, { index: after, row }));
    }
  }
  for (const row of before ? ordered(before) : []) {
    if (before && !after.byId.has(row.id)) {
      changes.push({ type: 'page_deleted', page: pageRef(before, row) });
    }
  }
  const filesBefore = new Map((before?.files ?? []).map((file) => [file.id, file]));
  const filesAfter = new Set(after.files.map((file) => file.id));
  for (const file of after.files) {
    const was = filesBefore.get(file.id);
    const change = was
      ? fileChange(ws, ctx.revisionId, was, file)
      : { type: 'file_created', file: fileJson(ws, ctx.revisionId, file, query.metadata) };
    if (change) changes.push(change);
  }
  for (const file of before?.files ?? []) {
    if (!filesAfter.has(file.id) && parentId !== undefined) {
      const deleted: File = fileJson(ws, parentId, file, query.metadata);
      changes.push({ type: 'file_deleted', file: deleted });
    }
  }
  const shown = changes.slice(0, query.limit);
  const answer: RevisionChanges = { changes: shown };
  if (changes.length > shown.length) answer.more = changes.length - shown.length;
  return answer;
}
