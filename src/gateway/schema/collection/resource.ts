import { Collection } from '../../../contract/collections.ts';
import { defineResource } from '../../resources/resource.ts';
import { restPath } from '../../upstream/path.ts';

/** A collection: `/collections/{collection}`. */
export const CollectionResource = defineResource({
  typename: 'Collection',
  segments: ['id'],
  path: (a) => restPath`/collections/${a.id}`,
  schema: Collection,
  addressFields: ['spaces'],
});

/** The graph's value of a collection. */
export type CollectionShape = typeof CollectionResource.$shape;
