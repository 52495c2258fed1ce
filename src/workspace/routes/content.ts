import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TemplateApplication } from '../../contract/common.ts';
import {
  BacklinkQuery,
  ContentQuery,
  FileListQuery,
  LinkListQuery,
  PageReadQuery,
} from '../../contract/content.ts';
import type { RouteModule, Workspace } from '../context.ts';
import { conflict, orNotFound, parseInput } from '../errors.ts';
import {
  activeChangeRequestRevisions,
  requireChangeRequest,
  setChangeRequestRevision,
} from '../store/changeRequests.ts';
import {
  type ContentContext,
  changeRequestContent,
  commitSpaceRevision,
  fileBacklinks,
  fileData,
  getFile,
  getPageJson,
  insertPageTree,
  listFiles,
  listLinks,
  pageBacklinks,
  pageTreeJson,
  revisionJson,
  spaceContent,
  templatePages,
} from '../store/content.ts';
import { assertEditable, requireSpace } from '../store/spaces.ts';
import { Id, requestedChangeRequest, SpaceParams } from './common.ts';

const FileParams = z.object({ fileId: Id });
const PageParams = z.object({ pageId: Id });

interface Resolved {
  ctx: ContentContext;
  /** Revisions whose broken links count as `broken.changeRequest`. */
  changeRequestRevisions: string[];
}

type Resolve = (request: FastifyRequest) => Resolved;

function spaceResolver(ws: Workspace): Resolve {
  return (request) => {
    const { spaceId } = parseInput(SpaceParams, request.params, 'params');
    const { row } = requireSpace(ws, spaceId, request.caller.id, 'read');
    return {
      ctx: spaceContent(ws, row),
      changeRequestRevisions: activeChangeRequestRevisions(ws, row.id),
    };
  };
}

function changeRequestResolver(ws: Workspace): Resolve {
  return (request) => {
    const { space, changeRequest } = requestedChangeRequest(ws, request, 'read');
    return {
      ctx: changeRequestContent(ws, space.row, changeRequest),
      changeRequestRevisions: [changeRequest.revision_id],
    };
  };
}

/** The content reads under `base` (a space's current revision, or a change request's). */
function contentReads(app: FastifyInstance, ws: Workspace, base: string, resolve: Resolve) {
  app.get(`${base}/content`, async (request) => {
    const { ctx } = resolve(request);
    return revisionJson(ws, ctx, parseInput(ContentQuery, request.query, 'query'));
  });

  app.get(`${base}/content/pages`, async (request) => {
    const { ctx } = resolve(request);
    return pageTreeJson(ws, ctx, parseInput(ContentQuery, request.query, 'query'));
  });

  app.get(`${base}/content/files`, async (request) => {
    const { ctx } = resolve(request);
    return listFiles(ws, ctx, parseInput(FileListQuery, request.query, 'query'));
  });

  app.get(`${base}/content/files/:fileId`, async (request) => {
    const { ctx } = resolve(request);
    const { fileId } = parseInput(FileParams, request.params, 'params');
    return getFile(ws, ctx, fileId, parseInput(ContentQuery, request.query, 'query'));
  });

  app.get(`${base}/content/files/:fileId/backlinks`, async (request) => {
    const { ctx } = resolve(request);
    const { fileId } = parseInput(FileParams, request.params, 'params');
    return fileBacklinks(ws, ctx, fileId, parseInput(BacklinkQuery, request.query, 'query'));
  });

  app.get(`${base}/content/page/:pageId`, async (request) => {
    const { ctx } = resolve(request);
    const { pageId } = parseInput(PageParams, request.params, 'params');
    return getPageJson(ws, ctx, pageId, parseInput(PageReadQuery, request.query, 'query'));
  });

  app.get(`${base}/content/page/:pageId/links`, async (request) => {
    const { ctx, changeRequestRevisions } = resolve(request);
    const { pageId } = parseInput(PageParams, request.params, 'params');
    const query = parseInput(LinkListQuery, request.query, 'query');
    return listLinks(ws, ctx, query, { pageId, changeRequestRevisions });
  });

  app.get(`${base}/content/page/:pageId/backlinks`, async (request) => {
    const { ctx } = resolve(request);
    const { pageId } = parseInput(PageParams, request.params, 'params');
    return pageBacklinks(ws, ctx, pageId, parseInput(BacklinkQuery, request.query, 'query'));
  });
}

/** Space content, change request content, links, templates and file downloads. */
export const contentRoutes: RouteModule = {
  v1(app, ws) {
    contentReads(app, ws, '/spaces/:spaceId', spaceResolver(ws));
    contentReads(
      app,
      ws,
      '/spaces/:spaceId/change-requests/:changeRequestId',
      changeRequestResolver(ws),
    );

    app.get('/spaces/:spaceId/links', async (request) => {
      const { ctx, changeRequestRevisions } = spaceResolver(ws)(request);
      const query = parseInput(LinkListQuery, request.query, 'query');
      return listLinks(ws, ctx, query, { changeRequestRevisions });
    });

    // Applying a template is a content edit: it needs the edit level, like a change request.
    app.post('/spaces/:spaceId/content/template', async (request, reply) => {
      const { spaceId } = parseInput(SpaceParams, request.params, 'params');
      const body = parseInput(TemplateApplication, request.body, 'body');
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
    });
  },

  root(app, ws) {
    // Download URLs of files: the revision id in the path is the (unguessable) capability.
    app.get('/files/:revisionId/:fileId/:name', async (request, reply) => {
      const params = parseInput(
        z.object({ revisionId: Id, fileId: Id, name: z.string().max(500) }),
        request.params,
        'params',
      );
      const file = orNotFound(fileData(ws, params.revisionId, params.fileId), 'file');
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(file.data);
    });
  },
};
