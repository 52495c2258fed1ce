import { z } from 'zod';
import { TemplateApplication } from '../../contract/common.ts';
import {
  BacklinkQuery,
  ContentQuery,
  File,
  FileList,
  FileListQuery,
  LinkList,
  LinkListQuery,
  PageReadQuery,
  PageTree,
  ReferenceList,
  Revision,
} from '../../contract/content.ts';
import type { RouteModule, Workspace, WorkspaceApp } from '../context.ts';
import { conflict, orNotFound } from '../errors.ts';
import { setChangeRequestRevision } from '../store/changeRequestRevisions.ts';
import { activeChangeRequestRevisions, requireChangeRequest } from '../store/changeRequests.ts';
import { fileBacklinks, listLinks, pageBacklinks } from '../store/content/links.ts';
import {
  type ContentContext,
  changeRequestContent,
  fileData,
  getFile,
  getPageJson,
  listFiles,
  pageTreeJson,
  revisionJson,
  spaceContent,
} from '../store/content/render.ts';
import { commitSpaceRevision, insertPageTree } from '../store/content/revisionWrites.ts';
import { templatePages } from '../store/content/templates.ts';
import { assertEditable, requireSpace } from '../store/spaces.ts';
import { Id, RevisionParams, SpaceParams } from './common.ts';

const FileParams = RevisionParams.extend({ fileId: Id });
const PageParams = RevisionParams.extend({ pageId: Id });
const DownloadParams = z.object({ revisionId: Id, fileId: Id, name: z.string().max(500) });

interface Resolved {
  ctx: ContentContext;
  /** Revisions whose broken links count as `broken.changeRequest`. */
  changeRequestRevisions: string[];
}

/** The revision a space or change request path reads; 404 when the caller cannot read it. */
function resolve(ws: Workspace, params: RevisionParams, callerId: string): Resolved {
  if (params.changeRequestId === undefined) {
    const { row } = requireSpace(ws, params.spaceId, callerId, 'read');
    return {
      ctx: spaceContent(ws, row),
      changeRequestRevisions: activeChangeRequestRevisions(ws, row.id),
    };
  }
  const { space, changeRequest } = requireChangeRequest(
    ws,
    params.spaceId,
    params.changeRequestId,
    callerId,
    'read',
  );
  return {
    ctx: changeRequestContent(ws, space.row, changeRequest),
    changeRequestRevisions: [changeRequest.revision_id],
  };
}

/** The content reads under `base` (a space's current revision, or a change request's). */
function contentReads(app: WorkspaceApp, ws: Workspace, base: string) {
  app.get(
    `${base}/content`,
    { schema: { response: { 200: Revision }, params: RevisionParams, querystring: ContentQuery } },
    async (request) => {
      const { ctx } = resolve(ws, request.params, request.caller.id);
      return revisionJson(ws, ctx, request.query);
    },
  );

  app.get(
    `${base}/content/pages`,
    { schema: { response: { 200: PageTree }, params: RevisionParams, querystring: ContentQuery } },
    async (request) => {
      const { ctx } = resolve(ws, request.params, request.caller.id);
      return pageTreeJson(ws, ctx, request.query);
    },
  );

  app.get(
    `${base}/content/files`,
    { schema: { response: { 200: FileList }, params: RevisionParams, querystring: FileListQuery } },
    async (request) => {
      const { ctx } = resolve(ws, request.params, request.caller.id);
      return listFiles(ws, ctx, request.query);
    },
  );

  app.get(
    `${base}/content/files/:fileId`,
    { schema: { response: { 200: File }, params: FileParams, querystring: ContentQuery } },
    async (request) => {
      const { ctx } = resolve(ws, request.params, request.caller.id);
      const { fileId } = request.params;
      return getFile(ws, ctx, fileId, request.query);
    },
  );

  app.get(
    `${base}/content/files/:fileId/backlinks`,
    {
      schema: { response: { 200: ReferenceList }, params: FileParams, querystring: BacklinkQuery },
    },
    async (request) => {
      const { ctx } = resolve(ws, request.params, request.caller.id);
      const { fileId } = request.params;
      return fileBacklinks(ws, ctx, fileId, request.query);
    },
  );

  app.get(
    `${base}/content/page/:pageId`,
    { schema: { params: PageParams, querystring: PageReadQuery } },
    async (request) => {
      const { ctx } = resolve(ws, request.params, request.caller.id);
      const { pageId } = request.params;
      return getPageJson(ws, ctx, pageId, request.query);
    },
  );

  app.get(
    `${base}/content/page/:pageId/links`,
    { schema: { response: { 200: LinkList }, params: PageParams, querystring: LinkListQuery } },
    async (request) => {
      const { ctx, changeRequestRevisions } = resolve(ws, request.params, request.caller.id);
      const { pageId } = request.params;
      return listLinks(ws, ctx, request.query, { pageId, changeRequestRevisions });
    },
  );

  app.get(
    `${base}/content/page/:pageId/backlinks`,
    {
      schema: { response: { 200: ReferenceList }, params: PageParams, querystring: BacklinkQuery },
    },
    async (request) => {
      const { ctx } = resolve(ws, request.params, request.caller.id);
      const { pageId } = request.params;
      return pageBacklinks(ws, ctx, pageId, request.query);
    },
  );
}

/** Space content, change request content, links, templates and file downloads. */
export const contentRoutes: RouteModule = {
  register(app, ws) {
    contentReads(app, ws, '/spaces/:spaceId');
    contentReads(app, ws, '/spaces/:spaceId/change-requests/:changeRequestId');

    app.get(
      '/spaces/:spaceId/links',
      { schema: { response: { 200: LinkList }, params: SpaceParams, querystring: LinkListQuery } },
      async (request) => {
        const { ctx, changeRequestRevisions } = resolve(ws, request.params, request.caller.id);
        return listLinks(ws, ctx, request.query, { changeRequestRevisions });
      },
    );

    // Applying a template is a content edit: it needs the edit level, like a change request.
    app.post(
      '/spaces/:spaceId/content/template',
      { schema: { params: SpaceParams, body: TemplateApplication } },
      async (request, reply) => {
        const { spaceId } = request.params;
        const { body } = request;
        const callerId = request.caller.id;
        if (body.changeRequestId !== undefined) {
          const { space, changeRequest } = requireChangeRequest(
            ws,
            spaceId,
            body.changeRequestId,
            callerId,
            'edit',
          );
          assertEditable(space.row);
          if (changeRequest.status !== 'draft' && changeRequest.status !== 'open') {
            throw conflict(`a change request with status ${changeRequest.status} cannot be edited`);
          }
          const pages = templatePages(ws, changeRequest.revision_id, body);
          setChangeRequestRevision(ws, changeRequest, callerId, (revisionId) => {
            insertPageTree(ws, revisionId, pages);
          });
        } else {
          const { row } = requireSpace(ws, spaceId, callerId, 'edit');
          assertEditable(row);
          const pages = templatePages(ws, row.revision_id, body);
          commitSpaceRevision(ws, row, (revisionId) => {
            insertPageTree(ws, revisionId, pages);
          });
        }
        return reply.code(201).send();
      },
    );
  },

  root(app, ws) {
    // Download URLs of files: the revision id in the path is the (unguessable) capability.
    app.get(
      '/files/:revisionId/:fileId/:name',
      { schema: { params: DownloadParams } },
      async (request, reply) => {
        const { params } = request;
        const file = orNotFound(fileData(ws, params.revisionId, params.fileId), 'file');
        return reply
          .header('content-type', file.contentType)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(file.data);
      },
    );
  },
};
