import {
  CreateSpaceBody,
  MoveSpaceBody,
  Space,
  SpaceGetQuery,
  SpaceList,
  SpaceListQuery,
  TransferBody,
  UpdateSpaceBody,
} from '../../contract/spaces.ts';
import { atLeast, requireLevel, spaceLevel } from '../access.ts';
import type { RouteModule, Workspace, WorkspaceApp } from '../context.ts';
import { conflict, notFound } from '../errors.ts';
import type { Anchor } from '../store/positions.ts';
import {
  getSpaceRow,
  isExpired,
  listOrganizationSpaces,
  purgeExpiredSpaces,
  purgeSpace,
  requireSpace,
  spaceJson,
} from '../store/spaces.ts';
import {
  createSpace,
  duplicateSpace,
  moveSpace,
  restoreSpace,
  softDeleteSpace,
  transferSpace,
  updateSpace,
} from '../store/spaceWrites.ts';
import { OrgParams, SpaceParams } from './common.ts';

/** A space Position body as the store's anchor. */
function spaceAnchor(position: MoveSpaceBody['position']): Anchor | undefined {
  if (!position) return undefined;
  if (position.before) return { before: { kind: 'space', id: position.before.space } };
  if (position.after) return { after: { kind: 'space', id: position.after.space } };
  return undefined;
}

function register(app: WorkspaceApp, ws: Workspace) {
  app.get(
    '/spaces/:spaceId',
    { schema: { response: { 200: Space }, params: SpaceParams, querystring: SpaceGetQuery } },
    async (request) => {
      const { spaceId } = request.params;
      const { shareKey } = request.query;
      const { row, level } = requireSpace(ws, spaceId, request.caller.id, 'read', {
        shareKey,
        allowDeleted: true,
      });
      return spaceJson(ws, row, request.caller.id, { shareKey, level });
    },
  );

  app.patch(
    '/spaces/:spaceId',
    { schema: { response: { 200: Space }, params: SpaceParams, body: UpdateSpaceBody } },
    async (request) => {
      const { spaceId } = request.params;
      const { row } = requireSpace(ws, spaceId, request.caller.id, 'admin');
      return spaceJson(ws, updateSpace(ws, row, request.body), request.caller.id);
    },
  );

  // 204 also when the space does not exist, is already deleted or is not visible to the caller.
  app.delete('/spaces/:spaceId', { schema: { params: SpaceParams } }, async (request, reply) => {
    const { spaceId } = request.params;
    purgeExpiredSpaces(ws);
    const row = getSpaceRow(ws, spaceId);
    if (row && !row.deleted_at) {
      const level = spaceLevel(ws.db, request.caller.id, row);
      if (atLeast(level, 'read')) {
        requireLevel(level, 'admin', 'space');
        softDeleteSpace(ws, row);
      }
    }
    return reply.code(204).send();
  });

  app.post(
    '/spaces/:spaceId/duplicate',
    { schema: { response: { 201: Space }, params: SpaceParams } },
    async (request, reply) => {
      const { spaceId } = request.params;
      const { row } = requireSpace(ws, spaceId, request.caller.id, 'admin');
      const copy = duplicateSpace(ws, row);
      return reply.code(201).send(spaceJson(ws, copy, request.caller.id));
    },
  );

  app.post(
    '/spaces/:spaceId/restore',
    { schema: { response: { 200: Space }, params: SpaceParams } },
    async (request) => {
      const { spaceId } = request.params;
      const row = getSpaceRow(ws, spaceId);
      if (
        row &&
        isExpired(ws, row) &&
        atLeast(spaceLevel(ws.db, request.caller.id, row), 'admin')
      ) {
        purgeSpace(ws, row.id);
        throw conflict('the restore window of 7 days has passed; the space is permanently deleted');
      }
      if (!row) throw notFound('space');
      const found = requireSpace(ws, spaceId, request.caller.id, 'admin', { allowDeleted: true });
      return spaceJson(ws, restoreSpace(ws, found.row), request.caller.id);
    },
  );

  app.post(
    '/spaces/:spaceId/move',
    { schema: { response: { 200: Space }, params: SpaceParams, body: MoveSpaceBody } },
    async (request) => {
      const { spaceId } = request.params;
      const { body } = request;
      const { row } = requireSpace(ws, spaceId, request.caller.id, 'admin');
      const moved = moveSpace(ws, row, request.caller.id, {
        parent: body.parent,
        position: spaceAnchor(body.position),
      });
      return spaceJson(ws, moved, request.caller.id);
    },
  );

  app.post(
    '/spaces/:spaceId/transfer',
    { schema: { response: { 200: Space }, params: SpaceParams, body: TransferBody } },
    async (request) => {
      const { spaceId } = request.params;
      const { row } = requireSpace(ws, spaceId, request.caller.id, 'admin');
      const moved = transferSpace(ws, row, request.caller.id, request.body.organization);
      return spaceJson(ws, moved, request.caller.id);
    },
  );

  app.get(
    '/orgs/:organizationId/spaces',
    { schema: { response: { 200: SpaceList }, params: OrgParams, querystring: SpaceListQuery } },
    async (request) => {
      const { organizationId } = request.params;
      return listOrganizationSpaces(ws, organizationId, request.caller.id, request.query);
    },
  );

  app.post(
    '/orgs/:organizationId/spaces',
    { schema: { response: { 201: Space }, params: OrgParams, body: CreateSpaceBody } },
    async (request, reply) => {
      const { organizationId } = request.params;
      const row = createSpace(ws, organizationId, request.caller.id, request.body);
      return reply.code(201).send(spaceJson(ws, row, request.caller.id));
    },
  );
}

/** Spaces: read, settings, soft delete and restore, duplicate, move, transfer, list, create. */
export const spacesRoutes: RouteModule = { register };
