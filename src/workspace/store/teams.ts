import type { ListPage } from '../../contract/common.ts';
import type {
  CreateTeamBody,
  Team,
  TeamListQuery,
  TeamMember,
  UpdateTeamMembersBody,
} from '../../contract/teams.ts';
import { membership } from '../access.ts';
import type { Workspace } from '../context.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { keysetPage, mapPage } from '../paging.ts';
import { memberJson } from './memberRows.ts';
import { findUserId } from './users.ts';

export type TeamRole = 'owner' | 'member';

export interface TeamRow {
  id: string;
  organization_id: string;
  title: string;
  created_at: string;
}

/** A team of the organization, or undefined. */
export function getTeamRow(ws: Workspace, organizationId: string, teamId: string) {
  return ws.db
    .prepare(
      'SELECT id, organization_id, title, created_at FROM teams WHERE id = ? AND organization_id = ?',
    )
    .get(teamId, organizationId) as TeamRow | undefined;
}

/** A team of the organization; 404 when there is none. */
export function requireTeam(ws: Workspace, organizationId: string, teamId: string): TeamRow {
  const row = getTeamRow(ws, organizationId, teamId);
  if (!row) throw notFound('team');
  return row;
}

/** Number of the team's members who are (still) members of its organization. */
export function teamMemberCount(ws: Workspace, team: TeamRow): number {
  const row = ws.db
    .prepare(
      `SELECT count(*) AS n FROM team_members tm
       JOIN members m ON m.organization_id = ? AND m.user_id = tm.user_id
       WHERE tm.team_id = ?`,
    )
    .get(team.organization_id, team.id) as { n: number };
  return row.n;
}

/**
 * Number of (not deleted) spaces the team has a level on: given to the space itself, or to its
 * collection or any ancestor collection.
 */
export function teamSpaceCount(ws: Workspace, team: TeamRow): number {
  const row = ws.db
    .prepare(
      `WITH RECURSIVE cols(id) AS (
         SELECT target_id FROM team_permissions WHERE team_id = ? AND target_type = 'collection'
         UNION
         SELECT c.id FROM collections c JOIN cols ON c.parent_id = cols.id
       )
       SELECT count(*) AS n FROM spaces s
       WHERE s.organization_id = ? AND s.deleted_at IS NULL AND (
         s.id IN (SELECT target_id FROM team_permissions WHERE team_id = ? AND target_type = 'space')
         OR s.parent_id IN (SELECT id FROM cols)
       )`,
    )
    .get(team.id, team.organization_id, team.id) as { n: number };
  return row.n;
}

function teamRoleOf(ws: Workspace, teamId: string, userId: string): TeamRole | undefined {
  const row = ws.db
    .prepare('SELECT role FROM team_members WHERE team_id = ? AND user_id = ?')
    .get(teamId, userId) as { role: TeamRole } | undefined;
  return row?.role;
}

/** True when the user manages the team: an organization admin, or an owner of the team. */
export function canManageTeam(ws: Workspace, team: TeamRow, userId: string): boolean {
  const member = membership(ws.db, team.organization_id, userId);
  if (!member) return false;
  if (member.role === 'admin') return true;
  return teamRoleOf(ws, team.id, userId) === 'owner';
}

/** Answers 403 unless the caller manages the team. */
export function requireTeamManager(ws: Workspace, team: TeamRow, userId: string): void {
  if (!canManageTeam(ws, team, userId)) {
    throw forbidden('requires the admin role in the organization or the owner role in the team');
  }
}

/** The `Team` shape, with `permissions` computed for the caller. */
export function teamJson(ws: Workspace, team: TeamRow, callerId: string): Team {
  return {
    object: 'team',
    id: team.id,
    title: team.title,
    members: teamMemberCount(ws, team),
    spaces: teamSpaceCount(ws, team),
    createdAt: team.created_at,
    permissions: {
      admin: canManageTeam(ws, team, callerId),
      view: membership(ws.db, team.organization_id, callerId) !== undefined,
    },
  };
}

/** `GET {org}/teams`: ordered by title; `member` keeps the teams that user can manage. */
export function listTeams(
  ws: Workspace,
  organizationId: string,
  callerId: string,
  query: TeamListQuery,
): ListPage<Team> {
  const where = ['t.organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (query.search) {
    where.push('instr(lower(t.title), lower(?)) > 0');
    params.push(query.search);
  }
  if (query.member !== undefined) {
    const userId = findUserId(ws, query.member);
    const member = userId ? membership(ws.db, organizationId, userId) : undefined;
    if (!userId || !member) {
      where.push('0');
    } else if (member.role !== 'admin') {
      where.push(
        "EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = t.id AND tm.user_id = ? AND tm.role = 'owner')",
      );
      params.push(userId);
    }
  }
  const page = keysetPage<TeamRow & { sort_title: string }>(ws.db, {
    select:
      'SELECT t.id, t.organization_id, t.title, t.created_at, lower(t.title) AS sort_title FROM teams t',
    where,
    params,
    orderBy: [
      { column: 'lower(t.title)', dir: 'asc' },
      { column: 't.id', dir: 'asc' },
    ],
    keyOf: (row: TeamRow & { sort_title: string }) => [row.sort_title, row.id],
    limit: query.limit,
    page: query.page,
    scope: `teams:${organizationId}:${query.member ?? ''}:${query.search ?? ''}`,
  });
  return mapPage(page, (row) => teamJson(ws, row, callerId));
}

/**
 * Resolves user ids or emails to users who are members of the organization; a 400 names the
 * identifiers that match no user, or users outside the organization.
 */
export function resolveOrganizationUsers(
  ws: Workspace,
  organizationId: string,
  identifiers: readonly string[],
  field: string,
): Map<string, string> {
  const resolved = new Map<string, string>();
  const unknown: string[] = [];
  const outside: string[] = [];
  for (const identifier of new Set(identifiers)) {
    const userId = findUserId(ws, identifier);
    if (!userId) unknown.push(identifier);
    else if (!membership(ws.db, organizationId, userId)) outside.push(identifier);
    else resolved.set(identifier, userId);
  }
  const show = (list: string[]) =>
    list
      .slice(0, 10)
      .map((v) => JSON.stringify(v.slice(0, 100)))
      .join(', ') + (list.length > 10 ? `, and ${list.length - 10} more` : '');
  if (unknown.length) throw badRequest(`${field}: unknown users ${show(unknown)}`);
  if (outside.length) {
    throw badRequest(`${field}: not members of the organization: ${show(outside)}`);
  }
  return resolved;
}

function upsertTeamMember(ws: Workspace, teamId: string, userId: string, role?: TeamRole): void {
  if (role) {
    ws.db
      .prepare(
        `INSERT INTO team_members (team_id, user_id, role, added_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (team_id, user_id) DO UPDATE SET role = excluded.role`,
      )
      .run(teamId, userId, role, ws.now());
  } else {
    ws.db
      .prepare(
        `INSERT INTO team_members (team_id, user_id, role, added_at) VALUES (?, ?, 'member', ?)
         ON CONFLICT (team_id, user_id) DO NOTHING`,
      )
      .run(teamId, userId, ws.now());
  }
}

/** `PUT {org}/teams`: creates a team with its first members. */
export function createTeam(ws: Workspace, organizationId: string, body: CreateTeamBody): TeamRow {
  return ws.db.transaction(() => {
    const members = resolveOrganizationUsers(ws, organizationId, body.members ?? [], 'members');
    const team: TeamRow = {
      id: ws.ids.next(),
      organization_id: organizationId,
      title: body.title,
      created_at: ws.now(),
    };
    ws.db
      .prepare('INSERT INTO teams (id, organization_id, title, created_at) VALUES (?, ?, ?, ?)')
      .run(team.id, team.organization_id, team.title, team.created_at);
    for (const userId of new Set(members.values())) upsertTeamMember(ws, team.id, userId);
    return team;
  })();
}

/** `PATCH {org}/teams/{teamId}`. */
export function updateTeam(ws: Workspace, team: TeamRow, changes: { title?: string }): TeamRow {
  if (changes.title === undefined) return team;
  ws.db.prepare('UPDATE teams SET title = ? WHERE id = ?').run(changes.title, team.id);
  return { ...team, title: changes.title };
}

/** `DELETE {org}/teams/{teamId}`: members, levels and SAML default-team links go with it. */
export function deleteTeam(ws: Workspace, organizationId: string, teamId: string): void {
  ws.db
    .prepare('DELETE FROM teams WHERE id = ? AND organization_id = ?')
    .run(teamId, organizationId);
}

/** `GET {org}/teams/{teamId}/members`: ordered by display name. */
export function listTeamMembers(
  ws: Workspace,
  team: TeamRow,
  callerId: string,
  query: { page?: string | undefined; limit: number },
): ListPage<TeamMember> {
  type Row = { user_id: string; role: TeamRole; sort_name: string };
  const page = keysetPage<Row>(ws.db, {
    select: `SELECT tm.user_id, tm.role, lower(u.display_name) AS sort_name FROM team_members tm
      JOIN users u ON u.id = tm.user_id
      JOIN members m ON m.organization_id = ? AND m.user_id = tm.user_id`,
    where: ['tm.team_id = ?'],
    params: [team.organization_id, team.id],
    orderBy: [
      { column: 'lower(u.display_name)', dir: 'asc' },
      { column: 'tm.user_id', dir: 'asc' },
    ],
    keyOf: (row: Row) => [row.sort_name, row.user_id],
    limit: query.limit,
    page: query.page,
    scope: `team-members:${team.id}`,
  });
  const view = membership(ws.db, team.organization_id, callerId) !== undefined;
  const items: TeamMember[] = [];
  for (const row of page.items) {
    const member = memberJson(ws, team.organization_id, row.user_id);
    if (member)
      items.push({ organization: member, team: { role: row.role }, permissions: { view } });
  }
  return { ...(page.next ? { next: page.next } : {}), count: page.count, items };
}

/**
 * `PUT {org}/teams/{teamId}/members`: adds `add`, applies `memberships` (adds or updates with the
 * role), then removes `remove`, so a user named in `remove` ends up out of the team.
 */
export function updateTeamMembers(ws: Workspace, team: TeamRow, body: UpdateTeamMembersBody): void {
  ws.db.transaction(() => {
    const orgId = team.organization_id;
    const add = resolveOrganizationUsers(ws, orgId, body.add ?? [], 'add');
    const roles = resolveOrganizationUsers(
      ws,
      orgId,
      Object.keys(body.memberships ?? {}),
      'memberships',
    );
    // Removing someone who left the organization must still work: only unknown users are refused.
    const remove = new Set<string>();
    const unknown: string[] = [];
    for (const identifier of new Set(body.remove ?? [])) {
      const userId = findUserId(ws, identifier);
      if (userId) remove.add(userId);
      else unknown.push(identifier);
    }
    if (unknown.length) {
      throw badRequest(
        `remove: unknown users ${unknown
          .slice(0, 10)
          .map((v) => JSON.stringify(v.slice(0, 100)))
          .join(', ')}`,
      );
    }
    for (const userId of add.values())
      if (!remove.has(userId)) upsertTeamMember(ws, team.id, userId);
    for (const [identifier, { role }] of Object.entries(body.memberships ?? {})) {
      const userId = roles.get(identifier);
      if (userId && !remove.has(userId)) upsertTeamMember(ws, team.id, userId, role);
    }
    const drop = ws.db.prepare('DELETE FROM team_members WHERE team_id = ? AND user_id = ?');
    for (const userId of remove) drop.run(team.id, userId);
  })();
}

/** `PUT {org}/teams/{teamId}/members/{userId}`: adds (as `member` by default) or updates. */
export function putTeamMember(ws: Workspace, team: TeamRow, identifier: string, role?: TeamRole) {
  const users = resolveOrganizationUsers(ws, team.organization_id, [identifier], 'userId');
  const userId = users.get(identifier);
  if (userId) upsertTeamMember(ws, team.id, userId, role);
}

/** `DELETE {org}/teams/{teamId}/members/{userId}`: nothing to do when not a member. */
export function removeTeamMember(ws: Workspace, team: TeamRow, identifier: string): void {
  const userId = findUserId(ws, identifier);
  if (!userId) return;
  ws.db.prepare('DELETE FROM team_members WHERE team_id = ? AND user_id = ?').run(team.id, userId);
}
