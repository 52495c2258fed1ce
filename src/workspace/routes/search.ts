import { OrganizationSearchResult, SearchQuery, SpaceSearchResult } from '../../contract/search.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule } from '../context.ts';
import { searchOrganization, searchSpace } from '../store/search.ts';
import { requireSpace } from '../store/spaces.ts';
import { OrgParams, SpaceParams } from './common.ts';

/** Full-text search over the pages of spaces' current revisions. */
export const searchRoutes: RouteModule = {
  register(app, ws) {
    app.get(
      '/orgs/:organizationId/search',
      {
        schema: {
          response: { 200: OrganizationSearchResult },
          params: OrgParams,
          querystring: SearchQuery,
        },
      },
      async (request) => {
        const { organizationId } = request.params;
        requireOrganization(ws.db, organizationId, request.caller.id, 'read');
        return searchOrganization(ws, organizationId, request.caller.id, request.query);
      },
    );

    app.get(
      '/spaces/:spaceId/search',
      {
        schema: {
          response: { 200: SpaceSearchResult },
          params: SpaceParams,
          querystring: SearchQuery,
        },
      },
      async (request) => {
        const { spaceId } = request.params;
        const { row } = requireSpace(ws, spaceId, request.caller.id, 'read');
        return searchSpace(ws, row, request.query);
      },
    );
  },
};
