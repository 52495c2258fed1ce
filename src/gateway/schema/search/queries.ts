import { LIMITS } from '../../../contract/common.ts';
import { SearchPageHit, SearchSpaceHit } from '../../../contract/search.ts';
import { builder } from '../../builder.ts';
import { restConnection } from '../../connections/restConnection.ts';
import { badInput } from '../../errorCatalog.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { OrganizationRef } from '../organization/types.ts';
import { SpaceResource } from '../space/resource.ts';
import { SpaceRef } from '../space/types.ts';
import { OrganizationSearchItemRef, PageHitRef } from './types.ts';

/** `query` of search operations: required, at most 512 characters. */
function searchQuery(query: string): string {
  if (query.trim().length === 0) {
    throw badInput('query', 'required');
  }
  if (query.length > LIMITS.searchQuery) {
    throw badInput('query', `at most ${LIMITS.searchQuery} characters`);
  }
  return query;
}

builder.objectField(OrganizationRef, 'search', (t) =>
  t.connection({
    type: OrganizationSearchItemRef,
    description: 'Full-text search over the content of the organization.',
    address: true,
    args: { query: t.arg.string({ required: true, description: 'Text (max 512).' }) },
    resolve: (org, args, ctx) =>
      restConnection(ctx.rest, args, {
        path: OrganizationResource.route('search', org.id),
        query: { query: searchQuery(args.query) },
        item: SearchSpaceHit,
      }),
  }),
);

builder.objectField(SpaceRef, 'search', (t) =>
  t.connection({
    type: PageHitRef,
    description: 'Full-text search over the pages of the space.',
    address: true,
    args: { query: t.arg.string({ required: true, description: 'Text (max 512).' }) },
    resolve: (space, args, ctx) =>
      restConnection(ctx.rest, args, {
        path: SpaceResource.route('search', space.id),
        query: { query: searchQuery(args.query) },
        item: SearchPageHit,
      }),
  }),
);
