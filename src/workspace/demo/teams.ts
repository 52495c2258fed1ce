import type { Role } from '../../contract/common.ts';
import type { DemoContext } from './context.ts';

type TeamPlan = {
  title: string;
  owners: Array<string | undefined>;
  members: Array<string | undefined>;
  levels: Array<{ type: 'space' | 'collection'; id: string | undefined; role: Role }>;
};
/** Four teams with owners, members and levels on collections and spaces. */
export function seedTeams(demo: DemoContext): void {
  const { ws, users, extraUsers, organizationId, spaceIds, collectionIds } = demo;
  const db = ws.db;
  if (!organizationId) return;
  const extra = (i: number) => extraUsers[i % Math.max(1, extraUsers.length)];
  const present = (ids: Array<string | undefined>) =>
    [...new Set(ids.filter((id): id is string => !!id))].filter((id) =>
      db
        .prepare('SELECT 1 FROM members WHERE organization_id = ? AND user_id = ?')
        .get(organizationId, id),
    );

  const plans: TeamPlan[] = [
    {
      title: 'Docs Core',
      owners: [users.create],
      members: [users.review, users.edit, extra(0), extra(1)],
      levels: [
        { type: 'collection', id: collectionIds[0], role: 'edit' },
        { type: 'space', id: spaceIds[1], role: 'review' },
      ],
    },
    {
      title: 'API Writers',
      owners: [users.edit],
      members: [users.comment, extra(2), extra(3)],
      levels: [
        { type: 'collection', id: collectionIds[1], role: 'edit' },
        { type: 'space', id: spaceIds[2], role: 'edit' },
      ],
    },
    {
      title: 'Support',
      owners: [users.review],
      members: [users.read, users.comment, extra(4)],
      levels: [{ type: 'space', id: spaceIds[3], role: 'comment' }],
    },
    {
      title: 'Localization',
      owners: [users.admin],
      members: [users.read, extra(5), extra(6)],
      levels: [
        { type: 'space', id: spaceIds[0], role: 'edit' },
        { type: 'space', id: spaceIds[4], role: 'edit' },
      ],
    },
  ];

  const insertTeam = db.prepare(
    'INSERT INTO teams (id, organization_id, title, created_at) VALUES (?, ?, ?, ?)',
  );
  const insertMember = db.prepare(
    `INSERT INTO team_members (team_id, user_id, role, added_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (team_id, user_id) DO NOTHING`,
  );
  const insertLevel = db.prepare(
    `INSERT INTO team_permissions (team_id, target_type, target_id, role) VALUES (?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
  );
  const now = ws.now();
  for (const plan of plans) {
    const teamId = ws.ids.next();
    insertTeam.run(teamId, organizationId, plan.title, now);
    for (const userId of present(plan.owners)) insertMember.run(teamId, userId, 'owner', now);
    for (const userId of present(plan.members)) insertMember.run(teamId, userId, 'member', now);
    for (const level of plan.levels) {
      if (level.id) insertLevel.run(teamId, level.type, level.id, level.role);
    }
    demo.teamIds.push(teamId);
  }
}
