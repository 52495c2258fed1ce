import { z } from 'zod';
import type { Role } from '../../contract/common.ts';
import type { Workspace } from '../context.ts';
import { requireChangeRequest } from '../store/changeRequests.ts';

/** A path identifier: 1 to 200 characters. */
export const Id = z.string().min(1).max(200);
/** Path parameters of `/orgs/{organizationId}/...`. */
export const OrgParams = z.object({ organizationId: Id });
/** Path parameters of `/spaces/{spaceId}/...`. */
export const SpaceParams = z.object({ spaceId: Id });
/** Path parameters of `/spaces/{spaceId}/change-requests/{changeRequestId}/...`. */
export const CrParams = SpaceParams.extend({ changeRequestId: Id });
/** Path parameters of a revision's reads: a space's, or one of its change requests' (with the id). */
export const RevisionParams = SpaceParams.extend({ changeRequestId: Id.optional() });
export type RevisionParams = z.infer<typeof RevisionParams>;

/** The change request named by the request's path; 404/403 unless the caller has `required`. */
export function requestedChangeRequest(
  ws: Workspace,
  request: { params: z.infer<typeof CrParams>; caller: { id: string } },
  required: Role,
) {
  const { spaceId, changeRequestId } = request.params;
  return requireChangeRequest(ws, spaceId, changeRequestId, request.caller.id, required);
}
