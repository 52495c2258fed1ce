import { ChangeRequest } from '../../../contract/changeRequests.ts';
import { defineResource } from '../../resources/resource.ts';
import { SpaceResource } from '../space/resource.ts';

/** A change request's number within its space, as a path segment: digits (an id may be too). */
const NUMBER = /^[0-9]+$/;

/** A change request of a space: `/spaces/{space}/change-requests/{id}`. */
export const ChangeRequestResource = defineResource({
  typename: 'ChangeRequest',
  segments: ['space', 'id'],
  parents: { space: SpaceResource },
  routes: {
    item: '/spaces/{spaceId}/change-requests/{changeRequestId}',
    inSpace: '/spaces/{spaceId}/change-requests',
    inOrganization: '/orgs/{organizationId}/change-requests',
    merge: '/spaces/{spaceId}/change-requests/{changeRequestId}/merge',
    update: '/spaces/{spaceId}/change-requests/{changeRequestId}/update',
    pdf: '/spaces/{spaceId}/change-requests/{changeRequestId}/pdf',
  },
  contract: ChangeRequest,
  // `{changeRequestId}` of every route takes the request's id or its number within the space.
  alias: (id) => NUMBER.test(id),
});

/** The graph's value of a change request: the REST body (its `space` is its parent's id). */
export type ChangeRequestShape = typeof ChangeRequestResource.$shape;
