import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../contract/common.ts';
import {
  AddSectionToGroupBody,
  AddSiteSpaceBody,
  CreateSiteBody,
  CreateSiteSectionBody,
  CreateSiteSectionGroupBody,
  MoveSiteSectionBody,
  MoveSiteSpaceBody,
  PublishedSiteQuery,
  PutAdaptiveSchemaBody,
  SiteListQuery,
  SiteSectionGroupListQuery,
  SiteSectionListQuery,
  SiteSpaceListQuery,
  UpdateSiteBody,
  UpdateSiteSectionBody,
  UpdateSiteSectionGroupBody,
  UpdateSiteSpaceBody,
} from '../../contract/sites.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule, Workspace } from '../context.ts';
import { parseInput } from '../errors.ts';
import { arrayPage, mapPage } from '../paging.ts';
import {
  addSectionToGroup,
  addSiteSpace,
  createGroup,
  createSection,
  deleteGroup,
  deleteSection,
  deleteSiteSpace,
  moveSection,
  moveSiteSpace,
  removeSectionFromGroup,
  requireGroup,
  requireSection,
  requireSiteSpace,
  SiteStructure,
  StructureRenderer,
  updateGroup,
  updateSection,
  updateSiteSpace,
} from '../store/siteStructure.ts';
import {
  adaptiveSchemaJson,
  createSite,
  deleteSite,
  listSites,
  publishedSite,
  putAdaptiveSchema,
  requireSite,
  setPublished,
  showsShareKey,
  siteJson,
  templateConditions,
  updateSite,
} from '../store/sites.ts';
import type { SiteRow } from '../store/siteUrls.ts';
import { Id, OrgParams } from './common.ts';

const SiteParams = OrgParams.extend({ siteId: Id });
const SiteSpaceParams = SiteParams.extend({ siteSpaceId: Id });
const SectionParams = SiteParams.extend({ siteSectionId: Id });
const GroupParams = SiteParams.extend({ siteSectionGroupId: Id });
const GroupSectionParams = GroupParams.extend({ siteSectionId: Id });

/** The site of the path, after checking the caller's organization role. */
function siteOf(ws: Workspace, request: FastifyRequest, required: Role): SiteRow {
  const { organizationId, siteId } = parseInput(SiteParams, request.params, 'params');
  requireOrganization(ws.db, organizationId, request.caller.id, required);
  return requireSite(ws, organizationId, siteId);
}

function renderer(ws: Workspace, site: SiteRow, callerId: string, shareKey?: string) {
  const fresh = requireSite(ws, site.organization_id, site.id);
  return new StructureRenderer(
    new SiteStructure(ws, fresh),
    callerId,
    showsShareKey(ws, fresh, callerId, shareKey),
  );
}

function sitesRoutes(app: FastifyInstance, ws: Workspace) {
  const base = '/orgs/:organizationId/sites';
  const site = `${base}/:siteId`;

  app.get(base, async (request) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'read');
    const query = parseInput(SiteListQuery, request.query, 'query');
    return listSites(ws, organizationId, request.caller.id, query);
  });

  app.post(base, async (request, reply) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    const body = parseInput(CreateSiteBody, request.body, 'body');
    const created = ws.db.transaction(() => createSite(ws, organizationId, body))();
    return reply.code(201).send(siteJson(ws, created, request.caller.id));
  });

  app.get(site, async (request) => siteJson(ws, siteOf(ws, request, 'read'), request.caller.id));

  app.patch(site, async (request) => {
    const row = siteOf(ws, request, 'admin');
    const body = parseInput(UpdateSiteBody, request.body, 'body');
    const updated = ws.db.transaction(() => updateSite(ws, row, body))();
    return siteJson(ws, updated, request.caller.id);
  });

  app.delete(site, async (request, reply) => {
    const { organizationId, siteId } = parseInput(SiteParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    deleteSite(ws, organizationId, siteId);
    return reply.code(204).send();
  });

  app.post(`${site}/publish`, async (request) =>
    siteJson(ws, setPublished(ws, siteOf(ws, request, 'admin'), true), request.caller.id),
  );

  app.post(`${site}/unpublish`, async (request) =>
    siteJson(ws, setPublished(ws, siteOf(ws, request, 'admin'), false), request.caller.id),
  );

  app.get(`${site}/published`, async (request) => {
    const { organizationId, siteId } = parseInput(SiteParams, request.params, 'params');
    const { shareKey } = parseInput(PublishedSiteQuery, request.query, 'query');
    return publishedSite(ws, organizationId, siteId, request.caller.id, shareKey);
  });

  app.get(`${site}/adaptive-schema`, async (request) =>
    adaptiveSchemaJson(siteOf(ws, request, 'read')),
  );

  app.put(`${site}/adaptive-schema`, async (request) => {
    const row = siteOf(ws, request, 'admin');
    const body = parseInput(PutAdaptiveSchemaBody, request.body, 'body');
    return adaptiveSchemaJson(putAdaptiveSchema(ws, row, body.jsonSchema));
  });

  app.get(`${site}/adaptive-schema/template-conditions`, async (request) =>
    templateConditions(siteOf(ws, request, 'read')),
  );
}

function siteSpacesRoutes(app: FastifyInstance, ws: Workspace) {
  const base = '/orgs/:organizationId/sites/:siteId/site-spaces';

  app.get(base, async (request) => {
    const row = siteOf(ws, request, 'read');
    const query = parseInput(SiteSpaceListQuery, request.query, 'query');
    const r = renderer(ws, row, request.caller.id, query.shareKey);
    const entries = r.st
      .orderedSiteSpaces()
      .filter(
        ({ row: ss }) =>
          query.default === undefined ||
          (r.st.defaultSiteSpaceId(ss.section_id) === ss.id) === query.default,
      );
    const page = arrayPage(entries, {
      keyOf: (entry) => [entry.key],
      limit: query.limit,
      page: query.page,
      scope: JSON.stringify(['site-spaces', row.id, query.default]),
    });
    return mapPage(page, (entry) => r.siteSpace(entry.row));
  });

  app.post(base, async (request, reply) => {
    const row = siteOf(ws, request, 'admin');
    const body = parseInput(AddSiteSpaceBody, request.body, 'body');
    const id = ws.db.transaction(() => addSiteSpace(ws, row, body))();
    const r = renderer(ws, row, request.caller.id);
    return reply.code(201).send(r.siteSpace(requireSiteSpace(r.st, id)));
  });

  app.patch(`${base}/:siteSpaceId`, async (request) => {
    const row = siteOf(ws, request, 'admin');
    const { siteSpaceId } = parseInput(SiteSpaceParams, request.params, 'params');
    const body = parseInput(UpdateSiteSpaceBody, request.body, 'body');
    ws.db.transaction(() => updateSiteSpace(ws, row, siteSpaceId, body))();
    const r = renderer(ws, row, request.caller.id);
    return r.siteSpace(requireSiteSpace(r.st, siteSpaceId));
  });

  app.delete(`${base}/:siteSpaceId`, async (request, reply) => {
    const row = siteOf(ws, request, 'admin');
    const { siteSpaceId } = parseInput(SiteSpaceParams, request.params, 'params');
    deleteSiteSpace(ws, row, siteSpaceId);
    return reply.code(204).send();
  });

  app.post(`${base}/:siteSpaceId/move`, async (request) => {
    const row = siteOf(ws, request, 'admin');
    const { siteSpaceId } = parseInput(SiteSpaceParams, request.params, 'params');
    requireSiteSpace(new SiteStructure(ws, row), siteSpaceId);
    const body = parseInput(MoveSiteSpaceBody, request.body, 'body');
    ws.db.transaction(() => moveSiteSpace(ws, row, siteSpaceId, body))();
    const r = renderer(ws, row, request.caller.id);
    return r.siteSpace(requireSiteSpace(r.st, siteSpaceId));
  });
}

function sectionsRoutes(app: FastifyInstance, ws: Workspace) {
  const base = '/orgs/:organizationId/sites/:siteId/sections';

  app.get(base, async (request) => {
    const row = siteOf(ws, request, 'read');
    const query = parseInput(SiteSectionListQuery, request.query, 'query');
    const r = renderer(ws, row, request.caller.id, query.shareKey);
    const keys = r.st.treeKeys();
    const page = arrayPage(r.st.sections, {
      keyOf: (section) => [keys.get(section.id) ?? section.id],
      limit: query.limit,
      page: query.page,
      scope: JSON.stringify(['site-sections', row.id]),
    });
    return mapPage(page, (section) => r.section(section));
  });

  app.post(base, async (request, reply) => {
    const row = siteOf(ws, request, 'admin');
    const body = parseInput(CreateSiteSectionBody, request.body, 'body');
    const id = ws.db.transaction(() => createSection(ws, row, body))();
    const r = renderer(ws, row, request.caller.id);
    return reply.code(201).send(r.section(requireSection(r.st, id)));
  });

  app.patch(`${base}/:siteSectionId`, async (request) => {
    const row = siteOf(ws, request, 'admin');
    const { siteSectionId } = parseInput(SectionParams, request.params, 'params');
    const body = parseInput(UpdateSiteSectionBody, request.body, 'body');
    ws.db.transaction(() => updateSection(ws, row, siteSectionId, body))();
    const r = renderer(ws, row, request.caller.id);
    return r.section(requireSection(r.st, siteSectionId));
  });

  app.delete(`${base}/:siteSectionId`, async (request, reply) => {
    const row = siteOf(ws, request, 'admin');
    const { siteSectionId } = parseInput(SectionParams, request.params, 'params');
    deleteSection(ws, row, siteSectionId);
    return reply.code(204).send();
  });

  app.post(`${base}/:siteSectionId/move`, async (request) => {
    const row = siteOf(ws, request, 'admin');
    const { siteSectionId } = parseInput(SectionParams, request.params, 'params');
    requireSection(new SiteStructure(ws, row), siteSectionId);
    const body = parseInput(MoveSiteSectionBody, request.body, 'body');
    ws.db.transaction(() => moveSection(ws, row, siteSectionId, body))();
    const r = renderer(ws, row, request.caller.id);
    return r.section(requireSection(r.st, siteSectionId));
  });
}

function sectionGroupsRoutes(app: FastifyInstance, ws: Workspace) {
  const base = '/orgs/:organizationId/sites/:siteId/section-groups';
  const group = `${base}/:siteSectionGroupId`;

  app.get(base, async (request) => {
    const row = siteOf(ws, request, 'read');
    const query = parseInput(SiteSectionGroupListQuery, request.query, 'query');
    const r = renderer(ws, row, request.caller.id);
    const keys = r.st.treeKeys();
    const page = arrayPage(r.st.groups, {
      keyOf: (g) => [keys.get(g.id) ?? g.id],
      limit: query.limit,
      page: query.page,
      scope: JSON.stringify(['site-section-groups', row.id]),
    });
    return mapPage(page, (g) => r.group(g));
  });

  app.post(base, async (request, reply) => {
    const row = siteOf(ws, request, 'admin');
    const body = parseInput(CreateSiteSectionGroupBody, request.body, 'body');
    const id = ws.db.transaction(() => createGroup(ws, row, body))();
    const r = renderer(ws, row, request.caller.id);
    return reply.code(201).send(r.group(requireGroup(r.st, id)));
  });

  app.patch(group, async (request) => {
    const row = siteOf(ws, request, 'admin');
    const { siteSectionGroupId } = parseInput(GroupParams, request.params, 'params');
    const body = parseInput(UpdateSiteSectionGroupBody, request.body, 'body');
    ws.db.transaction(() => updateGroup(ws, row, siteSectionGroupId, body))();
    const r = renderer(ws, row, request.caller.id);
    return r.group(requireGroup(r.st, siteSectionGroupId));
  });

  app.delete(group, async (request, reply) => {
    const row = siteOf(ws, request, 'admin');
    const { siteSectionGroupId } = parseInput(GroupParams, request.params, 'params');
    ws.db.transaction(() => deleteGroup(ws, row, siteSectionGroupId))();
    return reply.code(204).send();
  });

  app.post(`${group}/sections`, async (request, reply) => {
    const row = siteOf(ws, request, 'admin');
    const { siteSectionGroupId } = parseInput(GroupParams, request.params, 'params');
    const body = parseInput(AddSectionToGroupBody, request.body, 'body');
    ws.db.transaction(() => addSectionToGroup(ws, row, siteSectionGroupId, body.sectionId))();
    const r = renderer(ws, row, request.caller.id);
    return reply.code(201).send(r.group(requireGroup(r.st, siteSectionGroupId)));
  });

  app.delete(`${group}/sections/:siteSectionId`, async (request, reply) => {
    const row = siteOf(ws, request, 'admin');
    const { siteSectionGroupId, siteSectionId } = parseInput(
      GroupSectionParams,
      request.params,
      'params',
    );
    ws.db.transaction(() => removeSectionFromGroup(ws, row, siteSectionGroupId, siteSectionId))();
    return reply.code(204).send();
  });
}

/** Sites, site spaces, sections and section groups. */
export const siteRoutes: RouteModule = {
  v1(app, ws) {
    sitesRoutes(app, ws);
    siteSpacesRoutes(app, ws);
    sectionsRoutes(app, ws);
    sectionGroupsRoutes(app, ws);
  },
};
