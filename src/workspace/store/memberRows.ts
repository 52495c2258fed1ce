import type { Role } from '../../contract/common.ts';
import type { Member } from '../../contract/members.ts';
import { atLeast } from '../access.ts';
import type { Workspace } from '../context.ts';
import { readableSpaces } from './spaces.ts';
import { userJson } from './users.ts';

/** A row of the `members` table. */
export interface MemberRow {
  organization_id: string;
  user_id: string;
  role: Role | null;
  disabled: number;
  sso: number;
  joined_at: string;
  last_seen_at: string | null;
}

/** The membership row, disabled members included. */
export function getMemberRow(
  ws: Workspace,
  organizationId: string,
  userId: string,
): MemberRow | undefined {
  return ws.db
    .prepare('SELECT * FROM members WHERE organization_id = ? AND user_id = ?')
    .get(organizationId, userId) as MemberRow | undefined;
}

/** Number of live spaces of the organization the user can read. */
function spaceCount(ws: Workspace, row: MemberRow): number {
  if (!row.disabled && atLeast(row.role, 'read')) {
    return (
      ws.db
        .prepare(
          'SELECT count(*) AS n FROM spaces WHERE organization_id = ? AND deleted_at IS NULL',
        )
        .get(row.organization_id) as { n: number }
    ).n;
  }
  return readableSpaces(ws, row.organization_id, row.user_id).size;
}

/** The `Member` shape of a membership row; undefined when its user is gone. */
export function toMember(ws: Workspace, row: MemberRow): Member | undefined {
  const user = userJson(ws, row.user_id);
  if (!user) return undefined;
  const teams = ws.db
    .prepare(
      `SELECT count(*) AS n FROM team_members tm JOIN teams t ON t.id = tm.team_id
       WHERE t.organization_id = ? AND tm.user_id = ?`,
    )
    .get(row.organization_id, row.user_id) as { n: number };
  const member: Member = {
    object: 'member',
    id: row.user_id,
    role: row.role,
    user,
    disabled: row.disabled === 1,
    joinedAt: row.joined_at,
    sso: row.sso === 1,
    spaces: spaceCount(ws, row),
    teams: teams.n,
  };
  if (row.last_seen_at) member.lastSeenAt = row.last_seen_at;
  return member;
}

/** The `Member` shape of a user in an organization, or undefined when not a member. */
export function memberJson(ws: Workspace, organizationId: string, userId: string) {
  const row = getMemberRow(ws, organizationId, userId);
  return row ? toMember(ws, row) : undefined;
}
