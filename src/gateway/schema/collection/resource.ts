import { Collection } from '../../../contract/collections.ts';
import { defineResource } from '../../resources/resource.ts';

/** A collection: `/collections/{collection}`. */
export const CollectionResource = defineResource({
  typename: 'Collection',
  segments: ['id'],
  routes: {
    item: '/collections/{collectionId}',
    inOrganization: '/orgs/{organizationId}/collections',
    move: '/collections/{collectionId}/move',
    transfer: '/collections/{collectionId}/transfer',
  },
  contract: Collection,
});

/** The graph's value of a collection. */
export type CollectionShape = typeof CollectionResource.$shape;
