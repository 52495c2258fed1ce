import { type Dirent, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { createWorkspace, type Workspace } from './context.ts';
import { openDatabase } from './db.ts';
import {
  commitSpaceRevision,
  insertPageTree,
  type PageInput,
} from './store/content/revisionWrites.ts';
import { firstHeading, slugify } from './store/markdown.ts';
import { getSpaceRow } from './store/spaces.ts';

/** Files other than Markdown that are imported as the revision's files, by extension. */
const FILE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
};
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_DEPTH = 32;

/** A problem with the import's input (missing folder or space, locked space...). */
export class ImportError extends Error {
  override name = 'ImportError';
}

export interface ImportResult {
  revisionId: string;
  pages: number;
  files: number;
  /** Files left out (not Markdown, nor an image or PDF), relative to the folder. */
  skipped: string[];
}

export interface ImportOptions {
  /** Replace the pages of a space that already has some (refused without it). */
  replace?: boolean;
}

interface Scan {
  root: string;
  pages: PageInput[];
  files: Array<{ name: string; contentType: string; data: Buffer }>;
  skipped: string[];
}

/** A Markdown file's YAML front matter (`title`, `description`, `emoji`, `link`) and its body. */
interface Parsed {
  markdown: string;
  title?: string;
  description?: string;
  emoji?: string;
  link?: string;
}

/** A link page's target from front matter `link`: an http(s) or mailto URL. */
function linkTarget(path: string, link: string): NonNullable<PageInput['target']> {
  let url: URL | undefined;
  try {
    url = new URL(link);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:', 'mailto:'].includes(url.protocol)) {
    throw new ImportError(`${path}: link must be an http(s) or mailto URL (got ${link})`);
  }
  return { kind: 'url', url: link };
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/** Splits YAML front matter off a Markdown file; its string fields name the page. */
function parseMarkdown(path: string, text: string): Parsed {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { markdown: text };
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '');
  } catch (error) {
    throw new ImportError(`${path}: front matter is not valid YAML (${(error as Error).message})`);
  }
  const fields = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const field = (key: string) =>
    typeof fields[key] === 'string' && fields[key].trim() !== '' ? fields[key].trim() : undefined;
  const parsed: Parsed = { markdown: text.slice(match[0].length).replace(/^\s*\n/, '') };
  const title = field('title');
  const description = field('description');
  const emoji = field('emoji');
  const link = field('link');
  if (title) parsed.title = title;
  if (link) parsed.link = link;
  if (description) parsed.description = description;
  if (emoji) parsed.emoji = emoji;
  return parsed;
}

/** A page from a Markdown file: front matter first, then the first heading, then `fallback`. */
function pageOf(path: string, fallback: string, slug: string): PageInput {
  const parsed = parseMarkdown(path, readMarkdown(path));
  const page: PageInput = {
    title: parsed.title ?? firstHeading(parsed.markdown) ?? fallback,
    slug,
    markdown: parsed.markdown,
  };
  if (parsed.description) page.description = parsed.description;
  if (parsed.emoji) page.emoji = parsed.emoji;
  // Front matter `link` makes a link page: an entry of the navigation pointing at that URL.
  if (parsed.link) page.target = linkTarget(path, parsed.link);
  return page;
}

/** A space's REST id from its REST id or its global ID (`base64("Space:<id>")`). */
export function spaceRestId(id: string): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(id)) return id;
  const decoded = Buffer.from(id, 'base64').toString('utf8');
  return decoded.startsWith('Space:') && decoded.length > 6 ? decoded.slice(6) : id;
}

const isFolderPage = (name: string) => /^(readme|index)\.md$/i.test(name);

function readMarkdown(path: string): string {
  const size = statSync(path).size;
  if (size > MAX_FILE_BYTES) throw new ImportError(`${path}: larger than 10 MB`);
  return readFileSync(path, 'utf8');
}

function entries(folder: string): Dirent[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.') && e.name !== 'node_modules')
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
}

/** The pages of a folder: Markdown files and sub-folders (that hold Markdown), in name order. */
function scanFolder(folder: string, depth: number, scan: Scan): PageInput[] {
  if (depth > MAX_DEPTH) throw new ImportError(`${folder}: folders nested too deeply`);
  const pages: PageInput[] = [];
  let readme: PageInput | undefined;
  for (const entry of entries(folder)) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      const children = scanFolder(path, depth + 1, scan);
      const index = entries(path).find((e) => e.isFile() && isFolderPage(e.name));
      if (!index && children.length === 0) continue;
      const page = index
        ? pageOf(join(path, index.name), entry.name, slugify(entry.name))
        : { title: entry.name, slug: slugify(entry.name), markdown: '' };
      if (page.target && children.length > 0) {
        throw new ImportError(`${join(path, index?.name ?? '')}: a link page has no child pages`);
      }
      pages.push({ ...page, children });
    } else if (entry.isFile() && extname(entry.name).toLowerCase() === '.md') {
      if (isFolderPage(entry.name) && depth > 0) continue;
      const name = basename(entry.name, extname(entry.name));
      // The root README/index is the first top-level page, named by its title.
      if (isFolderPage(entry.name)) {
        const page = pageOf(path, name, '');
        readme = { ...page, slug: slugify(page.title) };
      } else pages.push(pageOf(path, name, slugify(name)));
    } else if (entry.isFile()) {
      const contentType = FILE_TYPES[extname(entry.name).toLowerCase()];
      if (!contentType) {
        scan.skipped.push(relative(scan.root, path));
        continue;
      }
      if (statSync(path).size > MAX_FILE_BYTES) throw new ImportError(`${path}: larger than 10 MB`);
      scan.files.push({ name: entry.name, contentType, data: readFileSync(path) });
    }
  }
  return readme ? [readme, ...pages] : pages;
}

function countPages(pages: readonly PageInput[]): number {
  return pages.reduce((n, p) => n + 1 + countPages(p.children ?? []), 0);
}

/**
 * Turns a folder of Markdown files into a space's content, as a new revision (type `edits`,
 * parent the previous one): nested folders become nested pages (a folder's README.md or
 * index.md is its page's content), YAML front matter gives a page its `title`, `description`
 * and `emoji` (else the first `#` heading is its title, else the file name), and `link` (a URL)
 * makes it a link page. The imported pages
 * replace the space's pages (only with `replace` when it has any); images and PDFs become its files (a file
 * of the same name is replaced). The space is reindexed for search.
 */
export function importMarkdownFolder(
  ws: Workspace,
  folder: string,
  spaceIdOrGlobalId: string,
  options: ImportOptions = {},
): ImportResult {
  const root = resolve(folder);
  const spaceId = spaceRestId(spaceIdOrGlobalId);
  let isDirectory = false;
  try {
    isDirectory = statSync(root).isDirectory();
  } catch {
    throw new ImportError(`folder not found: ${root}`);
  }
  if (!isDirectory) throw new ImportError(`not a folder: ${root}`);
  const space = getSpaceRow(ws, spaceId);
  if (!space || space.deleted_at) throw new ImportError(`space not found: ${spaceId}`);
  if (space.edit_mode === 'locked') throw new ImportError(`space ${spaceId} is locked`);
  const scan: Scan = { root, pages: [], files: [], skipped: [] };
  scan.pages = scanFolder(root, 0, scan);
  if (scan.pages.length === 0) throw new ImportError(`no Markdown files in ${root}`);
  const existing = (
    ws.db
      .prepare('SELECT COUNT(*) AS n FROM pages WHERE revision_id = ?')
      .get(space.revision_id) as {
      n: number;
    }
  ).n;
  if (existing > 0 && !options.replace) {
    throw new ImportError(
      `space ${spaceId} already has ${existing} page${existing === 1 ? '' : 's'}; the import replaces them all: pass --replace to do so`,
    );
  }
  const revisionId = commitSpaceRevision(ws, space, (revision) => {
    ws.db.prepare('DELETE FROM pages WHERE revision_id = ?').run(revision);
    const dropFile = ws.db.prepare('DELETE FROM files WHERE revision_id = ? AND name = ?');
    const insertFile = ws.db.prepare(
      'INSERT INTO files (revision_id, id, name, content_type, size, width, height, data) VALUES (?, ?, ?, ?, ?, NULL, NULL, ?)',
    );
    for (const file of scan.files) {
      dropFile.run(revision, file.name);
      insertFile.run(
        revision,
        ws.ids.next(),
        file.name,
        file.contentType,
        file.data.length,
        file.data,
      );
    }
    insertPageTree(ws, revision, scan.pages);
  });
  return {
    revisionId,
    pages: countPages(scan.pages),
    files: scan.files.length,
    skipped: scan.skipped,
  };
}

/**
 * `docs-graph import <folder> --space <spaceId>` against the database at `dbPath`, which must
 * exist: an import never creates a new, empty database (a mistyped path or another folder).
 */
export function runImport(options: {
  folder: string;
  spaceId: string;
  dbPath: string;
  replace?: boolean;
}): ImportResult & { dbPath: string } {
  const dbPath = options.dbPath === ':memory:' ? options.dbPath : resolve(options.dbPath);
  if (dbPath === ':memory:' || !existsSync(dbPath)) {
    throw new ImportError(
      `no database at ${dbPath}: run the import in the project whose database holds the space (docs-graph start creates .data/workspace.sqlite), or pass --db <path> of an existing database`,
    );
  }
  const db = openDatabase(dbPath);
  try {
    const result = importMarkdownFolder(createWorkspace({ db }), options.folder, options.spaceId, {
      replace: options.replace ?? false,
    });
    return { ...result, dbPath };
  } finally {
    db.close();
  }
}
