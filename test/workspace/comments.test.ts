import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Comment,
  CommenterList,
  CommentList,
  CommentReply,
  CommentReplyList,
} from '../../src/contract/comments.ts';
import { type SpaceAccessRow, spaceLevel } from '../../src/workspace/access.ts';
import type { DemoPersona } from '../../src/workspace/demo/users.ts';
import { REST_ID } from '../support/ids.ts';
import {
  createTestWorkspace,
  errorOf,
  PAGE_TOKEN,
  type TestWorkspace,
} from '../support/workspace.ts';

let t: TestWorkspace;
/** A private space where each persona's level is exactly its organization role. */
let spaceId: string;
let revisionId: string;
let pageIds: string[];
/** Another readable space of the organization. */
let otherSpaceId: string;
/** A change request of `spaceId`, and a second one. */
let cr: { id: string; number: number; revisionId: string };
let otherCr: { id: string };

const MINUTE = 60_000;

/** The Document a one-paragraph Markdown body converts to. */
const paragraph = (text: string) => ({
  object: 'document',
  data: { schemaVersion: 1 },
  nodes: [
    {
      object: 'block',
      type: 'paragraph',
      key: 'b1',
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text }] }],
    },
  ],
});

function userId(persona: DemoPersona): string {
  return t.demo.users[persona];
}

async function post(persona: DemoPersona, url: string, body: unknown) {
  return t.request('POST', url, { as: persona, body });
}

async function postComment(
  persona: DemoPersona,
  base: string,
  body: Record<string, unknown> = { body: { markdown: 'A comment' } },
): Promise<Comment> {
  const res = await post(persona, `${base}/comments`, body);
  expect(res.status).toBe(200);
  return Comment.parse(res.body);
}

beforeAll(async () => {
  t = await createTestWorkspace();
  const db = t.ws.db;
  const spaces = db
    .prepare(
      `SELECT id, organization_id, parent_id, visibility, default_level, share_key, revision_id
       FROM spaces WHERE organization_id = ? AND deleted_at IS NULL ORDER BY id`,
    )
    .all(t.demo.organizationId) as Array<SpaceAccessRow & { revision_id: string }>;
  const exact = spaces.filter(
    (s) =>
      spaceLevel(db, userId('read'), s) === 'read' &&
      spaceLevel(db, userId('comment'), s) === 'comment' &&
      spaceLevel(db, userId('edit'), s) === 'edit' &&
      spaceLevel(db, userId('review'), s) === 'review' &&
      spaceLevel(db, userId('outsider'), s) === null,
  );
  const withCrs = exact.filter(
    (s) =>
      (
        db.prepare('SELECT count(*) AS n FROM change_requests WHERE space_id = ?').get(s.id) as {
          n: number;
        }
      ).n >= 2,
  );
  const space = withCrs[0] ?? exact[0];
  if (!space) throw new Error('the demo data has no private space with role-exact levels');
  spaceId = space.id;
  revisionId = space.revision_id;
  pageIds = (
    db.prepare('SELECT id FROM pages WHERE revision_id = ? ORDER BY id').all(revisionId) as Array<{
      id: string;
    }>
  ).map((p) => p.id);
  const other = exact.find((s) => s.id !== spaceId);
  if (!other) throw new Error('the demo data needs two private spaces');
  otherSpaceId = other.id;
  const crs = db
    .prepare(
      'SELECT id, number, revision_id AS revisionId FROM change_requests WHERE space_id = ? ORDER BY number',
    )
    .all(spaceId) as Array<{ id: string; number: number; revisionId: string }>;
  if (crs.length < 2) throw new Error('the chosen space needs two change requests');
  cr = crs[0] as (typeof crs)[0];
  otherCr = crs[1] as (typeof crs)[0];
});
afterAll(() => t.close());

const spaceBase = () => `/v1/spaces/${spaceId}`;
const crBase = () => `/v1/spaces/${spaceId}/change-requests/${cr.id}`;

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
