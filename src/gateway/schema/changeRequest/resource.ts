import { ChangeRequest } from '../../../contract/changeRequests.ts';
import { defineResource } from '../../resources/resource.ts';
import { restPath } from '../../upstream/path.ts';
import { SpaceResource } from '../space/resource.ts';

/** A change request of a space: `/spaces/{space}/change-requests/{id}`. */
export const ChangeRequestResource = defineResource({
  typename: 'ChangeRequest',
  segments: ['space', 'id'],
  parents: { space: SpaceResource },
  path: (a) => restPath`/spaces/${a.space}/change-requests/${a.id}`,
  schema: ChangeRequest,
  addressFields: [
    'space',
    'pdf',
    'content',
    'pages',
    'page',
    'files',
    'file',
    'comments',
    'comment',
  ],
});

/** The graph's value of a change request: the REST body (its `space` is its parent's id). */
export type ChangeRequestShape = typeof ChangeRequestResource.$shape;
