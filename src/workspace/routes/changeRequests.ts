import { z } from 'zod';
import {
  ChangeRequest,
  ChangeRequestList,
  ChangeRequestListQuery,
  ChangeRequestPdf,
  ChangeRequestPdfQuery,
  ChangeRequestRevisionResult,
  CreateChangeRequestBody,
  OrganizationChangeRequestListQuery,
  UpdateChangeRequestBody,
} from '../../contract/changeRequests.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule } from '../context.ts';
import { orNotFound } from '../errors.ts';
import {
  mergeChangeRequest,
  updateChangeRequestFromMain,
} from '../store/changeRequestRevisions.ts';
import {
  changeRequestJson,
  createChangeRequest,
  listOrganizationChangeRequests,
  listSpaceChangeRequests,
  updateChangeRequest,
} from '../store/changeRequests.ts';
import { insertPageTree } from '../store/content/revisionWrites.ts';
import { templatePages } from '../store/content/templates.ts';
import { createPdfExport, exportPdf } from '../store/pdf.ts';
import { requireSpace } from '../store/spaces.ts';
import { CrParams, OrgParams, requestedChangeRequest, SpaceParams } from './common.ts';

/** Change requests: list, create, read, patch, merge, update, PDF export. */
export const changeRequestRoutes: RouteModule = {
  register(app, ws) {
    app.get(
      '/spaces/:spaceId/change-requests',
      {
        schema: {
          response: { 200: ChangeRequestList },
          params: SpaceParams,
          querystring: ChangeRequestListQuery,
        },
      },
      async (request) => {
        const { spaceId } = request.params;
        const space = requireSpace(ws, spaceId, request.caller.id, 'read');
        return listSpaceChangeRequests(ws, space, request.caller.id, request.query);
      },
    );

    app.post(
      '/spaces/:spaceId/change-requests',
      {
        schema: {
          response: { 201: ChangeRequest },
          params: SpaceParams,
          body: CreateChangeRequestBody,
        },
      },
      async (request, reply) => {
        const { spaceId } = request.params;
        const { body } = request;
        const { row, level } = requireSpace(ws, spaceId, request.caller.id, 'edit');
        const template = body.template;
        const pages = template ? templatePages(ws, row.revision_id, template) : undefined;
        const created = createChangeRequest(ws, row, request.caller.id, {
          subject: body.subject,
          ...(pages ? { apply: (_ws, cr) => void insertPageTree(ws, cr.revision_id, pages) } : {}),
        });
        return reply.code(201).send(changeRequestJson(ws, created, request.caller.id, level));
      },
    );

    app.get(
      '/spaces/:spaceId/change-requests/:changeRequestId',
      { schema: { response: { 200: ChangeRequest }, params: CrParams } },
      async (request) => {
        const { space, changeRequest } = requestedChangeRequest(ws, request, 'read');
        return changeRequestJson(ws, changeRequest, request.caller.id, space.level);
      },
    );

    app.patch(
      '/spaces/:spaceId/change-requests/:changeRequestId',
      {
        schema: {
          response: { 200: ChangeRequest },
          params: CrParams,
          body: UpdateChangeRequestBody,
        },
      },
      async (request) => {
        const { space, changeRequest } = requestedChangeRequest(ws, request, 'edit');
        const updated = updateChangeRequest(ws, changeRequest, request.body);
        return changeRequestJson(ws, updated, request.caller.id, space.level);
      },
    );

    app.post(
      '/spaces/:spaceId/change-requests/:changeRequestId/merge',
      { schema: { response: { 200: ChangeRequestRevisionResult }, params: CrParams } },
      async (request) => {
        const { space, changeRequest } = requestedChangeRequest(ws, request, 'review');
        return mergeChangeRequest(ws, space.row, changeRequest, request.caller.id);
      },
    );

    app.post(
      '/spaces/:spaceId/change-requests/:changeRequestId/update',
      { schema: { response: { 200: ChangeRequestRevisionResult }, params: CrParams } },
      async (request) => {
        const { space, changeRequest } = requestedChangeRequest(ws, request, 'edit');
        return updateChangeRequestFromMain(ws, space.row, changeRequest, request.caller.id);
      },
    );

    app.get(
      '/spaces/:spaceId/change-requests/:changeRequestId/pdf',
      {
        // Every read makes a new export link (random, stored).
        config: { etag: 'body' },
        schema: {
          response: { 200: ChangeRequestPdf },
          params: CrParams,
          querystring: ChangeRequestPdfQuery,
        },
      },
      async (request) => {
        const { changeRequest } = requestedChangeRequest(ws, request, 'read');
        return { url: createPdfExport(ws, changeRequest, request.query) };
      },
    );

    app.get(
      '/orgs/:organizationId/change-requests',
      {
        schema: {
          response: { 200: ChangeRequestList },
          params: OrgParams,
          querystring: OrganizationChangeRequestListQuery,
        },
      },
      async (request) => {
        const { organizationId } = request.params;
        requireOrganization(ws.db, organizationId, request.caller.id, 'read');
        return listOrganizationChangeRequests(ws, organizationId, request.caller.id, request.query);
      },
    );
  },

  root(app, ws) {
    // The URL answered by `GET {cr}/pdf`: no token, the random path segment is the capability.
    app.get(
      '/exports/pdf/:file',
      { schema: { params: z.object({ file: z.string().max(100) }) } },
      async (request, reply) => {
        const { file } = request.params;
        const pdf = orNotFound(await exportPdf(ws, file.replace(/\.pdf$/, '')), 'export');
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', 'inline; filename="change-request.pdf"')
          .send(pdf);
      },
    );
  },
};
