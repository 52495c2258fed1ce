import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateSamlProviderBody,
  SamlProviderListQuery,
  UpdateSamlProviderBody,
} from '../../contract/saml.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule, Workspace } from '../context.ts';
import { HttpError, parseInput } from '../errors.ts';
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

function v1(app: FastifyInstance, ws: Workspace) {
  const base = '/orgs/:organizationId/saml';

  app.get(base, async (request) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'read');
    const query = parseInput(SamlProviderListQuery, request.query, 'query');
    return listSamlProviders(ws, organizationId, request.caller.id, query);
  });

  app.post(base, async (request, reply) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    const body = parseInput(CreateSamlProviderBody, request.body, 'body');
    return reply.code(201).send(createSamlProvider(ws, organizationId, body, request.caller.id));
  });

  app.get(`${base}/:samlProviderId`, async (request) => {
    const { organizationId, samlProviderId } = parseInput(ProviderParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'read');
    return getSamlProvider(ws, organizationId, samlProviderId, request.caller.id);
  });

  app.patch(`${base}/:samlProviderId`, async (request) => {
    const { organizationId, samlProviderId } = parseInput(ProviderParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    const body = parseInput(UpdateSamlProviderBody, request.body, 'body');
    return updateSamlProvider(ws, organizationId, samlProviderId, body, request.caller.id);
  });

  app.delete(`${base}/:samlProviderId`, async (request, reply) => {
    const { organizationId, samlProviderId } = parseInput(ProviderParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    deleteSamlProvider(ws, organizationId, samlProviderId);
    return reply.code(204).send();
  });

  app.get('/orgs/:organizationId/sso', async (request) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'read');
    return listSsoEntries(ws, organizationId);
  });
}

const SsoParams = z.object({
  organizationId: z.string().min(1).max(200),
  providerId: z.string().min(1).max(200),
});
const StartQuery = z.object({ RelayState: z.string().max(80).optional() });

/** The service-provider endpoints that `service` points at: metadata, start, and the ACS. */
function root(app: FastifyInstance, ws: Workspace) {
  const base = '/sso/saml/:organizationId/:providerId';

  app.get(base, async (request, reply) => {
    const { organizationId, providerId } = parseInput(SsoParams, request.params, 'params');
    const xml = samlMetadata(ws, organizationId, providerId);
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
  });

  app.get(`${base}/start`, async (request, reply) => {
    const { organizationId, providerId } = parseInput(SsoParams, request.params, 'params');
    const { RelayState } = parseInput(StartQuery, request.query, 'query');
    return reply.redirect(samlStartRedirect(ws, organizationId, providerId, RelayState), 302);
  });

  // Signing in needs the signature of the assertion checked, which this server does not do.
  app.post(`${base}/acs`, async (request) => {
    const { organizationId, providerId } = parseInput(SsoParams, request.params, 'params');
    samlMetadata(ws, organizationId, providerId);
    throw new HttpError(501, 'SAML assertions are not accepted by the embedded workspace server');
  });
}

/** SAML providers and SSO entry points: `{org}/saml...`, `{org}/sso`, `/sso/saml/...`. */
export const samlRoutes: RouteModule = { v1, root };
