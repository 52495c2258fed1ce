import { SearchQuery } from '../../contract/search.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule } from '../context.ts';
import { parseInput } from '../errors.ts';
import { searchOrganization, searchSpace } from '../store/search.ts';
import { requireSpace } from '../store/spaces.ts';
import { OrgParams, SpaceParams } from './common.ts';

/** Full-text search over the pages of spaces' current revisions. */
export const searchRoutes: RouteModule = {
  v1(app, ws) {
    app.get('/orgs/:organizationId/search', async (request) => {
      const { organizationId } = parseInput(OrgParams, request.params, 'params');
      const query = parseInput(SearchQuery, request.query, 'query');
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return searchOrganization(ws, organizationId, request.caller.id, query);
    });

    app.get('/spaces/:spaceId/search', async (request) => {
      const { spaceId } = parseInput(SpaceParams, request.params, 'params');
      const query = parseInput(SearchQuery, request.query, 'query');
      const { row } = requireSpace(ws, spaceId, request.caller.id, 'read');
      return searchSpace(ws, row, query);
    });
  },
};
