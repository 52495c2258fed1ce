import { deflateRawSync } from 'node:zlib';
import type { ListPage, Role } from '../../contract/common.ts';
import type {
  CreateSamlProviderBody,
  SamlProvider,
  SsoList,
  UpdateSamlProviderBody,
} from '../../contract/saml.ts';
import type { Workspace } from '../context.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { keysetPage, mapPage } from '../paging.ts';
import { getTeamRow, teamJson } from './teams.ts';

interface SamlRow {
  id: string;
  organization_id: string;
  label: string;
  entity_id: string | null;
  certificate: string | null;
  sso_url: string | null;
  default_team_id: string | null;
  default_role: Role;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, organization_id, label, entity_id, certificate, sso_url, default_team_id,
  default_role, created_at, updated_at`;

/** A provider is active once it has everything a login needs: entity ID, SSO URL, certificate. */
function isActive(row: SamlRow): boolean {
  return !!row.entity_id && !!row.sso_url && !!row.certificate;
}

/** The service-provider URLs of one provider, served under `{publicUrl}/sso/saml/...`. */
export function samlServiceUrls(ws: Workspace, organizationId: string, providerId: string) {
  const base = `${ws.publicUrl}/sso/saml/${organizationId}/${providerId}`;
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: base };
}

function samlJson(ws: Workspace, row: SamlRow, callerId: string): SamlProvider {
  const team = row.default_team_id
    ? getTeamRow(ws, row.organization_id, row.default_team_id)
    : undefined;
  return {
    object: 'saml-provider',
    id: row.id,
    label: row.label,
    ...(row.sso_url ? { ssoURL: row.sso_url } : {}),
    ...(row.entity_id ? { entityID: row.entity_id } : {}),
    ...(row.certificate ? { certificate: row.certificate } : {}),
    ...(team ? { defaultTeam: teamJson(ws, team, callerId) } : {}),
    defaultRole: row.default_role,
    createdAt: row.created_at,
    status: isActive(row) ? 'active' : 'pending',
    service: samlServiceUrls(ws, row.organization_id, row.id),
    urls: { location: `${ws.publicUrl}/v1/orgs/${row.organization_id}/saml/${row.id}` },
  };
}

function getSamlRow(ws: Workspace, organizationId: string, providerId: string) {
  return ws.db
    .prepare(`SELECT ${COLUMNS} FROM saml_providers WHERE id = ? AND organization_id = ?`)
    .get(providerId, organizationId) as SamlRow | undefined;
}

function requireSamlRow(ws: Workspace, organizationId: string, providerId: string): SamlRow {
  const row = getSamlRow(ws, organizationId, providerId);
  if (!row) throw notFound('SAML provider');
  return row;
}

function checkTeam(ws: Workspace, organizationId: string, teamId: string | null | undefined) {
  if (teamId && !getTeamRow(ws, organizationId, teamId)) {
    throw badRequest('defaultTeam: no such team in the organization');
  }
}

/** `GET {org}/saml`: oldest first. */
export function listSamlProviders(
  ws: Workspace,
  organizationId: string,
  callerId: string,
  query: { page?: string | undefined; limit: number },
): ListPage<SamlProvider> {
  const page = keysetPage<SamlRow>(ws.db, {
    select: `SELECT ${COLUMNS} FROM saml_providers`,
    where: ['organization_id = ?'],
    params: [organizationId],
    orderBy: [
      { column: 'created_at', dir: 'asc' },
      { column: 'id', dir: 'asc' },
    ],
    keyOf: (row: SamlRow) => [row.created_at, row.id],
    limit: query.limit,
    page: query.page,
    scope: `saml:${organizationId}`,
  });
  return mapPage(page, (row) => samlJson(ws, row, callerId));
}

/** `GET {org}/saml/{id}`. */
export function getSamlProvider(
  ws: Workspace,
  organizationId: string,
  providerId: string,
  callerId: string,
): SamlProvider {
  return samlJson(ws, requireSamlRow(ws, organizationId, providerId), callerId);
}

/** `POST {org}/saml`. */
export function createSamlProvider(
  ws: Workspace,
  organizationId: string,
  body: CreateSamlProviderBody,
  callerId: string,
): SamlProvider {
  checkTeam(ws, organizationId, body.defaultTeam);
  const now = ws.now();
  const row: SamlRow = {
    id: ws.ids.next(),
    organization_id: organizationId,
    label: body.label,
    entity_id: body.entityID ?? null,
    certificate: body.certificate ?? null,
    sso_url: body.ssoURL ?? null,
    default_team_id: body.defaultTeam ?? null,
    default_role: body.defaultRole ?? 'read',
    created_at: now,
    updated_at: now,
  };
  ws.db
    .prepare(
      `INSERT INTO saml_providers (${COLUMNS}) VALUES (@id, @organization_id, @label, @entity_id,
       @certificate, @sso_url, @default_team_id, @default_role, @created_at, @updated_at)`,
    )
    .run(row);
  return samlJson(ws, row, callerId);
}

/** `PATCH {org}/saml/{id}`: only the given fields change; `null` clears. */
export function updateSamlProvider(
  ws: Workspace,
  organizationId: string,
  providerId: string,
  body: UpdateSamlProviderBody,
  callerId: string,
): SamlProvider {
  const row = requireSamlRow(ws, organizationId, providerId);
  checkTeam(ws, organizationId, body.defaultTeam);
  const next: SamlRow = {
    ...row,
    ...(body.label !== undefined ? { label: body.label } : {}),
    ...(body.entityID !== undefined ? { entity_id: body.entityID } : {}),
    ...(body.certificate !== undefined ? { certificate: body.certificate } : {}),
    ...(body.ssoURL !== undefined ? { sso_url: body.ssoURL } : {}),
    ...(body.defaultTeam !== undefined ? { default_team_id: body.defaultTeam } : {}),
    ...(body.defaultRole !== undefined ? { default_role: body.defaultRole } : {}),
    updated_at: ws.now(),
  };
  ws.db
    .prepare(
      `UPDATE saml_providers SET label = @label, entity_id = @entity_id, certificate = @certificate,
       sso_url = @sso_url, default_team_id = @default_team_id, default_role = @default_role,
       updated_at = @updated_at WHERE id = @id`,
    )
    .run(next);
  return samlJson(ws, next, callerId);
}

/** `DELETE {org}/saml/{id}`: nothing to do when absent. */
export function deleteSamlProvider(ws: Workspace, organizationId: string, providerId: string) {
  ws.db
    .prepare('DELETE FROM saml_providers WHERE id = ? AND organization_id = ?')
    .run(providerId, organizationId);
}

/** `GET {org}/sso`: the start URLs of the organization's active providers. */
export function listSsoEntries(ws: Workspace, organizationId: string): SsoList {
  const rows = ws.db
    .prepare(
      `SELECT ${COLUMNS} FROM saml_providers WHERE organization_id = ? ORDER BY created_at, rowid`,
    )
    .all(organizationId) as SamlRow[];
  return {
    items: rows.filter(isActive).map((row) => ({
      id: row.id,
      label: row.label,
      startURL: samlServiceUrls(ws, organizationId, row.id).startURL,
    })),
  };
}

function xmlEscape(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The service-provider metadata XML of one provider (for the identity provider's setup). */
export function samlMetadata(ws: Workspace, organizationId: string, providerId: string): string {
  requireSamlRow(ws, organizationId, providerId);
  const service = samlServiceUrls(ws, organizationId, providerId);
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${xmlEscape(service.entityID)}">
  <md:SPSSODescriptor AuthnRequestsSigned="false" WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${xmlEscape(service.acsURL)}" index="0" isDefault="true"/>
  </md:SPSSODescriptor>
</md:EntityDescriptor>
`;
}

/**
 * Where the start URL sends a browser: the identity provider's SSO URL with a SAML AuthnRequest
 * (HTTP-Redirect binding: deflated, base64, in `SAMLRequest`). 404 for unknown providers, 409 for
 * pending ones.
 */
export function samlStartRedirect(
  ws: Workspace,
  organizationId: string,
  providerId: string,
  relayState?: string,
): string {
  const row = requireSamlRow(ws, organizationId, providerId);
  if (!isActive(row) || !row.sso_url) throw conflict('the SAML provider is not configured yet');
  const service = samlServiceUrls(ws, organizationId, providerId);
  const request = `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${ws.ids.next()}" Version="2.0" IssueInstant="${ws.now()}" Destination="${xmlEscape(row.sso_url)}" AssertionConsumerServiceURL="${xmlEscape(service.acsURL)}" ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"><saml:Issuer>${xmlEscape(service.entityID)}</saml:Issuer></samlp:AuthnRequest>`;
  const url = new URL(row.sso_url);
  url.searchParams.set('SAMLRequest', deflateRawSync(Buffer.from(request)).toString('base64'));
  if (relayState) url.searchParams.set('RelayState', relayState.slice(0, 80));
  return url.toString();
}

/**
 * What a user joining through SSO gets from the organization's first active provider: its
 * `defaultRole`, and its `defaultTeam` (which this adds them to, as a member). Undefined when the
 * organization has no active provider.
 */
export function applySsoDefaults(
  ws: Workspace,
  organizationId: string,
  userId: string,
): { role: Role; teamId: string | null } | undefined {
  const rows = ws.db
    .prepare(
      `SELECT ${COLUMNS} FROM saml_providers WHERE organization_id = ? ORDER BY created_at, rowid`,
    )
    .all(organizationId) as SamlRow[];
  const provider = rows.find(isActive);
  if (!provider) return undefined;
  const team = provider.default_team_id
    ? getTeamRow(ws, organizationId, provider.default_team_id)
    : undefined;
  if (team) {
    ws.db
      .prepare(
        `INSERT INTO team_members (team_id, user_id, role, added_at) VALUES (?, ?, 'member', ?)
         ON CONFLICT (team_id, user_id) DO NOTHING`,
      )
      .run(team.id, userId, ws.now());
  }
  return { role: provider.default_role, teamId: team?.id ?? null };
}
