// Mutation contract rows of comments and replies, on spaces and on change requests.

import { expect } from 'vitest';
import type { Data } from '../../support/graph.ts';
import { globalId } from '../../support/ids.ts';
import {
  type Fixtures,
  forbidden,
  inputOf,
  invalid,
  MISSING_SPACE,
  missing,
  missingComment,
  missingCr,
  type Row,
  type Scope,
  succeeds,
} from './core.fixture.ts';

// ---------------------------------------------------------------- comments and replies
export const SCOPES: Scope[] = ['space', 'changeRequest'];
const BLANK = { markdown: ' ' };
const BODY = { markdown: 'Looks good' };

/** Comment and reply rows for one scope (a space's main content or a change request). */
export function commentRows(on: Scope): Row[] {
  const where = on === 'space' ? 'on a space' : 'on a change request';
  const c = (fx: Fixtures) => fx.comment(on);
  // A missing comment/reply in an existing scope of this kind.
  const missingIn = async (fx: Fixtures) => {
    const scope = await fx.scope(on);
    return { scope, commentId: missingComment(scope) };
  };
  const rows: Row[] = [
    invalid('postComment', `blank body ${where}`, 'body', async (fx) => ({
      ...(await fx.scope(on)),
      body: BLANK,
    })),
    missing('postComment', `NotFoundError (unknown ${on}) ${where}`, async (fx) =>
      on === 'space'
        ? { spaceId: MISSING_SPACE, body: BODY }
        : { changeRequestId: missingCr(await fx.space()), body: BODY },
    ),
    forbidden('postComment', 'read', `needs comment, ${where}`, async (fx) => ({
      ...(await fx.scope(on)),
      body: BODY,
    })),

    invalid('editComment', `blank body ${where}`, 'body', async (fx) => ({
      commentId: await c(fx),
      body: BLANK,
    })),
    missing('editComment', `NotFoundError (unknown comment ${where})`, async (fx) => ({
      commentId: (await missingIn(fx)).commentId,
      body: BODY,
    })),
    forbidden('editComment', 'read', `needs comment, ${where}`, async (fx) => ({
      commentId: await c(fx),
      body: BODY,
    })),

    ...['resolveComment', 'unresolveComment', 'deleteComment'].flatMap((mutation) => [
      // No field beyond ids: a REST comment id without its scope is invalid.
      invalid(mutation, `REST comment id without scope ${where}`, 'spaceId', () => ({
        commentId: 'k1',
      })),
      // ... and so is a Comment global ID whose address has too many segments.
      invalid(mutation, `malformed Comment global ID ${where}`, 'commentId', () => ({
        commentId: globalId('Comment', 'a/b/c/d'),
      })),
      mutation === 'deleteComment'
        ? missing(
            mutation,
            `missing comment ${where}: success by design (REST 204)`,
            async (fx) => ({ commentId: (await missingIn(fx)).commentId }),
            'DeleteCommentPayload',
          )
        : missing(mutation, `NotFoundError (unknown comment ${where})`, async (fx) => ({
            commentId: (await missingIn(fx)).commentId,
          })),
      forbidden(mutation, 'read', `needs comment, ${where}`, async (fx) => ({
        commentId: await c(fx),
      })),
    ]),

    ...['addCommentReactions', 'removeCommentReactions'].flatMap((mutation) => [
      invalid(mutation, `blank emoji ${where}`, 'emojis', async (fx) => ({
        commentId: await c(fx),
        emojis: [' '],
      })),
      missing(mutation, `NotFoundError (unknown comment ${where})`, async (fx) => ({
        commentId: (await missingIn(fx)).commentId,
        emojis: ['👍'],
      })),
      forbidden(mutation, 'read', `needs comment, ${where}`, async (fx) => ({
        commentId: await c(fx),
        emojis: ['👍'],
      })),
    ]),

    invalid('postCommentReply', `blank body ${where}`, 'body', async (fx) => ({
      commentId: await c(fx),
      body: BLANK,
    })),
    missing('postCommentReply', `NotFoundError (unknown comment ${where})`, async (fx) => ({
      commentId: (await missingIn(fx)).commentId,
      body: BODY,
    })),
    forbidden('postCommentReply', 'read', `needs comment, ${where}`, async (fx) => ({
      commentId: await c(fx),
      body: BODY,
    })),

    invalid('editCommentReply', `blank body ${where}`, 'body', async (fx) => ({
      replyId: (await fx.reply(on)).replyId,
      body: BLANK,
    })),
    missing('editCommentReply', `NotFoundError (unknown reply ${where})`, async (fx) => {
      const { commentId } = await fx.reply(on);
      return { replyId: 'no-such-reply', commentId, body: BODY };
    }),
    forbidden('editCommentReply', 'read', `needs comment, ${where}`, async (fx) => ({
      replyId: (await fx.reply(on)).replyId,
      body: BODY,
    })),

    ...['addCommentReplyReactions', 'removeCommentReplyReactions'].flatMap((mutation) => [
      invalid(mutation, `empty emoji ${where}`, 'emojis', async (fx) => ({
        replyId: (await fx.reply(on)).replyId,
        emojis: [''],
      })),
      missing(mutation, `NotFoundError (unknown reply ${where})`, async (fx) => {
        const { commentId } = await fx.reply(on);
        return { replyId: 'no-such-reply', commentId, emojis: ['👍'] };
      }),
      forbidden(mutation, 'read', `needs comment, ${where}`, async (fx) => ({
        replyId: (await fx.reply(on)).replyId,
        emojis: ['👍'],
      })),
    ]),

    // No field beyond ids: a REST reply id without its comment is invalid.
    invalid('deleteCommentReply', `REST reply id without commentId ${where}`, 'commentId', () => ({
      replyId: 'y1',
    })),
    missing(
      'deleteCommentReply',
      `missing reply ${where}: success by design (REST 204)`,
      async (fx) => {
        const { commentId } = await fx.reply(on);
        return { replyId: 'no-such-reply', commentId };
      },
      'DeleteCommentPayload',
    ),
    forbidden('deleteCommentReply', 'read', `needs comment, ${where}`, async (fx) => ({
      replyId: (await fx.reply(on)).replyId,
    })),
  ];
  return rows;
}

type CommentRead = {
  status: string;
  body: { markdown: string };
  reactions: Array<{ emoji: string }>;
  repliesCount: number;
};
const COMMENT_READ = '... on Comment { status body { markdown } reactions { emoji } repliesCount }';
const readComment = (fx: Fixtures, id: string) => fx.node<CommentRead | null>(id, COMMENT_READ);
type ReplyRead = { body: { markdown: string }; reactions: Array<{ emoji: string }> };
const readReply = (fx: Fixtures, id: string) =>
  fx.node<ReplyRead | null>(id, '... on CommentReply { body { markdown } reactions { emoji } }');

/** Comments on a space's main content: success read back (the change request flow is in comment.test.ts). */
export const spaceCommentSuccessRows: Row[] = [
  succeeds(
    'postComment',
    'on a space, listed in its comments',
    'CommentPayload',
    '... on CommentPayload { comment { id } }',
    async (fx) => ({ spaceId: await fx.space(), body: { markdown: 'On main' } }),
    async (fx, vars, result) => {
      const id = (result.comment as { id: string }).id;
      const space = await fx.node<{ comments: { nodes: Data[] } }>(
        inputOf(vars).spaceId as string,
        '... on Space { comments { nodes { id body { markdown } changeRequest { id } } } }',
      );
      expect(space.comments.nodes).toEqual([
        { id, body: { markdown: 'On main' }, changeRequest: null },
      ]);
    },
    'comment',
  ),
  succeeds(
    'editComment',
    'on a space, body',
    'CommentPayload',
    '',
    async (fx) => ({ commentId: await fx.comment('space'), body: { markdown: 'Edited' } }),
    async (fx, vars) => {
      const read = await readComment(fx, inputOf(vars).commentId as string);
      expect(read?.body.markdown).toBe('Edited');
    },
  ),
  succeeds(
    'resolveComment',
    'on a space, status RESOLVED',
    'CommentPayload',
    '',
    async (fx) => ({ commentId: await fx.comment('space') }),
    async (fx, vars) => {
      expect((await readComment(fx, inputOf(vars).commentId as string))?.status).toBe('RESOLVED');
    },
    'comment',
  ),
  succeeds(
    'unresolveComment',
    'on a space, status OPEN',
    'CommentPayload',
    '',
    async (fx) => {
      const commentId = await fx.comment('space');
      await fx.write('resolveComment', { commentId }, '', 'CommentPayload');
      return { commentId };
    },
    async (fx, vars) => {
      expect((await readComment(fx, inputOf(vars).commentId as string))?.status).toBe('OPEN');
    },
    'comment',
  ),
  succeeds(
    'addCommentReactions',
    'on a space, reactions',
    'CommentPayload',
    '',
    async (fx) => ({ commentId: await fx.comment('space'), emojis: ['🎉'] }),
    async (fx, vars) => {
      const read = await readComment(fx, inputOf(vars).commentId as string);
      expect(read?.reactions).toEqual([{ emoji: '🎉' }]);
    },
    'comment',
  ),
  succeeds(
    'removeCommentReactions',
    'on a space, reactions',
    'CommentPayload',
    '',
    async (fx) => {
      const commentId = await fx.comment('space');
      await fx.write(
        'addCommentReactions',
        { commentId, emojis: ['🎉', '👀'] },
        '',
        'CommentPayload',
      );
      return { commentId, emojis: ['🎉'] };
    },
    async (fx, vars) => {
      const read = await readComment(fx, inputOf(vars).commentId as string);
      expect(read?.reactions).toEqual([{ emoji: '👀' }]);
    },
  ),
  succeeds(
    'deleteComment',
    'on a space, gone from its comments',
    'DeleteCommentPayload',
    '',
    async (fx) => ({ commentId: await fx.comment('space') }),
    async (fx, vars) => {
      const id = inputOf(vars).commentId as string;
      const space = await fx.node<{ comments: { totalCount: number } }>(
        globalId('Space', fx.scopeOf(id, 1).spaceId as string),
        '... on Space { comments { totalCount } }',
      );
      expect(space.comments.totalCount).toBe(0);
    },
  ),
  succeeds(
    'postCommentReply',
    'on a space, repliesCount and the reply',
    'CommentReplyPayload',
    '... on CommentReplyPayload { reply { id } }',
    async (fx) => ({ commentId: await fx.comment('space'), body: { markdown: 'A reply' } }),
    async (fx, vars, result) => {
      expect((await readComment(fx, inputOf(vars).commentId as string))?.repliesCount).toBe(1);
      const reply = await readReply(fx, (result.reply as { id: string }).id);
      expect(reply?.body.markdown).toBe('A reply');
    },
    'comment',
  ),
  succeeds(
    'editCommentReply',
    'on a space, body',
    'CommentReplyPayload',
    '',
    async (fx) => ({ replyId: (await fx.reply('space')).replyId, body: { markdown: 'Edited' } }),
    async (fx, vars) => {
      expect((await readReply(fx, inputOf(vars).replyId as string))?.body.markdown).toBe('Edited');
    },
  ),
  succeeds(
    'addCommentReplyReactions',
    'on a space, reactions',
    'CommentReplyPayload',
    '',
    async (fx) => ({ replyId: (await fx.reply('space')).replyId, emojis: ['✅'] }),
    async (fx, vars) => {
      const read = await readReply(fx, inputOf(vars).replyId as string);
      expect(read?.reactions).toEqual([{ emoji: '✅' }]);
    },
    'comment',
  ),
  succeeds(
    'removeCommentReplyReactions',
    'on a space, reactions',
    'CommentReplyPayload',
    '',
    async (fx) => {
      const { replyId } = await fx.reply('space');
      await fx.write(
        'addCommentReplyReactions',
        { replyId, emojis: ['✅'] },
        '',
        'CommentReplyPayload',
      );
      return { replyId, emojis: ['✅'] };
    },
    async (fx, vars) => {
      const read = await readReply(fx, inputOf(vars).replyId as string);
      expect(read?.reactions).toEqual([]);
    },
  ),
  succeeds(
    'deleteCommentReply',
    'on a space, comment repliesCount 0',
    'DeleteCommentPayload',
    '',
    async (fx) => {
      const { commentId, replyId } = await fx.reply('space');
      return { replyId, commentId };
    },
    async (fx, vars) => {
      expect((await readComment(fx, inputOf(vars).commentId as string))?.repliesCount).toBe(0);
    },
  ),
];
