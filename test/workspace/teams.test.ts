import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/contract/common.ts';
import { Member } from '../../src/contract/members.ts';
import { Space } from '../../src/contract/spaces.ts';
import { Team, TeamList, TeamMemberList } from '../../src/contract/teams.ts';
import type { DemoPersona } from '../../src/workspace/demo/users.ts';
import { insertSpace } from '../../src/workspace/store/spaceWrites.ts';
import {
  createTestWorkspace,
  errorOf,
  PAGE_TOKEN,
  type TestWorkspace,
} from '../support/workspace.ts';

let t: TestWorkspace;
let org: string;
let base: string;
beforeAll(async () => {
  t = await createTestWorkspace();
  org = t.demo.organizationId;
  base = `/v1/orgs/${org}/teams`;
});
afterAll(() => t.close());

function teamId(title: string): string {
  const row = t.ws.db
    .prepare('SELECT id FROM teams WHERE organization_id = ? AND title = ?')
    .get(org, title) as { id: string } | undefined;
  if (!row) throw new Error(`no team ${title}`);
  return row.id;
}

function email(persona: DemoPersona): string {
  const row = t.ws.db
    .prepare('SELECT email FROM users WHERE id = ?')
    .get(t.demo.users[persona]) as {
    email: string;
  };
  return row.email;
}

async function teamMembers(id: string, as: DemoPersona = 'admin') {
  const res = await t.request('GET', `${base}/${id}/members?limit=1000`, { as });
  expect(res.status).toBe(200);
  return TeamMemberList.parse(res.body);
}

async function newTeam(title: string, members: string[] = []): Promise<Team> {
  const res = await t.request('PUT', base, { body: { title, members } });
  expect(res.status).toBe(201);
  return Team.parse(res.body);
}

describe('GET {org}/teams', () => {
  it('lists the demo teams by title to every member', async () => {
    for (const as of ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const) {
      const res = await t.request('GET', base, { as });
      expect(res.status).toBe(200);
      const page = TeamList.parse(res.body);
      expect(page.count).toBe(4);
      expect(page.items.map((team) => team.title)).toEqual([
        'API Writers',
        'Docs Core',
        'Localization',
        'Support',
      ]);
      expect(page.next).toBeUndefined();
    }
  });

  it('hides the organization from outsiders and needs a token', async () => {
    const outsider = await t.request('GET', base, { as: 'outsider' });
    expect(outsider.status).toBe(404);
    expect(ErrorBody.parse(outsider.body).error.code).toBe(404);
    expect((await t.request('GET', base, { as: null })).status).toBe(401);
    expect((await t.request('GET', '/v1/orgs/nope/teams')).status).toBe(404);
  });

  it('pages with keyset tokens', async () => {
    const first = TeamList.parse((await t.request('GET', `${base}?limit=3`)).body);
    expect(first.items).toHaveLength(3);
    expect(first.count).toBe(4);
    expect(first.next?.page).toMatch(PAGE_TOKEN);
    const second = TeamList.parse(
      (await t.request('GET', `${base}?limit=3&page=${first.next?.page}`)).body,
    );
    expect(second.items.map((team) => team.title)).toEqual(['Support']);
    expect(second.next).toBeUndefined();
  });

  it('rejects bad paging input with a 400 naming the field', async () => {
    for (const query of ['limit=0', 'limit=1001', 'limit=abc', 'page=garbage', 'page=e30']) {
      const res = await t.request('GET', `${base}?${query}`);
      expect(res.status, query).toBe(400);
      expect(errorOf(res).message).toMatch(/^(limit|page):/);
    }
    const searchPage = TeamList.parse((await t.request('GET', `${base}?search=o&limit=1`)).body);
    const reused = await t.request('GET', `${base}?limit=1&page=${searchPage.next?.page}`);
    expect(reused.status).toBe(400);
  });

  it('filters by a case-insensitive title search', async () => {
    const res = await t.request('GET', `${base}?search=DOCS`);
    const page = TeamList.parse(res.body);
    expect(page.items.map((team) => team.title)).toEqual(['Docs Core']);
    expect(page.count).toBe(1);
    const none = TeamList.parse((await t.request('GET', `${base}?search=zzz`)).body);
    expect(none).toEqual({ count: 0, items: [] });
    expect((await t.request('GET', `${base}?search=${'x'.repeat(513)}`)).status).toBe(400);
  });

  it('filters by a member: the teams that member can manage', async () => {
    const owned = TeamList.parse(
      (await t.request('GET', `${base}?member=${t.demo.users.create}`)).body,
    );
    expect(owned.items.map((team) => team.title)).toEqual(['Docs Core']);
    const byEmail = TeamList.parse(
      (await t.request('GET', `${base}?member=${encodeURIComponent(email('review'))}`)).body,
    );
    expect(byEmail.items.map((team) => team.title)).toEqual(['Support']);
    const admin = TeamList.parse(
      (await t.request('GET', `${base}?member=${t.demo.users.admin}`)).body,
    );
    expect(admin.count).toBe(4);
    const reader = TeamList.parse(
      (await t.request('GET', `${base}?member=${t.demo.users.read}`)).body,
    );
    expect(reader.count).toBe(0);
    const outsider = TeamList.parse(
      (await t.request('GET', `${base}?member=${t.demo.users.outsider}`)).body,
    );
    expect(outsider.count).toBe(0);
  });

  it('computes permissions for the caller', async () => {
    const asOwner = TeamList.parse((await t.request('GET', base, { as: 'create' })).body);
    const admin = Object.fromEntries(asOwner.items.map((team) => [team.title, team.permissions]));
    expect(admin['Docs Core']).toEqual({ admin: true, view: true });
    expect(admin.Support).toEqual({ admin: false, view: true });
    const asAdmin = TeamList.parse((await t.request('GET', base)).body);
    expect(asAdmin.items.every((team) => team.permissions?.admin === true)).toBe(true);
  });
});

describe('PUT {org}/teams', () => {
  it('creates a team with members given by id or email', async () => {
    const res = await t.request('PUT', base, {
      body: { title: '  Release Crew  ', members: [t.demo.users.edit, email('comment')] },
    });
    expect(res.status).toBe(201);
    const team = Team.parse(res.body);
    expect(team).toMatchObject({ object: 'team', title: 'Release Crew', members: 2, spaces: 0 });
    expect(team.createdAt).toBe(t.ws.now());
    const members = await teamMembers(team.id);
    expect(members.items.map((m) => m.organization.user.id).sort()).toEqual(
      [t.demo.users.edit, t.demo.users.comment].sort(),
    );
    expect(members.items.every((m) => m.team.role === 'member')).toBe(true);
    const listed = TeamList.parse((await t.request('GET', `${base}?search=release`)).body);
    expect(listed.items[0]?.id).toBe(team.id);
  });

  it('needs the admin role', async () => {
    for (const as of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      const res = await t.request('PUT', base, { as, body: { title: 'Nope' } });
      expect(res.status, as).toBe(403);
    }
    expect((await t.request('PUT', base, { as: 'outsider', body: { title: 'x' } })).status).toBe(
      404,
    );
    expect((await t.request('PUT', base, { as: null, body: { title: 'x' } })).status).toBe(401);
  });

  it('validates the body', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /^title:/],
      [{ title: '' }, /^title:/],
      [{ title: '   ' }, /^title:/],
      [{ title: 'x'.repeat(101) }, /^title: at most 100/],
      [{ title: 5 }, /^title:/],
      [{ title: 'ok', members: 'ada' }, /^members:/],
      [{ title: 'ok', members: [5] }, /^members\.0:/],
      [{ title: 'ok', extra: true }, /extra/],
      [
        { title: 'ok', members: ['nobody@nowhere.test'] },
        /^members: unknown users "nobody@nowhere.test"/,
      ],
      [
        { title: 'ok', members: [t.demo.users.outsider] },
        /^members: not members of the organization/,
      ],
      [[], /body/],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('PUT', base, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message).toMatch(message);
    }
    const badJson = await t.request('PUT', base, { body: '{"title":' });
    expect(badJson.status).toBe(400);
    const huge = await t.request('PUT', base, { body: { title: 'x'.repeat(2_000_000) } });
    expect([400, 413]).toContain(huge.status);
    const many = await t.request('PUT', base, {
      body: { title: 'ok', members: Array.from({ length: 1001 }, (_, i) => `u${i}`) },
    });
    expect(many.status).toBe(400);
    expect(errorOf(many).message).toMatch(/^members: at most 1000/);
  });
});

describe('GET/PATCH/DELETE {org}/teams/{teamId}', () => {
  it('reads one team', async () => {
    const id = teamId('Support');
    const res = await t.request('GET', `${base}/${id}`, { as: 'read' });
    expect(res.status).toBe(200);
    const team = Team.parse(res.body);
    expect(team.id).toBe(id);
    expect(team.members).toBe((await teamMembers(id)).count);
    expect((await t.request('GET', `${base}/nope`)).status).toBe(404);
    expect((await t.request('GET', `${base}/${id}`, { as: 'outsider' })).status).toBe(404);
  });

  it('does not reach a team through another organization', async () => {
    const other = t.demo.secondOrganizationId;
    const res = await t.request('GET', `/v1/orgs/${other}/teams/${teamId('Support')}`);
    expect(res.status).toBe(404);
  });

  it('renames for admins and team owners only', async () => {
    const team = await newTeam('Renamed Soon', [t.demo.users.comment]);
    const url = `${base}/${team.id}`;
    expect((await t.request('PATCH', url, { as: 'comment', body: { title: 'x' } })).status).toBe(
      403,
    );
    expect((await t.request('PATCH', url, { as: 'outsider', body: { title: 'x' } })).status).toBe(
      404,
    );
    const renamed = await t.request('PATCH', url, { body: { title: 'Renamed' } });
    expect(renamed.status).toBe(200);
    expect(Team.parse(renamed.body).title).toBe('Renamed');
    await t.request('PUT', `${url}/members/${t.demo.users.comment}`, { body: { role: 'owner' } });
    const byOwner = await t.request('PATCH', url, { as: 'comment', body: { title: 'Owned' } });
    expect(byOwner.status).toBe(200);
    expect(Team.parse((await t.request('GET', url)).body).title).toBe('Owned');
    const unchanged = await t.request('PATCH', url, { body: {} });
    expect(Team.parse(unchanged.body).title).toBe('Owned');
    for (const body of [
      { title: '' },
      { title: 'x'.repeat(101) },
      { title: null },
      { name: 'x' },
    ]) {
      const res = await t.request('PATCH', url, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.request('PATCH', `${base}/nope`, { body: { title: 'x' } })).status).toBe(404);
  });

  it('deletes for admins only, 204 also when absent', async () => {
    const team = await newTeam('Short Lived', [t.demo.users.create]);
    const url = `${base}/${team.id}`;
    await t.request('PUT', `${url}/members/${t.demo.users.create}`, { body: { role: 'owner' } });
    expect((await t.request('DELETE', url, { as: 'create' })).status).toBe(403);
    expect((await t.request('DELETE', url, { as: 'outsider' })).status).toBe(404);
    const res = await t.request('DELETE', url);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect((await t.request('GET', url)).status).toBe(404);
    expect((await t.request('DELETE', url)).status).toBe(204);
    const left = t.ws.db
      .prepare('SELECT count(*) AS n FROM team_members WHERE team_id = ?')
      .get(team.id);
    expect(left).toEqual({ n: 0 });
  });
});

describe('team members', () => {
  it('lists members with their organization membership and team role', async () => {
    const id = teamId('Docs Core');
    const page = await teamMembers(id, 'read');
    expect(page.count).toBeGreaterThanOrEqual(3);
    const byUser = new Map(page.items.map((m) => [m.organization.user.id, m]));
    expect(byUser.get(t.demo.users.create)?.team.role).toBe('owner');
    expect(byUser.get(t.demo.users.review)?.team.role).toBe('member');
    expect(byUser.get(t.demo.users.review)?.organization.role).toBe('review');
    expect(page.items.every((m) => m.permissions?.view === true)).toBe(true);
    const first = TeamMemberList.parse(
      (await t.request('GET', `${base}/${id}/members?limit=1`)).body,
    );
    expect(first.items).toHaveLength(1);
    const rest = TeamMemberList.parse(
      (await t.request('GET', `${base}/${id}/members?limit=1000&page=${first.next?.page}`)).body,
    );
    expect([...first.items, ...rest.items].map((m) => m.organization.user.id)).toEqual(
      page.items.map((m) => m.organization.user.id),
    );
    expect((await t.request('GET', `${base}/${id}/members`, { as: 'outsider' })).status).toBe(404);
    expect((await t.request('GET', `${base}/nope/members`)).status).toBe(404);
    expect((await t.request('GET', `${base}/${id}/members?page=zzz`)).status).toBe(400);
  });

  it('adds, updates and removes in one PUT; a user in both add and remove is removed', async () => {
    const team = await newTeam('Batch', [t.demo.users.read]);
    const url = `${base}/${team.id}/members`;
    const res = await t.request('PUT', url, {
      body: {
        add: [t.demo.users.edit, email('comment'), t.demo.users.review],
        remove: [email('review'), t.demo.users.read],
        memberships: {
          [t.demo.users.edit]: { role: 'owner' },
          [t.demo.users.create]: { role: 'member' },
        },
      },
    });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    const page = await teamMembers(team.id);
    const roles = Object.fromEntries(page.items.map((m) => [m.organization.user.id, m.team.role]));
    expect(roles).toEqual({
      [t.demo.users.edit]: 'owner',
      [t.demo.users.comment]: 'member',
      [t.demo.users.create]: 'member',
    });
    const after = Team.parse((await t.request('GET', `${base}/${team.id}`)).body);
    expect(after.members).toBe(3);
    expect(page.count).toBe(3);
    const demote = await t.request('PUT', url, {
      body: { memberships: { [email('edit')]: { role: 'member' } } },
    });
    expect(demote.status).toBe(204);
    const again = await teamMembers(team.id);
    expect(again.items.find((m) => m.organization.user.id === t.demo.users.edit)?.team.role).toBe(
      'member',
    );
  });

  it('refuses unknown users and non-members, naming them, and changes nothing', async () => {
    const team = await newTeam('Strict', [t.demo.users.read]);
    const url = `${base}/${team.id}/members`;
    const unknown = await t.request('PUT', url, {
      body: { add: [t.demo.users.edit, 'ghost@acme.test'] },
    });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).message).toBe('add: unknown users "ghost@acme.test"');
    const outsider = await t.request('PUT', url, { body: { add: [email('outsider')] } });
    expect(outsider.status).toBe(400);
    expect(errorOf(outsider).message).toMatch(/^add: not members of the organization: /);
    const badRemove = await t.request('PUT', url, { body: { remove: ['ghost'] } });
    expect(errorOf(badRemove).message).toBe('remove: unknown users "ghost"');
    const badRole = await t.request('PUT', url, {
      body: { memberships: { [t.demo.users.edit]: { role: 'boss' } } },
    });
    expect(badRole.status).toBe(400);
    expect(errorOf(badRole).message).toMatch(/^memberships\./);
    const unknownMembership = await t.request('PUT', url, {
      body: { memberships: { ghost: { role: 'owner' } } },
    });
    expect(errorOf(unknownMembership).message).toBe('memberships: unknown users "ghost"');
    for (const body of [
      { add: 'x' },
      { add: [1] },
      { memberships: [] },
      { other: [] },
      '[]',
      '"add"',
    ]) {
      expect((await t.request('PUT', url, { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await teamMembers(team.id)).items.map((m) => m.organization.user.id)).toEqual([
      t.demo.users.read,
    ]);
  });

  it('PUT one member adds or updates, by id or email', async () => {
    const team = await newTeam('Singles');
    const url = `${base}/${team.id}/members`;
    expect((await t.request('PUT', `${url}/${t.demo.users.edit}`)).status).toBe(204);
    expect((await t.request('PUT', `${url}/${t.demo.users.edit}`, { body: {} })).status).toBe(204);
    let page = await teamMembers(team.id);
    expect(page.items.map((m) => [m.organization.user.id, m.team.role])).toEqual([
      [t.demo.users.edit, 'member'],
    ]);
    const byEmail = await t.request('PUT', `${url}/${encodeURIComponent(email('edit'))}`, {
      body: { role: 'owner' },
    });
    expect(byEmail.status).toBe(204);
    page = await teamMembers(team.id);
    expect(page.items[0]?.team.role).toBe('owner');
    // Without a role an existing member keeps theirs.
    await t.request('PUT', `${url}/${t.demo.users.edit}`, { body: {} });
    expect((await teamMembers(team.id)).items[0]?.team.role).toBe('owner');
    expect((await t.request('PUT', `${url}/ghost`)).status).toBe(400);
    expect((await t.request('PUT', `${url}/${t.demo.users.outsider}`)).status).toBe(400);
    expect(
      (await t.request('PUT', `${url}/${t.demo.users.read}`, { body: { role: 'x' } })).status,
    ).toBe(400);
    expect((await t.request('PUT', `${base}/nope/members/${t.demo.users.read}`)).status).toBe(404);
  });

  it('DELETE one member answers 204, also when not a member', async () => {
    const team = await newTeam('Leavers', [t.demo.users.read, t.demo.users.comment]);
    const url = `${base}/${team.id}/members`;
    expect((await t.request('DELETE', `${url}/${t.demo.users.read}`)).status).toBe(204);
    expect((await t.request('DELETE', `${url}/${t.demo.users.read}`)).status).toBe(204);
    expect((await t.request('DELETE', `${url}/ghost`)).status).toBe(204);
    expect((await teamMembers(team.id)).items.map((m) => m.organization.user.id)).toEqual([
      t.demo.users.comment,
    ]);
    expect((await t.request('DELETE', `${base}/nope/members/x`)).status).toBe(404);
  });

  it('lets team owners manage their team, not others', async () => {
    const docsCore = teamId('Docs Core');
    const apiWriters = teamId('API Writers');
    const add = { add: [t.demo.users.comment] };
    expect(
      (await t.request('PUT', `${base}/${docsCore}/members`, { as: 'create', body: add })).status,
    ).toBe(204);
    expect(
      (await t.request('PUT', `${base}/${apiWriters}/members`, { as: 'create', body: add })).status,
    ).toBe(403);
    expect(
      (await t.request('PUT', `${base}/${apiWriters}/members/${t.demo.users.read}`, { as: 'read' }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.request('DELETE', `${base}/${apiWriters}/members/${t.demo.users.comment}`, {
          as: 'read',
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.request('PUT', `${base}/${apiWriters}/members`, { as: 'outsider', body: add }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.request('DELETE', `${base}/${docsCore}/members/${t.demo.users.comment}`, {
          as: 'create',
        })
      ).status,
    ).toBe(204);
  });
});

describe('consistency', () => {
  it('pages without skipping or repeating while teams are added and removed', async () => {
    const first = TeamList.parse((await t.request('GET', `${base}?limit=2`)).body);
    const seen = first.items.map((team) => team.id);
    const early = await newTeam('AAA Early');
    const late = await newTeam('zzz Late');
    let next = first.next?.page;
    while (next) {
      const page = TeamList.parse((await t.request('GET', `${base}?limit=2&page=${next}`)).body);
      seen.push(...page.items.map((team) => team.id));
      next = page.next?.page;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(early.id);
    expect(seen).toContain(late.id);
    const all = TeamList.parse((await t.request('GET', `${base}?limit=1000`)).body);
    expect(seen).toEqual(all.items.map((team) => team.id).filter((id) => id !== early.id));
    await t.request('DELETE', `${base}/${early.id}`);
    await t.request('DELETE', `${base}/${late.id}`);
  });

  it('drops a member removed from the organization from its teams', async () => {
    const user = t.demo.extraUsers[7] as string;
    const team = await newTeam('Departing', [user, t.demo.users.read]);
    expect(team.members).toBe(2);
    const removed = await t.request('DELETE', `/v1/orgs/${org}/members/${user}`);
    expect(removed.status).toBe(204);
    const after = Team.parse((await t.request('GET', `${base}/${team.id}`)).body);
    expect(after.members).toBe(1);
    expect((await teamMembers(team.id)).items.map((m) => m.organization.user.id)).toEqual([
      t.demo.users.read,
    ]);
  });

  it('counts the spaces a team has a level on, directly or through collections', async () => {
    const team = await newTeam('Counting');
    const db = t.ws.db;
    const spaces = db
      .prepare(
        'SELECT id, parent_id FROM spaces WHERE organization_id = ? AND deleted_at IS NULL ORDER BY id',
      )
      .all(org) as Array<{ id: string; parent_id: string | null }>;
    const inCollection = spaces.find((s) => s.parent_id);
    const loose = spaces.find((s) => !s.parent_id && s.id !== inCollection?.id) ?? spaces[0];
    if (!inCollection || !loose) throw new Error('demo data lacks spaces');
    const grant = db.prepare(
      'INSERT INTO team_permissions (team_id, target_type, target_id, role) VALUES (?, ?, ?, ?)',
    );
    grant.run(team.id, 'space', loose.id, 'edit');
    const get = async () => Team.parse((await t.request('GET', `${base}/${team.id}`)).body);
    expect((await get()).spaces).toBe(1);
    grant.run(team.id, 'collection', inCollection.parent_id, 'read');
    const underCollection = (
      db
        .prepare(
          `WITH RECURSIVE c(id) AS (SELECT ? UNION SELECT x.id FROM collections x JOIN c ON x.parent_id = c.id)
           SELECT count(*) AS n FROM spaces WHERE parent_id IN (SELECT id FROM c) AND deleted_at IS NULL AND id != ?`,
        )
        .get(inCollection.parent_id, loose.id) as { n: number }
    ).n;
    expect(underCollection).toBeGreaterThan(0);
    expect((await get()).spaces).toBe(1 + underCollection);
    db.prepare('UPDATE spaces SET deleted_at = ? WHERE id = ?').run(t.ws.now(), loose.id);
    expect((await get()).spaces).toBe(underCollection);
    db.prepare('UPDATE spaces SET deleted_at = NULL WHERE id = ?').run(loose.id);
  });

  it("keeps a member's teams count in step with team membership", async () => {
    const user = t.demo.users.comment;
    const teamsOf = async () => {
      const res = await t.request('GET', `/v1/orgs/${org}/members/${user}`);
      expect(res.status).toBe(200);
      return Member.parse(res.body).teams;
    };
    const before = await teamsOf();
    const team = await newTeam('Counted', [user]);
    expect(await teamsOf()).toBe(before + 1);
    await t.request('DELETE', `${base}/${team.id}/members/${user}`);
    expect(await teamsOf()).toBe(before);
  });

  it('gives a team level to its members on the team spaces', async () => {
    const space = insertSpace(t.ws, {
      organizationId: org,
      title: 'Team only',
      visibility: 'private',
    });
    const team = await newTeam('Editors', [t.demo.users.read]);
    t.ws.db
      .prepare(
        'INSERT INTO team_permissions (team_id, target_type, target_id, role) VALUES (?, ?, ?, ?)',
      )
      .run(team.id, 'space', space.id, 'admin');
    expect(Team.parse((await t.request('GET', `${base}/${team.id}`)).body).spaces).toBe(1);
    const res = await t.request('GET', `/v1/spaces/${space.id}`, { as: 'read' });
    expect(res.status).toBe(200);
    expect(Space.parse(res.body).permissions?.admin).toBe(true);
    await t.request('DELETE', `${base}/${team.id}`);
    const after = await t.request('GET', `/v1/spaces/${space.id}`, { as: 'read' });
    expect(Space.parse(after.body).permissions?.admin).toBe(false);
  });
});
