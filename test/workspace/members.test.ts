import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member, MemberList, MemberSpaceList, MemberTeamList } from '../../src/contract/members.ts';
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
  base = `/v1/orgs/${org}/members`;
});
afterAll(() => t.close());

async function listAll(query: string, as: 'admin' | 'read' = 'admin') {
  const res = await t.request('GET', `${base}?limit=1000&${query}`, { as });
  expect(res.status).toBe(200);
  return MemberList.parse(res.body);
}

function userIdByName(name: string): string {
  return (
    t.ws.db.prepare('SELECT id FROM users WHERE display_name = ?').get(name) as { id: string }
  ).id;
}

describe('GET {org}/members', () => {
  it('lists every member, newest first by default', async () => {
    const list = await listAll('');
    expect(list.count).toBe(6 + t.demo.extraUsers.length);
    const joined = list.items.map((m) => m.joinedAt);
    expect(joined).toEqual([...joined].sort().reverse());
    const ada = list.items.find((m) => m.id === t.demo.users.admin);
    expect(ada).toMatchObject({ role: 'admin', disabled: false, sso: false });
    expect(ada?.user.email).toBe('ada@acme.test');
    expect(ada?.spaces).toBeGreaterThanOrEqual(30);
    expect(list.items.some((m) => m.disabled)).toBe(true);
    expect(list.items.map((m) => m.id)).not.toContain(t.demo.users.outsider);
  });

  it('orders ascending on request', async () => {
    const list = await listAll('order=asc');
    const joined = list.items.map((m) => m.joinedAt);
    expect(joined).toEqual([...joined].sort());
  });

  it('filters by role and by text over displayName and email', async () => {
    const admins = await listAll('role=admin');
    expect(admins.items.map((m) => m.user.displayName).sort()).toEqual([
      'Ada Admin',
      'Ingrid Nilsen',
    ]);
    const byName = await listAll('search=okaf');
    expect(byName.items.map((m) => m.user.displayName)).toEqual(['Mina Okafor']);
    const byEmail = await listAll('search=remy%40acme');
    expect(byEmail.items.map((m) => m.id)).toEqual([t.demo.users.read]);
    const wildcard = await listAll('search=%25');
    expect(wildcard.count).toBe(0);
  });

  it('sorts by displayName and by lastSeenAt (only members seen at least once)', async () => {
    const names = (await listAll('sort=displayName&order=asc')).items.map((m) =>
      m.user.displayName.toLowerCase(),
    );
    expect(names).toEqual([...names].sort());
    const seen = await listAll('sort=lastSeenAt');
    expect(seen.items.every((m) => m.lastSeenAt !== undefined)).toBe(true);
    expect(seen.count).toBeLessThan((await listAll('')).count);
    const times = seen.items.map((m) => m.lastSeenAt ?? '');
    expect(times).toEqual([...times].sort().reverse());
  });

  it('pages without skipping or repeating', async () => {
    const ids: string[] = [];
    let page: string | undefined;
    do {
      const res = await t.request(
        'GET',
        `${base}?limit=4&sort=displayName${page ? `&page=${page}` : ''}`,
      );
      const list = MemberList.parse(res.body);
      ids.push(...list.items.map((m) => m.id));
      page = list.next?.page;
    } while (page);
    expect(ids.length).toBe(new Set(ids).size);
    expect(ids.length).toBe((await listAll('')).count);
  });

  it('answers 404 to outsiders and 400 to invalid filters', async () => {
    expect((await t.request('GET', base, { as: 'outsider' })).status).toBe(404);
    for (const query of ['role=boss', 'sort=age', 'order=up', `search=${'x'.repeat(600)}`]) {
      const res = await t.request('GET', `${base}?${query}`);
      expect(res.status, query).toBe(400);
      expect(errorOf(res).message).toContain(query.split('=')[0] as string);
    }
  });
});

describe('GET/PATCH/DELETE {org}/members/{userId}', () => {
  it('reads one member; 404 for a non-member', async () => {
    const res = await t.request('GET', `${base}/${t.demo.users.edit}`, { as: 'read' });
    expect(res.status).toBe(200);
    expect(Member.parse(res.body)).toMatchObject({ role: 'edit', id: t.demo.users.edit });
    expect((await t.request('GET', `${base}/${t.demo.users.outsider}`)).status).toBe(404);
    expect((await t.request('GET', `${base}/nobody`)).status).toBe(404);
  });

  it('changes a role as admin, including to null', async () => {
    const id = userIdByName('Bruno Costa');
    const res = await t.request('PATCH', `${base}/${id}`, { body: { role: 'review' } });
    expect(res.status).toBe(200);
    expect(Member.parse(res.body).role).toBe('review');
    const none = await t.request('PATCH', `${base}/${id}`, { body: { role: null } });
    expect(Member.parse(none.body).role).toBeNull();
  });

  it('answers 403 to non-admins and 400 to invalid bodies', async () => {
    const id = userIdByName('Bruno Costa');
    const res = await t.request('PATCH', `${base}/${id}`, {
      as: 'create',
      body: { role: 'admin' },
    });
    expect(res.status).toBe(403);
    for (const body of [{}, { role: 'owner' }, { role: 'read', extra: 1 }]) {
      const bad = await t.request('PATCH', `${base}/${id}`, { body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(bad).message).toMatch(/role|extra|body/);
    }
    expect((await t.request('PATCH', `${base}/nobody`, { body: { role: 'read' } })).status).toBe(
      404,
    );
  });

  it('refuses to demote or remove the last admin with a 409', async () => {
    const ingrid = userIdByName('Ingrid Nilsen');
    const demoted = await t.request('PATCH', `${base}/${ingrid}`, { body: { role: 'edit' } });
    expect(demoted.status).toBe(200);
    const last = await t.request('PATCH', `${base}/${t.demo.users.admin}`, {
      body: { role: 'create' },
    });
    expect(last.status).toBe(409);
    const removed = await t.request('DELETE', `${base}/${t.demo.users.admin}`);
    expect(removed.status).toBe(409);
    await t.request('PATCH', `${base}/${ingrid}`, { body: { role: 'admin' } });
  });

  it('removes a member (204, also for non-members) and their team memberships', async () => {
    const id = userIdByName('Kwame Mensah');
    const team = t.ws.ids.next();
    t.ws.db
      .prepare('INSERT INTO teams (id, organization_id, title, created_at) VALUES (?, ?, ?, ?)')
      .run(team, org, 'Leaving team', t.ws.now());
    t.ws.db
      .prepare('INSERT INTO team_members (team_id, user_id, added_at) VALUES (?, ?, ?)')
      .run(team, id, t.ws.now());
    expect((await t.request('DELETE', `${base}/${id}`, { as: 'edit' })).status).toBe(403);
    const res = await t.request('DELETE', `${base}/${id}`);
    expect(res.status).toBe(204);
    expect((await t.request('GET', `${base}/${id}`)).status).toBe(404);
    const teams = t.ws.db
      .prepare('SELECT count(*) AS n FROM team_members WHERE user_id = ?')
      .get(id);
    expect(teams).toEqual({ n: 0 });
    expect((await t.request('DELETE', `${base}/${id}`)).status).toBe(204);
  });

  it('lets a member leave by removing themself', async () => {
    const res = await t.request(
      'DELETE',
      `/v1/orgs/${t.demo.secondOrganizationId}/members/${t.demo.users.create}`,
      {
        as: 'create',
      },
    );
    expect(res.status).toBe(204);
  });
});

describe('POST {org}/members/{userId}/sso', () => {
  it('marks a member as an SSO member', async () => {
    const res = await t.request('POST', `${base}/${t.demo.users.comment}/sso`);
    expect(res.status).toBe(200);
    expect(Member.parse(res.body).sso).toBe(true);
  });

  it('adds a known user as an SSO member with the default role', async () => {
    const res = await t.request('POST', `${base}/${t.demo.users.outsider}/sso`);
    expect(res.status).toBe(200);
    expect(Member.parse(res.body)).toMatchObject({ sso: true, role: 'read' });
    await t.request('DELETE', `${base}/${t.demo.users.outsider}`);
  });

  it('answers 403 to non-admins and 404 for unknown users', async () => {
    expect(
      (await t.request('POST', `${base}/${t.demo.users.read}/sso`, { as: 'edit' })).status,
    ).toBe(403);
    expect((await t.request('POST', `${base}/nobody/sso`)).status).toBe(404);
  });
});

describe('GET {org}/members/{userId}/spaces', () => {
  it('lists the spaces the member can read with their level, by title', async () => {
    const res = await t.request('GET', `${base}/${t.demo.users.read}/spaces?limit=1000&order=asc`);
    expect(res.status).toBe(200);
    const list = MemberSpaceList.parse(res.body);
    expect(list.count).toBeGreaterThanOrEqual(30);
    const titles = list.items.map((i) => i.space.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const onboarding = list.items.find((i) => i.space.title === 'Onboarding Checklist');
    expect(onboarding?.permission).toBe('edit');
    const handbook = list.items.find((i) => i.space.title === 'Employee Handbook');
    expect(handbook?.permission).toBe('comment');
    const desc = MemberSpaceList.parse(
      (await t.request('GET', `${base}/${t.demo.users.read}/spaces?limit=3`)).body,
    );
    expect(desc.items[0]?.space.title.toLowerCase()).toBe(titles[titles.length - 1]);
    expect(desc.next).toEqual({ page: expect.stringMatching(PAGE_TOKEN) });
    const next = `${base}/${t.demo.users.read}/spaces?limit=3&page=${desc.next?.page}`;
    const rest = MemberSpaceList.parse((await t.request('GET', next)).body);
    expect(rest.items[0]?.space.title.toLowerCase()).toBe(titles[titles.length - 4]);
  });

  it('is open to the member themself and to admins only', async () => {
    const self = await t.request('GET', `${base}/${t.demo.users.read}/spaces`, { as: 'read' });
    expect(self.status).toBe(200);
    const other = await t.request('GET', `${base}/${t.demo.users.admin}/spaces`, { as: 'read' });
    expect(other.status).toBe(403);
    expect((await t.request('GET', `${base}/nobody/spaces`)).status).toBe(404);
  });
});

describe('GET {org}/members/{userId}/teams', () => {
  it('lists the member teams with their team role, filtered by name', async () => {
    const a = t.ws.ids.next();
    const b = t.ws.ids.next();
    const now = t.ws.now();
    const insertTeam = t.ws.db.prepare(
      'INSERT INTO teams (id, organization_id, title, created_at) VALUES (?, ?, ?, ?)',
    );
    insertTeam.run(a, org, 'Zebra Crew', now);
    insertTeam.run(b, org, 'Alpha Squad', now);
    const join = t.ws.db.prepare(
      'INSERT INTO team_members (team_id, user_id, role, added_at) VALUES (?, ?, ?, ?)',
    );
    const user = userIdByName('Teo Lindqvist');
    join.run(a, user, 'owner', now);
    join.run(b, user, 'member', now);
    const res = await t.request('GET', `${base}/${user}/teams`);
    expect(res.status).toBe(200);
    const list = MemberTeamList.parse(res.body);
    expect(list.items.map((i) => [i.team.title, i.member.role])).toEqual([
      ['Alpha Squad', 'member'],
      ['Zebra Crew', 'owner'],
    ]);
    const filtered = MemberTeamList.parse(
      (await t.request('GET', `${base}/${user}/teams?search=ZEBRA`)).body,
    );
    expect(filtered.items.map((i) => i.team.id)).toEqual([a]);
    expect((await t.request('GET', `${base}/${user}/teams`, { as: 'outsider' })).status).toBe(404);
  });
});
