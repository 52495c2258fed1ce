import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeRequest } from '../../src/contract/changeRequests.ts';
import { ErrorBody } from '../../src/contract/common.ts';
import {
  File,
  FileList,
  LinkList,
  Page,
  PageTree,
  ReferenceList,
  Revision,
} from '../../src/contract/content.ts';
import { insertPageTree } from '../../src/workspace/store/content/revisionWrites.ts';
import { insertSpace } from '../../src/workspace/store/spaceWrites.ts';
import { createTestWorkspace, PAGE_TOKEN, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;

interface Fixture {
  spaceId: string;
  homeId: string;
  guideId: string;
  setupId: string;
  referenceId: string;
  fileId: string;
  revisionId: string;
}

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

/** A private space with a small known page tree, links of every status and one file. */
function fixture(title = 'Fixture'): Fixture {
  const { ws } = t;
  const space = insertSpace(ws, { organizationId: t.demo.organizationId, title });
  const fileId = ws.ids.next();
  ws.db
    .prepare(
      'INSERT INTO files (revision_id, id, name, content_type, size, width, height, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .run(space.revision_id, fileId, 'logo.png', 'image/png', PNG.length, 1, 1, PNG);
  const [homeId, guideId, referenceId] = insertPageTree(ws, space.revision_id, [
    { title: 'Home', markdown: '' },
    { title: 'Guide', markdown: '# Guide\n', children: [{ title: 'Setup', markdown: '' }] },
    {
      title: 'Reference',
      markdown: [
        '# Reference',
        '',
        'Intro paragraph with **bold** text.',
        '',
        '## Tokens',
        '',
        '- first item',
        '- second item',
        '',
        '```js',
        'const a = 1;',
        'const b = 2;',
        '```',
        '',
        '> quoted advice',
        '',
        '### Deep heading',
        '',
        '---',
      ].join('\n'),
    },
  ]) as [string, string, string];
  const setupId = (
    ws.db
      .prepare("SELECT id FROM pages WHERE revision_id = ? AND slug = 'setup'")
      .get(space.revision_id) as { id: string }
  ).id;
  const setMarkdown = ws.db.prepare(
    'UPDATE pages SET markdown = ? WHERE revision_id = ? AND id = ?',
  );
  setMarkdown.run(
    [
      '# Home',
      '',
      `Read the [setup](guide/setup.md), the [same by id](page:${setupId}),`,
      'a [missing page](nowhere.md), [an external site](https://example.com/docs),',
      `[the app](${ws.publicUrl}/app/s/${space.id}/home) and ![logo](file:${fileId}).`,
    ].join('\n'),
    space.revision_id,
    homeId,
  );
  setMarkdown.run(
    '# Setup\n\nBack [home](/home) or [up](../home.md); [gone](page:nope).\n',
    space.revision_id,
    setupId,
  );
  return {
    spaceId: space.id,
    homeId,
    guideId,
    setupId,
    referenceId,
    fileId,
    revisionId: space.revision_id,
  };
}

function flatten(pages: Page[]): Page[] {
  return pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);
}

function errorOf(body: unknown) {
  return ErrorBody.parse(body).error;
}

let f: Fixture;

beforeAll(async () => {
  t = await createTestWorkspace();
  f = fixture();
});
afterAll(async () => {
  await t.close();
});

describe('GET /v1/spaces/{spaceId}/content', () => {
  it('answers the current revision with its page tree and files', async () => {
    const res = await t.request('GET', `/v1/spaces/${f.spaceId}/content`);
    expect(res.status).toBe(200);
    const revision = Revision.parse(res.body);
    expect(revision.id).toBe(f.revisionId);
    expect(revision.pages.map((p) => p.title)).toEqual(['Home', 'Guide', 'Reference']);
    const setup = flatten(revision.pages).find((p) => p.id === f.setupId);
    expect(setup?.path).toBe('guide/setup');
    expect(setup?.urls?.app).toBe(`${t.ws.publicUrl}/app/s/${f.spaceId}/guide/setup`);
    expect(revision.files.map((x) => x.name)).toEqual(['logo.png']);
    expect(revision.git?.oid).toMatch(/^[0-9a-f]{40}$/);
    expect(revision.pages[0]?.git?.path).toBe('home.md');
    expect(revision.pages[1]?.git?.path).toBe('guide/README.md');
  });

  it('omits git metadata with metadata=false and validates booleans', async () => {
    const res = await t.request(
      'GET',
      `/v1/spaces/${f.spaceId}/content?metadata=false&computed=false`,
    );
    expect(res.status).toBe(200);
    const revision = Revision.parse(res.body);
    expect(revision.git).toBeUndefined();
    expect(flatten(revision.pages).every((p) => p.git === undefined)).toBe(true);
    expect(revision.files[0]?.git).toBeUndefined();
    const bad = await t.request('GET', `/v1/spaces/${f.spaceId}/content?metadata=maybe`);
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body).message).toMatch(/^metadata:/);
  });

  it('answers 401 without a token, 404 to outsiders and for unknown spaces', async () => {
    expect((await t.request('GET', `/v1/spaces/${f.spaceId}/content`, { as: null })).status).toBe(
      401,
    );
    expect(
      (await t.request('GET', `/v1/spaces/${f.spaceId}/content`, { as: 'outsider' })).status,
    ).toBe(404);
    expect((await t.request('GET', '/v1/spaces/nope/content')).status).toBe(404);
    expect((await t.request('GET', `/v1/spaces/${f.spaceId}/content`, { as: 'read' })).status).toBe(
      200,
    );
  });

  it('lets guests read public spaces of the demo', async () => {
    const publicSpace = t.ws.db
      .prepare("SELECT id FROM spaces WHERE visibility = 'public' AND deleted_at IS NULL LIMIT 1")
      .get() as { id: string };
    const res = await t.request('GET', `/v1/spaces/${publicSpace.id}/content/pages`, {
      as: 'outsider',
    });
    expect(res.status).toBe(200);
    expect(PageTree.parse(res.body).pages.length).toBeGreaterThan(0);
  });
});

describe('GET .../content/pages', () => {
  it('answers the page tree, children nested', async () => {
    const res = await t.request('GET', `/v1/spaces/${f.spaceId}/content/pages`);
    expect(res.status).toBe(200);
    const tree = PageTree.parse(res.body);
    const guide = tree.pages.find((p) => p.id === f.guideId);
    expect(guide?.pages?.map((p) => p.title)).toEqual(['Setup']);
    expect(tree.pages[0]?.markdown).toBeUndefined();
  });
});

describe('files', () => {
  it('lists files with keyset paging', async () => {
    const second = t.ws.ids.next();
    t.ws.db
      .prepare(
        'INSERT INTO files (revision_id, id, name, content_type, size, data) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(f.revisionId, second, 'zebra.svg', 'image/svg+xml', 4, Buffer.from('<svg'));
    const first = await t.request('GET', `/v1/spaces/${f.spaceId}/content/files?limit=1`);
    expect(first.status).toBe(200);
    const page1 = FileList.parse(first.body);
    expect(page1.count).toBe(2);
    expect(page1.items.map((x) => x.name)).toEqual(['logo.png']);
    expect(page1.next?.page).toMatch(PAGE_TOKEN);
    const rest = await t.request(
      'GET',
      `/v1/spaces/${f.spaceId}/content/files?limit=1&page=${page1.next?.page}`,
    );
    const page2 = FileList.parse(rest.body);
    expect(page2.items.map((x) => x.name)).toEqual(['zebra.svg']);
    expect(page2.next).toBeUndefined();
    t.ws.db.prepare('DELETE FROM files WHERE revision_id = ? AND id = ?').run(f.revisionId, second);
  });

  it('rejects bad paging input', async () => {
    for (const query of [
      'limit=0',
      'limit=1001',
      'limit=abc',
      'page=%%%garbage',
      'page=eyJzIjoieCJ9',
    ]) {
      const res = await t.request('GET', `/v1/spaces/${f.spaceId}/content/files?${query}`);
      expect(res.status, query).toBe(400);
      expect(errorOf(res.body).message).toMatch(/^(limit|page):/);
    }
  });

  it('answers one file, and its download URL serves the bytes', async () => {
    const res = await t.request('GET', `/v1/spaces/${f.spaceId}/content/files/${f.fileId}`);
    expect(res.status).toBe(200);
    const file = File.parse(res.body);
    expect(file).toMatchObject({ name: 'logo.png', contentType: 'image/png', size: PNG.length });
    expect(file.dimensions).toEqual({ width: 1, height: 1 });
    const download = await t.app.inject({ method: 'GET', url: new URL(file.downloadURL).pathname });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect((await t.request('GET', `/v1/spaces/${f.spaceId}/content/files/nope`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/files/x/y/z.png' })).statusCode).toBe(404);
  });

  it('lists the backlinks of a file', async () => {
    const res = await t.request(
      'GET',
      `/v1/spaces/${f.spaceId}/content/files/${f.fileId}/backlinks`,
    );
    expect(res.status).toBe(200);
    const list = ReferenceList.parse(res.body);
    expect(list.count).toBe(1);
    expect(list.items[0]).toMatchObject({
      kind: 'page',
      page: { id: f.homeId, path: 'home' },
      space: { id: f.spaceId },
      versionContext: { type: 'revision', revision: f.revisionId },
    });
    expect(
      (await t.request('GET', `/v1/spaces/${f.spaceId}/content/files/nope/backlinks`)).status,
    ).toBe(404);
  });
});

describe('GET .../content/page/{pageId}', () => {
  it('answers Markdown with format=markdown', async () => {
    const res = await t.request(
      'GET',
      `/v1/spaces/${f.spaceId}/content/page/${f.setupId}?format=markdown`,
    );
    expect(res.status).toBe(200);
    const page = Page.parse(res.body);
    expect(page.markdown).toContain('# Setup');
    expect(page.document).toBeUndefined();
    expect(page.path).toBe('guide/setup');
  });

  it('converts Markdown to a Document by default', async () => {
    const res = await t.request(
      'GET',
      `/v1/spaces/${f.spaceId}/content/page/${f.referenceId}?format=document&evaluated=deterministic-only&dereferenced=reusable-contents`,
    );
    expect(res.status).toBe(200);
    const page = Page.parse(res.body);
    expect(page.markdown).toBeUndefined();
    const types = page.document?.nodes.map((n) => (n as { type: string }).type);
    expect(types).toEqual([
      'heading-1',
      'paragraph',
      'heading-2',
      'list',
      'code',
      'blockquote',
      'heading-3',
      'divider',
    ]);
    const code = page.document?.nodes[4] as { data: { syntax: string }; nodes: unknown[] };
    expect(code.data.syntax).toBe('js');
    expect(code.nodes).toHaveLength(2);
    expect(JSON.stringify(page.document?.nodes[1])).toContain('Intro paragraph with bold text.');
  });

  it('validates the query and answers 404 for unknown pages', async () => {
    for (const query of ['format=html', 'evaluated=yes', 'dereferenced=all', 'computed=2']) {
      const res = await t.request(
        'GET',
        `/v1/spaces/${f.spaceId}/content/page/${f.homeId}?${query}`,
      );
      expect(res.status, query).toBe(400);
    }
    expect((await t.request('GET', `/v1/spaces/${f.spaceId}/content/page/nope`)).status).toBe(404);
  });
});

describe('links', () => {
  it('lists every link target of the space with stats', async () => {
    const res = await t.request('GET', `/v1/spaces/${f.spaceId}/links`);
    expect(res.status).toBe(200);
    const list = LinkList.parse(res.body);
    // setup (by path and by id: one target), missing, external, app, logo, home, page:nope
    expect(list.stats).toEqual({ total: 7, broken: { total: 2, changeRequest: 0 } });
    expect(list.count).toBe(7);
    const byStatus = (s: string) => list.items.filter((l) => l.status === s);
    expect(byStatus('in-app')).toHaveLength(1);
    expect(
      byStatus('broken')
        .map((l) => l.targetReference.url)
        .sort(),
    ).toEqual(['nowhere.md', 'page:nope']);
    const setup = list.items.find((l) => l.targetReference.page?.id === f.setupId);
    expect(setup?.status).toBe('ok');
    expect(setup?.locationReferences.map((r) => r.page?.id)).toEqual([f.homeId]);
    const home = list.items.find((l) => l.targetReference.page?.id === f.homeId);
    expect(home?.locationReferences.map((r) => r.page?.id)).toEqual([f.setupId]);
    const external = list.items.find((l) => l.targetReference.kind === 'url' && l.status === 'ok');
    expect(external?.targetReference.url).toBe('https://example.com/docs');
    const file = list.items.find((l) => l.targetReference.kind === 'file');
    expect(file?.targetReference.file?.id).toBe(f.fileId);
  });

  it('filters by status and pages through the list', async () => {
    const broken = LinkList.parse(
      (await t.request('GET', `/v1/spaces/${f.spaceId}/links?status=broken`)).body,
    );
    expect(broken.items.every((l) => l.status === 'broken')).toBe(true);
    expect(broken.count).toBe(2);
    expect(broken.stats.total).toBe(7);
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const res = await t.request(
        'GET',
        `/v1/spaces/${f.spaceId}/links?limit=3${page ? `&page=${page}` : ''}`,
      );
      const list = LinkList.parse(res.body);
      seen.push(...list.items.map((l) => JSON.stringify(l.targetReference)));
      page = list.next?.page;
    } while (page);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect((await t.request('GET', `/v1/spaces/${f.spaceId}/links?status=dead`)).status).toBe(400);
  });

  it('lists the links of one page', async () => {
    const res = await t.request('GET', `/v1/spaces/${f.spaceId}/content/page/${f.setupId}/links`);
    expect(res.status).toBe(200);
    const list = LinkList.parse(res.body);
    expect(list.stats).toEqual({ total: 2, broken: { total: 1, changeRequest: 0 } });
    expect((await t.request('GET', `/v1/spaces/${f.spaceId}/content/page/nope/links`)).status).toBe(
      404,
    );
  });

  it('counts broken links of open change requests', async () => {
    const g = fixture('Links and requests');
    const created = await t.request('POST', `/v1/spaces/${g.spaceId}/change-requests`, {
      as: 'edit',
      body: { subject: 'More links' },
    });
    const cr = ChangeRequest.parse(created.body);
    t.ws.db
      .prepare(
        "UPDATE pages SET markdown = markdown || '\n[x](page:also-gone) [y](/nope)' WHERE revision_id = ? AND id = ?",
      )
      .run(cr.revision, g.referenceId);
    const res = await t.request('GET', `/v1/spaces/${g.spaceId}/links`);
    expect(LinkList.parse(res.body).stats.broken).toEqual({ total: 2, changeRequest: 4 });
    const inRequest = await t.request(
      'GET',
      `/v1/spaces/${g.spaceId}/change-requests/${cr.number}/content/page/${g.referenceId}/links`,
    );
    expect(LinkList.parse(inRequest.body).stats).toEqual({
      total: 2,
      broken: { total: 2, changeRequest: 2 },
    });
  });

  it('finds broken links in the demo content', async () => {
    const spaces = t.demo.spaceIds.slice(0, 4);
    let broken = 0;
    for (const id of spaces) {
      const list = LinkList.parse((await t.request('GET', `/v1/spaces/${id}/links`)).body);
      broken += list.stats.broken.total;
      expect(list.stats.total).toBeGreaterThan(5);
    }
    expect(broken).toBeGreaterThan(0);
  });
});

describe('POST /v1/spaces/{spaceId}/content/template', () => {
  it('adds the template pages as a new revision of the space (edit level)', async () => {
    const g = fixture('Templates');
    const res = await t.request('POST', `/v1/spaces/${g.spaceId}/content/template`, {
      as: 'edit',
      body: {
        id: 'api-reference',
        params: { contentRefs: { logo: { kind: 'file', file: g.fileId } } },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toBe('');
    const revision = Revision.parse(
      (await t.request('GET', `/v1/spaces/${g.spaceId}/content`)).body,
    );
    expect(revision.id).not.toBe(g.revisionId);
    expect(revision.parents).toEqual([g.revisionId]);
    expect(revision.type).toBe('edits');
    const api = revision.pages.find((p) => p.title === 'API reference');
    expect(api?.pages?.map((p) => p.title)).toEqual(['Authentication', 'Endpoints', 'Errors']);
    // The pages of before are kept, with the same ids.
    expect(revision.pages.map((p) => p.id).slice(0, 3)).toEqual([
      g.homeId,
      g.guideId,
      g.referenceId,
    ]);
    // Applying the same template again does not collide on slugs.
    await t.request('POST', `/v1/spaces/${g.spaceId}/content/template`, { body: { id: 'faq' } });
    await t.request('POST', `/v1/spaces/${g.spaceId}/content/template`, { body: { id: 'faq' } });
    const tree = PageTree.parse(
      (await t.request('GET', `/v1/spaces/${g.spaceId}/content/pages`)).body,
    );
    expect(tree.pages.filter((p) => p.title === 'FAQ').map((p) => p.slug)).toEqual([
      'faq',
      'faq-2',
    ]);
  });

  it('applies a template into a change request only', async () => {
    const g = fixture('Template into request');
    const cr = ChangeRequest.parse(
      (await t.request('POST', `/v1/spaces/${g.spaceId}/change-requests`, { as: 'edit', body: {} }))
        .body,
    );
    const res = await t.request('POST', `/v1/spaces/${g.spaceId}/content/template`, {
      as: 'edit',
      body: { id: 'changelog', changeRequestId: cr.id },
    });
    expect(res.status).toBe(201);
    const main = PageTree.parse(
      (await t.request('GET', `/v1/spaces/${g.spaceId}/content/pages`)).body,
    );
    expect(main.pages.some((p) => p.title === 'Changelog')).toBe(false);
    const inRequest = PageTree.parse(
      (await t.request('GET', `/v1/spaces/${g.spaceId}/change-requests/${cr.id}/content/pages`))
        .body,
    );
    expect(inRequest.pages.some((p) => p.title === 'Changelog')).toBe(true);
    const after = ChangeRequest.parse(
      (await t.request('GET', `/v1/spaces/${g.spaceId}/change-requests/${cr.id}`)).body,
    );
    expect(after.revision).not.toBe(cr.revision);
  });

  it('rejects unknown templates, unknown files, bad bodies, low levels and locked spaces', async () => {
    const g = fixture('Template errors');
    const url = `/v1/spaces/${g.spaceId}/content/template`;
    const unknown = await t.request('POST', url, { body: { id: 'novel' } });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown.body).message).toMatch(/^id:/);
    const file = await t.request('POST', url, {
      body: { id: 'faq', params: { contentRefs: { logo: { kind: 'file', file: 'nope' } } } },
    });
    expect(file.status).toBe(400);
    expect(errorOf(file.body).message).toMatch(/contentRefs\.logo/);
    expect((await t.request('POST', url, { body: { id: 'faq', extra: 1 } })).status).toBe(400);
    expect((await t.request('POST', url, { body: { id: 42 } })).status).toBe(400);
    expect((await t.request('POST', url, { body: '{"id":' })).status).toBe(400);
    expect((await t.request('POST', url, { body: { id: 'x'.repeat(10_000) } })).status).toBe(400);
    expect((await t.request('POST', url, { as: 'comment', body: { id: 'faq' } })).status).toBe(403);
    expect((await t.request('POST', url, { as: 'read', body: { id: 'faq' } })).status).toBe(403);
    expect((await t.request('POST', url, { as: 'outsider', body: { id: 'faq' } })).status).toBe(
      404,
    );
    expect(
      (await t.request('POST', url, { body: { id: 'faq', changeRequestId: 'nope' } })).status,
    ).toBe(404);
    t.ws.db.prepare("UPDATE spaces SET edit_mode = 'locked' WHERE id = ?").run(g.spaceId);
    expect((await t.request('POST', url, { body: { id: 'faq' } })).status).toBe(409);
    t.ws.db.prepare("UPDATE spaces SET edit_mode = 'live' WHERE id = ?").run(g.spaceId);
  });

  it('refuses templates into merged or archived change requests', async () => {
    const g = fixture('Template into archived');
    const cr = ChangeRequest.parse(
      (await t.request('POST', `/v1/spaces/${g.spaceId}/change-requests`, { body: {} })).body,
    );
    await t.request('PATCH', `/v1/spaces/${g.spaceId}/change-requests/${cr.id}`, {
      body: { status: 'archived' },
    });
    const res = await t.request('POST', `/v1/spaces/${g.spaceId}/content/template`, {
      body: { id: 'faq', changeRequestId: String(cr.number) },
    });
    expect(res.status).toBe(409);
  });
});

describe('change request content', () => {
  it('answers every content read of a change request, by id or number', async () => {
    const g = fixture('Request content');
    const cr = ChangeRequest.parse(
      (await t.request('POST', `/v1/spaces/${g.spaceId}/change-requests`, { as: 'edit', body: {} }))
        .body,
    );
    t.ws.db
      .prepare("UPDATE pages SET title = 'Setup (new)' WHERE revision_id = ? AND id = ?")
      .run(cr.revision, g.setupId);
    const base = `/v1/spaces/${g.spaceId}/change-requests/${cr.number}`;
    const revision = Revision.parse((await t.request('GET', `${base}/content`)).body);
    expect(revision.id).toBe(cr.revision);
    expect(revision.parents).toEqual([g.revisionId]);
    const setup = flatten(revision.pages).find((p) => p.id === g.setupId);
    expect(setup?.title).toBe('Setup (new)');
    expect(setup?.urls?.app).toBe(
      `${t.ws.publicUrl}/app/s/${g.spaceId}/~/changes/${cr.number}/guide/setup`,
    );
    const main = PageTree.parse(
      (await t.request('GET', `/v1/spaces/${g.spaceId}/content/pages`)).body,
    );
    expect(flatten(main.pages).find((p) => p.id === g.setupId)?.title).toBe('Setup');

    const byId = `/v1/spaces/${g.spaceId}/change-requests/${cr.id}`;
    expect(
      PageTree.parse((await t.request('GET', `${byId}/content/pages`)).body).pages,
    ).toHaveLength(3);
    expect(FileList.parse((await t.request('GET', `${byId}/content/files`)).body).count).toBe(1);
    expect(File.parse((await t.request('GET', `${byId}/content/files/${g.fileId}`)).body).id).toBe(
      g.fileId,
    );
    const fileLinks = ReferenceList.parse(
      (await t.request('GET', `${byId}/content/files/${g.fileId}/backlinks`)).body,
    );
    expect(fileLinks.items[0]?.versionContext).toEqual({
      type: 'change-request',
      revision: cr.revision,
      changeRequest: cr.id,
    });
    const page = Page.parse(
      (await t.request('GET', `${byId}/content/page/${g.setupId}?format=markdown`)).body,
    );
    expect(page.title).toBe('Setup (new)');
    const links = LinkList.parse(
      (await t.request('GET', `${byId}/content/page/${g.homeId}/links`)).body,
    );
    expect(links.stats.total).toBe(5);
    const backlinks = ReferenceList.parse(
      (await t.request('GET', `${byId}/content/page/${g.setupId}/backlinks`)).body,
    );
    expect(backlinks.items.map((r) => r.page?.id)).toEqual([g.homeId]);
    expect((await t.request('GET', `${byId}/content/page/nope/backlinks`)).status).toBe(404);
    expect(
      (await t.request('GET', `/v1/spaces/${g.spaceId}/change-requests/999/content`)).status,
    ).toBe(404);
    expect((await t.request('GET', `${byId}/content`, { as: 'outsider' })).status).toBe(404);
    expect((await t.request('GET', `${byId}/content`, { as: null })).status).toBe(401);
  });
});

describe('demo content', () => {
  it('has at least 200 pages in the current revisions, files and nested trees', () => {
    const { n } = t.ws.db
      .prepare(
        'SELECT count(*) AS n FROM pages p JOIN spaces s ON s.revision_id = p.revision_id WHERE s.deleted_at IS NULL',
      )
      .get() as { n: number };
    expect(n).toBeGreaterThanOrEqual(200);
    const files = t.ws.db
      .prepare('SELECT count(*) AS n FROM files f JOIN spaces s ON s.revision_id = f.revision_id')
      .get() as { n: number };
    expect(files.n).toBeGreaterThan(0);
  });
});
