import { ContentQuery, FileListQuery, PageReadQuery } from '../../contract/content.ts';
import { RevisionChangesQuery } from '../../contract/revisions.ts';
import type { RouteModule, Workspace } from '../context.ts';
import {
  type ContentContext,
  getFile,
  getPageJson,
  listFiles,
  pageTreeJson,
  revisionJson,
} from '../store/content/render.ts';
import { revisionChanges, revisionContent } from '../store/content/revisionReads.ts';
import { requireSpace } from '../store/spaces.ts';
import { Id, SpaceParams } from './common.ts';

const RevisionParams = SpaceParams.extend({ revisionId: Id });
const PageParams = RevisionParams.extend({ pageId: Id });
const FileParams = RevisionParams.extend({ fileId: Id });

/** The revision a path names, read with the space's read rules; 404 when either is missing. */
function resolve(
  ws: Workspace,
  params: { spaceId: string; revisionId: string },
  callerId: string,
): ContentContext {
  const { row } = requireSpace(ws, params.spaceId, callerId, 'read');
  return revisionContent(ws, row, params.revisionId);
}

const base = '/spaces/:spaceId/revisions/:revisionId';

/** Reads of any revision of a space (past or current, main or change request) by its id. */
export const revisionRoutes: RouteModule = {
  register(app, ws) {
    app.get(
      base,
      { schema: { params: RevisionParams, querystring: ContentQuery } },
      async (request) =>
        revisionJson(ws, resolve(ws, request.params, request.caller.id), request.query),
    );

    app.get(
      `${base}/pages`,
      { schema: { params: RevisionParams, querystring: ContentQuery } },
      async (request) =>
        pageTreeJson(ws, resolve(ws, request.params, request.caller.id), request.query),
    );

    app.get(
      `${base}/page/:pageId`,
      { schema: { params: PageParams, querystring: PageReadQuery } },
      async (request) => {
        const ctx = resolve(ws, request.params, request.caller.id);
        return getPageJson(ws, ctx, request.params.pageId, request.query);
      },
    );

    app.get(
      `${base}/files`,
      { schema: { params: RevisionParams, querystring: FileListQuery } },
      async (request) =>
        listFiles(ws, resolve(ws, request.params, request.caller.id), request.query),
    );

    app.get(
      `${base}/files/:fileId`,
      { schema: { params: FileParams, querystring: ContentQuery } },
      async (request) => {
        const ctx = resolve(ws, request.params, request.caller.id);
        return getFile(ws, ctx, request.params.fileId, request.query);
      },
    );

    app.get(
      `${base}/changes`,
      { schema: { params: RevisionParams, querystring: RevisionChangesQuery } },
      async (request) =>
        revisionChanges(ws, resolve(ws, request.params, request.caller.id), request.query),
    );
  },
};
