import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member } from '../../src/contract/members.ts';
import {
  AgentInstructions,
  Organization,
  OrganizationList,
  PingResult,
} from '../../src/contract/organizations.ts';
import { DAY_MS } from '../../src/workspace/clock.ts';
import { visitorClaimsSecret } from '../../src/workspace/store/organizations.ts';
import { createTestWorkspace, errorOf, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;
let org: string;
let second: string;
beforeAll(async () => {
  t = await createTestWorkspace();
  org = t.demo.organizationId;
  second = t.demo.secondOrganizationId;
});
afterAll(() => t.close());

describe('GET /v1/orgs', () => {
  it('lists the organizations of the caller', async () => {
    const admin = OrganizationList.parse((await t.request('GET', '/v1/orgs')).body);
    expect(admin.items.map((o) => o.title)).toEqual(['Acme Docs', 'Globex Handbook']);
    expect(admin.count).toBe(2);
    const read = OrganizationList.parse((await t.request('GET', '/v1/orgs', { as: 'read' })).body);
    expect(read.items.map((o) => o.id)).toEqual([org]);
    const outsider = OrganizationList.parse(
      (await t.request('GET', '/v1/orgs', { as: 'outsider' })).body,
    );
    expect(outsider).toEqual({ count: 0, items: [] });
  });

  it('pages', async () => {
    const first = OrganizationList.parse((await t.request('GET', '/v1/orgs?limit=1')).body);
    expect(first.items).toHaveLength(1);
    const next = OrganizationList.parse(
      (await t.request('GET', `/v1/orgs?limit=1&page=${first.next?.page}`)).body,
    );
    expect(next.items.map((o) => o.id)).toEqual([second]);
    expect(next.next).toBeUndefined();
    expect((await t.request('GET', '/v1/orgs?page=abc')).status).toBe(400);
  });
});

describe('GET {org}', () => {
  it('answers every field, billing for admins only', async () => {
    const res = await t.request('GET', `/v1/orgs/${org}`);
    expect(res.status).toBe(200);
    const o = Organization.parse(res.body);
    expect(o).toMatchObject({
      object: 'organization',
      title: 'Acme Docs',
      emailDomains: ['acme.test'],
      hostname: 'acme',
      type: 'business',
      plan: 'pro_2024',
      inviteLinks: true,
      defaultRole: 'read',
      mergeRules: { type: 'rules' },
      trial: { status: 'notapplicable' },
    });
    expect(o.billing?.pricing?.members?.pro_2024?.monthly).toBe(12);
    expect(o.permissions).toMatchObject({ admin: true, viewBilling: true, createContent: true });
    const read = Organization.parse(
      (await t.request('GET', `/v1/orgs/${org}`, { as: 'read' })).body,
    );
    expect(read.billing).toBeUndefined();
    expect(read.permissions).toMatchObject({
      view: true,
      admin: false,
      createContent: false,
      listMembers: true,
    });
    const create = Organization.parse(
      (await t.request('GET', `/v1/orgs/${org}`, { as: 'create' })).body,
    );
    expect(create.permissions).toMatchObject({ createContent: true, admin: false });
  });

  it('answers 404 to outsiders and for unknown ids', async () => {
    expect((await t.request('GET', `/v1/orgs/${org}`, { as: 'outsider' })).status).toBe(404);
    expect((await t.request('GET', '/v1/orgs/unknown')).status).toBe(404);
  });
});

describe('PATCH {org}', () => {
  it('updates every field for an admin', async () => {
    const res = await t.request('PATCH', `/v1/orgs/${second}`, {
      body: {
        title: 'Globex Docs',
        emailDomains: ['Globex.test', 'globex.example'],
        hostname: 'globex-docs',
        defaultRole: 'comment',
        defaultContent: { type: 'site', site: 'site-1' },
        logo: 'https://cdn.example/logo.png',
        sso: true,
        ai: false,
        inviteLinks: false,
        mergeRules: {
          type: 'rules',
          rules: [{ rule: 'require_specific_reviewers', users: [t.demo.users.admin] }],
        },
      },
    });
    expect(res.status).toBe(200);
    const o = Organization.parse(res.body);
    expect(o).toMatchObject({
      title: 'Globex Docs',
      emailDomains: ['globex.test', 'globex.example'],
      hostname: 'globex-docs',
      defaultRole: 'comment',
      defaultContent: { type: 'site', site: 'site-1' },
      sso: true,
      ai: false,
      inviteLinks: false,
    });
    expect(o.urls?.logo).toBe('https://cdn.example/logo.png');
    const cleared = Organization.parse(
      (
        await t.request('PATCH', `/v1/orgs/${second}`, {
          body: { logo: null, defaultContent: null, defaultRole: null },
        })
      ).body,
    );
    expect(cleared.urls?.logo).toBeUndefined();
    expect(cleared.defaultContent).toBeNull();
    expect(cleared.defaultRole).toBeNull();
  });

  it('answers 403 to non-admins and 404 to outsiders', async () => {
    const edit = await t.request('PATCH', `/v1/orgs/${org}`, { as: 'edit', body: { ai: false } });
    expect(edit.status).toBe(403);
    const outsider = await t.request('PATCH', `/v1/orgs/${org}`, {
      as: 'outsider',
      body: { ai: false },
    });
    expect(outsider.status).toBe(404);
  });

  it('validates the limits with a 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ title: 'A' }, 'title'],
      [{ title: 'A'.repeat(256) }, 'title'],
      [{ hostname: 'ab' }, 'hostname'],
      [{ hostname: 'a'.repeat(33) }, 'hostname'],
      [{ hostname: 'Has Spaces' }, 'hostname'],
      [{ logo: 'not a uri' }, 'logo'],
      [{ logo: `https://x.example/${'a'.repeat(2048)}` }, 'logo'],
      [{ emailDomains: ['not a domain'] }, 'emailDomains'],
      [{ defaultRole: 'owner' }, 'defaultRole'],
      [{ defaultContent: { type: 'space', space: 'x' } }, 'defaultContent'],
      [{ sso: 'yes' }, 'sso'],
      [{ plan: 'free' }, 'plan'],
      [
        {
          mergeRules: {
            type: 'rules',
            rules: [{ rule: 'require_specific_reviewers', users: ['ghost'] }],
          },
        },
        'mergeRules',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('PATCH', `/v1/orgs/${org}`, { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorOf(res).message).toContain(field);
    }
    expect((await t.request('PATCH', `/v1/orgs/${org}`, { body: '{' })).status).toBe(400);
  });
});

describe('POST {org}/join', () => {
  it('answers 403 when the email domain is not allowed, 204 once it is', async () => {
    const denied = await t.request('POST', `/v1/orgs/${second}/join`, { as: 'outsider' });
    expect(denied.status).toBe(403);
    await t.request('PATCH', `/v1/orgs/${second}`, {
      body: { emailDomains: ['elsewhere.test'], defaultRole: 'read' },
    });
    const joined = await t.request('POST', `/v1/orgs/${second}/join`, { as: 'outsider' });
    expect(joined.status).toBe(204);
    const member = await t.request('GET', `/v1/orgs/${second}/members/${t.demo.users.outsider}`);
    expect(Member.parse(member.body).role).toBe('read');
    expect((await t.request('POST', `/v1/orgs/${second}/join`, { as: 'outsider' })).status).toBe(
      204,
    );
  });

  it('answers 204 to an existing member and 404 for unknown organizations', async () => {
    expect((await t.request('POST', `/v1/orgs/${org}/join`, { as: 'read' })).status).toBe(204);
    expect((await t.request('POST', '/v1/orgs/nope/join', { as: 'read' })).status).toBe(404);
  });
});

describe('DELETE {org}/link-invites/{inviteId}', () => {
  it('deletes an invite (204, also when absent); admins only', async () => {
    const invite = t.ws.db
      .prepare('SELECT id FROM link_invites WHERE organization_id = ?')
      .get(org) as { id: string };
    const path = `/v1/orgs/${org}/link-invites/${invite.id}`;
    expect((await t.request('DELETE', path, { as: 'edit' })).status).toBe(403);
    expect((await t.request('DELETE', path)).status).toBe(204);
    expect(
      t.ws.db.prepare('SELECT 1 FROM link_invites WHERE id = ?').get(invite.id),
    ).toBeUndefined();
    expect((await t.request('DELETE', path)).status).toBe(204);
  });
});

describe('POST {org}/ping', () => {
  it('updates lastSeenAt and answers a signed visitor-claims JWT', async () => {
    t.clock.advance(DAY_MS);
    try {
      const res = await t.request('POST', `/v1/orgs/${org}/ping`, { as: 'comment' });
      expect(res.status).toBe(200);
      const token = PingResult.parse(res.body).serviceVisitorClaims;
      // A JWT: three base64url parts.
      expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const [header, payload, signature] = (token as string).split('.');
      const expected = createHmac('sha256', visitorClaimsSecret(t.ws, org))
        .update(`${header}.${payload}`)
        .digest('base64url');
      expect(signature).toBe(expected);
      expect(JSON.parse(Buffer.from(header as string, 'base64url').toString())).toEqual({
        alg: 'HS256',
        typ: 'JWT',
      });
      const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
      expect(claims).toMatchObject({
        sub: t.demo.users.comment,
        aud: org,
        iat: Math.floor(t.clock.now().getTime() / 1000),
      });
      expect(claims.exp - claims.iat).toBe(3600);
      const member = await t.request('GET', `/v1/orgs/${org}/members/${t.demo.users.comment}`);
      expect(Member.parse(member.body).lastSeenAt).toBe(t.ws.now());
    } finally {
      t.clock.advance(-DAY_MS);
    }
  });

  it('answers {} for an organization without visitor-auth spaces', async () => {
    const res = await t.request('POST', `/v1/orgs/${second}/ping`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it('answers 404 to non-members', async () => {
    expect((await t.request('POST', `/v1/orgs/${org}/ping`, { as: 'outsider' })).status).toBe(404);
  });
});

describe('GET/PUT {org}/agent-instructions', () => {
  const instructions = {
    object: 'document',
    data: { schemaVersion: 1 },
    nodes: [
      {
        object: 'block',
        type: 'paragraph',
        key: 'p1',
        nodes: [{ object: 'text', leaves: [{ text: 'Answer briefly.' }] }],
      },
    ],
  };

  it('answers an empty document before any PUT', async () => {
    const res = await t.request('GET', `/v1/orgs/${org}/agent-instructions`, { as: 'read' });
    expect(res.status).toBe(200);
    const got = AgentInstructions.parse(res.body);
    expect(got.instructions.nodes).toEqual([]);
    expect(got.updatedAt).toBeUndefined();
  });

  it('stores instructions with updatedAt and updatedBy (admins only)', async () => {
    const denied = await t.request('PUT', `/v1/orgs/${org}/agent-instructions`, {
      as: 'create',
      body: { instructions },
    });
    expect(denied.status).toBe(403);
    const res = await t.request('PUT', `/v1/orgs/${org}/agent-instructions`, {
      body: { instructions },
    });
    expect(res.status).toBe(200);
    const put = AgentInstructions.parse(res.body);
    expect(put).toMatchObject({ updatedAt: t.ws.now(), updatedBy: t.demo.users.admin });
    const got = AgentInstructions.parse(
      (await t.request('GET', `/v1/orgs/${org}/agent-instructions`, { as: 'read' })).body,
    );
    expect(got.instructions).toEqual(instructions);
  });

  it('answers 400 to invalid bodies and 404 to outsiders', async () => {
    for (const body of [
      {},
      { instructions: 'text' },
      { instructions: { object: 'doc', nodes: [] } },
    ]) {
      const res = await t.request('PUT', `/v1/orgs/${org}/agent-instructions`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message).toContain('instructions');
    }
    const outsider = await t.request('GET', `/v1/orgs/${org}/agent-instructions`, {
      as: 'outsider',
    });
    expect(outsider.status).toBe(404);
  });
});
