import type { z } from 'zod';
import { type ChangeRequest, ChangeRequestPdf } from '../../../../contract/changeRequests.ts';
import { ENUMS } from '../../../../contract/common.ts';
import { builder } from '../../../builder.ts';
import { read } from '../../../resources/lookups.ts';
import { openEnumType } from '../../base.ts';
import { type ContentScope, inScope, PageResource } from '../../content/resource.ts';
import { FileRef } from '../../content/types/files.ts';
import { PageRef } from '../../content/types/pages.ts';
import { UserRef } from '../../member/types.ts';
import { resourceNode } from '../../node.ts';
import { SpaceRef } from '../../space/types.ts';
import { ChangeRequestResource } from '../resource.ts';

export type ChangeRequestWire = z.infer<typeof ChangeRequest>;

export const ChangeRequestStatusEnum = openEnumType(
  'ChangeRequestStatus',
  ENUMS.changeRequestStatus,
  'State of a change request.',
  {
    draft: 'Being written; not yet up for review.',
    open: 'Open for review.',
    archived: 'Closed without merging.',
    merged: 'Merged into the main content.',
  },
);

export const ChangeRequestOrderBy = builder.enumType('ChangeRequestOrderBy', {
  description: 'Sort property of change request lists (latest first).',
  values: {
    UPDATED_AT: { value: 'updatedAt', description: 'Last update (the default).' },
    CREATED_AT: { value: 'createdAt', description: 'Creation.' },
  },
});

const ChangeRequestUrlsRef = builder
  .objectRef<NonNullable<ChangeRequestWire['urls']>>('ChangeRequestUrls')
  .implement({
    description: 'URLs of a change request.',
    fields: (t) => ({
      app: t.exposeString('app', { nullable: true, description: 'In the app.' }),
      location: t.exposeString('location', { nullable: true, description: 'In the REST API.' }),
    }),
  });

const ChangeRequestPermissionsRef = builder
  .objectRef<NonNullable<ChangeRequestWire['permissions']>>('ChangeRequestPermissions')
  .implement({
    description: 'What the caller may do with a change request.',
    fields: (t) => ({
      view: t.exposeBoolean('view', { description: 'May view it.' }),
      edit: t.exposeBoolean('edit', { description: 'May edit it.' }),
      merge: t.exposeBoolean('merge', { description: 'May merge it.' }),
      comment: t.exposeBoolean('comment', { description: 'May comment on it.' }),
    }),
  });

export const ChangeRequestRef = resourceNode(ChangeRequestResource, {
  description:
    'A change request: proposed edits to a space, with its own revision, comments, merge and update operations, and PDF export.',
  fields: (t) => ({
    number: t.int({
      description: 'Incremental identifier within the space.',
      resolve: (cr) => cr.number,
    }),
    status: t.field({
      type: ChangeRequestStatusEnum.ref,

      description: 'State (`draft`, `open`, `archived`, `merged`).',
      resolve: (cr) => ChangeRequestStatusEnum.of(cr.status) as string,
    }),
    subject: t.string({
      description: 'Subject (at most 100 characters).',
      resolve: (cr) => cr.subject,
    }),
    description: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Description (rich-text Document).',
      resolve: (cr) => cr.description ?? null,
    }),
    createdBy: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who created it (embedded: costs no call).',
      resolve: (cr) => cr.createdBy ?? null,
    }),
    createdAt: t.field({
      type: 'DateTime',

      description: 'When it was created.',
      resolve: (cr) => cr.createdAt,
    }),
    updatedAt: t.field({
      type: 'DateTime',

      description: 'When it was last updated.',
      resolve: (cr) => cr.updatedAt,
    }),
    space: t.field({
      type: SpaceRef,

      description: 'The space it proposes edits to.',
      // A reference whose parent already holds the fields asked most.
      cost: { returns: 'reference', parentBody: true },
      address: true,
      resolve: (cr) => cr.space,
    }),
    revision: t.string({
      description: 'Active revision id of the change request.',
      resolve: (cr) => cr.revision,
    }),
    revisionInitial: t.string({
      description: 'Revision of the space it was created from.',
      resolve: (cr) => cr.revisionInitial,
    }),
    revisionMergedAncestor: t.string({
      nullable: true,
      description: 'Latest revision when updated from main content.',
      resolve: (cr) => cr.revisionMergedAncestor ?? null,
    }),
    revisionMerged: t.string({
      nullable: true,
      description: 'Revision resulting from the merge, once merged.',
      resolve: (cr) => cr.revisionMerged ?? null,
    }),
    commentsCount: t.int({
      description: 'Count of opened comments (the REST `comments` number).',
      resolve: (cr) => cr.comments,
    }),
    outdated: t.boolean({
      description: 'True when not up to date with main content.',
      resolve: (cr) => cr.outdated,
    }),
    conversationsIssuesCluster: t.string({
      nullable: true,
      description: 'Id of the associated conversations issues cluster.',
      resolve: (cr) => cr.conversationsIssuesCluster ?? null,
    }),
    requestedReviewers: t.field({
      type: [UserRef],
      nullable: { list: true, items: true },
      description: 'Users asked to review it.',
      cost: { returns: 'body' },
      resolve: (cr) => cr.requestedReviewers ?? [],
    }),
    urls: t.field({
      type: ChangeRequestUrlsRef,
      nullable: true,
      description: 'URLs {app, location}.',
      resolve: (cr) => cr.urls ?? null,
    }),
    permissions: t.field({
      type: ChangeRequestPermissionsRef,
      nullable: true,
      description: 'What the caller may do with it.',
      resolve: (cr) => cr.permissions ?? null,
    }),
    pdf: t.string({
      description: 'URL of a PDF export of the change request’s content.',
      // Its PDF export is read at its own path.
      cost: { calls: 1 },
      address: true,
      args: {
        only: t.arg.boolean({ description: 'PDF only for the given page (default false).' }),
        page: t.arg.id({ description: 'Page ID (global or REST id) the PDF is for.' }),
      },
      resolve: async (cr, args, ctx) => {
        const scope = { space: cr.space, changeRequest: cr.id };
        const page = args.page ? await inScope(ctx, PageResource, args.page, scope, 'page') : null;
        const pdf = await read(
          ctx,
          ChangeRequestResource.route('pdf', cr.space, cr.id),
          ChangeRequestPdf,
          {
            only: args.only ?? undefined,
            page: page?.id,
          },
        );
        return pdf.url;
      },
    }),
  }),
});

// Content objects know their change request from their address.
const changeRequestOfContent = {
  type: ChangeRequestRef,
  nullable: true,
  description: 'The change request whose content it is (null: the main content).',
  address: true,
  resolve: (content: ContentScope) =>
    ChangeRequestResource.ref({ space: content.space, id: content.changeRequest }),
} as const;

builder.objectField(PageRef, 'changeRequest', (t) => t.field(changeRequestOfContent));
builder.objectField(FileRef, 'changeRequest', (t) => t.field(changeRequestOfContent));
