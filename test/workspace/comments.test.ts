// Space comments on the embedded server: the demo ones, posting, reading, updating, deleting.
import { describe, expect, it } from 'vitest';
import { Comment, CommentList, CommentReply } from '../../src/contract/comments.ts';
import { REST_ID } from '../support/ids.ts';
import { errorOf } from '../support/workspace.ts';
import {
  crBase,
  MINUTE,
  otherSpaceId,
  pageIds,
  post,
  postComment,
  revisionId,
  spaceBase,
  spaceId,
  t,
  useCommentWorkspace,
  userId,
} from './comments.fixture.ts';

useCommentWorkspace();

describe('demo comments', () => {
  it('has comments with replies, reactions and resolved ones', () => {
    const db = t.ws.db;
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(
      count('SELECT count(*) AS n FROM comments WHERE change_request_id IS NULL'),
    ).toBeGreaterThan(5);
    expect(
      count('SELECT count(*) AS n FROM comments WHERE change_request_id IS NOT NULL'),
    ).toBeGreaterThan(3);
    expect(count("SELECT count(*) AS n FROM comments WHERE status = 'resolved'")).toBeGreaterThan(
      0,
    );
    expect(count('SELECT count(*) AS n FROM comment_replies')).toBeGreaterThan(3);
    expect(count('SELECT count(*) AS n FROM reactions')).toBeGreaterThan(3);
    expect(count('SELECT count(DISTINCT posted_by) AS n FROM comments')).toBeGreaterThan(2);
  });

  it('lists the demo comments of a space with their replies and reactions', async () => {
    const spaceWithComments = (
      t.ws.db
        .prepare(
          `SELECT space_id FROM comments WHERE change_request_id IS NULL
           GROUP BY space_id ORDER BY count(*) DESC LIMIT 1`,
        )
        .get() as { space_id: string }
    ).space_id;
    const res = await t.request('GET', `/v1/spaces/${spaceWithComments}/comments`);
    expect(res.status).toBe(200);
    const list = CommentList.parse(res.body);
    expect(list.count).toBeGreaterThan(1);
    for (const c of list.items) {
      expect(c.target.space).toBe(spaceWithComments);
      expect(c.target.changeRequest).toBeUndefined();
      expect(c.replies).toBe(c.repliers.reduce((sum, r) => sum + r.count, 0));
    }
  });
});

describe('space comments: posting', () => {
  it('posts a comment with every target field (200) as a commenter', async () => {
    const page = pageIds[0];
    expect(page).toMatch(REST_ID);
    const res = await post('comment', `${spaceBase()}/comments`, {
      body: { markdown: 'Please **clarify** this.' },
      page,
      node: 'node-1',
      tableCell: { record: 'r1', definition: 'd1' },
    });
    expect(res.status).toBe(200);
    const c = Comment.parse(res.body);
    expect(c).toMatchObject({
      object: 'comment',
      postedBy: { id: userId('comment') },
      postedAt: t.ws.now(),
      body: { markdown: 'Please **clarify** this.' },
      target: {
        page: { id: page },
        node: { id: 'node-1' },
        tableCell: { record: 'r1', definition: 'd1' },
        space: spaceId,
        revision: revisionId,
      },
      status: 'open',
      replies: 0,
      repliers: [],
      reactions: [],
      permissions: { view: true, edit: true, reply: true, delete: true },
      urls: { location: `${t.ws.publicUrl}/v1/spaces/${spaceId}/comments/${c.id}` },
    });
    expect(c.editedAt).toBeUndefined();
    expect(c.resolvedAt).toBeUndefined();
    expect(c.target.changeRequest).toBeUndefined();
  });

  it('answers 403 to a reader, 404 to an outsider, 401 without a token', async () => {
    const body = { body: { markdown: 'hi' } };
    const read = await post('read', `${spaceBase()}/comments`, body);
    expect(read.status).toBe(403);
    expect(errorOf(read).code).toBe(403);
    const outsider = await post('outsider', `${spaceBase()}/comments`, body);
    expect(outsider.status).toBe(404);
    const anonymous = await t.request('POST', `${spaceBase()}/comments`, { as: null, body });
    expect(anonymous.status).toBe(401);
    const unknown = await post('admin', '/v1/spaces/nope/comments', body);
    expect(unknown.status).toBe(404);
  });

  it.each([
    ['a missing body', {}, /^body: /],
    ['no JSON body at all', undefined, /^body: /],
    ['an empty markdown', { body: { markdown: '' } }, /^body\.markdown: must not be empty/],
    ['a blank markdown', { body: { markdown: ' \n\t ' } }, /^body\.markdown: must not be empty/],
    [
      'a huge markdown',
      { body: { markdown: 'x'.repeat(100_001) } },
      /^body\.markdown: at most 100000 characters/,
    ],
    ['a string body', { body: 'text' }, /^body: must be an object/],
    ['a number markdown', { body: { markdown: 5 } }, /^body\.markdown: must be a string/],
    ['a number node', { body: { markdown: 'x' }, node: 5 }, /^node: /],
    ['an empty page', { body: { markdown: 'x' }, page: '' }, /^page: must not be empty/],
    ['an unknown page', { body: { markdown: 'x' }, page: 'no-such-page' }, /^page: no page/],
    [
      'an incomplete tableCell',
      { body: { markdown: 'x' }, tableCell: { record: 'r' } },
      /^tableCell\.definition: /,
    ],
    ['an unknown field', { body: { markdown: 'x' }, color: 'red' }, /color/],
    ['an unknown body field', { body: { markdown: 'x', html: '<b>' } }, /html/],
    ['an array', [1, 2], /^body: /],
  ])('answers 400 naming the field for %s', async (_name, body, message) => {
    const res =
      body === undefined
        ? await t.request('POST', `${spaceBase()}/comments`, { as: 'comment' })
        : await post('comment', `${spaceBase()}/comments`, body);
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(message);
  });

  it('answers 400 to malformed JSON and accepts exactly 100 000 characters', async () => {
    const bad = await post('comment', `${spaceBase()}/comments`, '{"body": {');
    expect(bad.status).toBe(400);
    expect(errorOf(bad).code).toBe(400);
    const max = await post('comment', `${spaceBase()}/comments`, {
      body: { markdown: 'y'.repeat(100_000) },
    });
    expect(max.status).toBe(200);
    expect(Comment.parse(max.body).body.markdown).toHaveLength(100_000);
  });

  it('answers a body beyond the request size limit without a 500', async () => {
    const res = await post('comment', `${spaceBase()}/comments`, {
      body: { markdown: 'z'.repeat(2_000_000) },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('space comments: reading one', () => {
  it('reads a comment, as Markdown by default and as a Document with format=document', async () => {
    const c = await postComment('edit', spaceBase(), {
      body: { markdown: '# Title\n\nFirst paragraph\nstill first.\n\nSecond one.' },
    });
    const plain = await t.request('GET', `${spaceBase()}/comments/${c.id}`, { as: 'read' });
    expect(plain.status).toBe(200);
    const read = Comment.parse(plain.body);
    expect(read.body.document).toBeUndefined();
    expect(read.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });

    const doc = await t.request('GET', `${spaceBase()}/comments/${c.id}?format=document`);
    expect(doc.status).toBe(200);
    const document = Comment.parse(doc.body).body.document;
    expect(document?.object).toBe('document');
    expect(document?.nodes.map((n) => (n as { type: string }).type)).toEqual([
      'heading-1',
      'paragraph',
      'paragraph',
    ]);
    expect(JSON.stringify(document?.nodes[1])).toContain('First paragraph');
    expect(JSON.stringify(document?.nodes[2])).toContain('Second one.');

    const markdown = await t.request('GET', `${spaceBase()}/comments/${c.id}?format=markdown`);
    expect(Comment.parse(markdown.body).body.document).toBeUndefined();
  });

  it('computes permissions for the caller: admins may delete, not edit', async () => {
    const c = await postComment('comment', spaceBase());
    const admin = Comment.parse((await t.request('GET', `${spaceBase()}/comments/${c.id}`)).body);
    expect(admin.permissions).toEqual({ view: true, edit: false, reply: true, delete: true });
    const edit = Comment.parse(
      (await t.request('GET', `${spaceBase()}/comments/${c.id}`, { as: 'edit' })).body,
    );
    expect(edit.permissions).toEqual({ view: true, edit: false, reply: true, delete: false });
  });

  it('answers 404 to unknown ids, ids of another space or of a change request, and outsiders', async () => {
    const c = await postComment('comment', spaceBase());
    const other = await postComment('comment', `/v1/spaces/${otherSpaceId}`);
    const onCr = await postComment('comment', crBase());
    for (const url of [
      `${spaceBase()}/comments/nope`,
      `${spaceBase()}/comments/${other.id}`,
      `${spaceBase()}/comments/${onCr.id}`,
      `/v1/spaces/${otherSpaceId}/comments/${c.id}`,
    ]) {
      const res = await t.request('GET', url);
      expect(res.status, url).toBe(404);
      expect(errorOf(res).code).toBe(404);
    }
    const outsider = await t.request('GET', `${spaceBase()}/comments/${c.id}`, { as: 'outsider' });
    expect(outsider.status).toBe(404);
    const badFormat = await t.request('GET', `${spaceBase()}/comments/${c.id}?format=html`);
    expect(badFormat.status).toBe(400);
    expect(errorOf(badFormat).message).toMatch(/^format: /);
  });
});

describe('space comments: updating', () => {
  it('lets the author edit the body, setting editedAt; others get 403', async () => {
    const c = await postComment('comment', spaceBase());
    t.clock.advance(MINUTE);
    const byAdmin = await t.request('PUT', `${spaceBase()}/comments/${c.id}`, {
      body: { body: { markdown: 'hijacked' } },
    });
    expect(byAdmin.status).toBe(403);
    const unchanged = Comment.parse(
      (await t.request('GET', `${spaceBase()}/comments/${c.id}`)).body,
    );
    expect(unchanged.body.markdown).toBe('A comment');

    const res = await t.request('PUT', `${spaceBase()}/comments/${c.id}`, {
      as: 'comment',
      body: { body: { markdown: 'Edited' } },
    });
    expect(res.status).toBe(200);
    const edited = Comment.parse(res.body);
    expect(edited.body.markdown).toBe('Edited');
    expect(edited.editedAt).toBe(t.ws.now());
    expect(edited.postedAt).toBe(c.postedAt);
  });

  it('resolves and unresolves with resolvedAt and resolvedBy', async () => {
    const c = await postComment('edit', spaceBase());
    t.clock.advance(MINUTE);
    const resolved = await t.request('PUT', `${spaceBase()}/comments/${c.id}`, {
      as: 'comment',
      body: { resolved: true },
    });
    expect(resolved.status).toBe(200);
    const r = Comment.parse(resolved.body);
    expect(r.status).toBe('resolved');
    expect(r.resolvedAt).toBe(t.ws.now());
    expect(r.resolvedBy?.id).toBe(userId('comment'));
    expect(r.editedAt).toBeUndefined();

    // Resolving again keeps who resolved it first.
    t.clock.advance(MINUTE);
    const again = Comment.parse(
      (
        await t.request('PUT', `${spaceBase()}/comments/${c.id}`, {
          as: 'review',
          body: { resolved: true },
        })
      ).body,
    );
    expect(again.resolvedBy?.id).toBe(userId('comment'));
    expect(again.resolvedAt).toBe(r.resolvedAt);

    const reopened = Comment.parse(
      (
        await t.request('PUT', `${spaceBase()}/comments/${c.id}`, {
          as: 'review',
          body: { resolved: false },
        })
      ).body,
    );
    expect(reopened.status).toBe('open');
    expect(reopened.resolvedAt).toBeUndefined();
    expect(reopened.resolvedBy).toBeUndefined();
  });

  it('adds and removes reactions idempotently, per user', async () => {
    const c = await postComment('comment', spaceBase());
    const url = `${spaceBase()}/comments/${c.id}`;
    const r1 = await t.request('PUT', url, { as: 'edit', body: { addedReactions: ['👍', '🎉'] } });
    expect(r1.status).toBe(200);
    t.clock.advance(MINUTE);
    await t.request('PUT', url, { as: 'review', body: { addedReactions: ['👍'] } });
    const twice = Comment.parse(
      (await t.request('PUT', url, { as: 'review', body: { addedReactions: ['👍'] } })).body,
    );
    expect(twice.reactions.map((r) => [r.emoji, r.count])).toEqual([
      ['👍', 2],
      ['🎉', 1],
    ]);
    const thumbs = twice.reactions[0];
    expect(thumbs?.users.map((u) => u.user.id)).toEqual([userId('edit'), userId('review')]);
    expect(thumbs?.users[1]?.reactedAt).toBe(t.ws.now());

    const removed = Comment.parse(
      (
        await t.request('PUT', url, {
          as: 'edit',
          body: { removedReactions: ['👍', '🎉', '❤️'] },
        })
      ).body,
    );
    expect(removed.reactions.map((r) => [r.emoji, r.count])).toEqual([['👍', 1]]);
    expect(removed.reactions[0]?.users[0]?.user.id).toBe(userId('review'));
    const removedAgain = await t.request('PUT', url, {
      as: 'edit',
      body: { removedReactions: ['👍'] },
    });
    expect(Comment.parse(removedAgain.body).reactions[0]?.count).toBe(1);
  });

  it('answers 403 to a reader and 404 to an outsider or an unknown comment', async () => {
    const c = await postComment('comment', spaceBase());
    const url = `${spaceBase()}/comments/${c.id}`;
    const read = await t.request('PUT', url, { as: 'read', body: { addedReactions: ['👍'] } });
    expect(read.status).toBe(403);
    const readResolve = await t.request('PUT', url, { as: 'read', body: { resolved: true } });
    expect(readResolve.status).toBe(403);
    const outsider = await t.request('PUT', url, { as: 'outsider', body: { resolved: true } });
    expect(outsider.status).toBe(404);
    const unknown = await t.request('PUT', `${spaceBase()}/comments/nope`, {
      body: { resolved: true },
    });
    expect(unknown.status).toBe(404);
    const crossSpace = await t.request('PUT', `/v1/spaces/${otherSpaceId}/comments/${c.id}`, {
      body: { resolved: true },
    });
    expect(crossSpace.status).toBe(404);
  });

  it.each([
    ['a string resolved', { resolved: 'yes' }, /^resolved: must be a boolean/],
    ['a long emoji', { addedReactions: ['x'.repeat(51)] }, /^addedReactions\.0: at most 50/],
    ['an empty emoji', { addedReactions: [''] }, /^addedReactions\.0: must not be empty/],
    ['a non-array', { removedReactions: '👍' }, /^removedReactions: /],
    ['too many emoji', { addedReactions: Array(51).fill('👍') }, /^addedReactions: at most 50/],
    [
      'an emoji both added and removed',
      { addedReactions: ['👍'], removedReactions: ['👍'] },
      /^addedReactions: /,
    ],
    ['an empty body', { body: { markdown: '' } }, /^body\.markdown: /],
    ['an unknown field', { status: 'resolved' }, /status/],
  ])('answers 400 to %s', async (_name, body, message) => {
    const c = await postComment('comment', spaceBase());
    const res = await t.request('PUT', `${spaceBase()}/comments/${c.id}`, { as: 'comment', body });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(message);
  });

  it('applies nothing when one part is refused', async () => {
    const c = await postComment('comment', spaceBase());
    const res = await t.request('PUT', `${spaceBase()}/comments/${c.id}`, {
      as: 'edit',
      body: { resolved: true, addedReactions: ['👍'], body: { markdown: 'not mine' } },
    });
    expect(res.status).toBe(403);
    const after = Comment.parse((await t.request('GET', `${spaceBase()}/comments/${c.id}`)).body);
    expect(after.status).toBe('open');
    expect(after.reactions).toEqual([]);
  });
});

describe('space comments: deleting', () => {
  it('lets the author delete (204), then answers 404 to reads and 204 to deletes', async () => {
    const c = await postComment('comment', spaceBase());
    const reply = await post('edit', `${spaceBase()}/comments/${c.id}/replies`, {
      body: { markdown: 'r' },
    });
    const replyId = CommentReply.parse(reply.body).id;
    await t.request('PUT', `${spaceBase()}/comments/${c.id}`, { body: { addedReactions: ['👍'] } });
    await t.request('PUT', `${spaceBase()}/comments/${c.id}/replies/${replyId}`, {
      body: { addedReactions: ['👍'] },
    });

    const res = await t.request('DELETE', `${spaceBase()}/comments/${c.id}`, { as: 'comment' });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect((await t.request('GET', `${spaceBase()}/comments/${c.id}`)).status).toBe(404);
    const again = await t.request('DELETE', `${spaceBase()}/comments/${c.id}`, { as: 'comment' });
    expect(again.status).toBe(204);
    const left = t.ws.db
      .prepare('SELECT count(*) AS n FROM reactions WHERE target_id IN (?, ?)')
      .get(c.id, replyId) as { n: number };
    expect(left.n).toBe(0);
    const replies = t.ws.db
      .prepare('SELECT count(*) AS n FROM comment_replies WHERE comment_id = ?')
      .get(c.id) as { n: number };
    expect(replies.n).toBe(0);
  });

  it('lets a space admin delete, refuses other commenters (403), readers (403), outsiders (404)', async () => {
    const c = await postComment('comment', spaceBase());
    const url = `${spaceBase()}/comments/${c.id}`;
    expect((await t.request('DELETE', url, { as: 'review' })).status).toBe(403);
    expect((await t.request('DELETE', url, { as: 'read' })).status).toBe(403);
    expect((await t.request('DELETE', url, { as: 'outsider' })).status).toBe(404);
    expect((await t.request('DELETE', url, { as: null })).status).toBe(401);
    expect((await t.request('GET', url)).status).toBe(200);
    expect((await t.request('DELETE', url, { as: 'admin' })).status).toBe(204);
    expect((await t.request('GET', url)).status).toBe(404);
  });

  it('does not delete a comment through another space (204, still there)', async () => {
    const c = await postComment('comment', spaceBase());
    const res = await t.request('DELETE', `/v1/spaces/${otherSpaceId}/comments/${c.id}`);
    expect(res.status).toBe(204);
    expect((await t.request('GET', `${spaceBase()}/comments/${c.id}`)).status).toBe(200);
  });
});
