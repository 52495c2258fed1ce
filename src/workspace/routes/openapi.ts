import { z } from 'zod';
import {
  CreateOpenAPISpecBody,
  OpenAPISpecListQuery,
  OpenAPISpecVersionListQuery,
  PutOpenAPISpecBody,
  UpdateOpenAPISpecBody,
} from '../../contract/openapi.ts';
import { atLeast, requireOrganization } from '../access.ts';
import type { RouteModule, Workspace } from '../context.ts';
import { acmeApiDocument } from '../demo/acme-api.ts';
import { badRequest, notFound, orNotFound } from '../errors.ts';
import {
  deleteSpec,
  getSpecRow,
  getVersion,
  getVersionContent,
  insertSpec,
  listSpecs,
  listVersions,
  putSpec,
  type SpecRow,
  setSpecVisibility,
  specJson,
} from '../store/openapi.ts';
import { requestProcessing } from '../store/openapiProcessing.ts';
import { OrgParams } from './common.ts';

const SpecParams = OrgParams.extend({ specSlug: z.string().min(1).max(500) });
const VersionParams = SpecParams.extend({ versionId: z.string().min(1).max(200) });

/** The spec a member may read (404 otherwise), and whether the caller may edit it. */
function readableSpec(
  ws: Workspace,
  organizationId: string,
  slug: string,
  userId: string,
): { spec: SpecRow; canEdit: boolean } {
  const member = requireOrganization(ws.db, organizationId, userId, 'read');
  const spec = orNotFound(getSpecRow(ws, organizationId, slug), 'OpenAPI spec');
  return { spec, canEdit: atLeast(member.role, 'admin') };
}

/** OpenAPI specs and versions; the demo document served from the server itself. */
export const openapiRoutes: RouteModule = {
  register(app, ws) {
    app.get(
      '/orgs/:organizationId/openapi',
      { schema: { params: OrgParams, querystring: OpenAPISpecListQuery } },
      async (request) => {
        const { organizationId } = request.params;
        const { query } = request;
        const member = requireOrganization(ws.db, organizationId, request.caller.id, 'read');
        return listSpecs(ws, organizationId, {
          limit: query.limit,
          page: query.page,
          canEdit: atLeast(member.role, 'admin'),
        });
      },
    );

    app.post(
      '/orgs/:organizationId/openapi',
      { schema: { params: OrgParams, body: CreateOpenAPISpecBody } },
      async (request, reply) => {
        const { organizationId } = request.params;
        requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
        const { body } = request;
        const row = insertSpec(ws, organizationId, { slug: body.slug, sourceUrl: body.source.url });
        requestProcessing(ws, row.id);
        return reply.code(201).send(specJson(ws, row, true));
      },
    );

    app.get(
      '/orgs/:organizationId/openapi/:specSlug',
      { schema: { params: SpecParams } },
      async (request) => {
        const { organizationId, specSlug } = request.params;
        const { spec, canEdit } = readableSpec(ws, organizationId, specSlug, request.caller.id);
        return specJson(ws, spec, canEdit);
      },
    );

    app.put(
      '/orgs/:organizationId/openapi/:specSlug',
      { schema: { params: SpecParams, body: PutOpenAPISpecBody } },
      async (request) => {
        const { organizationId, specSlug } = request.params;
        requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
        const slug = CreateOpenAPISpecBody.shape.slug.safeParse(specSlug);
        if (!slug.success) throw badRequest(`specSlug: ${slug.error.issues[0]?.message}`);
        const { row } = putSpec(ws, organizationId, slug.data, request.body.source.url);
        requestProcessing(ws, row.id);
        const current = getSpecRow(ws, organizationId, slug.data) as SpecRow;
        return specJson(ws, current, true);
      },
    );

    app.patch(
      '/orgs/:organizationId/openapi/:specSlug',
      { schema: { params: SpecParams, body: UpdateOpenAPISpecBody } },
      async (request) => {
        const { organizationId, specSlug } = request.params;
        const { spec } = readableSpec(ws, organizationId, specSlug, request.caller.id);
        requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
        return specJson(ws, setSpecVisibility(ws, spec, request.body.visibility), true);
      },
    );

    app.delete(
      '/orgs/:organizationId/openapi/:specSlug',
      { schema: { params: SpecParams } },
      async (request, reply) => {
        const { organizationId, specSlug } = request.params;
        requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
        deleteSpec(ws, organizationId, specSlug);
        return reply.code(204).send();
      },
    );

    app.get(
      '/orgs/:organizationId/openapi/:specSlug/versions',
      { schema: { params: SpecParams, querystring: OpenAPISpecVersionListQuery } },
      async (request) => {
        const { organizationId, specSlug } = request.params;
        const { query } = request;
        const { spec } = readableSpec(ws, organizationId, specSlug, request.caller.id);
        return listVersions(ws, spec, { limit: query.limit, page: query.page });
      },
    );

    app.get(
      '/orgs/:organizationId/openapi/:specSlug/versions/:versionId',
      { schema: { params: VersionParams } },
      async (request) => {
        const { organizationId, specSlug, versionId } = request.params;
        const { spec } = readableSpec(ws, organizationId, specSlug, request.caller.id);
        return orNotFound(getVersion(ws, spec, versionId), 'OpenAPI spec version');
      },
    );

    app.get(
      '/orgs/:organizationId/openapi/:specSlug/versions/:versionId/content',
      { schema: { params: VersionParams } },
      async (request) => {
        const { organizationId, specSlug, versionId } = request.params;
        const { spec } = readableSpec(ws, organizationId, specSlug, request.caller.id);
        return orNotFound(getVersionContent(ws, spec, versionId), 'OpenAPI spec version');
      },
    );
  },

  root(app, ws) {
    app.get('/demo/openapi/acme-api.json', async () => acmeApiDocument);

    // The latest content of a `public` spec, readable without a token (its `urls.published`).
    app.get(
      '/public/openapi/:organizationId/:specSlug',
      { schema: { params: SpecParams } },
      async (request) => {
        const { organizationId, specSlug } = request.params;
        const spec = getSpecRow(ws, organizationId, specSlug);
        if (spec?.visibility !== 'public') throw notFound('OpenAPI spec');
        const content = orNotFound(getVersionContent(ws, spec, 'latest'), 'OpenAPI spec version');
        return Object.values(content.filesystem)[0];
      },
    );
  },
};
