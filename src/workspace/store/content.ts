import { createHash } from 'node:crypto';
import type { ContentReference, TemplateApplication } from '../../contract/common.ts';
import type {
  BacklinkQuery,
  ContentQuery,
  File,
  FileList,
  FileListQuery,
  Link,
  LinkList,
  LinkListQuery,
  Page,
  PageReadQuery,
  PageTree,
  ReferenceItem,
  ReferenceList,
  Revision,
} from '../../contract/content.ts';
import type { Workspace } from '../context.ts';
import type { Db } from '../db.ts';
import { badRequest, notFound } from '../errors.ts';
import { arrayPage, keysetPage, mapPage } from '../paging.ts';
import { extractLinks, markdownToDocument, slugify } from './markdown.ts';
import { copyRevision } from './revisions.ts';
import { indexRevision } from './searchIndex.ts';
import { type SpaceRow, touchSpace } from './spaces.ts';

/** A row of `pages` (without its revision). */
export interface PageRow {
  id: string;
  parent_id: string | null;
  position: number;
  title: string;
  slug: string;
  emoji: string | null;
  description: string | null;
  type: string;
  markdown: string;
  hidden: number;
  extra: string;
  created_at: string;
  updated_at: string;
}

/** A row of `files` (without its revision). */
export interface FileRow {
  id: string;
  name: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  data: Buffer | null;
}

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

const PAGE_COLUMNS =
  'id, parent_id, position, title, slug, emoji, description, type, markdown, hidden, extra, created_at, updated_at';

/** The pages of a revision, siblings in position order. */
export function loadPages(db: Db, revisionId: string): PageRow[] {
  return db
    .prepare(`SELECT ${PAGE_COLUMNS} FROM pages WHERE revision_id = ? ORDER BY position, id`)
    .all(revisionId) as PageRow[];
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

/** A revision's pages with their paths and children, computed once per revision. */
export interface RevisionIndex {
  pages: PageRow[];
  byId: Map<string, PageRow>;
  byPath: Map<string, PageRow>;
  paths: Map<string, string>;
  children: Map<string | null, PageRow[]>;
  files: FileRow[];
  links: LinkTarget[];
}

/** One link target of a revision and the pages it is written in. */
export interface LinkTarget {
  key: string;
  status: 'ok' | 'broken' | 'in-app';
  kind: 'page' | 'file' | 'url';
  pageId?: string;
  fileId?: string;
  url: string;
  locations: string[];
}

// Revisions never change once written, so their analysis can be kept (per database).
const indexCache = new WeakMap<Db, Map<string, RevisionIndex>>();
const CACHE_SIZE = 200;

/** The analysed content of a revision (pages, paths, links). */
export function revisionIndex(ws: Workspace, revisionId: string): RevisionIndex {
  let cache = indexCache.get(ws.db);
  if (!cache) {
    cache = new Map();
    indexCache.set(ws.db, cache);
  }
  const cached = cache.get(revisionId);
  if (cached) return cached;
  const index = buildIndex(ws, revisionId);
  if (cache.size >= CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(revisionId, index);
  return index;
}

function buildIndex(ws: Workspace, revisionId: string): RevisionIndex {
  const pages = loadPages(ws.db, revisionId);
  const files = ws.db
    .prepare(
      'SELECT id, name, content_type, size, width, height, NULL AS data FROM files WHERE revision_id = ? ORDER BY name, id',
    )
    .all(revisionId) as FileRow[];
  const byId = new Map(pages.map((p) => [p.id, p]));
  const children = new Map<string | null, PageRow[]>();
  for (const page of pages) {
    const parent = page.parent_id && byId.has(page.parent_id) ? page.parent_id : null;
    const list = children.get(parent) ?? [];
    list.push(page);
    children.set(parent, list);
  }
  const paths = new Map<string, string>();
  const byPath = new Map<string, PageRow>();
  const visit = (parentId: string | null, prefix: string, depth: number) => {
    if (depth > 64) return;
    for (const page of children.get(parentId) ?? []) {
      const path = prefix ? `${prefix}/${page.slug}` : page.slug;
      paths.set(page.id, path);
      if (!byPath.has(path)) byPath.set(path, page);
      visit(page.id, path, depth + 1);
    }
  };
  visit(null, '', 0);
  const index: RevisionIndex = { pages, byId, byPath, paths, children, files, links: [] };
  index.links = analyseLinks(ws, index);
  return index;
}

/**
 * Resolves a Markdown link target written in a page. Internal links are `page:<id>` or
 * `file:<id>`, or a path of the space (`/guides/install`, `../install.md`; relative paths resolve
 * against the page's folder, and a page with child pages is a folder); other schemes are external.
 */
function resolveLink(
  ws: Workspace,
  index: RevisionIndex,
  from: PageRow,
  href: string,
): Omit<LinkTarget, 'locations'> | undefined {
  const target = href.trim();
  if (!target || target.startsWith('#')) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(target)?.[1]?.toLowerCase();
  if (scheme === 'page') {
    const id = target.slice(5).split('#')[0] ?? '';
    const ok = index.byId.has(id);
    return {
      key: `page:${id}`,
      status: ok ? 'ok' : 'broken',
      kind: 'page',
      pageId: id,
      url: target,
    };
  }
  if (scheme === 'file') {
    const id = target.slice(5);
    const ok = index.files.some((f) => f.id === id);
    return {
      key: `file:${id}`,
      status: ok ? 'ok' : 'broken',
      kind: 'file',
      fileId: id,
      url: target,
    };
  }
  if (scheme) {
    const inApp = target.startsWith(`${ws.publicUrl}/app/`);
    return { key: `url:${target}`, status: inApp ? 'in-app' : 'ok', kind: 'url', url: target };
  }
  let path = target.split('#')[0]?.split('?')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the path as written
  }
  const fromPath = index.paths.get(from.id) ?? '';
  const isFolder = (index.children.get(from.id)?.length ?? 0) > 0;
  const baseSegments = path.startsWith('/')
    ? []
    : (isFolder ? fromPath : fromPath.split('/').slice(0, -1).join('/')).split('/').filter(Boolean);
  const segments = [...baseSegments];
  const written = path.split('/').filter((s) => s !== '' && s !== '.');
  for (const segment of written) {
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const last = segments[segments.length - 1];
  if (last && /\.(png|jpe?g|gif|svg|webp|pdf|zip|txt|json|ya?ml|csv)$/i.test(last)) {
    const file = index.files.find((f) => f.name === last);
    if (file)
      return { key: `file:${file.id}`, status: 'ok', kind: 'file', fileId: file.id, url: target };
    return { key: `broken:${segments.join('/')}`, status: 'broken', kind: 'file', url: target };
  }
  if (last) segments[segments.length - 1] = last.replace(/\.md$/i, '');
  if (segments.length && /^(readme|index)$/i.test(segments[segments.length - 1] ?? '')) {
    segments.pop();
  }
  const resolved = segments.map((s) => slugify(s)).join('/');
  if (!resolved) {
    // The root (`/`, `../README.md`): the space's first page.
    const root = index.children.get(null)?.[0];
    if (!root || (written.length === 0 && path !== '/')) return undefined;
    return { key: `page:${root.id}`, status: 'ok', kind: 'page', pageId: root.id, url: target };
  }
  const page = index.byPath.get(resolved);
  if (page)
    return { key: `page:${page.id}`, status: 'ok', kind: 'page', pageId: page.id, url: target };
  return { key: `broken:${resolved}`, status: 'broken', kind: 'page', url: target };
}

function analyseLinks(ws: Workspace, index: RevisionIndex): LinkTarget[] {
  const targets = new Map<string, LinkTarget>();
  for (const page of index.pages) {
    if (!page.markdown.includes('](')) continue;
    for (const link of extractLinks(page.markdown)) {
      const resolved = resolveLink(ws, index, page, link.href);
      if (!resolved) continue;
      const existing = targets.get(resolved.key);
      if (existing) {
        if (!existing.locations.includes(page.id)) existing.locations.push(page.id);
      } else targets.set(resolved.key, { ...resolved, locations: [page.id] });
    }
  }
  return [...targets.values()];
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

/** The `Page` shape of a page (children included, recursively, unless `children` is false). */
function pageJson(
  ctx: ContentContext,
  index: RevisionIndex,
  row: PageRow,
  options: ContentQuery & { children?: boolean },
  depth = 0,
): Page {
  const path = index.paths.get(row.id) ?? row.slug;
  const isFolder = (index.children.get(row.id)?.length ?? 0) > 0;
  const page: Page = {
    id: row.id,
    title: row.title,
    type: row.type,
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

function fileJson(ws: Workspace, revisionId: string, row: FileRow, metadata = true): File {
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
  if (query.format === 'markdown') page.markdown = row.markdown;
  else page.document = markdownToDocument(row.markdown);
  return page;
}

function pageReference(ctx: ContentContext, index: RevisionIndex, pageId: string): ReferenceItem {
  const row = index.byId.get(pageId);
  const path = index.paths.get(pageId) ?? '';
  return {
    ...referenceBase(ctx),
    kind: 'page',
    page: { id: pageId, title: row?.title ?? '', path, urls: { app: `${ctx.appBase}/${path}` } },
  };
}

function referenceBase(ctx: ContentContext): ReferenceItem {
  return {
    kind: 'page',
    organization: { id: ctx.organizationId, title: ctx.organizationTitle },
    space: { id: ctx.spaceId, title: ctx.spaceTitle },
    versionContext: ctx.changeRequestId
      ? { type: 'change-request', revision: ctx.revisionId, changeRequest: ctx.changeRequestId }
      : { type: 'revision', revision: ctx.revisionId },
  };
}

function targetReference(
  ws: Workspace,
  ctx: ContentContext,
  index: RevisionIndex,
  target: LinkTarget,
): ReferenceItem {
  if (target.kind === 'url') return { kind: 'url', url: target.url };
  if (target.status === 'broken')
    return { ...referenceBase(ctx), kind: target.kind, url: target.url };
  if (target.kind === 'file') {
    const file = index.files.find((f) => f.id === target.fileId);
    return {
      ...referenceBase(ctx),
      kind: 'file',
      url: target.url,
      ...(file ? { file: fileJson(ws, ctx.revisionId, file) } : {}),
    };
  }
  return { ...pageReference(ctx, index, target.pageId ?? ''), url: target.url };
}

function linkJson(
  ws: Workspace,
  ctx: ContentContext,
  index: RevisionIndex,
  target: LinkTarget,
): Link {
  return {
    status: target.status,
    relation: 'reference',
    targetReference: targetReference(ws, ctx, index, target),
    locationReferences: target.locations.map((id) => pageReference(ctx, index, id)),
  };
}

/**
 * A links list: every link target of the revision (or of one page of it), with `stats`;
 * `brokenElsewhere` are the revisions whose broken links count as `broken.changeRequest`.
 */
export function listLinks(
  ws: Workspace,
  ctx: ContentContext,
  query: LinkListQuery,
  options: { pageId?: string; changeRequestRevisions: readonly string[] },
): LinkList {
  const index = revisionIndex(ws, ctx.revisionId);
  if (options.pageId !== undefined && !index.paths.has(options.pageId)) throw notFound('page');
  const inScope = (target: LinkTarget) =>
    options.pageId === undefined || target.locations.includes(options.pageId);
  const all = index.links.filter(inScope);
  let brokenInChangeRequests = 0;
  for (const revisionId of options.changeRequestRevisions) {
    const other = revisionIndex(ws, revisionId);
    brokenInChangeRequests += other.links.filter((t) => t.status === 'broken' && inScope(t)).length;
  }
  const listed = query.status ? all.filter((t) => t.status === query.status) : all;
  const page = arrayPage(listed, {
    keyOf: (t) => [t.key],
    limit: query.limit,
    page: query.page,
    scope: `links:${ctx.spaceId}:${ctx.changeRequestId ?? ''}:${options.pageId ?? ''}:${query.status ?? ''}`,
  });
  return {
    ...mapPage(page, (t) => linkJson(ws, ctx, index, t)),
    stats: {
      total: all.length,
      broken: {
        total: all.filter((t) => t.status === 'broken').length,
        changeRequest: brokenInChangeRequests,
      },
    },
  };
}

function backlinks(
  ctx: ContentContext,
  index: RevisionIndex,
  key: string,
  query: BacklinkQuery,
  scope: string,
): ReferenceList {
  const target = index.links.find((t) => t.key === key);
  const pageIds = target ? target.locations : [];
  const page = arrayPage(pageIds, {
    keyOf: (id) => [index.paths.get(id) ?? '', id],
    limit: query.limit,
    page: query.page,
    scope,
  });
  return mapPage(page, (id) => pageReference(ctx, index, id));
}

/** `GET .../content/files/{fileId}/backlinks`: the pages that link to or embed the file. */
export function fileBacklinks(
  ws: Workspace,
  ctx: ContentContext,
  fileId: string,
  query: BacklinkQuery,
): ReferenceList {
  const index = revisionIndex(ws, ctx.revisionId);
  if (!index.files.some((f) => f.id === fileId)) throw notFound('file');
  return backlinks(
    ctx,
    index,
    `file:${fileId}`,
    query,
    `file-backlinks:${ctx.revisionId}:${fileId}`,
  );
}

/** `GET {cr}/content/page/{pageId}/backlinks`: the pages that link to the page. */
export function pageBacklinks(
  ws: Workspace,
  ctx: ContentContext,
  pageId: string,
  query: BacklinkQuery,
): ReferenceList {
  const index = revisionIndex(ws, ctx.revisionId);
  if (!index.paths.has(pageId)) throw notFound('page');
  return backlinks(
    ctx,
    index,
    `page:${pageId}`,
    query,
    `page-backlinks:${ctx.revisionId}:${pageId}`,
  );
}

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

/** A page to insert, with its children. */
export interface PageInput {
  title: string;
  slug?: string;
  markdown: string;
  emoji?: string;
  description?: string;
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
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'document', ?, 0, '{}', ?, ?)`,
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
        page.markdown,
        now,
        now,
      );
      ids.push(id);
      if (page.children?.length) insertLevel(page.children, id);
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

/** Built-in templates of `POST .../content/template`, by id. */
const TEMPLATES: Record<string, (refs: Record<string, string>) => PageInput[]> = {
  'api-reference': (refs) => [
    {
      title: 'API reference',
      emoji: '🔌',
      markdown: `# API reference\n\nEverything the HTTP API offers, endpoint by endpoint.\n\n${fileLines(refs)}- [Authentication](./authentication.md)\n- [Endpoints](./endpoints.md)\n- [Errors](./errors.md)\n`,
      children: [
        {
          title: 'Authentication',
          markdown:
            '# Authentication\n\nSend a bearer token in the `Authorization` header of every request.\n\n```http\nAuthorization: Bearer <token>\n```\n',
        },
        {
          title: 'Endpoints',
          markdown:
            '# Endpoints\n\n## List resources\n\n`GET /v1/resources` answers a paged list.\n\n## Create a resource\n\n`POST /v1/resources` answers `201` with the new resource.\n',
        },
        {
          title: 'Errors',
          markdown:
            '# Errors\n\nEvery error answers `{"error": {"code", "message"}}`.\n\n| Code | Meaning |\n| --- | --- |\n| 400 | invalid input |\n| 401 | missing token |\n| 404 | not found |\n',
        },
      ],
    },
  ],
  'how-to': (refs) => [
    {
      title: 'How-to guide',
      emoji: '🧭',
      markdown: `# How-to guide\n\nA short task, step by step.\n\n${fileLines(refs)}## Before you start\n\n- An account with the edit level.\n\n## Steps\n\n1. Open the space.\n2. Make the change.\n3. Ask for a review.\n\n## Result\n\nThe change is live once merged.\n`,
    },
  ],
  changelog: (refs) => [
    {
      title: 'Changelog',
      emoji: '📣',
      markdown: `# Changelog\n\nNotable changes, newest first.\n\n${fileLines(refs)}## Unreleased\n\n- Describe the change here.\n`,
    },
  ],
  faq: (refs) => [
    {
      title: 'FAQ',
      emoji: '❓',
      markdown: `# FAQ\n\n${fileLines(refs)}## Who can edit these pages?\n\nMembers with the edit level or above.\n\n## How do I propose a change?\n\nOpen a change request and ask for a review.\n`,
    },
  ],
};

function fileLines(refs: Record<string, string>): string {
  const lines = Object.entries(refs).map(([name, id]) => `![${name}](file:${id})\n`);
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/**
 * The pages a template adds, after checking its file references against `revisionId`
 * (400 for an unknown template or file).
 */
export function templatePages(
  ws: Workspace,
  revisionId: string,
  application: Omit<TemplateApplication, 'changeRequestId'>,
): PageInput[] {
  const make = TEMPLATES[application.id];
  if (!make) {
    throw badRequest(`id: unknown template (one of ${Object.keys(TEMPLATES).join(', ')})`);
  }
  const refs: Record<string, string> = {};
  const files = revisionIndex(ws, revisionId).files;
  for (const [name, ref] of Object.entries(application.params?.contentRefs ?? {}) as Array<
    [string, Extract<ContentReference, { kind: 'file' }>]
  >) {
    if (!files.some((f) => f.id === ref.file)) {
      throw badRequest(`params.contentRefs.${name}: no such file in the content`);
    }
    refs[name] = ref.file;
  }
  return make(refs);
}
