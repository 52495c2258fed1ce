// Comments and replies on change requests on the embedded server.
import { describe, expect, it } from 'vitest';
import {
  Comment,
  CommentList,
  CommentReply,
  CommentReplyList,
} from '../../src/contract/comments.ts';
import { errorOf } from '../support/workspace.ts';
import {
  cr,
  crBase,
  MINUTE,
  otherCr,
  otherSpaceId,
  paragraph,
  post,
  postComment,
  spaceBase,
  spaceId,
  t,
  useCommentWorkspace,
  userId,
} from './comments.fixture.ts';

useCommentWorkspace();

describe('change request comments', () => {
  it('posts, reads by id and by number, lists and keeps them apart from the space', async () => {
    const res = await post('comment', `${crBase()}/comments`, {
      body: { markdown: 'On the request' },
    });
    expect(res.status).toBe(200);
    const c = Comment.parse(res.body);
    expect(c.target).toMatchObject({
      changeRequest: cr.id,
      space: spaceId,
      revision: cr.revisionId,
    });
    expect(c.urls.location).toBe(
      `${t.ws.publicUrl}/v1/spaces/${spaceId}/change-requests/${cr.id}/comments/${c.id}`,
    );
    const byNumber = await t.request(
      'GET',
      `/v1/spaces/${spaceId}/change-requests/${cr.number}/comments/${c.id}?format=document`,
      { as: 'read' },
    );
    expect(byNumber.status).toBe(200);
    expect(Comment.parse(byNumber.body).body.document).toEqual(paragraph('On the request'));

    const list = CommentList.parse(
      (await t.request('GET', `${crBase()}/comments?limit=1000`)).body,
    );
    expect(list.items.map((i) => i.id)).toContain(c.id);
    for (const item of list.items) expect(item.target.changeRequest).toBe(cr.id);

    const spaceList = CommentList.parse(
      (await t.request('GET', `${spaceBase()}/comments?limit=1000`)).body,
    );
    expect(spaceList.items.map((i) => i.id)).not.toContain(c.id);
    expect((await t.request('GET', `${spaceBase()}/comments/${c.id}`)).status).toBe(404);
    const otherCrGet = await t.request(
      'GET',
      `/v1/spaces/${spaceId}/change-requests/${otherCr.id}/comments/${c.id}`,
    );
    expect(otherCrGet.status).toBe(404);
  });

  it('filters the request comments by status, authors and targetPage', async () => {
    const base = `/v1/spaces/${spaceId}/change-requests/${otherCr.id}`;
    t.ws.db.prepare('DELETE FROM comments WHERE change_request_id = ?').run(otherCr.id);
    t.clock.advance(MINUTE);
    const a = await postComment('comment', base, { body: { markdown: 'a' } });
    t.clock.advance(MINUTE);
    const b = await postComment('edit', base, { body: { markdown: 'b' } });
    await t.request('PUT', `${base}/comments/${a.id}`, { body: { resolved: true } });
    const get = async (q: string) =>
      CommentList.parse((await t.request('GET', `${base}/comments${q}`)).body).items.map(
        (c) => c.id,
      );
    expect(await get('')).toEqual([b.id, a.id]);
    expect(await get('?order=asc')).toEqual([a.id, b.id]);
    expect(await get('?status=open')).toEqual([b.id]);
    expect(await get('?status=resolved')).toEqual([a.id]);
    expect(await get(`?authors=${userId('edit')}`)).toEqual([b.id]);
    expect(await get('?targetPage=nothing')).toEqual([]);
    expect((await t.request('GET', `${base}/comments?targetPage=`)).status).toBe(400);
  });

  it('updates, reacts, resolves and deletes a request comment', async () => {
    const c = await postComment('comment', crBase());
    const url = `${crBase()}/comments/${c.id}`;
    expect((await t.request('PUT', url, { body: { body: { markdown: 'x' } } })).status).toBe(403);
    const updated = await t.request('PUT', url, {
      as: 'comment',
      body: { body: { markdown: 'changed' }, resolved: true, addedReactions: ['👀'] },
    });
    expect(updated.status).toBe(200);
    expect(Comment.parse(updated.body)).toMatchObject({
      body: { markdown: 'changed' },
      status: 'resolved',
      resolvedBy: { id: userId('comment') },
      reactions: [{ emoji: '👀', count: 1 }],
    });
    expect((await t.request('PUT', url, { as: 'read', body: { resolved: false } })).status).toBe(
      403,
    );
    expect((await t.request('DELETE', url, { as: 'edit' })).status).toBe(403);
    expect((await t.request('DELETE', url, { as: 'admin' })).status).toBe(204);
    expect((await t.request('DELETE', url, { as: 'admin' })).status).toBe(204);
    expect((await t.request('GET', url)).status).toBe(404);
  });

  it('posts, lists, reads, updates and deletes replies on a request comment', async () => {
    const c = await postComment('comment', crBase());
    const base = `${crBase()}/comments/${c.id}/replies`;
    const posted = await t.request('POST', `${base}?format=document`, {
      as: 'edit',
      body: { body: { markdown: 'reply' } },
    });
    expect(posted.status).toBe(200);
    const reply = CommentReply.parse(posted.body);
    expect(reply.body.document).toEqual(paragraph('reply'));
    expect(reply.urls.location).toBe(
      `${t.ws.publicUrl}/v1/spaces/${spaceId}/change-requests/${cr.id}/comments/${c.id}/replies/${reply.id}`,
    );
    const list = await t.request('GET', `${base}?format=markdown`, { as: 'read' });
    expect(list.status).toBe(200);
    expect(CommentReplyList.parse(list.body).items.map((r) => r.id)).toEqual([reply.id]);
    expect((await t.request('GET', `${base}/${reply.id}`)).status).toBe(200);
    const edited = await t.request('PUT', `${base}/${reply.id}`, {
      as: 'edit',
      body: { body: { markdown: 'edited' }, addedReactions: ['🎉'] },
    });
    expect(CommentReply.parse(edited.body)).toMatchObject({
      body: { markdown: 'edited' },
      reactions: [{ emoji: '🎉', count: 1 }],
    });
    expect(
      (
        await t.request('PUT', `${base}/${reply.id}`, {
          as: 'comment',
          body: { body: { markdown: 'no' } },
        })
      ).status,
    ).toBe(403);
    expect((await t.request('DELETE', `${base}/${reply.id}`, { as: 'admin' })).status).toBe(204);
    expect((await t.request('GET', `${base}/${reply.id}`)).status).toBe(404);
    // Replies are not reachable through the space's main-content routes.
    expect((await t.request('GET', `${spaceBase()}/comments/${c.id}/replies`)).status).toBe(404);
  });

  it('answers 403 to readers, 404 to outsiders and unknown requests, 400 to bad input', async () => {
    const body = { body: { markdown: 'x' } };
    expect((await post('read', `${crBase()}/comments`, body)).status).toBe(403);
    expect((await post('outsider', `${crBase()}/comments`, body)).status).toBe(404);
    expect((await t.request('GET', `${crBase()}/comments`, { as: 'outsider' })).status).toBe(404);
    expect(
      (await t.request('GET', `/v1/spaces/${spaceId}/change-requests/nope/comments`)).status,
    ).toBe(404);
    expect(
      (await t.request('GET', `/v1/spaces/${otherSpaceId}/change-requests/${cr.id}/comments`))
        .status,
    ).toBe(404);
    const empty = await post('comment', `${crBase()}/comments`, { body: { markdown: '' } });
    expect(empty.status).toBe(400);
    expect(errorOf(empty).message).toMatch(/^body\.markdown: /);
    const badPage = await post('comment', `${crBase()}/comments`, {
      body: { markdown: 'x' },
      page: 'no-such-page',
    });
    expect(badPage.status).toBe(400);
    expect((await t.request('GET', `${crBase()}/comments?page=bad`)).status).toBe(400);
  });
});
