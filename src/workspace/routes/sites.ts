import type { z } from 'zod';
import type { Role } from '../../contract/common.ts';
import {
  AddSectionToGroupBody,
  AddSiteSpaceBody,
  CreateSiteBody,
  CreateSiteSectionBody,
  CreateSiteSectionGroupBody,
  MoveSiteSectionBody,
  MoveSiteSpaceBody,
  PublishedSite,
  PublishedSiteQuery,
  PutAdaptiveSchemaBody,
  Site,
  SiteAdaptiveSchema,
  SiteList,
  SiteListQuery,
  SiteSectionGroupList,
  SiteSectionGroupListQuery,
  SiteSectionList,
  SiteSectionListQuery,
  SiteSpaceList,
  SiteSpaceListQuery,
  TemplateConditionList,
  UpdateSiteBody,
  UpdateSiteSectionBody,
  UpdateSiteSectionGroupBody,
  UpdateSiteSpaceBody,
} from '../../contract/sites.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule, Workspace, WorkspaceApp } from '../context.ts';
import { arrayPage, mapPage } from '../paging.ts';
import {
  addSectionToGroup,
  createGroup,
  deleteGroup,
  removeSectionFromGroup,
  requireGroup,
  updateGroup,
} from '../store/siteStructure/groups.ts';
import { StructureRenderer } from '../store/siteStructure/render.ts';
import {
  createSection,
  moveSection,
  requireSection,
  updateSection,
} from '../store/siteStructure/sections.ts';
import {
  addSiteSpace,
  moveSiteSpace,
  requireSiteSpace,
  updateSiteSpace,
} from '../store/siteStructure/siteSpaces.ts';
import { deletePart, SiteStructure } from '../store/siteStructure/structure.ts';
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
function siteOf(
  ws: Workspace,
  { organizationId, siteId }: z.infer<typeof SiteParams>,
  callerId: string,
  required: Role,
): SiteRow {
  requireOrganization(ws.db, organizationId, callerId, required);
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

function sitesRoutes(app: WorkspaceApp, ws: Workspace) {
  const base = '/orgs/:organizationId/sites';
  const site = `${base}/:siteId`;

  app.get(
    base,
    { schema: { response: { 200: SiteList }, params: OrgParams, querystring: SiteListQuery } },
    async (request) => {
      const { organizationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return listSites(ws, organizationId, request.caller.id, request.query);
    },
  );

  app.post(
    base,
    { schema: { params: OrgParams, body: CreateSiteBody } },
    async (request, reply) => {
      const { organizationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      const created = ws.db.transaction(() => createSite(ws, organizationId, request.body))();
      return reply.code(201).send(siteJson(ws, created, request.caller.id));
    },
  );

  app.get(site, { schema: { response: { 200: Site }, params: SiteParams } }, async (request) =>
    siteJson(ws, siteOf(ws, request.params, request.caller.id, 'read'), request.caller.id),
  );

  app.patch(site, { schema: { params: SiteParams, body: UpdateSiteBody } }, async (request) => {
    const row = siteOf(ws, request.params, request.caller.id, 'admin');
    const updated = ws.db.transaction(() => updateSite(ws, row, request.body))();
    return siteJson(ws, updated, request.caller.id);
  });

  app.delete(site, { schema: { params: SiteParams } }, async (request, reply) => {
    const { organizationId, siteId } = request.params;
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    deleteSite(ws, organizationId, siteId);
    return reply.code(204).send();
  });

  app.post(`${site}/publish`, { schema: { params: SiteParams } }, async (request) =>
    siteJson(
      ws,
      setPublished(ws, siteOf(ws, request.params, request.caller.id, 'admin'), true),
      request.caller.id,
    ),
  );

  app.post(`${site}/unpublish`, { schema: { params: SiteParams } }, async (request) =>
    siteJson(
      ws,
      setPublished(ws, siteOf(ws, request.params, request.caller.id, 'admin'), false),
      request.caller.id,
    ),
  );

  app.get(
    `${site}/published`,
    {
      schema: {
        response: { 200: PublishedSite },
        params: SiteParams,
        querystring: PublishedSiteQuery,
      },
    },
    async (request) => {
      const { organizationId, siteId } = request.params;
      const { shareKey } = request.query;
      return publishedSite(ws, organizationId, siteId, request.caller.id, shareKey);
    },
  );

  app.get(
    `${site}/adaptive-schema`,
    { schema: { response: { 200: SiteAdaptiveSchema }, params: SiteParams } },
    async (request) => adaptiveSchemaJson(siteOf(ws, request.params, request.caller.id, 'read')),
  );

  app.put(
    `${site}/adaptive-schema`,
    { schema: { params: SiteParams, body: PutAdaptiveSchemaBody } },
    async (request) => {
      const row = siteOf(ws, request.params, request.caller.id, 'admin');
      return adaptiveSchemaJson(putAdaptiveSchema(ws, row, request.body.jsonSchema));
    },
  );

  app.get(
    `${site}/adaptive-schema/template-conditions`,
    { schema: { response: { 200: TemplateConditionList }, params: SiteParams } },
    async (request) => templateConditions(siteOf(ws, request.params, request.caller.id, 'read')),
  );
}

function siteSpacesRoutes(app: WorkspaceApp, ws: Workspace) {
  const base = '/orgs/:organizationId/sites/:siteId/site-spaces';

  app.get(
    base,
    {
      schema: {
        response: { 200: SiteSpaceList },
        params: SiteParams,
        querystring: SiteSpaceListQuery,
      },
    },
    async (request) => {
      const row = siteOf(ws, request.params, request.caller.id, 'read');
      const { query } = request;
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
    },
  );

  app.post(
    base,
    { schema: { params: SiteParams, body: AddSiteSpaceBody } },
    async (request, reply) => {
      const row = siteOf(ws, request.params, request.caller.id, 'admin');
      const id = ws.db.transaction(() => addSiteSpace(ws, row, request.body))();
      const r = renderer(ws, row, request.caller.id);
      return reply.code(201).send(r.siteSpace(requireSiteSpace(r.st, id)));
    },
  );

  app.patch(
    `${base}/:siteSpaceId`,
    { schema: { params: SiteSpaceParams, body: UpdateSiteSpaceBody } },
    async (request) => {
      const row = siteOf(ws, request.params, request.caller.id, 'admin');
      const { siteSpaceId } = request.params;
      ws.db.transaction(() => updateSiteSpace(ws, row, siteSpaceId, request.body))();
      const r = renderer(ws, row, request.caller.id);
      return r.siteSpace(requireSiteSpace(r.st, siteSpaceId));
    },
  );

  app.delete(
    `${base}/:siteSpaceId`,
    { schema: { params: SiteSpaceParams } },
    async (request, reply) => {
      const row = siteOf(ws, request.params, request.caller.id, 'admin');
      const { siteSpaceId } = request.params;
      deletePart(ws, row, 'site_spaces', siteSpaceId);
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/:siteSpaceId/move`,
    { schema: { params: SiteSpaceParams, body: MoveSiteSpaceBody } },
    async (request) => {
      const row = siteOf(ws, request.params, request.caller.id, 'admin');
      const { siteSpaceId } = request.params;
      requireSiteSpace(new SiteStructure(ws, row), siteSpaceId);
      ws.db.transaction(() => moveSiteSpace(ws, row, siteSpaceId, request.body))();
      const r = renderer(ws, row, request.caller.id);
      return r.siteSpace(requireSiteSpace(r.st, siteSpaceId));
    },
  );
}

function sectionsRoutes(app: WorkspaceApp, ws: Workspace) {
  const base = '/orgs/:organizationId/sites/:siteId/sections';

  app.get(
    base,
    {
      schema: {
        response: { 200: SiteSectionList },
        params: SiteParams,
        querystring: SiteSectionListQuery,
      },
    },
    async (request) => {
      const row = siteOf(ws, request.params, request.caller.id, 'read');
      const { query } = request;
      const r = renderer(ws, row, request.caller.id, query.shareKey);
      const keys = r.st.treeKeys();
      const page = arrayPage(r.st.sections, {
        keyOf: (section) => [keys.get(section.id) ?? section.id],
        limit: query.limit,
        page: query.page,
        scope: JSON.stringify(['site-sections', row.id]),
      });
      return mapPage(page, (section) => r.section(section));
    },
  );

  app.post(
    base,
    { schema: { params: SiteParams, body: CreateSiteSectionBody } },
    async (request, reply) => {
      const row = siteOf(ws, request.params, request.caller.id, 'admin');
      const id = ws.db.transaction(() => createSection(ws, row, request.body))();
      const r = renderer(ws, row, request.caller.id);
      return reply.code(201).send(r.section(requireSection(r.st, id)));
    },
  );

  app.patch(
    `${base}/:siteSectionId`,
    { schema: { params: SectionParams, body: UpdateSiteSectionBody } },
    async (request) => {
      const row = siteOf(ws, request.params, request.caller.id, 'admin');
      const { siteSectionId } = request.params;
      ws.db.transaction(() => updateSection(ws, row, siteSectionId, request.body))();
      const r = renderer(ws, row, request.caller.id);
      return r.section(requireSection(r.st, siteSectionId));
    },
  );

  app.delete(
    `${base}/:siteSectionId`,
    { schema: { params: SectionParams } },
    async (request, reply) => {
      const row = siteOf(ws, request.params, request.caller.id, 'admin');
      const { siteSectionId } = request.params;
      deletePart(ws, row, 'site_sections', siteSectionId);
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/:siteSectionId/move`,
    { schema: { params: SectionParams, body: MoveSiteSectionBody } },
    async (request) => {
      const row = siteOf(ws, request.params, request.caller.id, 'admin');
      const { siteSectionId } = request.params;
      requireSection(new SiteStructure(ws, row), siteSectionId);
      ws.db.transaction(() => moveSection(ws, row, siteSectionId, request.body))();
      const r = renderer(ws, row, request.caller.id);
      return r.section(requireSection(r.st, siteSectionId));
    },
  );
}

function sectionGroupsRoutes(app: WorkspaceApp, ws: Workspace) {
  const base = '/orgs/:organizationId/sites/:siteId/section-groups';
  const group = `${base}/:siteSectionGroupId`;

  app.get(
    base,
    {
      schema: {
        response: { 200: SiteSectionGroupList },
        params: SiteParams,
        querystring: SiteSectionGroupListQuery,
      },
    },
    async (request) => {
      const row = siteOf(ws, request.params, request.caller.id, 'read');
      const { query } = request;
      const r = renderer(ws, row, request.caller.id);
      const keys = r.st.treeKeys();
      const page = arrayPage(r.st.groups, {
        keyOf: (g) => [keys.get(g.id) ?? g.id],
        limit: query.limit,
        page: query.page,
        scope: JSON.stringify(['site-section-groups', row.id]),
      });
      return mapPage(page, (g) => r.group(g));
    },
  );

  app.post(
    base,
    { schema: { params: SiteParams, body: CreateSiteSectionGroupBody } },
    async (request, reply) => {
      const row = siteOf(ws, request.params, request.caller.id, 'admin');
      const id = ws.db.transaction(() => createGroup(ws, row, request.body))();
      const r = renderer(ws, row, request.caller.id);
      return reply.code(201).send(r.group(requireGroup(r.st, id)));
    },
  );

  app.patch(
    group,
    { schema: { params: GroupParams, body: UpdateSiteSectionGroupBody } },
    async (request) => {
      const row = siteOf(ws, request.params, request.caller.id, 'admin');
      const { siteSectionGroupId } = request.params;
      ws.db.transaction(() => updateGroup(ws, row, siteSectionGroupId, request.body))();
      const r = renderer(ws, row, request.caller.id);
      return r.group(requireGroup(r.st, siteSectionGroupId));
    },
  );

  app.delete(group, { schema: { params: GroupParams } }, async (request, reply) => {
    const row = siteOf(ws, request.params, request.caller.id, 'admin');
    const { siteSectionGroupId } = request.params;
    ws.db.transaction(() => deleteGroup(ws, row, siteSectionGroupId))();
    return reply.code(204).send();
  });

  app.post(
    `${group}/sections`,
    { schema: { params: GroupParams, body: AddSectionToGroupBody } },
    async (request, reply) => {
      const row = siteOf(ws, request.params, request.caller.id, 'admin');
      const { siteSectionGroupId } = request.params;
      ws.db.transaction(() =>
        addSectionToGroup(ws, row, siteSectionGroupId, request.body.sectionId),
      )();
      const r = renderer(ws, row, request.caller.id);
      return reply.code(201).send(r.group(requireGroup(r.st, siteSectionGroupId)));
    },
  );

  app.delete(
    `${group}/sections/:siteSectionId`,
    { schema: { params: GroupSectionParams } },
    async (request, reply) => {
      const row = siteOf(ws, request.params, request.caller.id, 'admin');
      const { siteSectionGroupId, siteSectionId } = request.params;
      ws.db.transaction(() => removeSectionFromGroup(ws, row, siteSectionGroupId, siteSectionId))();
      return reply.code(204).send();
    },
  );
}

/** Sites, site spaces, sections and section groups. */
export const siteRoutes: RouteModule = {
  register(app, ws) {
    sitesRoutes(app, ws);
    siteSpacesRoutes(app, ws);
    sectionsRoutes(app, ws);
    sectionGroupsRoutes(app, ws);
  },
};
