import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChangeRequest,
  ChangeRequestList,
  ChangeRequestPdf,
  ChangeRequestRevisionResult,
} from '../../src/contract/changeRequests.ts';
import { ErrorBody } from '../../src/contract/common.ts';
import { PageTree, Revision } from '../../src/contract/content.ts';
import { insertPageTree } from '../../src/workspace/store/content/revisionWrites.ts';
import { insertSpace } from '../../src/workspace/store/spaceWrites.ts';
import { createTestWorkspace, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;

beforeAll(async () => {
  t = await createTestWorkspace();
});
afterAll(async () => {
  await t.close();
});

/** A private space of the demo organization with three pages. */
function space(title = 'Requests') {
  const row = insertSpace(t.ws, { organizationId: t.demo.organizationId, title });
  const [a, b, c] = insertPageTree(t.ws, row.revision_id, [
    { title: 'Alpha', markdown: '# Alpha\n\nfirst version\n' },
    { title: 'Beta', markdown: '# Beta\n\nfirst version\n' },
    { title: 'Gamma', markdown: '# Gamma\n\nfirst version\n' },
  ]) as [string, string, string];
  return { id: row.id, revision: row.revision_id, pages: { a, b, c } };
}

async function create(
  spaceId: string,
  body: unknown = {},
  as: 'edit' | 'admin' | 'review' = 'edit',
) {
  const res = await t.request('POST', `/v1/spaces/${spaceId}/change-requests`, { as, body });
  expect(res.status).toBe(201);
  return ChangeRequest.parse(res.body);
}

function setMarkdown(revisionId: string, pageId: string, markdown: string) {
  t.ws.db
    .prepare('UPDATE pages SET markdown = ? WHERE revision_id = ? AND id = ?')
    .run(markdown, revisionId, pageId);
}

function markdownOf(revisionId: string, pageId: string): string | undefined {
  const row = t.ws.db
    .prepare('SELECT markdown FROM pages WHERE revision_id = ? AND id = ?')
    .get(revisionId, pageId) as { markdown: string } | undefined;
  return row?.markdown;
}

function spaceRevision(spaceId: string): string {
  return (
    t.ws.db.prepare('SELECT revision_id FROM spaces WHERE id = ?').get(spaceId) as {
      revision_id: string;
    }
  ).revision_id;
}

const errorOf = (body: unknown) => ErrorBody.parse(body).error;

describe('POST /v1/spaces/{spaceId}/change-requests', () => {
  it('creates numbered draft requests with their own revision', async () => {
    const s = space();
    const first = await create(s.id, { subject: 'First', anything: { else: true } });
    const second = await create(s.id);
    expect(first).toMatchObject({
      object: 'change-request',
      number: 1,
      status: 'draft',
      subject: 'First',
      space: s.id,
      revisionInitial: s.revision,
      comments: 0,
      outdated: false,
      permissions: { view: true, edit: true, merge: false, comment: true },
    });
    expect(first.createdBy?.displayName).toBe('Eli Editor');
    expect(first.revision).not.toBe(s.revision);
    expect(first.urls?.location).toBe(
      `${t.ws.publicUrl}/v1/spaces/${s.id}/change-requests/${first.id}`,
    );
    expect(second.number).toBe(2);
    const revision = Revision.parse(
      (await t.request('GET', `/v1/spaces/${s.id}/change-requests/${first.id}/content`)).body,
    );
    expect(revision.parents).toEqual([s.revision]);
    expect(revision.pages.map((p) => p.id)).toEqual([s.pages.a, s.pages.b, s.pages.c]);
  });

  it('applies a template given at creation to the request only', async () => {
    const s = space();
    const cr = await create(s.id, { subject: 'With FAQ', template: { id: 'faq' } });
    const pages = PageTree.parse(
      (await t.request('GET', `/v1/spaces/${s.id}/change-requests/${cr.id}/content/pages`)).body,
    ).pages;
    expect(pages.map((p) => p.title)).toEqual(['Alpha', 'Beta', 'Gamma', 'FAQ']);
    expect(spaceRevision(s.id)).toBe(s.revision);
    const bad = await t.request('POST', `/v1/spaces/${s.id}/change-requests`, {
      body: { template: { id: 'nope' } },
    });
    expect(bad.status).toBe(400);
  });

  it('validates the body and the caller', async () => {
    const s = space();
    const url = `/v1/spaces/${s.id}/change-requests`;
    const long = await t.request('POST', url, { body: { subject: 'x'.repeat(101) } });
    expect(long.status).toBe(400);
    expect(errorOf(long.body).message).toMatch(/^subject: at most 100/);
    expect((await t.request('POST', url, { body: { subject: 7 } })).status).toBe(400);
    expect((await t.request('POST', url, { body: '{oops' })).status).toBe(400);
    expect((await t.request('POST', url, { body: [] })).status).toBe(400);
    expect((await t.request('POST', url, { as: 'comment', body: {} })).status).toBe(403);
    expect((await t.request('POST', url, { as: 'read', body: {} })).status).toBe(403);
    expect((await t.request('POST', url, { as: 'outsider', body: {} })).status).toBe(404);
    expect((await t.request('POST', url, { as: null, body: {} })).status).toBe(401);
    expect((await t.request('POST', '/v1/spaces/nope/change-requests', { body: {} })).status).toBe(
      404,
    );
    t.ws.db.prepare("UPDATE spaces SET edit_mode = 'locked' WHERE id = ?").run(s.id);
    expect((await t.request('POST', url, { body: {} })).status).toBe(409);
  });
});

describe('GET and PATCH {cr}', () => {
  it('reads a request by id or by number', async () => {
    const s = space();
    const cr = await create(s.id, { subject: 'Read me' });
    for (const key of [cr.id, String(cr.number)]) {
      const res = await t.request('GET', `/v1/spaces/${s.id}/change-requests/${key}`, {
        as: 'read',
      });
      expect(res.status).toBe(200);
      const read = ChangeRequest.parse(res.body);
      expect(read.id).toBe(cr.id);
      expect(read.permissions).toEqual({ view: true, edit: false, merge: false, comment: false });
    }
    expect((await t.request('GET', `/v1/spaces/${s.id}/change-requests/99`)).status).toBe(404);
    expect(
      (await t.request('GET', `/v1/spaces/${s.id}/change-requests/${cr.id}`, { as: 'outsider' }))
        .status,
    ).toBe(404);
    const other = space('Other');
    expect((await t.request('GET', `/v1/spaces/${other.id}/change-requests/${cr.id}`)).status).toBe(
      404,
    );
  });

  it('updates subject, status and description', async () => {
    const s = space();
    const cr = await create(s.id);
    t.clock.advance(60_000);
    const description = {
      object: 'document',
      nodes: [{ object: 'block', type: 'paragraph', nodes: [] }],
    };
    const res = await t.request('PATCH', `/v1/spaces/${s.id}/change-requests/${cr.number}`, {
      body: { subject: 'Renamed', status: 'open', description },
    });
    expect(res.status).toBe(200);
    const updated = ChangeRequest.parse(res.body);
    expect(updated).toMatchObject({ subject: 'Renamed', status: 'open', description });
    expect(updated.updatedAt > cr.updatedAt).toBe(true);
  });

  it('rejects invalid patches', async () => {
    const s = space();
    const cr = await create(s.id);
    const url = `/v1/spaces/${s.id}/change-requests/${cr.id}`;
    const cases: Array<[unknown, RegExp]> = [
      [{ subject: 'x'.repeat(101) }, /^subject:/],
      [{ status: 'closed' }, /^status:/],
      [{ status: 'merged' }, /^status:/],
      [{ description: { object: 'paragraph' } }, /^description/],
      [{ title: 'x' }, /title|unrecognized/i],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('PATCH', url, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.body).message).toMatch(message);
    }
    expect((await t.request('PATCH', url, { as: 'comment', body: { subject: 'x' } })).status).toBe(
      403,
    );
    expect((await t.request('PATCH', url, { as: 'outsider', body: { subject: 'x' } })).status).toBe(
      404,
    );
  });
});

describe('GET /v1/spaces/{spaceId}/change-requests', () => {
  it('lists open requests by default, filters and orders', async () => {
    const s = space();
    const a = await create(s.id, { subject: 'a' }, 'edit');
    t.clock.advance(1000);
    const b = await create(s.id, { subject: 'b' }, 'review');
    t.clock.advance(1000);
    const c = await create(s.id, { subject: 'c' }, 'edit');
    t.clock.advance(1000);
    for (const cr of [a, b, c]) {
      await t.request('PATCH', `/v1/spaces/${s.id}/change-requests/${cr.id}`, {
        body: { status: 'open' },
      });
      t.clock.advance(1000);
    }
    // a is touched last: first by updatedAt, last by createdAt.
    await t.request('PATCH', `/v1/spaces/${s.id}/change-requests/${a.id}`, {
      body: { subject: 'a2' },
    });
    const url = `/v1/spaces/${s.id}/change-requests`;
    const list = ChangeRequestList.parse((await t.request('GET', url, { as: 'read' })).body);
    expect(list.items.map((x) => x.subject)).toEqual(['a2', 'c', 'b']);
    const byCreated = ChangeRequestList.parse(
      (await t.request('GET', `${url}?orderBy=createdAt`)).body,
    );
    expect(byCreated.items.map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    const drafts = ChangeRequestList.parse((await t.request('GET', `${url}?status=draft`)).body);
    expect(drafts.count).toBe(0);
    const reviewer = t.demo.users.review;
    const byCreator = ChangeRequestList.parse(
      (await t.request('GET', `${url}?creator=${reviewer}`)).body,
    );
    expect(byCreator.items.map((x) => x.id)).toEqual([b.id]);
    const admin = t.demo.users.admin;
    // PATCH does not make contributors; content changes do.
    expect(
      ChangeRequestList.parse((await t.request('GET', `${url}?contributor=${admin}`)).body).count,
    ).toBe(0);
    await t.request('POST', `/v1/spaces/${s.id}/content/template`, {
      body: { id: 'faq', changeRequestId: c.id },
    });
    const byContributor = ChangeRequestList.parse(
      (await t.request('GET', `${url}?contributor=${admin}`)).body,
    );
    expect(byContributor.items.map((x) => x.id)).toEqual([c.id]);
    t.ws.db
      .prepare(
        'UPDATE change_requests SET requested_reviewers = ?, conversations_issues_cluster = ? WHERE id = ?',
      )
      .run(JSON.stringify([reviewer]), 'cluster-1', b.id);
    const byReviewer = ChangeRequestList.parse(
      (await t.request('GET', `${url}?requestedReviewer=${reviewer}`)).body,
    );
    expect(byReviewer.items.map((x) => x.id)).toEqual([b.id]);
    expect(byReviewer.items[0]?.requestedReviewers?.[0]?.id).toBe(reviewer);
    const byCluster = ChangeRequestList.parse(
      (await t.request('GET', `${url}?conversationsIssuesCluster=cluster-1`)).body,
    );
    expect(byCluster.items.map((x) => x.conversationsIssuesCluster)).toEqual(['cluster-1']);
  });

  it('pages without skipping or repeating while requests are added', async () => {
    const s = space();
    for (let i = 0; i < 5; i++) {
      const cr = await create(s.id, { subject: `n${i}` });
      await t.request('PATCH', `/v1/spaces/${s.id}/change-requests/${cr.id}`, {
        body: { status: 'open' },
      });
      t.clock.advance(1000);
    }
    const url = `/v1/spaces/${s.id}/change-requests?limit=2`;
    const first = ChangeRequestList.parse((await t.request('GET', url)).body);
    expect(first.count).toBe(5);
    const seen = first.items.map((x) => x.subject);
    // A new request sorts first (newest): it must not shift the next pages.
    const late = await create(s.id, { subject: 'late' });
    await t.request('PATCH', `/v1/spaces/${s.id}/change-requests/${late.id}`, {
      body: { status: 'open' },
    });
    let page = first.next?.page;
    while (page) {
      const next = ChangeRequestList.parse((await t.request('GET', `${url}&page=${page}`)).body);
      seen.push(...next.items.map((x) => x.subject));
      page = next.next?.page;
    }
    expect(seen).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);
    const foreign = await t.request('GET', `${url}&status=draft&page=${first.next?.page}`);
    expect(foreign.status).toBe(400);
  });

  it('rejects invalid filters', async () => {
    const s = space();
    for (const query of [
      'status=closed',
      'orderBy=title',
      'limit=0',
      'page=x',
      `creator=${'x'.repeat(300)}`,
    ]) {
      const res = await t.request('GET', `/v1/spaces/${s.id}/change-requests?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect(
      (await t.request('GET', `/v1/spaces/${s.id}/change-requests`, { as: 'outsider' })).status,
    ).toBe(404);
  });

  it('has demo requests in every status', async () => {
    const statuses = t.ws.db
      .prepare('SELECT DISTINCT status FROM change_requests ORDER BY status')
      .all() as Array<{ status: string }>;
    expect(statuses.map((r) => r.status)).toEqual(['archived', 'draft', 'merged', 'open']);
  });
});

describe('POST {cr}/merge', () => {
  it('merges into a new space revision with two parents (review level)', async () => {
    const s = space();
    const cr = await create(s.id, { subject: 'Edit beta' });
    setMarkdown(cr.revision, s.pages.b, '# Beta\n\nsecond version\n');
    const url = `/v1/spaces/${s.id}/change-requests/${cr.id}/merge`;
    expect((await t.request('POST', url, { as: 'edit' })).status).toBe(403);
    expect((await t.request('POST', url, { as: 'outsider' })).status).toBe(404);
    const res = await t.request('POST', url, { as: 'review' });
    expect(res.status).toBe(200);
    const result = ChangeRequestRevisionResult.parse(res.body);
    expect(result.result).toBe('merge');
    expect(spaceRevision(s.id)).toBe(result.revision);
    const revision = Revision.parse((await t.request('GET', `/v1/spaces/${s.id}/content`)).body);
    expect(revision).toMatchObject({
      id: result.revision,
      type: 'merge',
      parents: [s.revision, cr.revision],
    });
    expect(markdownOf(result.revision, s.pages.b)).toContain('second version');
    const merged = ChangeRequest.parse(
      (await t.request('GET', `/v1/spaces/${s.id}/change-requests/${cr.id}`)).body,
    );
    expect(merged).toMatchObject({
      status: 'merged',
      revisionMerged: result.revision,
      outdated: false,
    });
    const again = await t.request('POST', url);
    expect(again.status).toBe(409);
    expect(
      ChangeRequestList.parse(
        (await t.request('GET', `/v1/spaces/${s.id}/change-requests?status=merged`)).body,
      ).count,
    ).toBe(1);
  });

  it('refuses archived requests and locked spaces', async () => {
    const s = space();
    const archived = await create(s.id);
    await t.request('PATCH', `/v1/spaces/${s.id}/change-requests/${archived.id}`, {
      body: { status: 'archived' },
    });
    expect(
      (await t.request('POST', `/v1/spaces/${s.id}/change-requests/${archived.id}/merge`)).status,
    ).toBe(409);
    const open = await create(s.id);
    t.ws.db.prepare("UPDATE spaces SET edit_mode = 'locked' WHERE id = ?").run(s.id);
    const locked = await t.request('POST', `/v1/spaces/${s.id}/change-requests/${open.id}/merge`);
    expect(locked.status).toBe(409);
    expect(errorOf(locked.body).message).toMatch(/locked/);
    t.ws.db.prepare("UPDATE spaces SET edit_mode = 'live' WHERE id = ?").run(s.id);
    expect(
      (await t.request('POST', `/v1/spaces/${s.id}/change-requests/${open.id}/merge`)).status,
    ).toBe(200);
    // A merged request keeps its status.
    const patch = await t.request('PATCH', `/v1/spaces/${s.id}/change-requests/${open.id}`, {
      body: { status: 'open' },
    });
    expect(patch.status).toBe(409);
  });

  it('keeps what main changed meanwhile (three-way)', async () => {
    const s = space();
    const first = await create(s.id);
    const second = await create(s.id);
    setMarkdown(first.revision, s.pages.a, '# Alpha\n\nby first\n');
    setMarkdown(second.revision, s.pages.c, '# Gamma\n\nby second\n');
    t.ws.db
      .prepare('DELETE FROM pages WHERE revision_id = ? AND id = ?')
      .run(second.revision, s.pages.b);
    await t.request('POST', `/v1/spaces/${s.id}/change-requests/${first.id}/merge`);
    const outdated = ChangeRequest.parse(
      (await t.request('GET', `/v1/spaces/${s.id}/change-requests/${second.id}`)).body,
    );
    expect(outdated.outdated).toBe(true);
    const res = ChangeRequestRevisionResult.parse(
      (await t.request('POST', `/v1/spaces/${s.id}/change-requests/${second.id}/merge`)).body,
    );
    expect(markdownOf(res.revision, s.pages.a)).toContain('by first');
    expect(markdownOf(res.revision, s.pages.c)).toContain('by second');
    expect(markdownOf(res.revision, s.pages.b)).toBeUndefined();
  });
});

describe('POST {cr}/update', () => {
  it('pulls main content in and clears outdated', async () => {
    const s = space();
    const mine = await create(s.id, { subject: 'mine' });
    const theirs = await create(s.id, { subject: 'theirs' });
    setMarkdown(mine.revision, s.pages.a, '# Alpha\n\nmine\n');
    setMarkdown(theirs.revision, s.pages.b, '# Beta\n\ntheirs\n');
    const merged = ChangeRequestRevisionResult.parse(
      (await t.request('POST', `/v1/spaces/${s.id}/change-requests/${theirs.id}/merge`)).body,
    );
    const url = `/v1/spaces/${s.id}/change-requests/${mine.id}`;
    expect(ChangeRequest.parse((await t.request('GET', url)).body).outdated).toBe(true);
    expect((await t.request('POST', `${url}/update`, { as: 'comment' })).status).toBe(403);
    const res = await t.request('POST', `${url}/update`, { as: 'edit' });
    expect(res.status).toBe(200);
    const result = ChangeRequestRevisionResult.parse(res.body);
    expect(result.result).toBe('update');
    const after = ChangeRequest.parse((await t.request('GET', url)).body);
    expect(after).toMatchObject({
      revision: result.revision,
      revisionMergedAncestor: merged.revision,
      revisionInitial: s.revision,
      outdated: false,
    });
    expect(markdownOf(result.revision, s.pages.a)).toContain('mine');
    expect(markdownOf(result.revision, s.pages.b)).toContain('theirs');
    const revision = Revision.parse((await t.request('GET', `${url}/content`)).body);
    expect(revision).toMatchObject({ type: 'update', parents: [mine.revision, merged.revision] });
    // Merging after the update keeps both changes, and the base is now the ancestor.
    const final = ChangeRequestRevisionResult.parse((await t.request('POST', `${url}/merge`)).body);
    expect(markdownOf(final.revision, s.pages.a)).toContain('mine');
    expect(markdownOf(final.revision, s.pages.b)).toContain('theirs');
    expect((await t.request('POST', `${url}/update`)).status).toBe(409);
  });
});

describe('GET {cr}/pdf', () => {
  it('answers a URL that serves a PDF of the request without a token', async () => {
    const s = space();
    const cr = await create(s.id, { subject: 'Printable' });
    const res = await t.request('GET', `/v1/spaces/${s.id}/change-requests/${cr.number}/pdf`, {
      as: 'read',
    });
    expect(res.status).toBe(200);
    const { url } = ChangeRequestPdf.parse(res.body);
    expect(url.startsWith(`${t.ws.publicUrl}/exports/pdf/`)).toBe(true);
    const pdf = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const one = ChangeRequestPdf.parse(
      (
        await t.request(
          'GET',
          `/v1/spaces/${s.id}/change-requests/${cr.id}/pdf?only=true&page=${s.pages.a}`,
        )
      ).body,
    );
    const onePdf = await t.app.inject({ method: 'GET', url: new URL(one.url).pathname });
    expect(onePdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(onePdf.rawPayload.length).toBeLessThan(pdf.rawPayload.length);
  });

  it('prints the demo requests (lists, code, links)', async () => {
    const row = t.ws.db
      .prepare("SELECT space_id, id FROM change_requests WHERE status = 'open' LIMIT 1")
      .get() as { space_id: string; id: string };
    const { url } = ChangeRequestPdf.parse(
      (await t.request('GET', `/v1/spaces/${row.space_id}/change-requests/${row.id}/pdf`)).body,
    );
    const pdf = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.subarray(-6).toString()).toContain('%%EOF');
  });

  it('validates its query and the export token', async () => {
    const s = space();
    const cr = await create(s.id);
    const base = `/v1/spaces/${s.id}/change-requests/${cr.id}/pdf`;
    expect((await t.request('GET', `${base}?only=perhaps`)).status).toBe(400);
    expect((await t.request('GET', `${base}?page=nope`)).status).toBe(404);
    expect((await t.request('GET', base, { as: 'outsider' })).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/exports/pdf/guess.pdf' })).statusCode).toBe(
      404,
    );
  });
});

describe('GET {org}/change-requests', () => {
  it('lists requests of every readable space, every status unless filtered', async () => {
    const org = t.demo.organizationId;
    const res = await t.request('GET', `/v1/orgs/${org}/change-requests?limit=1000`, {
      as: 'read',
    });
    expect(res.status).toBe(200);
    const list = ChangeRequestList.parse(res.body);
    const total = t.ws.db
      .prepare(
        'SELECT count(*) AS n FROM change_requests cr JOIN spaces s ON s.id = cr.space_id WHERE s.organization_id = ? AND s.deleted_at IS NULL',
      )
      .get(org) as { n: number };
    expect(list.count).toBe(total.n);
    expect(new Set(list.items.map((x) => x.space)).size).toBeGreaterThan(3);
    expect(new Set(list.items.map((x) => x.status))).toEqual(
      new Set(['draft', 'open', 'archived', 'merged']),
    );
    const open = ChangeRequestList.parse(
      (await t.request('GET', `/v1/orgs/${org}/change-requests?status=open`)).body,
    );
    expect(open.items.every((x) => x.status === 'open')).toBe(true);
    const updated = list.items.map((x) => x.updatedAt);
    expect([...updated].sort().reverse()).toEqual(updated);
    expect(
      (await t.request('GET', `/v1/orgs/${org}/change-requests`, { as: 'outsider' })).status,
    ).toBe(404);
    expect((await t.request('GET', '/v1/orgs/nope/change-requests')).status).toBe(404);
    expect((await t.request('GET', `/v1/orgs/${org}/change-requests?orderBy=x`)).status).toBe(400);
  });
});
