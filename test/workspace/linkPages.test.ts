import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Page, PageTree } from '../../src/contract/content.ts';
import { ImportError, importMarkdownFolder } from '../../src/workspace/import.ts';
import { insertPageTree } from '../../src/workspace/store/content/revisionWrites.ts';
import { insertSpace } from '../../src/workspace/store/spaceWrites.ts';
import { createTestWorkspace, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;
let folder: string;
beforeAll(async () => {
  t = await createTestWorkspace();
  folder = mkdtempSync(join(tmpdir(), 'docs-graph-links-'));
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('link pages on /v1', () => {
  it('list with their target and without slug, path or content; read by id; reached by no path', async () => {
    const space = insertSpace(t.ws, { organizationId: t.demo.organizationId, title: 'Links' });
    const [home, link, ref] = insertPageTree(t.ws, space.revision_id, [
      { title: 'Home', markdown: '# Home\n' },
      { title: 'Status', markdown: '', target: { kind: 'url', url: 'https://status.example.com' } },
      { title: 'Back home', markdown: '', target: { kind: 'page', page: 'placeholder' } },
    ]);
    const tree = PageTree.parse(
      (await t.request('GET', `/v1/spaces/${space.id}/content/pages`)).body,
    );
    expect(tree.pages.map((p) => [p.id, p.type, p.slug, p.path, p.target])).toEqual([
      [home, 'document', 'home', 'home', undefined],
      [link, 'link', undefined, undefined, { kind: 'url', url: 'https://status.example.com' }],
      [ref, 'link', undefined, undefined, { kind: 'page', page: 'placeholder' }],
    ]);
    const read = await t.request(
      'GET',
      `/v1/spaces/${space.id}/content/page/${link}?format=markdown`,
    );
    expect(read.status).toBe(200);
    const page = Page.parse(read.body);
    expect(page).toMatchObject({ id: link, type: 'link', title: 'Status' });
    expect(page.markdown).toBeUndefined();
    expect(page.pages).toBeUndefined();
    // The demo spaces each end with one.
    const demo = PageTree.parse(
      (await t.request('GET', `/v1/spaces/${t.demo.spaceIds[0]}/content/pages`)).body,
    );
    expect(demo.pages.find((p) => p.type === 'link')).toMatchObject({
      type: 'link',
      title: 'Status page',
      target: { kind: 'url', url: 'https://status.example.com' },
    });
  });

  it('come from Markdown files whose front matter has a link', async () => {
    writeFileSync(join(folder, 'a.md'), '# Alpha\n\nText.\n');
    writeFileSync(
      join(folder, 'b.md'),
      '---\ntitle: Changelog\nlink: https://example.com/changes\n---\n',
    );
    const space = insertSpace(t.ws, { organizationId: t.demo.organizationId, title: 'Import' });
    importMarkdownFolder(t.ws, folder, space.id);
    const tree = PageTree.parse(
      (await t.request('GET', `/v1/spaces/${space.id}/content/pages`)).body,
    );
    expect(tree.pages.map((p) => [p.title, p.type, p.path ?? null])).toEqual([
      ['Alpha', 'document', 'a'],
      ['Changelog', 'link', null],
    ]);
    expect(tree.pages[1]?.target).toEqual({ kind: 'url', url: 'https://example.com/changes' });
    writeFileSync(join(folder, 'b.md'), '---\nlink: javascript:alert(1)\n---\n');
    const other = insertSpace(t.ws, { organizationId: t.demo.organizationId, title: 'Bad' });
    expect(() => importMarkdownFolder(t.ws, folder, other.id)).toThrow(ImportError);
    expect(() => importMarkdownFolder(t.ws, folder, other.id)).toThrow(/link must be an http/);
  });
});
