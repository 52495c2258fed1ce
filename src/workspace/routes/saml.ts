import { z } from 'zod';
import {
  CreateSamlProviderBody,
  SamlProvider,
  SamlProviderList,
  SamlProviderListQuery,
  SsoList,
  UpdateSamlProviderBody,
} from '../../contract/saml.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule, Workspace, WorkspaceApp } from '../context.ts';
import { HttpError } from '../errors.ts';
import {
  createSamlProvider,
  deleteSamlProvider,
  getSamlProvider,
  listSamlProviders,
  listSsoEntries,
  samlMetadata,
  samlStartRedirect,
  updateSamlProvider,
} from '../store/saml.ts';

const OrgParams = z.object({ organizationId: z.string().min(1) });
const ProviderParams = OrgParams.extend({ samlProviderId: z.string().min(1) });

function register(app: WorkspaceApp, ws: Workspace) {
  const base = '/orgs/:organizationId/saml';

  app.get(
    base,
    {
      schema: {
        response: { 200: SamlProviderList },
        params: OrgParams,
        querystring: SamlProviderListQuery,
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return listSamlProviders(ws, organizationId, request.caller.id, request.query);
    },
  );

  app.post(
    base,
    { schema: { params: OrgParams, body: CreateSamlProviderBody } },
    async (request, reply) => {
      const { organizationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      return reply
        .code(201)
        .send(createSamlProvider(ws, organizationId, request.body, request.caller.id));
    },
  );

  app.get(
    `${base}/:samlProviderId`,
    { schema: { response: { 200: SamlProvider }, params: ProviderParams } },
    async (request) => {
      const { organizationId, samlProviderId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return getSamlProvider(ws, organizationId, samlProviderId, request.caller.id);
    },
  );

  app.patch(
    `${base}/:samlProviderId`,
    { schema: { params: ProviderParams, body: UpdateSamlProviderBody } },
    async (request) => {
      const { organizationId, samlProviderId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      return updateSamlProvider(
        ws,
        organizationId,
        samlProviderId,
        request.body,
        request.caller.id,
      );
    },
  );

  app.delete(
    `${base}/:samlProviderId`,
    { schema: { params: ProviderParams } },
    async (request, reply) => {
      const { organizationId, samlProviderId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      deleteSamlProvider(ws, organizationId, samlProviderId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/orgs/:organizationId/sso',
    { schema: { response: { 200: SsoList }, params: OrgParams } },
    async (request) => {
      const { organizationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return listSsoEntries(ws, organizationId);
    },
  );
}

const SsoParams = z.object({
  organizationId: z.string().min(1).max(200),
  providerId: z.string().min(1).max(200),
});
const StartQuery = z.object({ RelayState: z.string().max(80).optional() });

/** The service-provider endpoints that `service` points at: metadata, start, and the ACS. */
function root(app: WorkspaceApp, ws: Workspace) {
  const base = '/sso/saml/:organizationId/:providerId';

  app.get(base, { schema: { params: SsoParams } }, async (request, reply) => {
    const { organizationId, providerId } = request.params;
    const xml = samlMetadata(ws, organizationId, providerId);
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
  });

  app.get(
    `${base}/start`,
    { schema: { params: SsoParams, querystring: StartQuery } },
    async (request, reply) => {
      const { organizationId, providerId } = request.params;
      const { RelayState } = request.query;
      return reply.redirect(samlStartRedirect(ws, organizationId, providerId, RelayState), 302);
    },
  );

  // Signing in needs the signature of the assertion checked, which this server does not do.
  app.post(`${base}/acs`, { schema: { params: SsoParams } }, async (request) => {
    const { organizationId, providerId } = request.params;
    samlMetadata(ws, organizationId, providerId);
    throw new HttpError(501, 'SAML assertions are not accepted by the embedded workspace server');
  });
}

/** SAML providers and SSO entry points: `{org}/saml...`, `{org}/sso`, `/sso/saml/...`. */
export const samlRoutes: RouteModule = { register, root };
