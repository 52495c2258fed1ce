import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Role } from '../../contract/common.ts';
import type { Workspace } from '../context.ts';
import { parseInput } from '../errors.ts';
import { requireChangeRequest } from '../store/changeRequests.ts';

/** A path identifier: 1 to 200 characters. */
export const Id = z.string().min(1).max(200);
/** Path parameters of `/orgs/{organizationId}/...`. */
export const OrgParams = z.object({ organizationId: Id });
/** Path parameters of `/spaces/{spaceId}/...`. */
export const SpaceParams = z.object({ spaceId: Id });
/** Path parameters of `/spaces/{spaceId}/change-requests/{changeRequestId}/...`. */
export const CrParams = SpaceParams.extend({ changeRequestId: Id });

/** The change request named by the request's path; 404/403 unless the caller has `required`. */
export function requestedChangeRequest(ws: Workspace, request: FastifyRequest, required: Role) {
  const { spaceId, changeRequestId } = parseInput(CrParams, request.params, 'params');
  return requireChangeRequest(ws, spaceId, changeRequestId, request.caller.id, required);
}
