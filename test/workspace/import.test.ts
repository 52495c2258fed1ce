import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkList, type Page, PageTree, Revision } from '../../src/contract/content.ts';
import { SpaceSearchResult } from '../../src/contract/search.ts';
import { ImportError, importMarkdownFolder, runImport } from '../../src/workspace/import.ts';
import { insertSpace } from '../../src/workspace/store/spaceWrites.ts';
import { globalId } from '../support/ids.ts';
import { createTestWorkspace, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;
let folder: string;

function write(path: string, text: string | Buffer) {
  const full = join(folder, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, text);
}

beforeAll(async () => {
  t = await createTestWorkspace();
  folder = mkdtempSync(join(tmpdir(), 'docs-graph-import-'));
  write('README.md', '# Welcome aboard\n\nStart with the [setup](guides/setup.md).\n');
  write('guides/README.md', '# All the guides\n\nPick one.\n');
  write(
    'guides/setup.md',
    '# Setting up\n\nBack [home](../README.md), see ![the diagram](./diagram.png).\n',
  );
  write('guides/diagram.png', Buffer.from('89504e47', 'hex'));
  write('guides/advanced/tuning.md', 'No heading, so the file name is the title. Quasar.\n');
  write('reference/api.md', '# API\n\n## Tokens\n\nA [broken](missing.md) link.\n');
  write('notes.txt', 'not Markdown');
  write('.hidden/secret.md', '# Hidden\n');
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t.close();
});

function flatten(pages: Page[]): Page[] {
  return pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);
}

describe('importMarkdownFolder', () => {
  it('turns the folder into the space content as a new revision', async () => {
    const space = insertSpace(t.ws, { organizationId: t.demo.organizationId, title: 'Imported' });
    const result = importMarkdownFolder(t.ws, folder, space.id);
    expect(result).toMatchObject({ pages: 7, files: 1, skipped: ['notes.txt'] });
    const revision = Revision.parse(
      (await t.request('GET', `/v1/spaces/${space.id}/content`)).body,
    );
    expect(revision).toMatchObject({
      id: result.revisionId,
      type: 'edits',
      parents: [space.revision_id],
    });
    const tree = PageTree.parse(
      (await t.request('GET', `/v1/spaces/${space.id}/content/pages`)).body,
    );
    expect(tree.pages.map((p) => [p.title, p.path])).toEqual([
      ['Welcome aboard', 'welcome-aboard'],
      ['All the guides', 'guides'],
      ['reference', 'reference'],
    ]);
    const all = flatten(tree.pages);
    expect(all.map((p) => p.path)).toEqual([
      'welcome-aboard',
      'guides',
      'guides/advanced',
      'guides/advanced/tuning',
      'guides/setup',
      'reference',
      'reference/api',
    ]);
    expect(all.find((p) => p.path === 'guides/advanced/tuning')?.title).toBe('tuning');
    expect(all.find((p) => p.path === 'guides/setup')?.title).toBe('Setting up');
    expect(all.some((p) => p.title === 'Hidden')).toBe(false);
    const folderPage = all.find((p) => p.path === 'reference');
    const content = await t.request(
      'GET',
      `/v1/spaces/${space.id}/content/page/${folderPage?.id}?format=markdown`,
    );
    expect((content.body as { markdown: string }).markdown).toBe('');
    expect(revision.files.map((f) => f.name)).toEqual(['diagram.png']);

    const links = LinkList.parse((await t.request('GET', `/v1/spaces/${space.id}/links`)).body);
    expect(links.stats).toEqual({ total: 4, broken: { total: 1, changeRequest: 0 } });
    expect(links.items.find((l) => l.status === 'broken')?.targetReference.url).toBe('missing.md');

    const hits = SpaceSearchResult.parse(
      (await t.request('GET', `/v1/spaces/${space.id}/search?query=quasar`)).body,
    );
    expect(hits.items.map((h) => h.path)).toEqual(['guides/advanced/tuning']);
  });

  it('replaces the pages on a second import', async () => {
    const space = insertSpace(t.ws, { organizationId: t.demo.organizationId, title: 'Twice' });
    const first = importMarkdownFolder(t.ws, folder, space.id);
    expect(() => importMarkdownFolder(t.ws, folder, space.id)).toThrow(
      /already has 7 pages; the import replaces them all: pass --replace/,
    );
    const second = importMarkdownFolder(t.ws, folder, space.id, { replace: true });
    const revision = Revision.parse(
      (await t.request('GET', `/v1/spaces/${space.id}/content`)).body,
    );
    expect(revision.parents).toEqual([first.revisionId]);
    expect(revision.id).toBe(second.revisionId);
    expect(flatten(revision.pages)).toHaveLength(7);
    expect(revision.files).toHaveLength(1);
  });

  it('fails clearly for a missing folder, a file, an unknown or locked space', () => {
    const space = insertSpace(t.ws, { organizationId: t.demo.organizationId, title: 'Errors' });
    expect(() => importMarkdownFolder(t.ws, join(folder, 'nope'), space.id)).toThrow(
      /folder not found/,
    );
    expect(() => importMarkdownFolder(t.ws, join(folder, 'README.md'), space.id)).toThrow(
      /not a folder/,
    );
    expect(() => importMarkdownFolder(t.ws, folder, 'nope')).toThrow(ImportError);
    expect(() => importMarkdownFolder(t.ws, folder, 'nope')).toThrow(/space not found: nope/);
    const empty = mkdtempSync(join(tmpdir(), 'docs-graph-empty-'));
    expect(() => importMarkdownFolder(t.ws, empty, space.id)).toThrow(/no Markdown files/);
    rmSync(empty, { recursive: true });
    t.ws.db.prepare("UPDATE spaces SET edit_mode = 'locked' WHERE id = ?").run(space.id);
    expect(() => importMarkdownFolder(t.ws, folder, space.id)).toThrow(/locked/);
  });

  it('reads YAML front matter into the title and description, not the body', async () => {
    const space = insertSpace(t.ws, { organizationId: t.demo.organizationId, title: 'Matter' });
    const dir = mkdtempSync(join(tmpdir(), 'docs-graph-matter-'));
    writeFileSync(
      join(dir, 'auth.md'),
      '---\ntitle: Authentication\ndescription: Tokens, scopes and rotation.\nemoji: "🔑"\n---\n\nSend a bearer token.\n',
    );
    writeFileSync(join(dir, 'bad.md'), '---\ntitle: [unclosed\n---\nBody\n');
    expect(() => importMarkdownFolder(t.ws, dir, space.id)).toThrow(/bad\.md: front matter/);
    rmSync(join(dir, 'bad.md'));
    importMarkdownFolder(t.ws, dir, globalId('Space', space.id));
    rmSync(dir, { recursive: true });
    const tree = PageTree.parse(
      (await t.request('GET', `/v1/spaces/${space.id}/content/pages`)).body,
    );
    expect(tree.pages).toHaveLength(1);
    expect(tree.pages[0]).toMatchObject({
      title: 'Authentication',
      description: 'Tokens, scopes and rotation.',
      emoji: '🔑',
      path: 'auth',
    });
    const content = await t.request(
      'GET',
      `/v1/spaces/${space.id}/content/page/${tree.pages[0]?.id}?format=markdown`,
    );
    expect((content.body as { markdown: string }).markdown).toBe('Send a bearer token.\n');
  });

  it('never creates a database: runImport needs an existing one', () => {
    const missing = join(tmpdir(), `docs-graph-missing-${process.pid}.sqlite`);
    expect(() => runImport({ folder, spaceId: 'x', dbPath: missing })).toThrow(
      /no database at .*docs-graph-missing.*pass --db <path> of an existing database/,
    );
    expect(existsSync(missing)).toBe(false);
  });
});
