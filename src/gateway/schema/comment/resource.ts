import { Comment, CommentReply } from '../../../contract/comments.ts';
import { defineResource } from '../../resources/resource.ts';
import { restPath } from '../../upstream/path.ts';
import { ChangeRequestResource } from '../changeRequest/resource.ts';
import type { ContentScope } from '../content/resource.ts';
import { SpaceResource } from '../space/resource.ts';

/** The comments of a scope: `/spaces/{space}/comments` or `{cr}/comments`. */
export const commentsOf = (scope: ContentScope): string =>
  scope.changeRequest !== undefined
    ? `${ChangeRequestResource.path({ space: scope.space, id: scope.changeRequest })}/comments`
    : `${SpaceResource.path({ id: scope.space })}/comments`;

/** A comment on a space's main content or on a change request: `{comments}/{id}`. */
export const CommentResource = defineResource({
  typename: 'Comment',
  segments: ['space', 'changeRequest?', 'id'],
  parents: { space: SpaceResource },
  path: (a) => `${commentsOf(a)}${restPath`/${a.id}`}`,
  schema: Comment,
  addressFields: ['space', 'changeRequest', 'replies'],
});

/** The graph's value of a comment: the REST comment and its address. */
export type CommentShape = typeof CommentResource.$shape;

/** A reply to a comment: `{comments}/{comment}/replies/{id}`. */
export const CommentReplyResource = defineResource({
  typename: 'CommentReply',
  segments: ['space', 'changeRequest?', 'comment', 'id'],
  parents: { space: SpaceResource },
  path: (a) => `${commentsOf(a)}${restPath`/${a.comment}/replies/${a.id}`}`,
  schema: CommentReply,
  addressFields: ['space', 'changeRequest', 'comment'],
});

/** The graph's value of a reply: the REST reply and its address. */
export type CommentReplyShape = typeof CommentReplyResource.$shape;
