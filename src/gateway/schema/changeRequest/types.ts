import type { z } from 'zod';
import { ChangeRequest, ChangeRequestPdf } from '../../../contract/changeRequests.ts';
import { ENUMS } from '../../../contract/common.ts';
import { builder } from '../../builder.ts';
import type { GatewayContext } from '../../context.ts';
import { addressId, globalId, splitAddressId, toRestId } from '../../ids.ts';
import { reference } from '../../refs.ts';
import { type QueryValue, seg, withQuery } from '../../upstream/rest.ts';
import { openEnumType } from '../common.ts';
import { FileRef, PageRef } from '../content/common.ts';
import { addContentFields } from '../content/queries.ts';
import type { ContentScope } from '../content/scope.ts';
import { UserRef } from '../member.ts';
import { SpaceRef } from '../space.ts';

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

/** REST path of a change request. */
export const changeRequestPath = (spaceId: string, changeRequestId: string) =>
  `/spaces/${seg(spaceId)}/change-requests/${seg(changeRequestId)}`;

/** Global ID of a change request. */
export const changeRequestGlobalId = (spaceId: string, changeRequestId: string) =>
  globalId('ChangeRequest', addressId(spaceId, changeRequestId));

const scopeOf = (cr: ChangeRequestWire): ContentScope => ({
  spaceId: cr.space,
  changeRequestId: cr.id,
});

export const ChangeRequestRef = builder.loadableNodeRef<ChangeRequestWire | Error, string, string>(
  'ChangeRequest',
  {
    id: { resolve: (cr) => addressId(cr.space, cr.id) },
    load: (ids, ctx: GatewayContext) =>
      Promise.all(
        ids.map(async (id) => {
          try {
            const [spaceId, crId] = splitAddressId(id, 2, 'ChangeRequest') as [string, string];
            return await ctx.rest.get(changeRequestPath(spaceId, crId), ChangeRequest);
          } catch (error) {
            return error as Error;
          }
        }),
      ),
  },
);
/** One change request by id or number (primed under its id when read by number). */
export async function loadChangeRequest(
  ctx: GatewayContext,
  spaceId: string,
  idOrNumber: string,
): Promise<ChangeRequestWire> {
  const key = toRestId(idOrNumber, 'ChangeRequest');
  const cr = await ctx.rest.get(changeRequestPath(spaceId, key), ChangeRequest);
  if (cr.id !== key) ctx.rest.prime(() => changeRequestPath(cr.space, cr.id), cr);
  return cr;
}

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
      view: t.exposeBoolean('view', { nullable: false, description: 'May view it.' }),
      edit: t.exposeBoolean('edit', { nullable: false, description: 'May edit it.' }),
      merge: t.exposeBoolean('merge', { nullable: false, description: 'May merge it.' }),
      comment: t.exposeBoolean('comment', { nullable: false, description: 'May comment on it.' }),
    }),
  });

ChangeRequestRef.implement({
  description:
    'A change request: proposed edits to a space, with its own revision, comments, merge and update operations, and PDF export.',
  fields: (t) => ({
    number: t.int({
      nullable: false,
      description: 'Incremental identifier within the space.',
      resolve: (cr) => cr.number,
    }),
    status: t.field({
      type: ChangeRequestStatusEnum.ref,
      nullable: false,
      description: 'State (`draft`, `open`, `archived`, `merged`).',
      resolve: (cr) => ChangeRequestStatusEnum.of(cr.status) as string,
    }),
    subject: t.string({
      nullable: false,
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
      nullable: false,
      description: 'When it was created.',
      resolve: (cr) => cr.createdAt,
    }),
    updatedAt: t.field({
      type: 'DateTime',
      nullable: false,
      description: 'When it was last updated.',
      resolve: (cr) => cr.updatedAt,
    }),
    space: t.field({
      type: SpaceRef,
      nullable: false,
      description: 'The space it proposes edits to.',
      resolve: (cr, _args, _ctx, info) => reference(info, cr.space, { id: cr.space } as never),
    }),
    revision: t.string({
      nullable: false,
      description: 'Active revision id of the change request.',
      resolve: (cr) => cr.revision,
    }),
    revisionInitial: t.string({
      nullable: false,
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
      nullable: false,
      description: 'Count of opened comments (the REST `comments` number).',
      resolve: (cr) => cr.comments,
    }),
    outdated: t.boolean({
      nullable: false,
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
      nullable: false,
      description: 'Users asked to review it.',
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
      nullable: false,
      description: 'URL of a PDF export of the change request’s content.',
      args: {
        only: t.arg.boolean({ description: 'PDF only for the given page (default false).' }),
        page: t.arg.id({ description: 'Page ID (global or REST id) the PDF is for.' }),
      },
      resolve: async (cr, args, ctx) => {
        const query: Record<string, QueryValue> = {
          only: args.only ?? undefined,
          page: args.page ? toRestId(args.page, 'Page') : undefined,
        };
        const pdf = await ctx.rest.get(
          withQuery(`${changeRequestPath(cr.space, cr.id)}/pdf`, query),
          ChangeRequestPdf,
        );
        return pdf.url;
      },
    }),
  }),
});

addContentFields(ChangeRequestRef, scopeOf, {
  content: 'The change request’s revision (its content).',
  pages: 'The page tree of the change request’s content.',
  page: 'One page of the change request’s content.',
  files: 'Files of the change request’s content.',
  file: 'One file of the change request’s content.',
});

// Content objects know their change request.
const changeRequestOfScope = {
  type: ChangeRequestRef,
  nullable: true,
  description: 'The change request whose content it is (null: the main content).',
} as const;

/** The change request a content scope belongs to, as a reference (null: the main content). */
export function scopeChangeRequest(scope: ContentScope, info: Parameters<typeof reference>[0]) {
  if (!scope.changeRequestId) return null;
  return reference(info, addressId(scope.spaceId, scope.changeRequestId), {
    id: scope.changeRequestId,
    space: scope.spaceId,
  } as ChangeRequestWire);
}

builder.objectField(PageRef, 'changeRequest', (t) =>
  t.field({
    ...changeRequestOfScope,
    resolve: (p, _args, _ctx, info) => scopeChangeRequest(p.scope, info),
  }),
);
builder.objectField(FileRef, 'changeRequest', (t) =>
  t.field({
    ...changeRequestOfScope,
    resolve: (f, _args, _ctx, info) => scopeChangeRequest(f.scope, info),
  }),
);
