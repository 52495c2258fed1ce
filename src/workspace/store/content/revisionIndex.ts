import type { Workspace } from '../../context.ts';
import type { Db } from '../../db.ts';
import { extractLinks, slugify } from '../markdown.ts';

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

/** The columns of `pages` that a `PageRow` holds, in insertion order. */
export const PAGE_COLUMNS =
  'id, parent_id, position, title, slug, emoji, description, type, markdown, hidden, extra, created_at, updated_at';

/** The pages of a revision, siblings in position order. */
export function loadPages(db: Db, revisionId: string): PageRow[] {
  return db
    .prepare(`SELECT ${PAGE_COLUMNS} FROM pages WHERE revision_id = ? ORDER BY position, id`)
    .all(revisionId) as PageRow[];
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
      // A link page is an entry of the navigation, not content: no path leads to it.
      if (page.type === 'link') continue;
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
