import { Comment, CommentReply } from '../../../contract/comments.ts';
import { defineResource } from '../../resources/resource.ts';
import { ChangeRequestResource } from '../changeRequest/resource.ts';
import { SpaceResource } from '../space/resource.ts';

/**
 * A comment on a space's main content or on a change request: `{comments}/{id}`. Its routes
 * include the members who commented in a space (`commenters`).
 */
export const CommentResource = defineResource({
  typename: 'Comment',
  segments: ['space', 'changeRequest?', 'id'],
  parents: { space: SpaceResource, changeRequest: ChangeRequestResource },
  routes: {
    item: [
      '/spaces/{spaceId}/comments/{commentId}',
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}',
    ],
    inScope: [
      '/spaces/{spaceId}/comments',
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments',
    ],
    commenters: '/spaces/{spaceId}/commenters',
  },
  contract: Comment,
});

/** The graph's value of a comment: the REST comment and its address. */
export type CommentShape = typeof CommentResource.$shape;

/** A reply to a comment: `{comments}/{comment}/replies/{id}`. */
export const CommentReplyResource = defineResource({
  typename: 'CommentReply',
  segments: ['space', 'changeRequest?', 'comment', 'id'],
  parents: { space: SpaceResource, changeRequest: ChangeRequestResource },
  routes: {
    item: [
      '/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}',
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}',
    ],
    inComment: [
      '/spaces/{spaceId}/comments/{commentId}/replies',
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies',
    ],
  },
  contract: CommentReply,
});

/** The graph's value of a reply: the REST reply and its address. */
export type CommentReplyShape = typeof CommentReplyResource.$shape;
