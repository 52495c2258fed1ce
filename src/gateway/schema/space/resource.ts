import { Space } from '../../../contract/spaces.ts';
import { defineResource } from '../../resources/resource.ts';

/** A space: `/spaces/{space}`. */
export const SpaceResource = defineResource({
  typename: 'Space',
  segments: ['id'],
  routes: {
    item: '/spaces/{spaceId}',
    inOrganization: '/orgs/{organizationId}/spaces',
    inCollection: '/collections/{collectionId}/spaces',
    restore: '/spaces/{spaceId}/restore',
    duplicate: '/spaces/{spaceId}/duplicate',
    move: '/spaces/{spaceId}/move',
    transfer: '/spaces/{spaceId}/transfer',
    search: '/spaces/{spaceId}/search',
  },
  contract: Space,
});
