import { CommentList } from '../../../contract/comments.ts';
import { builder } from '../../builder.ts';
import { liveField } from '../../live/field.ts';
import { fingerprint, type ItemChange, listTopic } from '../../live/topic.ts';
import { ChangeRequestResource } from '../changeRequest/resource.ts';
import { SpaceResource } from '../space/resource.ts';
import { CommentResource, type CommentShape } from './resource.ts';
import { CommentRef } from './types.ts';

/** How many of the latest comments a subscription watches (the first page of the list). */
const WATCHED_COMMENTS = 100;

const CommentEventKind = builder.enumType('CommentEventKind', {
  description: 'What happened to a comment.',
  values: {
    ADDED: { value: 'added', description: 'Posted.' },
    EDITED: { value: 'edited', description: 'Its body or reactions changed.' },
    REPLIED: { value: 'replied', description: 'A reply was posted, edited or deleted.' },
    RESOLVED: { value: 'resolved', description: 'Resolved.' },
    REOPENED: { value: 'reopened', description: 'Open again after being resolved.' },
    DELETED: { value: 'deleted', description: 'Deleted (or no longer readable).' },
  },
});

interface CommentEvent {
  kind: string;
  commentId: string;
  comment: CommentShape | null;
}

const CommentEventRef = builder.objectRef<CommentEvent>('CommentEvent').implement({
  description: 'A change of one comment of a space or change request.',
  fields: (t) => ({
    kind: t.field({
      type: CommentEventKind,
      nullable: false,
      description: 'What happened.',
      resolve: (event) => event.kind as never,
    }),
    commentId: t.exposeID('commentId', {
      nullable: false,
      description: 'Global ID of the comment (also when it was deleted).',
    }),
    comment: t.field({
      type: CommentRef,
      nullable: true,
      description: 'The comment as it is now (null when deleted).',
      resolve: (event) => event.comment,
    }),
  }),
});

/** What a comment's state records: `[status, replies, fingerprint of the rest]`. */
function state(raw: Record<string, unknown>): string {
  const { status, replies, repliers, permissions: _permissions, ...rest } = raw;
  return JSON.stringify([status, replies, fingerprint([repliers, rest])]);
}

/** The kind of a change between two states. */
function kindOf(change: ItemChange<unknown>): string {
  if (change.before === undefined) return 'added';
  if (change.after === undefined || change.item === undefined) return 'deleted';
  const [statusBefore, repliesBefore] = JSON.parse(change.before) as unknown[];
  const [statusAfter, repliesAfter] = JSON.parse(change.after) as unknown[];
  if (statusBefore !== statusAfter) return statusAfter === 'resolved' ? 'resolved' : 'reopened';
  if (repliesBefore !== repliesAfter) return 'replied';
  return 'edited';
}

liveField('commentsChanged', {
  type: CommentEventRef,
  description: `The comments of a change request, or of a space’s main content, each time one is added, edited, replied to, resolved, reopened or deleted (the latest ${WATCHED_COMMENTS}).`,
  args: (t) => ({
    spaceId: t.id({ required: true, description: 'Space ID (global or REST id).' }),
    changeRequestId: t.id({
      description: 'Change request ID (global or REST id): its comments rather than the space’s.',
    }),
  }),
  topic: (args) => {
    const space = SpaceResource.parseInput(args.spaceId, { arg: 'spaceId' }).id;
    const changeRequest = args.changeRequestId
      ? ChangeRequestResource.parseInput(args.changeRequestId, {
          arg: 'changeRequestId',
          parents: { space },
        }).id
      : undefined;
    const path = CommentResource.route('inScope', space, changeRequest);
    const at = (id: string) => ({ space, ...(changeRequest ? { changeRequest } : {}), id });
    return listTopic({
      path,
      query: { limit: WATCHED_COMMENTS },
      contract: CommentList,
      state,
      event: (change): CommentEvent => ({
        kind: kindOf(change),
        commentId: CommentResource.globalId(at(change.id)),
        comment: change.item ? CommentResource.shape(change.item, at(change.id)) : null,
      }),
    });
  },
});
