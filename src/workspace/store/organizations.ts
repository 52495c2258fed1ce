import { createHmac, randomBytes } from 'node:crypto';
import type { ListPage, Role } from '../../contract/common.ts';
import type {
  AgentInstructions,
  Organization,
  UpdateOrganizationBody,
} from '../../contract/organizations.ts';
import { atLeast, membership } from '../access.ts';
import type { Workspace } from '../context.ts';
import { forbidden, notFound } from '../errors.ts';
import { keysetPage, mapPage } from '../paging.ts';
import { assertMembers } from './spaceWrites.ts';

/** A row of the `organizations` table. */
export interface OrganizationRow {
  id: string;
  title: string;
  created_at: string;
  email_domains: string;
  hostname: string | null;
  type: string;
  use_case: string | null;
  community_type: string | null;
  default_role: Role | null;
  default_content: string | null;
  logo: string | null;
  sso: number;
  ai: number;
  invite_links: number;
  plan: string;
  merge_rules: string;
  custom_hostname: string | null;
  extra: string;
}

/**
 * Free-form organization data kept in `extra`: billing and trial facts, the visitor-claims
 * signing secret and the docs-agent instructions.
 */
export interface OrganizationExtra {
  billing?: Organization['billing'];
  trial?: Organization['trial'];
  blocked?: Organization['blocked'];
  internal_billingMigration?: Organization['internal_billingMigration'];
  visitorClaimsSecret?: string;
  agentInstructions?: {
    instructions: AgentInstructions['instructions'];
    updatedAt: string;
    updatedBy: string;
  };
}

function parse<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The organization row by id. */
export function getOrganizationRow(ws: Workspace, organizationId: string) {
  return ws.db.prepare('SELECT * FROM organizations WHERE id = ?').get(organizationId) as
    | OrganizationRow
    | undefined;
}

/** The organization's `extra` data. */
export function organizationExtra(row: OrganizationRow): OrganizationExtra {
  return parse<OrganizationExtra>(row.extra, {});
}

function writeExtra(ws: Workspace, organizationId: string, extra: OrganizationExtra): void {
  ws.db
    .prepare('UPDATE organizations SET extra = ? WHERE id = ?')
    .run(JSON.stringify(extra), organizationId);
}

/** The organization when the caller is a member of it (any role); else 404. */
export function requireMemberOrganization(
  ws: Workspace,
  organizationId: string,
  callerId: string,
): OrganizationRow {
  const row = getOrganizationRow(ws, organizationId);
  if (!row || !membership(ws.db, organizationId, callerId)) throw notFound('organization');
  return row;
}

function toOrganization(ws: Workspace, row: OrganizationRow, callerId: string): Organization {
  const role = membership(ws.db, row.id, callerId)?.role ?? null;
  const isMember = membership(ws.db, row.id, callerId) !== undefined;
  const extra = organizationExtra(row);
  const org: Organization = {
    object: 'organization',
    id: row.id,
    title: row.title,
    createdAt: row.created_at,
    emailDomains: parse<string[]>(row.email_domains, []),
    type: row.type as Organization['type'],
    defaultRole: row.default_role,
    defaultContent: parse<Organization['defaultContent']>(row.default_content, null),
    sso: row.sso === 1,
    ai: row.ai === 1,
    inviteLinks: row.invite_links === 1,
    plan: row.plan,
    mergeRules: parse<Organization['mergeRules']>(row.merge_rules, { type: 'rules', rules: [] }),
    urls: {
      location: `${ws.publicUrl}/v1/orgs/${row.id}`,
      app: `${ws.publicUrl}/app/orgs/${row.id}`,
      ...(row.logo ? { logo: row.logo } : {}),
    },
    permissions: {
      view: isMember,
      admin: role === 'admin',
      ownTeam: role === 'admin',
      createContent: atLeast(role, 'create'),
      createOpenAPISpec: role === 'admin',
      ingestConversations: role === 'admin',
      viewBilling: role === 'admin',
      listMembers: atLeast(role, 'read'),
      listTeams: atLeast(role, 'read'),
      listIntegrations: atLeast(role, 'read'),
      listInstallations: role === 'admin',
      installIntegration: role === 'admin',
    },
  };
  if (row.hostname) org.hostname = row.hostname;
  if (row.use_case) org.useCase = row.use_case;
  if (row.community_type) org.communityType = row.community_type;
  if (row.custom_hostname) org.customHostname = row.custom_hostname;
  // Billing facts are for those who may see them.
  if (extra.billing && role === 'admin') org.billing = extra.billing;
  if (extra.trial) org.trial = extra.trial;
  if (extra.blocked) org.blocked = extra.blocked;
  if (extra.internal_billingMigration && role === 'admin') {
    org.internal_billingMigration = extra.internal_billingMigration;
  }
  return org;
}

/** The `Organization` shape, with `permissions` computed for the caller. */
export function organizationJson(
  ws: Workspace,
  organizationId: string,
  callerId: string,
): Organization {
  const row = getOrganizationRow(ws, organizationId);
  if (!row) throw notFound('organization');
  return toOrganization(ws, row, callerId);
}

/** `GET /v1/orgs`: the organizations the caller is an active member of, oldest first. */
export function listOrganizations(
  ws: Workspace,
  callerId: string,
  query: { limit: number; page?: string | undefined },
): ListPage<Organization> {
  const page = keysetPage<OrganizationRow>(ws.db, {
    select: 'SELECT o.* FROM organizations o JOIN members m ON m.organization_id = o.id',
    where: ['m.user_id = ?', 'm.disabled = 0'],
    params: [callerId],
    orderBy: [
      { column: 'o.created_at', dir: 'asc' },
      { column: 'o.id', dir: 'asc' },
    ],
    keyOf: ((row: OrganizationRow) => [row.created_at, row.id]) as never,
    limit: query.limit,
    page: query.page,
    scope: `orgs:${callerId}`,
  });
  return mapPage(page, (row) => toOrganization(ws, row, callerId));
}

/** `PATCH {org}`. */
export function updateOrganization(
  ws: Workspace,
  row: OrganizationRow,
  body: UpdateOrganizationBody,
): void {
  const sets: string[] = [];
  const params: unknown[] = [];
  const set = (column: string, value: unknown) => {
    sets.push(`${column} = ?`);
    params.push(value);
  };
  if (body.title !== undefined) set('title', body.title);
  if (body.emailDomains !== undefined) {
    set(
      'email_domains',
      JSON.stringify([...new Set(body.emailDomains.map((d) => d.toLowerCase()))]),
    );
  }
  if (body.hostname !== undefined) set('hostname', body.hostname);
  if (body.defaultRole !== undefined) set('default_role', body.defaultRole);
  if (body.defaultContent !== undefined) {
    set('default_content', body.defaultContent ? JSON.stringify(body.defaultContent) : null);
  }
  if (body.logo !== undefined) set('logo', body.logo);
  if (body.sso !== undefined) set('sso', body.sso ? 1 : 0);
  if (body.ai !== undefined) set('ai', body.ai ? 1 : 0);
  if (body.inviteLinks !== undefined) set('invite_links', body.inviteLinks ? 1 : 0);
  if (body.mergeRules !== undefined) {
    assertMembers(ws, row.id, body.mergeRules);
    set('merge_rules', JSON.stringify(body.mergeRules));
  }
  if (sets.length === 0) return;
  ws.db.prepare(`UPDATE organizations SET ${sets.join(', ')} WHERE id = ?`).run(...params, row.id);
}

/**
 * `POST {org}/join`: an existing member stays as they are; otherwise the caller joins with the
 * organization's default role when their verified email's domain is allowed, else 403.
 */
export function joinOrganization(ws: Workspace, organizationId: string, callerId: string): void {
  const row = getOrganizationRow(ws, organizationId);
  if (!row) throw notFound('organization');
  const existing = ws.db
    .prepare('SELECT 1 FROM members WHERE organization_id = ? AND user_id = ?')
    .get(organizationId, callerId);
  if (existing) return;
  const user = ws.db
    .prepare('SELECT email, email_verified FROM users WHERE id = ?')
    .get(callerId) as { email: string; email_verified: number };
  const domain = user.email.split('@').pop()?.toLowerCase() ?? '';
  const allowed = parse<string[]>(row.email_domains, []).map((d) => d.toLowerCase());
  if (!user.email_verified || !allowed.includes(domain)) {
    throw forbidden('your verified email domain is not allowed to join this organization');
  }
  ws.db
    .prepare('INSERT INTO members (organization_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)')
    .run(organizationId, callerId, row.default_role, ws.now());
}

/** `DELETE {org}/link-invites/{inviteId}`. */
export function deleteLinkInvite(ws: Workspace, organizationId: string, inviteId: string): void {
  ws.db
    .prepare('DELETE FROM link_invites WHERE id = ? AND organization_id = ?')
    .run(inviteId, organizationId);
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/** Signs a JWT with HS256. */
export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** The organization's visitor-claims signing secret, made on first use. */
export function visitorClaimsSecret(ws: Workspace, organizationId: string): string {
  const row = getOrganizationRow(ws, organizationId) as OrganizationRow;
  const extra = organizationExtra(row);
  if (extra.visitorClaimsSecret) return extra.visitorClaimsSecret;
  extra.visitorClaimsSecret = randomBytes(32).toString('base64url');
  writeExtra(ws, organizationId, extra);
  return extra.visitorClaimsSecret;
}

/**
 * `POST {org}/ping`: records the member's `lastSeenAt`; when the organization has
 * `visitor-auth` spaces, answers a visitor-claims JWT (HS256, one hour) for the member.
 */
export function pingOrganization(
  ws: Workspace,
  organizationId: string,
  callerId: string,
): { serviceVisitorClaims?: string } {
  requireMemberOrganization(ws, organizationId, callerId);
  const now = ws.now();
  ws.db
    .prepare('UPDATE members SET last_seen_at = ? WHERE organization_id = ? AND user_id = ?')
    .run(now, organizationId, callerId);
  const visitorAuth = ws.db
    .prepare(
      "SELECT 1 FROM spaces WHERE organization_id = ? AND visibility = 'visitor-auth' AND deleted_at IS NULL LIMIT 1",
    )
    .get(organizationId);
  if (!visitorAuth) return {};
  const user = ws.db
    .prepare('SELECT email, display_name FROM users WHERE id = ?')
    .get(callerId) as { email: string; display_name: string };
  const role = membership(ws.db, organizationId, callerId)?.role ?? null;
  const iat = Math.floor(ws.clock.now().getTime() / 1000);
  const token = signJwt(
    {
      iss: ws.publicUrl,
      sub: callerId,
      aud: organizationId,
      iat,
      exp: iat + 3600,
      email: user.email,
      name: user.display_name,
      role,
    },
    visitorClaimsSecret(ws, organizationId),
  );
  return { serviceVisitorClaims: token };
}

const EMPTY_DOCUMENT: AgentInstructions['instructions'] = {
  object: 'document',
  data: { schemaVersion: 1 },
  nodes: [],
};

/** `GET {org}/agent-instructions`: an empty document until instructions are written. */
export function agentInstructionsJson(ws: Workspace, row: OrganizationRow): AgentInstructions {
  const stored = organizationExtra(row).agentInstructions;
  const result: AgentInstructions = {
    object: 'agent-instructions',
    instructions: stored?.instructions ?? EMPTY_DOCUMENT,
    urls: { location: `${ws.publicUrl}/v1/orgs/${row.id}/agent-instructions` },
  };
  if (stored) {
    result.updatedAt = stored.updatedAt;
    result.updatedBy = stored.updatedBy;
  }
  return result;
}

/** `PUT {org}/agent-instructions`. */
export function putAgentInstructions(
  ws: Workspace,
  row: OrganizationRow,
  callerId: string,
  instructions: AgentInstructions['instructions'],
): AgentInstructions {
  const extra = organizationExtra(row);
  extra.agentInstructions = { instructions, updatedAt: ws.now(), updatedBy: callerId };
  writeExtra(ws, row.id, extra);
  return agentInstructionsJson(ws, getOrganizationRow(ws, row.id) as OrganizationRow);
}
