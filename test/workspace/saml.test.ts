import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/contract/common.ts';
import { SamlProvider, SamlProviderList, SsoList } from '../../src/contract/saml.ts';
import { DEMO_IDP_CERTIFICATE } from '../../src/workspace/demo/samlTranslations.ts';
import { createTestWorkspace, errorOf, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;
let org: string;
let base: string;
beforeAll(async () => {
  t = await createTestWorkspace();
  org = t.demo.organizationId;
  base = `/v1/orgs/${org}/saml`;
});
afterAll(() => t.close());

const complete = () => ({
  label: 'Corporate IdP',
  entityID: 'https://idp.acme.test/metadata',
  certificate: DEMO_IDP_CERTIFICATE,
  ssoURL: 'https://idp.acme.test/sso',
  defaultTeam: t.demo.teamIds[0],
  defaultRole: 'edit',
});

async function create(body: Record<string, unknown>): Promise<SamlProvider> {
  const res = await t.request('POST', base, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return SamlProvider.parse(res.body);
}

describe('GET {org}/saml', () => {
  it('lists the demo provider to members', async () => {
    for (const as of ['admin', 'read'] as const) {
      const res = await t.request('GET', base, { as });
      expect(res.status).toBe(200);
      const page = SamlProviderList.parse(res.body);
      expect(page.count).toBeGreaterThanOrEqual(1);
      const demo = page.items.find((p) => p.label === 'Acme Okta');
      expect(demo?.status).toBe('active');
      expect(demo?.certificate).toBe(DEMO_IDP_CERTIFICATE);
      expect(demo?.defaultTeam?.title).toBe('Support');
      expect(demo?.service).toEqual({
        acsURL: `${t.ws.publicUrl}/sso/saml/${org}/${demo?.id}/acs`,
        startURL: `${t.ws.publicUrl}/sso/saml/${org}/${demo?.id}/start`,
        entityID: `${t.ws.publicUrl}/sso/saml/${org}/${demo?.id}`,
      });
      expect(demo?.urls?.location).toBe(`${t.ws.publicUrl}/v1/orgs/${org}/saml/${demo?.id}`);
    }
    expect((await t.request('GET', base, { as: 'outsider' })).status).toBe(404);
    expect((await t.request('GET', base, { as: null })).status).toBe(401);
  });

  it('pages', async () => {
    await create({ label: 'Paged A' });
    await create({ label: 'Paged B' });
    const all = SamlProviderList.parse((await t.request('GET', base)).body);
    const first = SamlProviderList.parse((await t.request('GET', `${base}?limit=1`)).body);
    expect(first.count).toBe(all.count);
    const seen = [...first.items];
    let next = first.next?.page;
    while (next) {
      const page = SamlProviderList.parse(
        (await t.request('GET', `${base}?limit=1&page=${next}`)).body,
      );
      seen.push(...page.items);
      next = page.next?.page;
    }
    expect(seen.map((p) => p.id)).toEqual(all.items.map((p) => p.id));
    expect((await t.request('GET', `${base}?page=nonsense`)).status).toBe(400);
    expect((await t.request('GET', `${base}?limit=5000`)).status).toBe(400);
  });
});

describe('POST {org}/saml', () => {
  it('creates an active provider with its default team', async () => {
    const provider = await create(complete());
    expect(provider).toMatchObject({
      object: 'saml-provider',
      label: 'Corporate IdP',
      entityID: 'https://idp.acme.test/metadata',
      ssoURL: 'https://idp.acme.test/sso',
      defaultRole: 'edit',
      status: 'active',
      createdAt: t.ws.now(),
    });
    expect(provider.defaultTeam?.id).toBe(t.demo.teamIds[0]);
    expect(provider.service?.startURL).toContain(provider.id);
    const read = await t.request('GET', `${base}/${provider.id}`);
    expect(read.status).toBe(200);
    expect(SamlProvider.parse(read.body)).toEqual(provider);
    const asReader = await t.request('GET', `${base}/${provider.id}`, { as: 'read' });
    expect(asReader.status).toBe(200);
    expect(SamlProvider.parse(asReader.body).defaultTeam?.permissions).toEqual({
      admin: false,
      view: true,
    });
  });

  it('keeps an incomplete provider pending, out of the SSO list', async () => {
    const provider = await create({ label: 'Half done' });
    expect(provider.status).toBe('pending');
    expect(provider.defaultRole).toBe('read');
    expect(provider.defaultTeam).toBeUndefined();
    const sso = SsoList.parse((await t.request('GET', `/v1/orgs/${org}/sso`)).body);
    expect(sso.items.map((e) => e.id)).not.toContain(provider.id);
  });

  it('needs the admin role', async () => {
    for (const as of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      expect((await t.request('POST', base, { as, body: complete() })).status, as).toBe(403);
    }
    expect((await t.request('POST', base, { as: 'outsider', body: complete() })).status).toBe(404);
    expect((await t.request('POST', base, { as: null, body: complete() })).status).toBe(401);
  });

  it('refuses certificates that are not X.509 PEM', async () => {
    const lines = DEMO_IDP_CERTIFICATE.trim().split('\n');
    const truncated = [...lines.slice(0, 8), lines[lines.length - 1]].join('\n');
    const corrupted = DEMO_IDP_CERTIFICATE.replace('MIIDBzCCAe+gAwIBAgIU', 'MIIDBzCCAe+gAwIBAgXX');
    const bodyOnly = lines.slice(1, -1).join('\n');
    const key =
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
    const twice = `${DEMO_IDP_CERTIFICATE}${DEMO_IDP_CERTIFICATE}`;
    for (const certificate of ['garbage', '', truncated, corrupted, bodyOnly, key, twice]) {
      const res = await t.request('POST', base, { body: { ...complete(), certificate } });
      expect(res.status, certificate.slice(0, 40)).toBe(400);
      expect(errorOf(res).message).toMatch(/^certificate: /);
    }
    const notString = await t.request('POST', base, { body: { ...complete(), certificate: 42 } });
    expect(errorOf(notString).message).toMatch(/^certificate: /);
    const huge = await t.request('POST', base, {
      body: { ...complete(), certificate: 'A'.repeat(100_000) },
    });
    expect(errorOf(huge).message).toMatch(/^certificate: at most/);
  });

  it('accepts a PEM certificate with CRLF line ends and surrounding blanks', async () => {
    const provider = await create({
      ...complete(),
      certificate: `\n${DEMO_IDP_CERTIFICATE.replace(/\n/g, '\r\n')}  `,
    });
    expect(provider.certificate).toBe(DEMO_IDP_CERTIFICATE);
  });

  it('validates the other fields', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...complete(), label: undefined }, /^label:/],
      [{ ...complete(), label: '' }, /^label:/],
      [{ ...complete(), label: 'x'.repeat(101) }, /^label: at most 100/],
      [{ ...complete(), ssoURL: 'not a url' }, /^ssoURL: must be an http\(s\) URL/],
      [{ ...complete(), ssoURL: 'ftp://idp.acme.test' }, /^ssoURL:/],
      [{ ...complete(), ssoURL: `https://x.test/${'a'.repeat(2048)}` }, /^ssoURL: at most/],
      [{ ...complete(), entityID: '' }, /^entityID:/],
      [{ ...complete(), defaultRole: 'owner' }, /^defaultRole:/],
      [{ ...complete(), defaultTeam: 'no-such-team' }, /^defaultTeam: no such team/],
      [{ ...complete(), defaultTeam: 7 }, /^defaultTeam:/],
      [{ ...complete(), unknown: 1 }, /unknown/],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('POST', base, { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorOf(res).message).toMatch(message);
    }
    expect((await t.request('POST', base, { body: '{' })).status).toBe(400);
    expect((await t.request('POST', base, { body: '"text"' })).status).toBe(400);
  });

  it('refuses a default team of another organization', async () => {
    const db = t.ws.db;
    db.prepare(
      'INSERT INTO teams (id, organization_id, title, created_at) VALUES (?, ?, ?, ?)',
    ).run('foreign-team', t.demo.secondOrganizationId, 'Elsewhere', t.ws.now());
    const res = await t.request('POST', base, {
      body: { ...complete(), defaultTeam: 'foreign-team' },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(/^defaultTeam:/);
  });
});

describe('GET/PATCH/DELETE {org}/saml/{id}', () => {
  it('answers 404 for unknown providers', async () => {
    expect((await t.request('GET', `${base}/nope`)).status).toBe(404);
    expect((await t.request('PATCH', `${base}/nope`, { body: { label: 'x' } })).status).toBe(404);
    const other = await t.request('GET', `/v1/orgs/${t.demo.secondOrganizationId}/saml/nope`);
    expect(other.status).toBe(404);
  });

  it('patches fields, completing a pending provider', async () => {
    const provider = await create({ label: 'Later' });
    const url = `${base}/${provider.id}`;
    const patched = await t.request('PATCH', url, {
      body: {
        entityID: 'urn:acme:idp',
        ssoURL: 'http://127.0.0.1:9/sso',
        certificate: DEMO_IDP_CERTIFICATE,
        defaultTeam: t.demo.teamIds[1],
        defaultRole: 'comment',
      },
    });
    expect(patched.status).toBe(200);
    const active = SamlProvider.parse(patched.body);
    expect(active).toMatchObject({ label: 'Later', status: 'active', defaultRole: 'comment' });
    expect(active.defaultTeam?.id).toBe(t.demo.teamIds[1]);
    const sso = SsoList.parse((await t.request('GET', `/v1/orgs/${org}/sso`, { as: 'read' })).body);
    expect(sso.items).toContainEqual({
      id: provider.id,
      label: 'Later',
      startURL: active.service?.startURL,
    });

    const cleared = SamlProvider.parse(
      (await t.request('PATCH', url, { body: { certificate: null, defaultTeam: null } })).body,
    );
    expect(cleared.status).toBe('pending');
    expect(cleared.certificate).toBeUndefined();
    expect(cleared.defaultTeam).toBeUndefined();
    expect(cleared.entityID).toBe('urn:acme:idp');
    const sso2 = SsoList.parse((await t.request('GET', `/v1/orgs/${org}/sso`)).body);
    expect(sso2.items.map((e) => e.id)).not.toContain(provider.id);
  });

  it('validates a patch like a create', async () => {
    const provider = await create({ label: 'Validated' });
    const url = `${base}/${provider.id}`;
    for (const body of [
      { certificate: 'garbage' },
      { ssoURL: 'javascript:alert(1)' },
      { defaultTeam: 'nope' },
      { defaultRole: null },
      { label: null },
      { label: '' },
      { extra: 1 },
    ]) {
      const res = await t.request('PATCH', url, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message).toMatch(new RegExp(`^${Object.keys(body)[0]}|"extra"`));
    }
    expect(SamlProvider.parse((await t.request('GET', url)).body)).toEqual(provider);
  });

  it('restricts patch and delete to admins', async () => {
    const provider = await create(complete());
    const url = `${base}/${provider.id}`;
    for (const as of ['create', 'read'] as const) {
      expect((await t.request('PATCH', url, { as, body: { label: 'x' } })).status).toBe(403);
      expect((await t.request('DELETE', url, { as })).status).toBe(403);
    }
    expect((await t.request('DELETE', url, { as: 'outsider' })).status).toBe(404);
    expect((await t.request('GET', url, { as: 'outsider' })).status).toBe(404);
  });

  it('deletes, 204 also when absent', async () => {
    const provider = await create(complete());
    const url = `${base}/${provider.id}`;
    const res = await t.request('DELETE', url);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect((await t.request('GET', url)).status).toBe(404);
    expect((await t.request('DELETE', url)).status).toBe(204);
  });

  it('drops the default team when that team is deleted', async () => {
    const team = await t.request('PUT', `/v1/orgs/${org}/teams`, { body: { title: 'Temporary' } });
    const teamId = (team.body as { id: string }).id;
    const provider = await create({ ...complete(), defaultTeam: teamId });
    expect(provider.defaultTeam?.title).toBe('Temporary');
    await t.request('DELETE', `/v1/orgs/${org}/teams/${teamId}`);
    const after = SamlProvider.parse((await t.request('GET', `${base}/${provider.id}`)).body);
    expect(after.defaultTeam).toBeUndefined();
  });
});

describe('GET {org}/sso', () => {
  it('lists the start URLs of active providers to members', async () => {
    const res = await t.request('GET', `/v1/orgs/${org}/sso`, { as: 'comment' });
    expect(res.status).toBe(200);
    const sso = SsoList.parse(res.body);
    const demo = sso.items.find((e) => e.label === 'Acme Okta');
    expect(demo?.startURL).toMatch(new RegExp(`/sso/saml/${org}/[^/]+/start$`));
    expect((await t.request('GET', `/v1/orgs/${org}/sso`, { as: 'outsider' })).status).toBe(404);
    expect((await t.request('GET', `/v1/orgs/${org}/sso`, { as: null })).status).toBe(401);
  });
});

describe('service-provider endpoints', () => {
  it('serves metadata, redirects the start URL to the IdP with an AuthnRequest', async () => {
    const provider = await create(complete());
    const service = provider.service;
    if (!service) throw new Error('no service');
    const path = (url: string) => url.slice(t.ws.publicUrl.length);
    const metadata = await t.app.inject({ method: 'GET', url: path(service.entityID) });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toMatch(/samlmetadata\+xml/);
    expect(metadata.body).toContain(`entityID="${service.entityID}"`);
    expect(metadata.body).toContain(`Location="${service.acsURL}"`);

    const start = await t.app.inject({
      method: 'GET',
      url: `${path(service.startURL)}?RelayState=abc`,
    });
    expect(start.statusCode).toBe(302);
    const location = new URL(String(start.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe('https://idp.acme.test/sso');
    expect(location.searchParams.get('RelayState')).toBe('abc');
    const { inflateRawSync } = await import('node:zlib');
    const xml = inflateRawSync(
      Buffer.from(location.searchParams.get('SAMLRequest') ?? '', 'base64'),
    ).toString();
    expect(xml).toContain(`AssertionConsumerServiceURL="${service.acsURL}"`);
    expect(xml).toContain(`<saml:Issuer>${service.entityID}</saml:Issuer>`);

    const acs = await t.app.inject({ method: 'POST', url: path(service.acsURL), payload: {} });
    expect(acs.statusCode).toBe(501);
    expect(ErrorBody.parse(acs.json()).error.code).toBe(501);
  });

  it('answers 404 for unknown providers and 409 for pending ones', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `/sso/saml/${org}/nope/start` });
    expect(unknown.statusCode).toBe(404);
    const pending = await create({ label: 'Not yet' });
    const path = (pending.service?.startURL ?? '').slice(t.ws.publicUrl.length);
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(409);
    const other = await t.app.inject({
      method: 'GET',
      url: `/sso/saml/${t.demo.secondOrganizationId}/${pending.id}`,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('SSO defaults', () => {
  it("adds a user joining through SSO to the first active provider's default team", async () => {
    const { applySsoDefaults } = await import('../../src/workspace/store/saml.ts');
    const user = t.demo.users.comment;
    const demoProvider = SamlProviderList.parse((await t.request('GET', base)).body).items.find(
      (p) => p.label === 'Acme Okta',
    );
    const teamId = demoProvider?.defaultTeam?.id as string;
    t.ws.db.prepare('DELETE FROM team_members WHERE team_id = ? AND user_id = ?').run(teamId, user);
    expect(applySsoDefaults(t.ws, org, user)).toEqual({ role: 'read', teamId });
    const member = t.ws.db
      .prepare('SELECT role FROM team_members WHERE team_id = ? AND user_id = ?')
      .get(teamId, user);
    expect(member).toEqual({ role: 'member' });
    expect(applySsoDefaults(t.ws, t.demo.secondOrganizationId, user)).toBeUndefined();
  });
});

describe('POST {org}/members/{userId}/sso with an active provider', () => {
  it('adds the user with the first active provider’s default role and team', async () => {
    const providers = SamlProviderList.parse((await t.request('GET', `${base}?limit=1000`)).body);
    // The demo provider is the oldest active one.
    const first = providers.items.find((p) => p.label === 'Acme Okta' && p.status === 'active');
    expect(first?.defaultTeam).toMatchObject({ id: t.demo.teamIds[2], title: 'Support' });
    const outsider = t.demo.users.outsider;
    const res = await t.request('POST', `/v1/orgs/${org}/members/${outsider}/sso`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sso: true, role: first?.defaultRole });
    const teams = await t.request('GET', `/v1/orgs/${org}/members/${outsider}/teams`, {
      as: 'admin',
    });
    expect(teams.status).toBe(200);
    const ids = (teams.body as { items: Array<{ team: { id: string } }> }).items.map(
      (i) => i.team.id,
    );
    expect(ids).toContain((first?.defaultTeam as { id: string } | undefined)?.id);
  });
});
