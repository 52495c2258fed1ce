import { createHash } from 'node:crypto';
import type {
  ContentQuery,
  File,
  FileList,
  FileListQuery,
  Page,
  PageReadQuery,
  PageTree,
  Revision,
} from '../../../contract/content.ts';
import type { Workspace } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { keysetPage, mapPage } from '../../paging.ts';
import { markdownToDocument } from '../markdown.ts';
import type { SpaceRow } from '../spaces.ts';
import { type FileRow, type PageRow, type RevisionIndex, revisionIndex } from './revisionIndex.ts';

/** What a content read is about: one revision of a space, seen from the space or a request. */
export interface ContentContext {
  spaceId: string;
  spaceTitle: string;
  organizationId: string;
  organizationTitle: string;
  revisionId: string;
  /** App URL of the revision's root (the space, or the change request). */
  appBase: string;
  changeRequestId?: string;
}

/** The content context of a space's current revision. */
export function spaceContent(ws: Workspace, space: SpaceRow): ContentContext {
  const org = ws.db
    .prepare('SELECT title FROM organizations WHERE id = ?')
    .get(space.organization_id) as { title: string } | undefined;
  return {
    spaceId: space.id,
    spaceTitle: space.title,
    organizationId: space.organization_id,
    organizationTitle: org?.title ?? '',
    revisionId: space.revision_id,
    appBase: `${ws.publicUrl}/app/s/${space.id}`,
  };
}

/** The content context of a change request's revision. */
export function changeRequestContent(
  ws: Workspace,
  space: SpaceRow,
  changeRequest: { id: string; number: number; revision_id: string },
): ContentContext {
  return {
    ...spaceContent(ws, space),
    revisionId: changeRequest.revision_id,
    appBase: `${ws.publicUrl}/app/s/${space.id}/~/changes/${changeRequest.number}`,
    changeRequestId: changeRequest.id,
  };
}

function sha1(value: string | Buffer): string {
  return createHash('sha1').update(value).digest('hex');
}

function extra(row: PageRow): Record<string, unknown> {
  try {
    const value = JSON.parse(row.extra) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const EXTRA_KEYS = [
  'linkTitle',
  'icon',
  'layout',
  'noIndex',
  'noRobotsIndex',
  'variables',
  'cover',
  'metaLinks',
  'computed',
  'computedSeed',
] as const;

/** The `target` of a link page row (kept in its `extra`). */
function linkTarget(row: PageRow): Page['target'] {
  const target = extra(row).target;
  return target !== null && typeof target === 'object' && !Array.isArray(target)
    ? (target as Page['target'])
    : undefined;
}

/** The `Page` shape of a page (children included, recursively, unless `children` is false). */
function pageJson(
  ctx: ContentContext,
  index: RevisionIndex,
  row: PageRow,
  options: ContentQuery & { children?: boolean },
  depth = 0,
): Page {
  if (row.type === 'link') {
    // A link page: an entry of the navigation pointing at its target; no slug, path or content.
    const link: Page = {
      id: row.id,
      title: row.title,
      type: 'link',
      target: linkTarget(row),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      hidden: row.hidden === 1,
    };
    if (row.emoji) link.emoji = row.emoji;
    if (row.description) link.description = row.description;
    return link;
  }
  const path = index.paths.get(row.id) ?? row.slug;
  const isFolder = (index.children.get(row.id)?.length ?? 0) > 0;
  const page: Page = {
    id: row.id,
    title: row.title,
    type: row.type as Page['type'],
    slug: row.slug,
    path,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    hidden: row.hidden === 1,
    urls: { app: `${ctx.appBase}/${path}` },
  };
  if (row.emoji) page.emoji = row.emoji;
  if (row.description) page.description = row.description;
  const more = extra(row);
  for (const key of EXTRA_KEYS) {
    if (more[key] !== undefined) (page as Record<string, unknown>)[key] = more[key];
  }
  if (options.metadata) {
    page.git = { oid: sha1(row.markdown), path: isFolder ? `${path}/README.md` : `${path}.md` };
  }
  if (options.children !== false && depth < 64) {
    page.pages = (index.children.get(row.id) ?? []).map((child) =>
      pageJson(ctx, index, child, options, depth + 1),
    );
  }
  return page;
}

/** The `File` shape of a file row (with its `git` metadata unless `metadata` is false). */
export function fileJson(ws: Workspace, revisionId: string, row: FileRow, metadata = true): File {
  const file: File = {
    id: row.id,
    name: row.name,
    contentType: row.content_type,
    downloadURL: `${ws.publicUrl}/files/${revisionId}/${row.id}/${encodeURIComponent(row.name)}`,
    size: row.size,
  };
  if (row.width !== null && row.height !== null) {
    file.dimensions = { width: row.width, height: row.height };
  }
  if (metadata)
    file.git = {
      oid: sha1(`${row.id}:${row.size}:${row.name}`),
      path: `.gitbook/assets/${row.name}`,
    };
  return file;
}

/** `GET .../content/pages`. */
export function pageTreeJson(ws: Workspace, ctx: ContentContext, query: ContentQuery): PageTree {
  const index = revisionIndex(ws, ctx.revisionId);
  return { pages: (index.children.get(null) ?? []).map((row) => pageJson(ctx, index, row, query)) };
}

/** `GET .../content`: the revision with its page tree and files. */
export function revisionJson(ws: Workspace, ctx: ContentContext, query: ContentQuery): Revision {
  const row = ws.db
    .prepare('SELECT id, type, parents, variables, created_at FROM revisions WHERE id = ?')
    .get(ctx.revisionId) as
    | { id: string; type: string; parents: string; variables: string; created_at: string }
    | undefined;
  if (!row) throw notFound('revision');
  const index = revisionIndex(ws, ctx.revisionId);
  const revision: Revision = {
    object: 'revision',
    id: row.id,
    parents: JSON.parse(row.parents) as string[],
    pages: pageTreeJson(ws, ctx, query).pages,
    files: index.files.map((f) => fileJson(ws, ctx.revisionId, f, query.metadata)),
    reusableContents: [],
    variables: JSON.parse(row.variables) as Record<string, string>,
    createdAt: row.created_at,
    urls: { app: ctx.appBase },
    type: row.type as Revision['type'],
  };
  if (query.metadata) {
    revision.git = { oid: sha1(row.id), message: `${row.type} revision`, createdByService: true };
  }
  return revision;
}

/** `GET .../content/files`. */
export function listFiles(ws: Workspace, ctx: ContentContext, query: FileListQuery): FileList {
  const page = keysetPage<FileRow>(ws.db, {
    select: 'SELECT id, name, content_type, size, width, height, NULL AS data FROM files',
    where: ['revision_id = ?'],
    params: [ctx.revisionId],
    orderBy: [
      { column: 'name', dir: 'asc' },
      { column: 'id', dir: 'asc' },
    ],
    keyOf: (row: FileRow) => [row.name, row.id],
    limit: query.limit,
    page: query.page,
    scope: `files:${ctx.spaceId}:${ctx.changeRequestId ?? ''}`,
  });
  return mapPage(page, (row) => fileJson(ws, ctx.revisionId, row, query.metadata));
}

/** `GET .../content/files/{fileId}`. */
export function getFile(
  ws: Workspace,
  ctx: ContentContext,
  fileId: string,
  query: ContentQuery,
): File {
  const row = revisionIndex(ws, ctx.revisionId).files.find((f) => f.id === fileId);
  if (!row) throw notFound('file');
  return fileJson(ws, ctx.revisionId, row, query.metadata);
}

/** The bytes of a file of a revision (served by the download URL). */
export function fileData(
  ws: Workspace,
  revisionId: string,
  fileId: string,
): { name: string; contentType: string; data: Buffer } | undefined {
  const row = ws.db
    .prepare('SELECT name, content_type, data FROM files WHERE revision_id = ? AND id = ?')
    .get(revisionId, fileId) as
    | { name: string; content_type: string; data: Buffer | null }
    | undefined;
  if (!row) return undefined;
  return { name: row.name, contentType: row.content_type, data: row.data ?? Buffer.alloc(0) };
}

/** `GET .../content/page/{pageId}`: with `markdown` or `document` as `format` asks. */
export function getPageJson(
  ws: Workspace,
  ctx: ContentContext,
  pageId: string,
  query: PageReadQuery,
): Page {
  const index = revisionIndex(ws, ctx.revisionId);
  const row = index.byId.get(pageId);
  if (!row || !index.paths.has(pageId)) throw notFound('page');
  const page = pageJson(ctx, index, row, query);
  if (row.type === 'link') return page;
  if (query.format === 'markdown') page.markdown = row.markdown;
  else page.document = markdownToDocument(row.markdown);
  return page;
}
