import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoPersona } from '../../src/workspace/demo/users.ts';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { graphHelpers } from '../support/graph.ts';
import { localIdOf, toRestId } from '../support/ids.ts';

let e2e: E2EStack;
let spaceId: string;
let crId: string;
/** A space with comments where the `read` persona may only read. */
let readOnlySpaceId: string;

const { send: gql, ok } = graphHelpers(() => e2e);

beforeAll(async () => {
  e2e = await startE2E();
  const data = await ok<{
    organizations: {
      nodes: Array<{
        spaces: {
          nodes: Array<{
            id: string;
            title: string;
            changeRequests: { nodes: Array<{ id: string }> };
          }>;
        };
      }>;
    };
  }>(
    `{ organizations { nodes { spaces(first: 100) { nodes { id title changeRequests(first: 1) { nodes { id } } } } } } }`,
  );
  const space = data.organizations.nodes
    .flatMap((o) => o.spaces.nodes)
    .find((s) => s.title === 'First Project Tutorial');
  if (!space) throw new Error('no demo space');
  spaceId = space.id;
  readOnlySpaceId = data.organizations.nodes
    .flatMap((o) => o.spaces.nodes)
    .find((s) => s.title === 'REST API Reference')?.id as string;
  crId = space.changeRequests.nodes[0]?.id as string;
}, 60_000);
afterAll(() => e2e.close());

const COMMENT_FIELDS = `id postedAt editedAt status resolvedAt repliesCount
  postedBy { id displayName } resolvedBy { id } body { markdown document }
  reactions { emoji count users { user { id } reactedAt } } repliers { updatedAt count user { id } }
  target { node { id } tableCell { record definition } changeRequest { id } review page { id title }
    space { id } revision }
  urls { location } permissions { view edit reply delete } space { id } changeRequest { id }`;

type CommentNode = {
  id: string;
  status: string;
  repliesCount: number;
  postedBy: { id: string };
  body: { markdown: string; document: unknown };
  reactions: Array<{ emoji: string; count: number }>;
  replies: { totalCount: number; nodes: Array<{ id: string; comment: { id: string } }> };
};

describe('comment reads', () => {
  it('lists a space’s comments with every field, filters, replies and commenters', async () => {
    const data = await ok<{
      node: {
        comments: { totalCount: number; nodes: CommentNode[] };
        open: { nodes: Array<{ status: string }> };
        commenters: { totalCount: number; nodes: Array<{ user: { id: string } }> };
      };
    }>(
      `query($id: ID!) { node(id: $id) { ... on Space {
        comments(format: DOCUMENT, order: ASC) { totalCount nodes { ${COMMENT_FIELDS}
          replies(format: DOCUMENT) { totalCount nodes { id postedAt editedAt postedBy { id } body { markdown document }
            reactions { emoji } urls { location } permissions { edit } space { id } changeRequest { id }
            comment { id } } } } }
        open: comments(status: OPEN) { nodes { status } }
        commenters { totalCount nodes { id user { id displayName } } } } } }`,
      { id: spaceId },
    );
    const { comments } = data.node;
    expect(comments.totalCount).toBeGreaterThan(0);
    for (const c of comments.nodes) {
      expect(c.replies.totalCount).toBe(c.repliesCount);
      expect(c.body.document).not.toBeNull();
      for (const r of c.replies.nodes) expect(r.comment.id).toBe(c.id);
    }
    for (const c of data.node.open.nodes) expect(c.status).toBe('OPEN');
    expect(data.node.commenters.totalCount).toBeGreaterThan(0);
    const author = comments.nodes[0]?.postedBy.id as string;
    const byAuthor = await ok<{ node: { comments: { nodes: CommentNode[] } } }>(
      `query($id: ID!, $a: [ID!]) { node(id: $id) { ... on Space { comments(authors: $a) { nodes { postedBy { id } } } } } }`,
      { id: spaceId, a: [author] },
    );
    expect(byAuthor.node.comments.nodes.length).toBeGreaterThan(0);
    for (const c of byAuthor.node.comments.nodes) expect(c.postedBy.id).toBe(author);
    const one = await ok<{ node: { id: string }; space: { comment: { id: string } } }>(
      `query($c: ID!, $s: ID!) { node(id: $c) { id } space: node(id: $s) { ... on Space { comment(id: $c) { id } } } }`,
      { c: comments.nodes[0]?.id, s: spaceId },
    );
    expect(one.node.id).toBe(comments.nodes[0]?.id);
    expect(one.space.comment.id).toBe(comments.nodes[0]?.id);
  });
});

describe('comment mutations', () => {
  it('posts, edits, reacts, resolves and deletes on a change request; reads back each state', async () => {
    const post = await ok<{
      postComment: {
        comment: { id: string; body: { markdown: string }; changeRequest: { id: string } };
      };
    }>(
      `mutation($cr: ID!) { postComment(input: { changeRequestId: $cr, body: { markdown: "On the CR" } }) {
        ... on CommentPayload { comment { id body { markdown } changeRequest { id } } } } }`,
      { cr: crId },
      'comment',
    );
    const comment = post.postComment.comment;
    expect(comment.changeRequest.id).toBe(crId);
    const read = async () =>
      (
        await ok<{ node: { comments: { nodes: CommentNode[] } } }>(
          `query($cr: ID!) { node(id: $cr) { ... on ChangeRequest { comments(first: 100) { nodes {
            id status body { markdown } reactions { emoji count } replies { totalCount nodes { id comment { id } } } } } } } }`,
          { cr: crId },
        )
      ).node.comments.nodes.find((c) => c.id === comment.id);
    expect((await read())?.body.markdown).toBe('On the CR');

    await ok(
      `mutation($id: ID!) { editComment(input: { commentId: $id, body: { markdown: "Edited" } }) { __typename } }`,
      { id: comment.id },
      'comment',
    );
    expect((await read())?.body.markdown).toBe('Edited');
    await ok(
      `mutation($id: ID!) { addCommentReactions(input: { commentId: $id, emojis: ["🎉", "👀"] }) { __typename } }`,
      { id: comment.id },
    );
    expect((await read())?.reactions.map((r) => r.emoji).sort()).toEqual(['👀', '🎉'].sort());
    await ok(
      `mutation($id: ID!) { removeCommentReactions(input: { commentId: $id, emojis: ["👀"] }) { __typename } }`,
      { id: comment.id },
    );
    expect((await read())?.reactions.map((r) => r.emoji)).toEqual(['🎉']);
    const resolved = await ok<{
      resolveComment: { comment: { status: string; resolvedBy: { id: string } } };
    }>(
      `mutation($id: ID!) { resolveComment(input: { commentId: $id }) { ... on CommentPayload { comment { status resolvedBy { id } } } } }`,
      { id: comment.id },
    );
    expect(resolved.resolveComment.comment.status).toBe('RESOLVED');
    expect((await read())?.status).toBe('RESOLVED');
    await ok(`mutation($id: ID!) { unresolveComment(input: { commentId: $id }) { __typename } }`, {
      id: comment.id,
    });
    expect((await read())?.status).toBe('OPEN');

    const reply = await ok<{
      postCommentReply: {
        reply: { id: string; body: { markdown: string } };
        comment: { repliesCount: number };
      };
    }>(
      `mutation($id: ID!) { postCommentReply(input: { commentId: $id, body: { markdown: "A reply" } }) {
        ... on CommentReplyPayload { reply { id body { markdown } } comment { repliesCount } } } }`,
      { id: comment.id },
      'comment',
    );
    expect(reply.postCommentReply.comment.repliesCount).toBe(1);
    const replyId = reply.postCommentReply.reply.id;
    const readReply = async () =>
      (
        await ok<{
          node: { body: { markdown: string }; reactions: Array<{ emoji: string }> } | null;
        }>(
          `query($id: ID!) { node(id: $id) { ... on CommentReply { body { markdown } reactions { emoji } } } }`,
          { id: replyId },
        )
      ).node;
    await ok(
      `mutation($id: ID!) { editCommentReply(input: { replyId: $id, body: { markdown: "Reply edited" } }) { __typename } }`,
      { id: replyId },
      'comment',
    );
    expect((await readReply())?.body.markdown).toBe('Reply edited');
    await ok(
      `mutation($id: ID!) { addCommentReplyReactions(input: { replyId: $id, emojis: ["✅"] }) { __typename } }`,
      { id: replyId },
    );
    expect((await readReply())?.reactions).toEqual([{ emoji: '✅' }]);
    await ok(
      `mutation($id: ID!) { removeCommentReplyReactions(input: { replyId: $id, emojis: ["✅"] }) { __typename } }`,
      { id: replyId },
    );
    expect((await readReply())?.reactions).toEqual([]);
    const dropReply = await ok<{ deleteCommentReply: { deletedId: string } }>(
      `mutation($id: ID!) { deleteCommentReply(input: { replyId: $id }) { ... on DeleteCommentPayload { deletedId } } }`,
      { id: replyId },
      'comment',
    );
    expect(dropReply.deleteCommentReply.deletedId).toBe(replyId);
    expect((await read())?.replies.totalCount).toBe(0);
    const drop = await ok<{ deleteComment: { deletedId: string } }>(
      `mutation($id: ID!) { deleteComment(input: { commentId: $id }) { ... on DeleteCommentPayload { deletedId } } }`,
      { id: comment.id },
      'comment',
    );
    expect(drop.deleteComment.deletedId).toBe(comment.id);
    expect(await read()).toBeUndefined();
  });

  it('posts on a page of the main content by REST ids', async () => {
    const pages = await ok<{ node: { pages: Array<{ id: string }> } }>(
      `query($id: ID!) { node(id: $id) { ... on Space { pages { id } } } }`,
      { id: spaceId },
    );
    const pageId = pages.node.pages[0]?.id;
    const post = await ok<{
      postComment: { comment: { target: { page: { id: string } }; changeRequest: null } };
    }>(
      `mutation($s: ID!, $p: ID!) { postComment(input: { spaceId: $s, page: $p, body: { markdown: "On a page" } }) {
        ... on CommentPayload { comment { target { page { id } } changeRequest { id } } } } }`,
      { s: spaceId, p: pageId },
    );
    expect(post.postComment.comment).toEqual({
      target: { page: { id: pageId } },
      changeRequest: null,
    });
  });

  const MUTATIONS = [
    'postComment(input: { spaceId: $s, body: { markdown: $m } })',
    'editComment(input: { commentId: $c, body: { markdown: $m } })',
    'resolveComment(input: { commentId: $c })',
    'unresolveComment(input: { commentId: $c })',
    'addCommentReactions(input: { commentId: $c, emojis: [$m] })',
    'removeCommentReactions(input: { commentId: $c, emojis: [$m] })',
    'deleteComment(input: { commentId: $c })',
    'postCommentReply(input: { commentId: $c, body: { markdown: $m } })',
    'editCommentReply(input: { replyId: $r, body: { markdown: $m } })',
    'addCommentReplyReactions(input: { replyId: $r, emojis: [$m] })',
    'removeCommentReplyReactions(input: { replyId: $r, emojis: [$m] })',
    'deleteCommentReply(input: { replyId: $r })',
  ];
  const TYPES: Record<string, string> = { s: 'ID', c: 'ID!', r: 'ID!', m: 'String!' };
  const run = (field: string, variables: Record<string, unknown>, as: DemoPersona) => {
    const used = Object.keys(TYPES).filter((k) => field.includes(`$${k}`));
    const decls = used.map((k) => `$${k}: ${TYPES[k]}`).join(', ');
    const vars = Object.fromEntries(used.map((k) => [k, variables[k]]));
    return gql(`mutation(${decls}) { m: ${field} { __typename ... on Error { message } } }`, vars, {
      as,
      debug: true,
    });
  };

  async function someComment(inSpace = spaceId) {
    const data = await ok<{
      node: {
        comments: { nodes: Array<{ id: string; replies: { nodes: Array<{ id: string }> } }> };
      };
    }>(
      `query($id: ID!) { node(id: $id) { ... on Space { comments(first: 50) { nodes { id replies { nodes { id } } } } } } }`,
      { id: inSpace },
    );
    const comment = data.node.comments.nodes.find((c) => c.replies.nodes.length > 0);
    return { c: comment?.id as string, r: comment?.replies.nodes[0]?.id as string };
  }

  it('invalid input is a ValidationError with zero upstream calls, for every mutation', async () => {
    const { c, r } = await someComment();
    for (const field of MUTATIONS) {
      // A REST comment or reply id without its scope is invalid; so is a blank body or emoji.
      const body = await run(
        field,
        {
          s: spaceId,
          c: field.includes('$m') ? c : 'k1',
          r: field.includes('$m') ? r : 'y1',
          m: ' ',
        },
        'admin',
      );
      expect(body.data, field).toMatchObject({ m: { __typename: 'ValidationError' } });
      expect(body.extensions?.upstream, field).toEqual([]);
    }
  });

  it('a missing space or comment is a NotFoundError', async () => {
    const { c, r } = await someComment();
    for (const field of MUTATIONS) {
      const scoped = field
        .replace('commentId: $c', 'commentId: "missing", spaceId: $s')
        .replace('replyId: $r', 'replyId: "missing", commentId: "missing", spaceId: $s');
      const deletes = field.startsWith('delete');
      const body = await run(
        scoped,
        {
          s: deletes
            ? 'no-such-space'
            : field.startsWith('post') && !field.includes('Reply')
              ? 'no-such-space'
              : spaceId,
          c,
          r,
          m: 'hi',
        },
        'admin',
      );
      expect(body.data, scoped).toMatchObject({ m: { __typename: 'NotFoundError' } });
    }
  });

  it('a reader is a ForbiddenError for every mutation', async () => {
    const { c, r } = await someComment(readOnlySpaceId);
    // The global ID of a comment of that space: `spaceId/commentId`.
    expect(localIdOf(c, 'Comment')).toMatch(
      new RegExp(`^${toRestId(readOnlySpaceId, 'Space')}/[0-9A-Za-z]{20}$`),
    );
    for (const field of MUTATIONS) {
      const body = await run(field, { s: readOnlySpaceId, c, r, m: '👍' }, 'read');
      expect(body.data, field).toMatchObject({ m: { __typename: 'ForbiddenError' } });
    }
  });
});
