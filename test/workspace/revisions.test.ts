import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeRequest, ChangeRequestRevisionResult } from '../../src/contract/changeRequests.ts';
import { File, FileList, Page, PageTree, Revision } from '../../src/contract/content.ts';
import { RevisionChanges } from '../../src/contract/revisions.ts';
import { setChangeRequestRevision } from '../../src/workspace/store/changeRequestRevisions.ts';
import type { ChangeRequestRow } from '../../src/workspace/store/changeRequests.ts';
import { insertPageTree } from '../../src/workspace/store/content/revisionWrites.ts';
import { insertSpace } from '../../src/workspace/store/spaceWrites.ts';
import { createTestWorkspace, expectError, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;

beforeAll(async () => {
  t = await createTestWorkspace();
});
afterAll(async () => {
  await t.close();
});

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

/** A private space with three pages and a file; its first revision is `initial`. */
function space(title = 'Revisions') {
  const row = insertSpace(t.ws, { organizationId: t.demo.organizationId, title });
  const [a, b, c] = insertPageTree(t.ws, row.revision_id, [
    { title: 'Alpha', markdown: '# Alpha\n\nfirst version\n' },
    { title: 'Beta', markdown: '# Beta\n\nfirst version\n' },
    { title: 'Gamma', markdown: '# Gamma\n\nfirst version\n' },
  ]) as [string, string, string];
  const fileId = t.ws.ids.next();
  t.ws.db
    .prepare(
      'INSERT INTO files (revision_id, id, name, content_type, size, width, height, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .run(row.revision_id, fileId, 'logo.png', 'image/png', PNG.length, 1, 1, PNG);
  return { id: row.id, initial: row.revision_id, pages: { a, b, c }, fileId };
}

/** A change request on `spaceId` whose revision is edited by `edit` (plain SQL on its pages). */
async function changeRequest(spaceId: string, edit: (revisionId: string) => void) {
  const res = await t.request('POST', `/v1/spaces/${spaceId}/change-requests`, {
    as: 'edit',
    body: { subject: 'Edits' },
  });
  expect(res.status).toBe(201);
  const cr = ChangeRequest.parse(res.body);
  const row = t.ws.db
    .prepare('SELECT * FROM change_requests WHERE id = ?')
    .get(cr.id) as ChangeRequestRow;
  setChangeRequestRevision(t.ws, row, row.created_by ?? '', edit);
  return cr;
}

function sql(statement: string, ...params: unknown[]) {
  t.ws.db.prepare(statement).run(...params);
}

/** A space whose main content moved on: a request edited Beta, moved Gamma and was merged. */
async function movedSpace() {
  const s = space();
  const cr = await changeRequest(s.id, (revisionId) => {
    sql(
      'UPDATE pages SET markdown = ?, title = ? WHERE revision_id = ? AND id = ?',
      '# Beta\n\nsecond version\n',
      'Beta 2',
      revisionId,
      s.pages.b,
    );
    sql(
      'UPDATE pages SET parent_id = ? WHERE revision_id = ? AND id = ?',
      s.pages.a,
      revisionId,
      s.pages.c,
    );
    sql('DELETE FROM files WHERE revision_id = ?', revisionId);
  });
  const merge = await t.request('POST', `/v1/spaces/${s.id}/change-requests/${cr.id}/merge`, {
    as: 'review',
  });
  expect(merge.status).toBe(200);
  const merged = ChangeRequestRevisionResult.parse(merge.body).revision;
  return { ...s, merged };
}

describe('GET /v1/spaces/{spaceId}/revisions/{revisionId}', () => {
  it('answers a past revision of the main content in the Revision shape', async () => {
    const s = await movedSpace();
    const res = await t.request('GET', `/v1/spaces/${s.id}/revisions/${s.initial}`);
    expect(res.status).toBe(200);
    const revision = Revision.parse(res.body);
    expect(revision).toMatchObject({ object: 'revision', id: s.initial, parents: [] });
    expect(revision.pages.map((p) => p.title)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(revision.files.map((f) => f.name)).toEqual(['logo.png']);
    expect(revision.urls?.app).toBe(`${t.ws.publicUrl}/app/s/${s.id}/~/revisions/${s.initial}`);
    const current = Revision.parse((await t.request('GET', `/v1/spaces/${s.id}/content`)).body);
    expect(current.id).toBe(s.merged);
    const same = Revision.parse(
      (await t.request('GET', `/v1/spaces/${s.id}/revisions/${s.merged}`)).body,
    );
    expect(same.pages.map((p) => p.title)).toEqual(current.pages.map((p) => p.title));
  });

  it('answers 404 in the error shape for a missing revision, or one of another space', async () => {
    const s = space('Missing');
    const other = space('Other');
    expectError(await t.request('GET', `/v1/spaces/${s.id}/revisions/nope`), 404, 'revision');
    expectError(
      await t.request('GET', `/v1/spaces/${s.id}/revisions/${other.initial}`),
      404,
      'revision',
    );
    for (const tail of [
      '/pages',
      `/page/${s.pages.a}`,
      '/files',
      `/files/${s.fileId}`,
      '/changes',
    ]) {
      expectError(
        await t.request('GET', `/v1/spaces/${s.id}/revisions/nope${tail}`),
        404,
        'revision',
      );
    }
  });

  it('follows the space’s read rules', async () => {
    const s = space('Private');
    const url = `/v1/spaces/${s.id}/revisions/${s.initial}`;
    expect((await t.request('GET', url, { as: 'read' })).status).toBe(200);
    for (const tail of [
      '',
      '/pages',
      `/page/${s.pages.a}`,
      '/files',
      `/files/${s.fileId}`,
      '/changes',
    ]) {
      expectError(await t.request('GET', `${url}${tail}`, { as: 'outsider' }), 404, 'space');
      expect((await t.request('GET', `${url}${tail}`, { as: null })).status).toBe(401);
    }
  });
});

describe('GET {revision}/pages, /page/{pageId}, /files', () => {
  it('answers the page tree, a page in either format and the files as they were', async () => {
    const s = await movedSpace();
    const at = `/v1/spaces/${s.id}/revisions/${s.initial}`;
    const tree = PageTree.parse((await t.request('GET', `${at}/pages`)).body);
    expect(tree.pages.map((p) => [p.title, p.pages?.length])).toEqual([
      ['Alpha', 0],
      ['Beta', 0],
      ['Gamma', 0],
    ]);
    const markdown = Page.parse(
      (await t.request('GET', `${at}/page/${s.pages.b}?format=markdown`)).body,
    );
    expect(markdown).toMatchObject({ title: 'Beta', markdown: '# Beta\n\nfirst version\n' });
    const document = Page.parse(
      (await t.request('GET', `${at}/page/${s.pages.b}?evaluated=true&dereferenced=true`)).body,
    );
    expect(document.document).toBeDefined();
    expect(document.markdown).toBeUndefined();
    const now = Page.parse(
      (
        await t.request(
          'GET',
          `/v1/spaces/${s.id}/revisions/${s.merged}/page/${s.pages.b}?format=markdown`,
        )
      ).body,
    );
    expect(now).toMatchObject({ title: 'Beta 2', markdown: '# Beta\n\nsecond version\n' });
    expectError(await t.request('GET', `${at}/page/nope`), 404, 'page');
    expectError(await t.request('GET', `${at}/page/${s.pages.b}?format=html`), 400);

    const files = FileList.parse((await t.request('GET', `${at}/files?limit=1`)).body);
    expect(files.items.map((f) => f.id)).toEqual([s.fileId]);
    const file = File.parse((await t.request('GET', `${at}/files/${s.fileId}`)).body);
    expect(file.name).toBe('logo.png');
    expect(
      FileList.parse(
        (await t.request('GET', `/v1/spaces/${s.id}/revisions/${s.merged}/files`)).body,
      ).items,
    ).toEqual([]);
    expectError(
      await t.request('GET', `/v1/spaces/${s.id}/revisions/${s.merged}/files/${s.fileId}`),
      404,
      'file',
    );
  });
});

describe('GET {revision}/changes', () => {
  it('lists what a revision changed against its first parent', async () => {
    const s = await movedSpace();
    const res = await t.request('GET', `/v1/spaces/${s.id}/revisions/${s.merged}/changes`);
    expect(res.status).toBe(200);
    const { changes, more } = RevisionChanges.parse(res.body);
    expect(more).toBeUndefined();
    expect(changes.map((c) => [c.type, c.page?.id ?? c.file?.id])).toEqual([
      ['page_moved', s.pages.c],
      ['page_edited', s.pages.b],
      ['file_deleted', s.fileId],
    ]);
    const edited = changes.find((c) => c.type === 'page_edited');
    expect(edited?.attributes).toEqual({
      title: { before: 'Beta', after: 'Beta 2' },
      document: { before: '# Beta\n\nfirst version\n', after: '# Beta\n\nsecond version\n' },
    });
    const moved = changes.find((c) => c.type === 'page_moved');
    expect(moved?.parent).toEqual({ after: { id: s.pages.a, title: 'Alpha', path: 'alpha' } });
    expect(moved?.page?.path).toBe('alpha/gamma');
  });

  it('lists every page and file as created for a first revision, 10 by default', async () => {
    const row = insertSpace(t.ws, { organizationId: t.demo.organizationId, title: 'Many' });
    insertPageTree(
      t.ws,
      row.revision_id,
      Array.from({ length: 12 }, (_, i) => ({ title: `Page ${i}`, markdown: `# ${i}\n` })),
    );
    const at = `/v1/spaces/${row.id}/revisions/${row.revision_id}/changes`;
    const first = RevisionChanges.parse((await t.request('GET', at)).body);
    expect(first.changes).toHaveLength(10);
    expect(first.more).toBe(2);
    expect(new Set(first.changes.map((c) => c.type))).toEqual(new Set(['page_created']));
    const all = RevisionChanges.parse((await t.request('GET', `${at}?limit=50`)).body);
    expect(all.changes.map((c) => c.page?.title)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Page ${i}`),
    );
    expect(all.more).toBeUndefined();
    expectError(await t.request('GET', `${at}?limit=0`), 400);
  });
});
