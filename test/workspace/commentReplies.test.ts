// Replies to space comments on the embedded server.
import { describe, expect, it } from 'vitest';
import { Comment, CommentReply, CommentReplyList } from '../../src/contract/comments.ts';
import { errorOf } from '../support/workspace.ts';
import {
  MINUTE,
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

describe('space comments: replies', () => {
  it('posts, reads, lists, edits, reacts to and deletes replies', async () => {
    const c = await postComment('comment', spaceBase());
    const base = `${spaceBase()}/comments/${c.id}/replies`;
    const r1 = await post('edit', base, { body: { markdown: 'First reply' } });
    expect(r1.status).toBe(200);
    const reply1 = CommentReply.parse(r1.body);
    expect(reply1).toMatchObject({
      object: 'comment-reply',
      postedBy: { id: userId('edit') },
      postedAt: t.ws.now(),
      body: { markdown: 'First reply' },
      reactions: [],
      permissions: { view: true, edit: true, reply: true, delete: true },
      urls: {
        location: `${t.ws.publicUrl}/v1/spaces/${spaceId}/comments/${c.id}/replies/${reply1.id}`,
      },
    });
    t.clock.advance(MINUTE);
    await post('edit', base, { body: { markdown: 'Second reply' } });
    t.clock.advance(MINUTE);
    const r3 = await t.request('POST', `${base}?format=document`, {
      as: 'review',
      body: { body: { markdown: 'Third' } },
    });
    expect(CommentReply.parse(r3.body).body.document?.nodes).toHaveLength(1);

    const comment = Comment.parse((await t.request('GET', `${spaceBase()}/comments/${c.id}`)).body);
    expect(comment.replies).toBe(3);
    expect(comment.repliers.map((r) => [r.user.id, r.count])).toEqual([
      [userId('review'), 1],
      [userId('edit'), 2],
    ]);
    expect(comment.repliers[1]?.updatedAt).toBe(
      new Date(new Date(t.ws.now()).getTime() - MINUTE).toISOString(),
    );

    const page1 = await t.request('GET', `${base}?limit=2`, { as: 'read' });
    expect(page1.status).toBe(200);
    const list1 = CommentReplyList.parse(page1.body);
    expect(list1.count).toBe(3);
    expect(list1.items.map((r) => r.body.markdown)).toEqual(['First reply', 'Second reply']);
    expect(list1.items[0]?.permissions).toEqual({
      view: true,
      edit: false,
      reply: false,
      delete: false,
    });
    const page2 = CommentReplyList.parse(
      (await t.request('GET', `${base}?limit=2&page=${list1.next?.page}&format=document`)).body,
    );
    expect(page2.items.map((r) => r.body.markdown)).toEqual(['Third']);
    expect(page2.items[0]?.body.document).toEqual(paragraph('Third'));
    expect(page2.next).toBeUndefined();

    const one = await t.request('GET', `${base}/${reply1.id}?format=document`);
    expect(one.status).toBe(200);
    expect(CommentReply.parse(one.body).body.document?.object).toBe('document');

    // Only the author edits the body; any commenter reacts.
    const notMine = await t.request('PUT', `${base}/${reply1.id}`, {
      as: 'comment',
      body: { body: { markdown: 'x' } },
    });
    expect(notMine.status).toBe(403);
    t.clock.advance(MINUTE);
    const edited = await t.request('PUT', `${base}/${reply1.id}`, {
      as: 'edit',
      body: { body: { markdown: 'First reply, edited' } },
    });
    expect(edited.status).toBe(200);
    expect(CommentReply.parse(edited.body)).toMatchObject({
      body: { markdown: 'First reply, edited' },
      editedAt: t.ws.now(),
    });
    const reacted = await t.request('PUT', `${base}/${reply1.id}`, {
      as: 'comment',
      body: { addedReactions: ['🚀'] },
    });
    await t.request('PUT', `${base}/${reply1.id}`, {
      as: 'comment',
      body: { addedReactions: ['🚀'] },
    });
    expect(CommentReply.parse(reacted.body).reactions).toMatchObject([{ emoji: '🚀', count: 1 }]);
    const unreacted = await t.request('PUT', `${base}/${reply1.id}`, {
      as: 'comment',
      body: { removedReactions: ['🚀'] },
    });
    expect(CommentReply.parse(unreacted.body).reactions).toEqual([]);
    const readReact = await t.request('PUT', `${base}/${reply1.id}`, {
      as: 'read',
      body: { addedReactions: ['🚀'] },
    });
    expect(readReact.status).toBe(403);

    // Delete: other commenters 403, the author 204, absent 204.
    expect((await t.request('DELETE', `${base}/${reply1.id}`, { as: 'comment' })).status).toBe(403);
    expect((await t.request('DELETE', `${base}/${reply1.id}`, { as: 'edit' })).status).toBe(204);
    expect((await t.request('GET', `${base}/${reply1.id}`)).status).toBe(404);
    expect((await t.request('DELETE', `${base}/${reply1.id}`, { as: 'edit' })).status).toBe(204);
    expect((await t.request('DELETE', `${base}/nope`)).status).toBe(204);
    const after = Comment.parse((await t.request('GET', `${spaceBase()}/comments/${c.id}`)).body);
    expect(after.replies).toBe(2);
  });

  it('answers 403 to readers, 404 to outsiders and for replies of other comments', async () => {
    const c1 = await postComment('comment', spaceBase());
    const c2 = await postComment('comment', spaceBase());
    const reply = CommentReply.parse(
      (
        await post('comment', `${spaceBase()}/comments/${c1.id}/replies`, {
          body: { markdown: 'r' },
        })
      ).body,
    );
    const read = await post('read', `${spaceBase()}/comments/${c1.id}/replies`, {
      body: { markdown: 'r' },
    });
    expect(read.status).toBe(403);
    const outsider = await t.request('GET', `${spaceBase()}/comments/${c1.id}/replies`, {
      as: 'outsider',
    });
    expect(outsider.status).toBe(404);
    for (const url of [
      `${spaceBase()}/comments/${c2.id}/replies/${reply.id}`,
      `${spaceBase()}/comments/nope/replies/${reply.id}`,
      `${spaceBase()}/comments/${c1.id}/replies/nope`,
      `/v1/spaces/${otherSpaceId}/comments/${c1.id}/replies/${reply.id}`,
    ]) {
      expect((await t.request('GET', url)).status, url).toBe(404);
      expect((await t.request('PUT', url, { body: { addedReactions: ['👍'] } })).status, url).toBe(
        404,
      );
    }
    expect(
      (await post('comment', `${spaceBase()}/comments/nope/replies`, { body: { markdown: 'r' } }))
        .status,
    ).toBe(404);
    expect((await t.request('GET', `${spaceBase()}/comments/nope/replies`)).status).toBe(404);
    // Deleting through another comment leaves the reply in place.
    expect(
      (await t.request('DELETE', `${spaceBase()}/comments/${c2.id}/replies/${reply.id}`)).status,
    ).toBe(204);
    expect(
      (await t.request('GET', `${spaceBase()}/comments/${c1.id}/replies/${reply.id}`)).status,
    ).toBe(200);
  });

  it.each([
    ['a missing body', {}],
    ['an empty markdown', { body: { markdown: '' } }],
    ['a huge markdown', { body: { markdown: 'x'.repeat(100_001) } }],
    ['a number body', { body: 3 }],
    ['an unknown field', { body: { markdown: 'x' }, node: 'n' }],
  ])('answers 400 to a reply with %s', async (_name, body) => {
    const c = await postComment('comment', spaceBase());
    const res = await post('comment', `${spaceBase()}/comments/${c.id}/replies`, body);
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(/^(body|node)/);
  });
});
