import { Space } from '../../../contract/spaces.ts';
import { defineResource } from '../../resources/resource.ts';
import { restPath } from '../../upstream/path.ts';

/** A space: `/spaces/{space}`. */
export const SpaceResource = defineResource({
  typename: 'Space',
  segments: ['id'],
  path: (a) => restPath`/spaces/${a.id}`,
  schema: Space,
  addressFields: [
    'search',
    'content',
    'pages',
    'page',
    'files',
    'file',
    'links',
    'changeRequests',
    'changeRequest',
    'comments',
    'comment',
    'commenters',
  ],
});
