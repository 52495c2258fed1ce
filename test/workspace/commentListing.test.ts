// Listing space comments and commenters on the embedded server, and what guests may read.
import { beforeAll, describe, expect, it } from 'vitest';
import { CommenterList, CommentList } from '../../src/contract/comments.ts';
import type { DemoPersona } from '../../src/workspace/demo/users.ts';
import { REST_ID } from '../support/ids.ts';
import { errorOf, PAGE_TOKEN } from '../support/workspace.ts';
import {
  crBase,
  MINUTE,
  otherSpaceId,
  post,
  postComment,
  spaceId,
  t,
  useCommentWorkspace,
  userId,
} from './comments.fixture.ts';

useCommentWorkspace();

describe('space comments: listing', () => {
  let listSpace: string;
  let ids: { a: string; b: string; c: string; d: string };
  /** The first two pages of `listSpace`: `a` and `b` are on the first, `d` on the second. */
  let pages: string[];
  const list = async (query: string, as: DemoPersona = 'read') => {
    const res = await t.request('GET', `/v1/spaces/${listSpace}/comments${query}`, { as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CommentList.parse(res.body);
  };

  beforeAll(async () => {
    listSpace = otherSpaceId;
    // Start from an empty list, so the assertions below are exact.
    t.ws.db.prepare('DELETE FROM comments WHERE space_id = ?').run(listSpace);
    const rev = (
      t.ws.db.prepare('SELECT revision_id FROM spaces WHERE id = ?').get(listSpace) as {
        revision_id: string;
      }
    ).revision_id;
    pages = (
      t.ws.db
        .prepare('SELECT id FROM pages WHERE revision_id = ? ORDER BY id LIMIT 2')
        .all(rev) as Array<{
        id: string;
      }>
    ).map((p) => p.id);
    const base = `/v1/spaces/${listSpace}`;
    t.clock.advance(MINUTE);
    const a = await postComment('comment', base, { body: { markdown: 'a' }, page: pages[0] });
    t.clock.advance(MINUTE);
    const b = await postComment('edit', base, { body: { markdown: 'b' }, page: pages[0] });
    t.clock.advance(MINUTE);
    const c = await postComment('review', base, { body: { markdown: 'c' } });
    t.clock.advance(MINUTE);
    const d = await postComment('comment', base, { body: { markdown: 'd' }, page: pages[1] });
    await t.request('PUT', `${base}/comments/${b.id}`, { body: { resolved: true } });
    ids = { a: a.id, b: b.id, c: c.id, d: d.id };
  });

  it('lists newest first by default and oldest first with order=asc', async () => {
    const desc = await list('');
    expect(desc.count).toBe(4);
    expect(desc.items.map((c) => c.body.markdown)).toEqual(['d', 'c', 'b', 'a']);
    expect(desc.next).toBeUndefined();
    const asc = await list('?order=asc');
    expect(asc.items.map((c) => c.body.markdown)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('filters by status', async () => {
    expect((await list('?status=open')).items.map((c) => c.id)).toEqual([ids.d, ids.c, ids.a]);
    const resolved = await list('?status=resolved');
    expect(resolved.count).toBe(1);
    expect(resolved.items[0]?.id).toBe(ids.b);
    expect((await list('?status=all')).count).toBe(4);
  });

  it('filters by targetPage', async () => {
    const first = (await list('')).items.find((c) => c.id === ids.a)?.target.page?.id;
    expect(first).toMatch(REST_ID);
    expect(first).toBe(pages[0]);
    const page = await list(`?targetPage=${first}`);
    expect(page.items.map((c) => c.id)).toEqual([ids.b, ids.a]);
    expect((await list('?targetPage=no-such-page')).count).toBe(0);
  });

  it('filters by authors, repeated or comma-separated', async () => {
    const comment = userId('comment');
    const edit = userId('edit');
    expect((await list(`?authors=${comment}`)).items.map((c) => c.id)).toEqual([ids.d, ids.a]);
    expect((await list(`?authors=${comment}&authors=${edit}`)).count).toBe(3);
    expect((await list(`?authors=${comment},${edit}&order=asc`)).items.map((c) => c.id)).toEqual([
      ids.a,
      ids.b,
      ids.d,
    ]);
    expect((await list(`?authors=${userId('read')}`)).count).toBe(0);
    expect((await list(`?authors=${comment}&status=resolved`)).count).toBe(0);
  });

  it('formats every listed body as a Document with format=document', async () => {
    const docs = await list('?format=document&limit=2');
    expect(docs.items).toHaveLength(2);
    for (const c of docs.items) expect(c.body.document?.nodes).toHaveLength(1);
  });

  it('pages with keyset tokens, without skipping or repeating under inserts and deletes', async () => {
    const first = await list('?limit=2&order=asc');
    expect(first.count).toBe(4);
    expect(first.items.map((c) => c.id)).toEqual([ids.a, ids.b]);
    expect(first.next?.page).toMatch(PAGE_TOKEN);
    // Delete an item of the first page and add a new one at the end.
    await t.request('DELETE', `/v1/spaces/${listSpace}/comments/${ids.a}`);
    t.clock.advance(MINUTE);
    const e = await postComment('comment', `/v1/spaces/${listSpace}`, { body: { markdown: 'e' } });
    const second = await list(`?limit=2&order=asc&page=${first.next?.page}`);
    expect(second.items.map((c) => c.id)).toEqual([ids.c, ids.d]);
    const third = await list(`?limit=2&order=asc&page=${second.next?.page}`);
    expect(third.items.map((c) => c.id)).toEqual([e.id]);
    expect(third.next).toBeUndefined();
    // A token of another list (other filters) is refused.
    const other = await t.request(
      'GET',
      `/v1/spaces/${listSpace}/comments?limit=2&order=desc&page=${first.next?.page}`,
    );
    expect(other.status).toBe(400);
    expect(errorOf(other).message).toMatch(/^page: /);
  });

  it.each([
    ['status=closed', /^status: /],
    ['order=up', /^order: /],
    ['format=html', /^format: /],
    ['targetPage=', /^targetPage: must not be empty/],
    ['authors=', /^authors: /],
    ['authors=,,', /^authors: /],
    ['limit=0', /^limit: /],
    ['limit=1001', /^limit: /],
    ['limit=abc', /^limit: /],
    ['page=not-a-token', /^page: /],
    ['page=<3000 characters>', /^page: /],
  ])('answers 400 to %s', async (label, message) => {
    const query = label.replace('<3000 characters>', 'x'.repeat(3000));
    const res = await t.request('GET', `/v1/spaces/${listSpace}/comments?${query}`);
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(message);
  });

  it('answers 404 to outsiders and for unknown spaces', async () => {
    expect(
      (await t.request('GET', `/v1/spaces/${listSpace}/comments`, { as: 'outsider' })).status,
    ).toBe(404);
    expect((await t.request('GET', '/v1/spaces/nope/comments')).status).toBe(404);
    expect((await t.request('GET', `/v1/spaces/${listSpace}/comments`, { as: null })).status).toBe(
      401,
    );
  });
});

describe('space visibility', () => {
  it('lets guests read the comments of a public space, not post or react', async () => {
    const space = t.ws.db
      .prepare(
        "SELECT id, title FROM spaces WHERE organization_id = ? AND visibility = 'public' AND deleted_at IS NULL ORDER BY title LIMIT 1",
      )
      .get(t.demo.organizationId) as { id: string; title: string } | undefined;
    expect(space).toEqual({ id: expect.stringMatching(REST_ID), title: 'Getting Started' });
    const base = `/v1/spaces/${space?.id}`;
    const c = await postComment('comment', base);
    const list = await t.request('GET', `${base}/comments`, { as: 'outsider' });
    expect(list.status).toBe(200);
    const read = CommentList.parse(list.body).items.find((i) => i.id === c.id);
    expect(read?.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    expect((await post('outsider', `${base}/comments`, { body: { markdown: 'x' } })).status).toBe(
      403,
    );
    const react = await t.request('PUT', `${base}/comments/${c.id}`, {
      as: 'outsider',
      body: { addedReactions: ['👍'] },
    });
    expect(react.status).toBe(403);
  });

  it('answers 404 for the comments of a soft-deleted space, to admins too', async () => {
    const space = t.ws.db
      .prepare(
        'SELECT id FROM spaces WHERE organization_id = ? AND deleted_at IS NULL AND id NOT IN (?, ?) LIMIT 1',
      )
      .get(t.demo.organizationId, spaceId, otherSpaceId) as { id: string };
    const c = await postComment('comment', `/v1/spaces/${space.id}`);
    t.ws.db.prepare('UPDATE spaces SET deleted_at = ? WHERE id = ?').run(t.ws.now(), space.id);
    expect((await t.request('GET', `/v1/spaces/${space.id}/comments`)).status).toBe(404);
    expect((await t.request('GET', `/v1/spaces/${space.id}/comments/${c.id}`)).status).toBe(404);
    expect(
      (await post('admin', `/v1/spaces/${space.id}/comments`, { body: { markdown: 'x' } })).status,
    ).toBe(404);
    expect((await t.request('GET', `/v1/spaces/${space.id}/commenters`)).status).toBe(404);
  });
});

describe('commenters', () => {
  it('lists the members who commented or replied, paged', async () => {
    const space = `/v1/spaces/${spaceId}`;
    const c = await postComment('comment', space);
    await post('review', `${space}/comments/${c.id}/replies`, { body: { markdown: 'r' } });
    await postComment('edit', crBase());
    const res = await t.request('GET', `${space}/commenters`, { as: 'read' });
    expect(res.status).toBe(200);
    const list = CommenterList.parse(res.body);
    const ids = list.items.map((m) => m.user.id);
    expect(ids).toEqual(
      expect.arrayContaining([userId('comment'), userId('review'), userId('edit')]),
    );
    expect(ids).not.toContain(userId('read'));
    expect(new Set(ids).size).toBe(ids.length);
    expect(list.count).toBe(ids.length);

    const seen: string[] = [];
    let page: string | undefined;
    do {
      const res = await t.request(
        'GET',
        `${space}/commenters?limit=1${page ? `&page=${page}` : ''}`,
      );
      const p = CommenterList.parse(res.body);
      expect(p.items.length).toBeLessThanOrEqual(1);
      seen.push(...p.items.map((m) => m.user.id));
      page = p.next?.page;
    } while (page);
    expect(seen).toEqual(ids);
  });

  it('answers 404 to outsiders and 400 to bad paging', async () => {
    expect(
      (await t.request('GET', `/v1/spaces/${spaceId}/commenters`, { as: 'outsider' })).status,
    ).toBe(404);
    expect((await t.request('GET', `/v1/spaces/${spaceId}/commenters?limit=-1`)).status).toBe(400);
    expect((await t.request('GET', `/v1/spaces/${spaceId}/commenters?page=zzz`)).status).toBe(400);
  });
});
