import type { z } from 'zod';
import type { Comment } from '../../../contract/comments.ts';
import { ENUMS } from '../../../contract/common.ts';
import { builder } from '../../builder.ts';
import { rawOf } from '../../upstream/damage.ts';
import { openEnumType } from '../base.ts';
import { ChangeRequestResource } from '../changeRequest/resource.ts';
import { ChangeRequestRef } from '../changeRequest/types/changeRequest.ts';
import { type ContentScope, PageResource, scopeOf } from '../content/resource.ts';
import { PageRef } from '../content/types/pages.ts';
import { UserRef } from '../member/types.ts';
import { resourceNode } from '../node.ts';
import { SpaceRef } from '../space/types.ts';
import {
  CommentReplyResource,
  type CommentReplyShape,
  CommentResource,
  type CommentShape,
} from './resource.ts';

type CommentWire = z.infer<typeof Comment>;

export const CommentStatusEnum = openEnumType(
  'CommentStatus',
  ENUMS.commentStatus,
  'State of a comment.',
  { open: 'Open.', resolved: 'Resolved.' },
);

export const CommentFormat = builder.enumType('CommentFormat', {
  description: 'Form of comment bodies in a read: `DOCUMENT` adds `body.document`.',
  values: {
    MARKDOWN: { value: 'markdown', description: 'Markdown only.' },
    DOCUMENT: { value: 'document', description: 'Markdown and a rich-text Document.' },
  },
});

// ---------------------------------------------------------------------------------------------
// Types.

const CommentBodyRef = builder.objectRef<CommentWire['body']>('CommentBody').implement({
  description: 'The body of a comment or reply.',
  fields: (t) => ({
    markdown: t.exposeString('markdown', { description: 'Markdown text.' }),
    document: t.field({
      type: 'JSON',
      nullable: true,
      description: 'The body as a rich-text Document (when read with `format: DOCUMENT`).',
      resolve: (b) => b.document ?? null,
    }),
    raw: t.field({
      type: 'JSON',
      nullable: true,
      description:
        'The body as the upstream sent it: bodies may take forms beside `{markdown}`, which `markdown` and `document` do not show.',
      resolve: (b) => rawOf(b) ?? null,
    }),
  }),
});

type ReactionWire = CommentWire['reactions'][number];

const ReactionUserRef = builder
  .objectRef<ReactionWire['users'][number]>('CommentReactionUser')
  .implement({
    description: 'One user’s reaction.',
    fields: (t) => ({
      user: t.field({
        type: UserRef,

        description: 'Who reacted.',
        resolve: (u) => u.user,
      }),
      reactedAt: t.field({
        type: 'DateTime',

        description: 'When.',
        resolve: (u) => u.reactedAt,
      }),
    }),
  });

const ReactionRef = builder.objectRef<ReactionWire>('CommentReaction').implement({
  description: 'The reactions with one emoji on a comment or reply.',
  fields: (t) => ({
    emoji: t.exposeString('emoji', { description: 'The emoji.' }),
    count: t.exposeInt('count', { description: 'How many reacted with it.' }),
    users: t.field({
      type: [ReactionUserRef],
      nullable: { list: true, items: true },
      description: 'Who reacted, and when.',
      resolve: (r) => r.users,
    }),
  }),
});

const ReplierRef = builder.objectRef<CommentWire['repliers'][number]>('CommentReplier').implement({
  description: 'One user’s replies to a comment.',
  fields: (t) => ({
    updatedAt: t.field({
      type: 'DateTime',

      description: 'Their latest reply.',
      resolve: (r) => r.updatedAt,
    }),
    count: t.exposeInt('count', { description: 'How many replies.' }),
    user: t.field({ type: UserRef, description: 'Who.', resolve: (r) => r.user }),
  }),
});

const CommentUrlsRef = builder.objectRef<CommentWire['urls']>('CommentUrls').implement({
  description: 'URLs of a comment or reply.',
  fields: (t) => ({
    location: t.exposeString('location', { nullable: true, description: 'In the REST API.' }),
  }),
});

const CommentPermissionsRef = builder
  .objectRef<CommentWire['permissions']>('CommentPermissions')
  .implement({
    description: 'What the caller may do with a comment or reply.',
    fields: (t) => ({
      view: t.exposeBoolean('view', { nullable: true, description: 'May view it.' }),
      edit: t.exposeBoolean('edit', { nullable: true, description: 'May edit it.' }),
      reply: t.exposeBoolean('reply', { nullable: true, description: 'May reply to it.' }),
      delete: t.exposeBoolean('delete', { nullable: true, description: 'May delete it.' }),
    }),
  });

const CommentTargetNodeRef = builder.objectRef<{ id: string }>('CommentTargetNode').implement({
  description: 'The document node a comment is attached to.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Node key in the document.' }),
  }),
});

const TableCellRef = builder
  .objectRef<{ record: string; definition: string }>('CommentTableCell')
  .implement({
    description: 'The table cell a comment is attached to.',
    fields: (t) => ({
      record: t.exposeString('record', { description: 'Record (row) id.' }),
      definition: t.exposeString('definition', {
        description: 'Definition (column) id.',
      }),
    }),
  });

/** Where a comment is attached, with the scope of the comment (its space and change request). */
type TargetShape = CommentWire['target'] & { readonly scope: ContentScope };

const CommentTargetRef = builder.objectRef<TargetShape>('CommentTarget').implement({
  description: 'Where a comment is attached.',
  fields: (t) => ({
    node: t.field({
      type: CommentTargetNodeRef,
      nullable: true,
      description: 'Document node {id}.',
      resolve: (x) => x.node ?? null,
    }),
    tableCell: t.field({
      type: TableCellRef,
      nullable: true,
      description: 'Table cell {record, definition}.',
      resolve: (x) => x.tableCell ?? null,
    }),
    changeRequest: t.field({
      type: ChangeRequestRef,
      nullable: true,
      description: 'The change request it is on.',
      resolve: (x) =>
        ChangeRequestResource.ref({ space: x.space ?? x.scope.space, id: x.changeRequest }),
    }),
    review: t.string({
      nullable: true,
      description: 'Review id.',
      resolve: (x) => x.review ?? null,
    }),
    page: t.field({
      type: PageRef,
      nullable: true,
      description: 'The page it is on.',
      resolve: (x) =>
        PageResource.ref({
          space: x.space ?? x.scope.space,
          changeRequest: x.changeRequest ?? x.scope.changeRequest,
          id: x.page?.id,
        }),
    }),
    space: t.field({
      type: SpaceRef,
      nullable: true,
      description: 'The space it is in.',
      resolve: (x) => x.space ?? x.scope.space,
    }),
    revision: t.string({
      nullable: true,
      description: 'Revision it was posted on.',
      resolve: (x) => x.revision ?? null,
    }),
  }),
});

/** Fields a comment and a reply share. */
function sharedFields(t: PothosFieldBuilder) {
  return {
    postedBy: t.field({
      type: UserRef,

      description: 'Author (embedded: costs no call).',
      resolve: (c) => c.postedBy,
    }),
    postedAt: t.field({
      type: 'DateTime',

      description: 'When it was posted.',
      resolve: (c) => c.postedAt,
    }),
    editedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it was last edited.',
      resolve: (c) => c.editedAt ?? null,
    }),
    reactions: t.field({
      type: [ReactionRef],
      nullable: { list: true, items: true },
      description: 'Reactions, grouped by emoji.',
      resolve: (c) => c.reactions,
    }),
    body: t.field({
      type: CommentBodyRef,

      description: 'Body {markdown} (and `document` with `format: DOCUMENT`).',
      resolve: (c) => c.body,
    }),
    urls: t.field({
      type: CommentUrlsRef,

      description: 'URLs {location}.',
      resolve: (c) => c.urls,
    }),
    permissions: t.field({
      type: CommentPermissionsRef,

      description: 'What the caller may do with it.',
      resolve: (c) => c.permissions,
    }),
    space: t.field({
      type: SpaceRef,
      nullable: false,
      description: 'The space it is in.',
      address: true,
      resolve: (c) => c.space,
    }),
    changeRequest: t.field({
      type: ChangeRequestRef,
      nullable: true,
      description: 'The change request it is on (null: the main content).',
      address: true,
      resolve: (c) => ChangeRequestResource.ref({ space: c.space, id: c.changeRequest }),
    }),
  };
}
type PothosFieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<
  typeof builder.$inferSchemaTypes,
  CommentShape | CommentReplyShape
>;

export const CommentRef = resourceNode(CommentResource, {
  description:
    'A comment on a space’s main content or on a change request, with replies, reactions and resolution.',
  fields: (t) => ({
    ...sharedFields(t as unknown as PothosFieldBuilder),
    repliesCount: t.int({
      description: 'Number of replies (the REST `replies` number).',
      resolve: (c) => c.replies,
    }),
    repliers: t.field({
      type: [ReplierRef],
      nullable: { list: true, items: true },
      description: 'Who replied {updatedAt, count, user}.',
      resolve: (c) => c.repliers,
    }),
    target: t.field({
      type: CommentTargetRef,

      description:
        'Where it is attached {node, tableCell, changeRequest, review, page, space, revision}.',
      resolve: (c) => ({ ...c.target, scope: scopeOf(c) }),
    }),
    status: t.field({
      type: CommentStatusEnum.ref,

      description: 'State (`open` or `resolved`).',
      resolve: (c) => CommentStatusEnum.of(c.status) as string,
    }),
    resolvedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it was resolved.',
      resolve: (c) => c.resolvedAt ?? null,
    }),
    resolvedBy: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who resolved it (embedded: costs no call).',
      resolve: (c) => c.resolvedBy ?? null,
    }),
  }),
});

export const CommentReplyRef = resourceNode(CommentReplyResource, {
  description: 'A reply to a comment.',
  fields: (t) => ({
    ...sharedFields(t as unknown as PothosFieldBuilder),
    comment: t.field({
      type: CommentRef,
      nullable: false,
      description: 'The comment it replies to.',
      address: true,
      resolve: (r) => CommentResource.stub({ ...scopeOf(r), id: r.comment }),
    }),
  }),
});
