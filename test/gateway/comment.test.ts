import { describe, expect, it } from 'vitest';
import { restSpace } from '../support/fixtures.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';
import { addressId, globalId } from '../support/ids.ts';

const user = (id: string) => ({ object: 'user', id, displayName: `User ${id}` });
const permissions = { view: true, edit: true, reply: true, delete: true };
const comment = (id: string, extra: Record<string, unknown> = {}) => ({
  object: 'comment',
  id,
  postedBy: user('u1'),
  postedAt: '2024-01-01T00:00:00.000Z',
  reactions: [
    { emoji: '👍', count: 1, users: [{ user: user('u2'), reactedAt: '2024-01-02T00:00:00.000Z' }] },
  ],
  replies: 1,
  repliers: [{ updatedAt: '2024-01-02T00:00:00.000Z', count: 1, user: user('u2') }],
  body: { markdown: `Comment ${id}` },
  target: { page: { id: 'p1' }, space: 's1' },
  urls: { location: `/comments/${id}` },
  permissions,
  status: 'open',
  ...extra,
});
const reply = (id: string) => ({
  object: 'comment-reply',
  id,
  postedBy: user('u2'),
  postedAt: '2024-01-02T00:00:00.000Z',
  reactions: [],
  body: { markdown: `Reply ${id}` },
  urls: {},
  permissions,
});
const space = restSpace('s1', { title: 'API', comments: 1 });
const commentId = (...parts: string[]) => globalId('Comment', addressId(...parts));

describe('comment reads', () => {
  it('the comments list primes by-id comment reads', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1': space,
      '/spaces/s1/comments?authors=u1&authors=u2&limit=51&order=asc&status=open&targetPage=p1': {
        count: 1,
        items: [comment('k1')],
      },
      '/spaces/s1/comments/k1/replies?limit=51': { count: 1, items: [reply('y1')] },
    });
    const result = await runSchema(
      upstream,
      `query($s: ID!, $u: ID!, $p: ID!) { node(id: $s) { ... on Space {
        comments(status: OPEN, order: ASC, targetPage: $p, authors: [$u, "u2"]) { totalCount nodes {
          id status repliesCount body { markdown } postedBy { displayName }
          reactions { emoji count users { user { id } } } repliers { count }
          target { page { id } space { id } changeRequest { id } }
          replies { nodes { id body { markdown } comment { body { markdown } urls { location } } } } } } } } }`,
      {
        s: globalId('Space', 's1'),
        u: globalId('User', 'u1'),
        p: globalId('Page', addressId('s1', 'p1')),
      },
    );
    expect(result.errors).toBeUndefined();
    const node = (result.data as { node: { comments: { nodes: unknown[] } } }).node;
    expect(node.comments.nodes[0]).toEqual({
      id: commentId('s1', 'k1'),
      status: 'OPEN',
      repliesCount: 1,
      body: { markdown: 'Comment k1' },
      postedBy: { displayName: 'User u1' },
      reactions: [{ emoji: '👍', count: 1, users: [{ user: { id: 'u2' } }] }],
      repliers: [{ count: 1 }],
      target: {
        page: { id: globalId('Page', addressId('s1', 'p1')) },
        space: { id: globalId('Space', 's1') },
        changeRequest: null,
      },
      replies: {
        nodes: [
          {
            id: globalId('CommentReply', addressId('s1', 'k1', 'y1')),
            body: { markdown: 'Reply y1' },
            comment: { body: { markdown: 'Comment k1' }, urls: { location: '/comments/k1' } },
          },
        ],
      },
    });
    // The reply's comment came from the primed list item: no GET of /spaces/s1/comments/k1; and
    // node(id) is a lookup: the space is not read, its comments are listed from its id.
    expect(upstream.paths).toHaveLength(2);
  });

  it('node(id) of a change request comment and of its reply cost one call each', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/change-requests/c1/comments/k1': comment('k1', {
        target: { changeRequest: 'c1', space: 's1' },
      }),
      '/spaces/s1/change-requests/c1/comments/k1/replies/y1': reply('y1'),
    });
    const result = await runSchema(
      upstream,
      `query($a: ID!, $b: ID!) {
        a: node(id: $a) { ... on Comment { body { markdown } changeRequest { id } } }
        b: node(id: $b) { ... on CommentReply { body { markdown } comment { id } } } }`,
      {
        a: commentId('s1', 'c1', 'k1'),
        b: globalId('CommentReply', addressId('s1', 'c1', 'k1', 'y1')),
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      a: {
        body: { markdown: 'Comment k1' },
        changeRequest: { id: globalId('ChangeRequest', addressId('s1', 'c1')) },
      },
      b: { body: { markdown: 'Reply y1' }, comment: { id: commentId('s1', 'c1', 'k1') } },
    });
    expect(upstream.paths).toHaveLength(2);
  });
});

describe('comment lists start from their parent’s address', () => {
  it('a comment’s replies are listed without reading the comment; commenters beside the space', async () => {
    const member = {
      object: 'member',
      id: 'u2',
      role: 'editor',
      user: user('u2'),
      disabled: false,
      joinedAt: '2024-01-01T00:00:00.000Z',
      sso: false,
      spaces: 1,
      teams: 0,
    };
    const upstream = new FakeUpstream({
      '/spaces/s1': space,
      '/spaces/s1/comments/k1/replies?limit=51': { count: 1, items: [reply('y1')] },
      '/spaces/s1/commenters?limit=51': { count: 1, items: [member] },
    });
    const result = await runSchema(
      upstream,
      `{ space(id: "s1") { comment(id: "k1") { replies { nodes { id body { markdown } } } }
        commenters { nodes { id user { displayName } } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      space: {
        comment: {
          replies: {
            nodes: [
              {
                id: globalId('CommentReply', addressId('s1', 'k1', 'y1')),
                body: { markdown: 'Reply y1' },
              },
            ],
          },
        },
        commenters: {
          nodes: [
            { id: globalId('Member', addressId('o1', 'u2')), user: { displayName: 'User u2' } },
          ],
        },
      },
    });
    // The commenters' organization comes from the space, read beside their list.
    expect(upstream.paths.sort()).toEqual([
      '/spaces/s1',
      '/spaces/s1/commenters?limit=51',
      '/spaces/s1/comments/k1/replies?limit=51',
    ]);
  });
});

describe('comment mutations', () => {
  it('an empty body or a blank emoji is a ValidationError and costs nothing', async () => {
    const upstream = new FakeUpstream();
    const result = await runSchema(
      upstream,
      `mutation($id: ID!) {
        a: postComment(input: { spaceId: "s1", body: { markdown: "  " } }) {
          __typename ... on ValidationError { fieldErrors { path } } }
        b: addCommentReactions(input: { commentId: $id, emojis: ["a b"] }) {
          __typename ... on ValidationError { fieldErrors { path } } }
        c: postComment(input: { body: { markdown: "hi" } }) {
          __typename ... on ValidationError { fieldErrors { path } } } }`,
      { id: commentId('s1', 'k1') },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      a: { __typename: 'ValidationError', fieldErrors: [{ path: ['body', 'markdown'] }] },
      b: { __typename: 'ValidationError', fieldErrors: [{ path: ['emojis', '0'] }] },
      c: { __typename: 'ValidationError', fieldErrors: [{ path: ['spaceId'] }] },
    });
    expect(upstream.requests).toHaveLength(0);
  });

  it('posts on a change request, resolves, and deletes with the deleted global ID', async () => {
    const upstream = new FakeUpstream({
      'POST /spaces/s1/change-requests/c1/comments': comment('k2'),
      'PUT /spaces/s1/comments/k1': comment('k1', { status: 'resolved', resolvedBy: user('u3') }),
      'DELETE /spaces/s1/comments/k1/replies/y1': undefined,
    });
    const result = await runSchema(
      upstream,
      `mutation($cr: ID!, $k: ID!, $y: ID!) {
        post: postComment(input: { changeRequestId: $cr, page: "p1", body: { markdown: "Hi" } }) {
          ... on CommentPayload { comment { id } } }
        resolve: resolveComment(input: { commentId: $k }) {
          ... on CommentPayload { comment { status resolvedBy { id } } } }
        drop: deleteCommentReply(input: { replyId: $y }) {
          ... on DeleteCommentPayload { deletedId } } }`,
      {
        cr: globalId('ChangeRequest', addressId('s1', 'c1')),
        k: commentId('s1', 'k1'),
        y: globalId('CommentReply', addressId('s1', 'k1', 'y1')),
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      post: { comment: { id: commentId('s1', 'c1', 'k2') } },
      resolve: { comment: { status: 'RESOLVED', resolvedBy: { id: 'u3' } } },
      drop: { deletedId: globalId('CommentReply', addressId('s1', 'k1', 'y1')) },
    });
    expect(upstream.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/spaces/s1/change-requests/c1/comments', { page: 'p1', body: { markdown: 'Hi' } }],
      ['PUT', '/spaces/s1/comments/k1', { resolved: true }],
      ['DELETE', '/spaces/s1/comments/k1/replies/y1', undefined],
    ]);
  });
});
