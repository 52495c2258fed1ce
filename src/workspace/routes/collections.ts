import { z } from 'zod';
import {
  Collection,
  CollectionList,
  CollectionListQuery,
  CollectionSpacesQuery,
  CreateCollectionBody,
  MoveCollectionBody,
  UpdateCollectionBody,
} from '../../contract/collections.ts';
import { SpaceList, TransferBody } from '../../contract/spaces.ts';
import { atLeast, collectionLevel, requireLevel } from '../access.ts';
import type { RouteModule, Workspace, WorkspaceApp } from '../context.ts';
import {
  collectionJson,
  createCollection,
  deleteCollection,
  getCollectionRow,
  listCollections,
  moveCollection,
  requireCollection,
  transferCollection,
  updateCollection,
} from '../store/collections.ts';
import type { Anchor } from '../store/positions.ts';
import { listCollectionSpaces } from '../store/spaces.ts';
import { OrgParams } from './common.ts';

const CollectionParams = z.object({ collectionId: z.string().min(1).max(200) });

type Position = NonNullable<MoveCollectionBody['position']>;
type PositionAnchor = NonNullable<Position['before']>;

function toAnchorTarget(anchor: PositionAnchor): { kind: 'space' | 'collection'; id: string } {
  return anchor.type === 'collection'
    ? { kind: 'collection', id: anchor.collection }
    : { kind: 'space', id: anchor.space };
}

function collectionAnchor(position: MoveCollectionBody['position']): Anchor | undefined {
  if (!position) return undefined;
  if (position.before) return { before: toAnchorTarget(position.before) };
  if (position.after) return { after: toAnchorTarget(position.after) };
  return undefined;
}

function register(app: WorkspaceApp, ws: Workspace) {
  app.get(
    '/collections/:collectionId',
    { schema: { response: { 200: Collection }, params: CollectionParams } },
    async (request) => {
      const { collectionId } = request.params;
      const { row, level } = requireCollection(ws, collectionId, request.caller.id, 'read');
      return collectionJson(ws, row, request.caller.id, level);
    },
  );

  app.patch(
    '/collections/:collectionId',
    {
      schema: {
        response: { 200: Collection },
        params: CollectionParams,
        body: UpdateCollectionBody,
      },
    },
    async (request) => {
      const { collectionId } = request.params;
      const { row } = requireCollection(ws, collectionId, request.caller.id, 'admin');
      return collectionJson(ws, updateCollection(ws, row, request.body), request.caller.id);
    },
  );

  // 204 also when the collection does not exist or is not visible to the caller.
  app.delete(
    '/collections/:collectionId',
    { schema: { params: CollectionParams } },
    async (request, reply) => {
      const { collectionId } = request.params;
      const row = getCollectionRow(ws, collectionId);
      if (row) {
        const level = collectionLevel(ws.db, request.caller.id, row);
        if (atLeast(level, 'read')) {
          requireLevel(level, 'admin', 'collection');
          deleteCollection(ws, row);
        }
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/collections/:collectionId/spaces',
    {
      schema: {
        response: { 200: SpaceList },
        params: CollectionParams,
        querystring: CollectionSpacesQuery,
      },
    },
    async (request) => {
      const { collectionId } = request.params;
      const { row } = requireCollection(ws, collectionId, request.caller.id, 'read');
      return listCollectionSpaces(ws, row, request.caller.id, request.query);
    },
  );

  app.post(
    '/collections/:collectionId/move',
    {
      schema: { response: { 200: Collection }, params: CollectionParams, body: MoveCollectionBody },
    },
    async (request) => {
      const { collectionId } = request.params;
      const { body } = request;
      const { row } = requireCollection(ws, collectionId, request.caller.id, 'admin');
      const moved = moveCollection(ws, row, request.caller.id, {
        parent: body.parent,
        position: collectionAnchor(body.position),
      });
      return collectionJson(ws, moved, request.caller.id);
    },
  );

  app.post(
    '/collections/:collectionId/transfer',
    { schema: { response: { 200: Collection }, params: CollectionParams, body: TransferBody } },
    async (request) => {
      const { collectionId } = request.params;
      const { row } = requireCollection(ws, collectionId, request.caller.id, 'admin');
      const moved = transferCollection(ws, row, request.caller.id, request.body.organization);
      return collectionJson(ws, moved, request.caller.id);
    },
  );

  app.get(
    '/orgs/:organizationId/collections',
    {
      schema: {
        response: { 200: CollectionList },
        params: OrgParams,
        querystring: CollectionListQuery,
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      return listCollections(ws, organizationId, request.caller.id, request.query);
    },
  );

  app.post(
    '/orgs/:organizationId/collections',
    { schema: { response: { 201: Collection }, params: OrgParams, body: CreateCollectionBody } },
    async (request, reply) => {
      const { organizationId } = request.params;
      const row = createCollection(ws, organizationId, request.caller.id, request.body);
      return reply.code(201).send(collectionJson(ws, row, request.caller.id));
    },
  );
}

/** Collections: read, settings, delete, their spaces, move, transfer, list, create. */
export const collectionsRoutes: RouteModule = { register };
