import { type Dirent, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { createWorkspace, type Workspace } from './context.ts';
import { openDatabase } from './db.ts';
import { commitSpaceRevision, insertPageTree, type PageInput } from './store/content.ts';
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
}

interface Scan {
  pages: PageInput[];
  files: Array<{ name: string; contentType: string; data: Buffer }>;
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
      const markdown = index ? readMarkdown(join(path, index.name)) : '';
      pages.push({
        title: firstHeading(markdown) ?? entry.name,
        slug: slugify(entry.name),
        markdown,
        children,
      });
    } else if (entry.isFile() && extname(entry.name).toLowerCase() === '.md') {
      if (isFolderPage(entry.name) && depth > 0) continue;
      const markdown = readMarkdown(path);
      const name = basename(entry.name, extname(entry.name));
      const title = firstHeading(markdown) ?? name;
      // The root README/index is the first top-level page, named by its heading.
      if (isFolderPage(entry.name)) readme = { title, slug: slugify(title), markdown };
      else pages.push({ title, slug: slugify(name), markdown });
    } else if (entry.isFile()) {
      const contentType = FILE_TYPES[extname(entry.name).toLowerCase()];
      if (!contentType) continue;
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
 * index.md is its page's content), the first `#` heading of a file is its title (else the file
 * name). The imported pages replace the space's pages; images and PDFs become its files (a file
 * of the same name is replaced). The space is reindexed for search.
 */
export function importMarkdownFolder(ws: Workspace, folder: string, spaceId: string): ImportResult {
  const root = resolve(folder);
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
  const scan: Scan = { pages: [], files: [] };
  scan.pages = scanFolder(root, 0, scan);
  if (scan.pages.length === 0) throw new ImportError(`no Markdown files in ${root}`);
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
  return { revisionId, pages: countPages(scan.pages), files: scan.files.length };
}

/** `docs-graph import <folder> --space <spaceId>` against the database at `dbPath`. */
export function runImport(options: {
  folder: string;
  spaceId: string;
  dbPath: string;
}): ImportResult {
  const db = openDatabase(options.dbPath);
  try {
    return importMarkdownFolder(createWorkspace({ db }), options.folder, options.spaceId);
  } finally {
    db.close();
  }
}
