import type { ListPage, Role } from '../../contract/common.ts';
import type {
  Member,
  MemberListQuery,
  MemberSpace,
  MemberSpacesQuery,
  MemberTeam,
  MemberTeamsQuery,
} from '../../contract/members.ts';
import { requireOrganization } from '../access.ts';
import type { Workspace } from '../context.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { keysetPage, mapPage, withItems } from '../paging.ts';
import { getMemberRow, type MemberRow, toMember } from './memberRows.ts';
import { applySsoDefaults } from './saml.ts';
import { purgeExpiredSpaces, readableSpaces, type SpaceRow, spaceJson } from './spaces.ts';
import { type TeamRow, teamJson } from './teams.ts';

/** 404 unless the user is a member (the caller already passed the organization check). */
export function requireMemberRow(ws: Workspace, organizationId: string, userId: string) {
  const row = getMemberRow(ws, organizationId, userId);
  if (!row) throw notFound('member');
  return row;
}

/** 403 unless the caller is an organization admin or the member themself. */
export function requireSelfOrAdmin(
  ws: Workspace,
  organizationId: string,
  callerId: string,
  userId: string,
): void {
  const member = requireOrganization(ws.db, organizationId, callerId, 'read');
  if (callerId !== userId && member.role !== 'admin') {
    throw forbidden('requires the admin role in the organization');
  }
}

const SORT_COLUMNS = {
  joinedAt: 'm.joined_at',
  lastSeenAt: 'm.last_seen_at',
  displayName: 'lower(u.display_name)',
} as const;

/** `GET {org}/members`, filtered by role and text, sorted and ordered. */
export function listMembers(
  ws: Workspace,
  organizationId: string,
  query: MemberListQuery,
): ListPage<Member> {
  const where = ['m.organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (query.role) {
    where.push('m.role = ?');
    params.push(query.role);
  }
  if (query.search) {
    where.push("(u.display_name LIKE ? ESCAPE '\\' OR u.email LIKE ? ESCAPE '\\')");
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(like, like);
  }
  if (query.sort === 'lastSeenAt') where.push('m.last_seen_at IS NOT NULL');
  const column = SORT_COLUMNS[query.sort];
  const page = keysetPage<MemberRow & { sort_key: string }>(ws.db, {
    select: `SELECT m.*, ${column} AS sort_key FROM members m JOIN users u ON u.id = m.user_id`,
    where,
    params,
    orderBy: [
      { column, dir: query.order },
      { column: 'm.user_id', dir: query.order },
    ],
    keyOf: ((row: MemberRow & { sort_key: string }) => [row.sort_key, row.user_id]) as never,
    limit: query.limit,
    page: query.page,
    scope: `members:${organizationId}:${query.role ?? ''}:${query.search ?? ''}:${query.sort}:${query.order}`,
  });
  const items: Member[] = [];
  for (const row of page.items) {
    const member = toMember(ws, row);
    if (member) items.push(member);
  }
  return withItems(page, items);
}

function adminCount(ws: Workspace, organizationId: string): number {
  return (
    ws.db
      .prepare(
        "SELECT count(*) AS n FROM members WHERE organization_id = ? AND role = 'admin' AND disabled = 0",
      )
      .get(organizationId) as { n: number }
  ).n;
}

/** Changes a member's role; demoting the last admin is a 409. */
export function updateMemberRole(ws: Workspace, row: MemberRow, role: Role | null): void {
  if (row.role === 'admin' && role !== 'admin' && adminCount(ws, row.organization_id) <= 1) {
    throw conflict('the organization must keep at least one admin');
  }
  ws.db
    .prepare('UPDATE members SET role = ? WHERE organization_id = ? AND user_id = ?')
    .run(role, row.organization_id, row.user_id);
}

/** Removes a member and their team memberships; removing the last admin is a 409. */
export function removeMember(ws: Workspace, organizationId: string, userId: string): void {
  const row = getMemberRow(ws, organizationId, userId);
  if (!row) return;
  if (row.role === 'admin' && adminCount(ws, organizationId) <= 1) {
    throw conflict('the organization must keep at least one admin');
  }
  ws.db.transaction(() => {
    ws.db
      .prepare(
        'DELETE FROM team_members WHERE user_id = ? AND team_id IN (SELECT id FROM teams WHERE organization_id = ?)',
      )
      .run(userId, organizationId);
    ws.db
      .prepare('DELETE FROM members WHERE organization_id = ? AND user_id = ?')
      .run(organizationId, userId);
  })();
}

/**
 * Marks a member as an SSO member; a user who is not a member yet joins with the organization's
 * default role. 404 when no such user exists.
 */
export function markSsoMember(ws: Workspace, organizationId: string, userId: string): void {
  const user = ws.db.prepare('SELECT 1 FROM users WHERE id = ?').get(userId);
  if (!user) throw notFound('user');
  ws.db.transaction(() => {
    // The organization's active SAML provider puts SSO members in its default team and role.
    const sso = applySsoDefaults(ws, organizationId, userId);
    const existing = getMemberRow(ws, organizationId, userId);
    if (existing) {
      ws.db
        .prepare('UPDATE members SET sso = 1 WHERE organization_id = ? AND user_id = ?')
        .run(organizationId, userId);
      return;
    }
    const org = ws.db
      .prepare('SELECT default_role FROM organizations WHERE id = ?')
      .get(organizationId) as { default_role: Role | null };
    ws.db
      .prepare(
        'INSERT INTO members (organization_id, user_id, role, sso, joined_at) VALUES (?, ?, ?, 1, ?)',
      )
      .run(organizationId, userId, sso?.role ?? org.default_role, ws.now());
  })();
}

/** `GET {org}/members/{userId}/spaces`: the spaces the member can read, by title. */
export function listMemberSpaces(
  ws: Workspace,
  organizationId: string,
  userId: string,
  callerId: string,
  query: MemberSpacesQuery,
): ListPage<MemberSpace> {
  purgeExpiredSpaces(ws);
  const readable = readableSpaces(ws, organizationId, userId);
  const page = keysetPage<SpaceRow & { sort_key: string }>(ws.db, {
    select: 'SELECT s.*, lower(s.title) AS sort_key FROM spaces s',
    where: ['s.id IN (SELECT value FROM json_each(?))'],
    params: [JSON.stringify([...readable.keys()])],
    orderBy: [
      { column: 'lower(s.title)', dir: query.order },
      { column: 's.id', dir: query.order },
    ],
    keyOf: ((row: SpaceRow & { sort_key: string }) => [row.sort_key, row.id]) as never,
    limit: query.limit,
    page: query.page,
    scope: `member-spaces:${organizationId}:${userId}:${query.order}`,
  });
  return mapPage(page, (row) => ({
    permission: readable.get(row.id) as Role,
    space: spaceJson(ws, row, callerId),
  }));
}

/** `GET {org}/members/{userId}/teams`: the member's teams by title, `search` case-insensitive. */
export function listMemberTeams(
  ws: Workspace,
  organizationId: string,
  userId: string,
  callerId: string,
  query: MemberTeamsQuery,
): ListPage<MemberTeam> {
  const where = ['t.organization_id = ?', 'tm.user_id = ?'];
  const params: unknown[] = [organizationId, userId];
  if (query.search) {
    where.push("t.title LIKE ? ESCAPE '\\'");
    params.push(`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  type Row = TeamRow & { team_role: 'owner' | 'member'; sort_key: string };
  const page = keysetPage<Row>(ws.db, {
    select: `SELECT t.id, t.organization_id, t.title, t.created_at, tm.role AS team_role,
               lower(t.title) AS sort_key
             FROM teams t JOIN team_members tm ON tm.team_id = t.id`,
    where,
    params,
    orderBy: [
      { column: 'lower(t.title)', dir: 'asc' },
      { column: 't.id', dir: 'asc' },
    ],
    keyOf: ((row: Row) => [row.sort_key, row.id]) as never,
    limit: query.limit,
    page: query.page,
    scope: `member-teams:${organizationId}:${userId}:${query.search ?? ''}`,
  });
  return mapPage(page, (row) => ({
    team: teamJson(
      ws,
      {
        id: row.id,
        organization_id: row.organization_id,
        title: row.title,
        created_at: row.created_at,
      },
      callerId,
    ),
    member: { role: row.team_role },
  }));
}
