import { z } from 'zod';
import {
  ChangeRequestListQuery,
  ChangeRequestPdfQuery,
  CreateChangeRequestBody,
  OrganizationChangeRequestListQuery,
  UpdateChangeRequestBody,
} from '../../contract/changeRequests.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule } from '../context.ts';
import { orNotFound, parseInput } from '../errors.ts';
import {
  changeRequestJson,
  createChangeRequest,
  listOrganizationChangeRequests,
  listSpaceChangeRequests,
  mergeChangeRequest,
  requireChangeRequest,
  updateChangeRequest,
  updateChangeRequestFromMain,
} from '../store/changeRequests.ts';
import { insertPageTree, templatePages } from '../store/content.ts';
import { createPdfExport, exportPdf } from '../store/pdf.ts';
import { requireSpace } from '../store/spaces.ts';
import { CrParams, OrgParams, requestedChangeRequest, SpaceParams } from './common.ts';

/** Change requests: list, create, read, patch, merge, update, PDF export. */
export const changeRequestRoutes: RouteModule = {
  v1(app, ws) {
    app.get('/spaces/:spaceId/change-requests', async (request) => {
      const { spaceId } = parseInput(SpaceParams, request.params, 'params');
      const query = parseInput(ChangeRequestListQuery, request.query, 'query');
      const space = requireSpace(ws, spaceId, request.caller.id, 'read');
      return listSpaceChangeRequests(ws, space, request.caller.id, query);
    });

    app.post('/spaces/:spaceId/change-requests', async (request, reply) => {
      const { spaceId } = parseInput(SpaceParams, request.params, 'params');
      const body = parseInput(CreateChangeRequestBody, request.body, 'body');
      const { row, level } = requireSpace(ws, spaceId, request.caller.id, 'edit');
      const template = body.template;
      const pages = template ? templatePages(ws, row.revision_id, template) : undefined;
      const created = createChangeRequest(ws, row, request.caller.id, {
        subject: body.subject,
        ...(pages ? { apply: (_ws, cr) => void insertPageTree(ws, cr.revision_id, pages) } : {}),
      });
      return reply.code(201).send(changeRequestJson(ws, created, request.caller.id, level));
    });

    app.get('/spaces/:spaceId/change-requests/:changeRequestId', async (request) => {
      const { space, changeRequest } = requestedChangeRequest(ws, request, 'read');
      return changeRequestJson(ws, changeRequest, request.caller.id, space.level);
    });

    app.patch('/spaces/:spaceId/change-requests/:changeRequestId', async (request) => {
      const { spaceId, changeRequestId } = parseInput(CrParams, request.params, 'params');
      const body = parseInput(UpdateChangeRequestBody, request.body, 'body');
      const { space, changeRequest } = requireChangeRequest(
        ws,
        spaceId,
        changeRequestId,
        request.caller.id,
        'edit',
      );
      const updated = updateChangeRequest(ws, changeRequest, body);
      return changeRequestJson(ws, updated, request.caller.id, space.level);
    });

    app.post('/spaces/:spaceId/change-requests/:changeRequestId/merge', async (request) => {
      const { space, changeRequest } = requestedChangeRequest(ws, request, 'review');
      return mergeChangeRequest(ws, space.row, changeRequest, request.caller.id);
    });

    app.post('/spaces/:spaceId/change-requests/:changeRequestId/update', async (request) => {
      const { space, changeRequest } = requestedChangeRequest(ws, request, 'edit');
      return updateChangeRequestFromMain(ws, space.row, changeRequest, request.caller.id);
    });

    app.get('/spaces/:spaceId/change-requests/:changeRequestId/pdf', async (request) => {
      const { spaceId, changeRequestId } = parseInput(CrParams, request.params, 'params');
      const query = parseInput(ChangeRequestPdfQuery, request.query, 'query');
      const { changeRequest } = requireChangeRequest(
        ws,
        spaceId,
        changeRequestId,
        request.caller.id,
        'read',
      );
      return { url: createPdfExport(ws, changeRequest, query) };
    });

    app.get('/orgs/:organizationId/change-requests', async (request) => {
      const { organizationId } = parseInput(OrgParams, request.params, 'params');
      const query = parseInput(OrganizationChangeRequestListQuery, request.query, 'query');
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return listOrganizationChangeRequests(ws, organizationId, request.caller.id, query);
    });
  },

  root(app, ws) {
    // The URL answered by `GET {cr}/pdf`: no token, the random path segment is the capability.
    app.get('/exports/pdf/:file', async (request, reply) => {
      const { file } = parseInput(
        z.object({ file: z.string().max(100) }),
        request.params,
        'params',
      );
      const pdf = orNotFound(await exportPdf(ws, file.replace(/\.pdf$/, '')), 'export');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="change-request.pdf"')
        .send(pdf);
    });
  },
};
