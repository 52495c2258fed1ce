import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PublishedSite,
  Site,
  SiteAdaptiveSchema,
  SiteList,
  SiteSection,
  SiteSectionGroup,
  SiteSectionGroupList,
  SiteSectionList,
  SiteSpace,
  SiteSpaceList,
  TemplateConditionList,
} from '../../src/contract/sites.ts';
import { VISITOR_SCHEMA } from '../../src/workspace/demo/sites.ts';
import { validateVisitorSchema } from '../../src/workspace/store/sites.ts';
import { REST_ID } from '../support/ids.ts';
import { createTestWorkspace, errorOf, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;
let org: string;
let sites: string;
let spaces: string[];
let otherOrgSpace: string;
const demoSites: Record<string, Site> = {};

async function newSite(body: Record<string, unknown> = {}): Promise<Site> {
  const res = await t.request('POST', sites, { body: { title: 'Scratch site', ...body } });
  expect(res.status).toBe(201);
  return Site.parse(res.body);
}

async function siteSpaces(siteId: string, query = ''): Promise<SiteSpace[]> {
  const res = await t.request('GET', `${sites}/${siteId}/site-spaces?limit=1000${query}`);
  expect(res.status).toBe(200);
  return SiteSpaceList.parse(res.body).items;
}

async function sections(siteId: string): Promise<SiteSection[]> {
  const res = await t.request('GET', `${sites}/${siteId}/sections?limit=1000`);
  expect(res.status).toBe(200);
  return SiteSectionList.parse(res.body).items;
}

async function addSection(siteId: string, body: Record<string, unknown>): Promise<SiteSection> {
  const res = await t.request('POST', `${sites}/${siteId}/sections`, { body });
  expect(res.status).toBe(201);
  return SiteSection.parse(res.body);
}

beforeAll(async () => {
  t = await createTestWorkspace();
  org = t.demo.organizationId;
  sites = `/v1/orgs/${org}/sites`;
  spaces = t.ws.db
    .prepare(
      'SELECT id FROM spaces WHERE organization_id = ? AND deleted_at IS NULL ORDER BY position, id',
    )
    .pluck()
    .all(org) as string[];
  otherOrgSpace = t.ws.db
    .prepare('SELECT id FROM spaces WHERE organization_id = ? LIMIT 1')
    .pluck()
    .get(t.demo.secondOrganizationId) as string;
  const res = await t.request('GET', sites);
  for (const site of SiteList.parse(res.body).items) demoSites[site.title] = site;
});
afterAll(() => t.close());

describe('demo sites', () => {
  it('has the three sites of Acme Docs', () => {
    expect(Object.keys(demoSites).sort()).toEqual([
      'Acme Developer Docs',
      'Acme Internal Handbook',
      'Acme Partner Portal',
    ]);
    const dev = demoSites['Acme Developer Docs'];
    expect(dev).toMatchObject({
      type: 'premium',
      visibility: 'public',
      published: true,
      adaptiveContent: { enabled: true },
      urls: { published: 'https://docs.acme.test' },
    });
    expect(dev?.siteSpaces).toBe(6);
    expect(demoSites['Acme Partner Portal']).toMatchObject({
      visibility: 'share-link',
      published: true,
    });
    expect(demoSites['Acme Internal Handbook']?.published).toBe(false);
  });
});

describe('GET {org}/sites', () => {
  it('lists for every member, with admin permissions only for admins', async () => {
    for (const as of ['read', 'edit', 'comment'] as const) {
      const res = await t.request('GET', sites, { as });
      expect(res.status).toBe(200);
      const page = SiteList.parse(res.body);
      expect(page.count).toBeGreaterThanOrEqual(3);
      expect(page.items.every((s) => s.permissions?.admin === false)).toBe(true);
    }
    const admin = SiteList.parse((await t.request('GET', sites)).body);
    expect(admin.items.every((s) => s.permissions?.admin === true)).toBe(true);
  });

  it('answers 404 to outsiders and 401 without a token', async () => {
    const outsider = await t.request('GET', sites, { as: 'outsider' });
    expect(outsider.status).toBe(404);
    expect(errorOf(outsider).code).toBe(404);
    expect((await t.request('GET', sites, { as: null })).status).toBe(401);
  });

  it('filters by title (case-insensitive), published status and space', async () => {
    const byTitle = SiteList.parse((await t.request('GET', `${sites}?title=PARTNER`)).body);
    expect(byTitle.items.map((s) => s.title)).toEqual(['Acme Partner Portal']);
    expect(byTitle.count).toBe(1);

    const unpublished = SiteList.parse((await t.request('GET', `${sites}?published=false`)).body);
    expect(unpublished.items.map((s) => s.title)).toContain('Acme Internal Handbook');
    expect(unpublished.items.every((s) => !s.published)).toBe(true);
    const published = SiteList.parse((await t.request('GET', `${sites}?published=true`)).body);
    expect(published.items.every((s) => s.published)).toBe(true);
    expect(published.items.map((s) => s.title)).toContain('Acme Developer Docs');

    const handbookSpace = (await siteSpaces(demoSites['Acme Internal Handbook']?.id ?? ''))[0];
    const bySpace = SiteList.parse(
      (await t.request('GET', `${sites}?space=${handbookSpace?.space.id}`)).body,
    );
    expect(bySpace.items.map((s) => s.title)).toContain('Acme Internal Handbook');
    const none = SiteList.parse((await t.request('GET', `${sites}?space=nope`)).body);
    expect(none).toEqual({ count: 0, items: [] });
  });

  it('pages with keyset tokens and rejects bad ones', async () => {
    const seen: string[] = [];
    let url = `${sites}?limit=1`;
    for (let i = 0; i < 20; i++) {
      const page = SiteList.parse((await t.request('GET', url)).body);
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((s) => s.id));
      if (!page.next) break;
      url = `${sites}?limit=1&page=${page.next.page}`;
    }
    const all = SiteList.parse((await t.request('GET', `${sites}?limit=1000`)).body);
    expect(seen).toEqual(all.items.map((s) => s.id));
    expect(new Set(seen).size).toBe(seen.length);

    const first = SiteList.parse((await t.request('GET', `${sites}?limit=1`)).body);
    const other = await t.request('GET', `${sites}?limit=1&title=acme&page=${first.next?.page}`);
    expect(other.status).toBe(400);
    expect(errorOf(other).message).toMatch(/^page:/);
    for (const query of ['page=garbage', 'limit=0', 'limit=1001', 'limit=x', 'published=maybe']) {
      const res = await t.request('GET', `${sites}?${query}`);
      expect(res.status).toBe(400);
    }
  });
});

describe('POST {org}/sites', () => {
  it('creates an unpublished basic site with the given spaces (201)', async () => {
    const res = await t.request('POST', sites, {
      body: { title: 'New Docs', spaces: [spaces[0], spaces[1]] },
    });
    expect(res.status).toBe(201);
    const site = Site.parse(res.body);
    expect(site).toMatchObject({
      object: 'site',
      type: 'basic',
      title: 'New Docs',
      visibility: 'public',
      published: false,
      siteSpaces: 2,
      basename: 'new-docs',
      adaptiveContent: { enabled: false },
      agentsContext: 'included',
    });
    expect(site.urls?.location).toBe(`${t.ws.publicUrl}${sites}/${site.id}`);
    const listed = await siteSpaces(site.id);
    expect(listed.map((s) => s.space.id)).toEqual([spaces[0], spaces[1]]);
    expect(listed.map((s) => s.default)).toEqual([true, false]);
    const again = await newSite({ title: 'New Docs' });
    expect(again.basename).toBe('new-docs-2');
  });

  it('validates the body', async () => {
    const cases: unknown[] = [
      { type: 'gold' },
      { title: '' },
      { title: 'x'.repeat(101) },
      { visibility: 'private' },
      { spaces: 'abc' },
      { spaces: ['x'.repeat(101)] },
      { extra: true },
      [],
      '"title"',
      '{"title":',
    ];
    for (const body of cases) {
      const res = await t.request('POST', sites, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe(400);
    }
    const unknownSpace = await t.request('POST', sites, { body: { spaces: ['nope'] } });
    expect(unknownSpace.status).toBe(400);
    expect(errorOf(unknownSpace).message).toMatch(/^spaces:/);
    const foreign = await t.request('POST', sites, { body: { spaces: [otherOrgSpace] } });
    expect(foreign.status).toBe(400);
    const typeError = await t.request('POST', sites, { body: { type: 'gold' } });
    expect(errorOf(typeError).message).toMatch(/^type:/);
  });

  it('needs the admin role', async () => {
    for (const as of ['create', 'edit', 'read'] as const) {
      expect((await t.request('POST', sites, { as, body: { title: 'x' } })).status).toBe(403);
    }
    expect((await t.request('POST', sites, { as: 'outsider', body: { title: 'x' } })).status).toBe(
      404,
    );
  });
});

describe('GET/PATCH/DELETE {site}', () => {
  it('reads a site; unknown ids and outsiders get 404', async () => {
    const dev = demoSites['Acme Developer Docs'] as Site;
    const res = await t.request('GET', `${sites}/${dev.id}`, { as: 'read' });
    expect(res.status).toBe(200);
    expect(Site.parse(res.body)).toMatchObject({ id: dev.id, permissions: { admin: false } });
    expect((await t.request('GET', `${sites}/nope`)).status).toBe(404);
    expect(errorOf(await t.request('GET', `${sites}/nope`)).message).toBe('site not found');
    expect((await t.request('GET', `${sites}/${dev.id}`, { as: 'outsider' })).status).toBe(404);
    const otherOrg = await t.request(
      'GET',
      `/v1/orgs/${t.demo.secondOrganizationId}/sites/${dev.id}`,
    );
    expect(otherOrg.status).toBe(404);
  });

  it('patches every field', async () => {
    const site = await newSite({ spaces: [spaces[0], spaces[1]] });
    const [first, second] = await siteSpaces(site.id);
    const res = await t.request('PATCH', `${sites}/${site.id}`, {
      body: {
        title: 'Renamed',
        visibility: 'share-link',
        basename: 'renamed-docs',
        adaptiveContent: { enabled: true },
        agentsContext: 'excluded',
        defaultSiteSpace: second?.id,
        proxy: 'acme.test/docs',
      },
    });
    expect(res.status).toBe(200);
    const patched = Site.parse(res.body);
    expect(patched).toMatchObject({
      title: 'Renamed',
      visibility: 'share-link',
      basename: 'renamed-docs',
      adaptiveContent: { enabled: true },
      agentsContext: 'excluded',
      proxy: { origin: 'https://acme.test/docs' },
    });
    // A basic site using adaptive content shows the feature as frozen.
    expect(patched.features?.find((f) => f.id === 'sites-adaptive-content')?.frozen).toBe(true);
    // Admins see the share key in the published URL.
    expect(patched.urls?.published).toMatch(/^https:\/\/acme\.test\/docs\?shareKey=/);
    const listed = await siteSpaces(site.id);
    expect(listed.find((s) => s.id === second?.id)?.default).toBe(true);
    expect(listed.find((s) => s.id === first?.id)?.default).toBe(false);
    const asReader = Site.parse(
      (await t.request('GET', `${sites}/${site.id}`, { as: 'read' })).body,
    );
    expect(asReader.urls?.published).toBe('https://acme.test/docs');

    const removed = await t.request('PATCH', `${sites}/${site.id}`, { body: { proxy: null } });
    expect(Site.parse(removed.body).proxy).toBeUndefined();
    const kept = await t.request('PATCH', `${sites}/${site.id}`, { body: {} });
    expect(kept.status).toBe(200);
    expect(Site.parse(kept.body).title).toBe('Renamed');
  });

  it('rejects invalid values', async () => {
    const site = await newSite({ spaces: [spaces[0]] });
    const url = `${sites}/${site.id}`;
    const cases: Array<[unknown, RegExp]> = [
      [{ proxy: 'not a domain' }, /^proxy:/],
      [{ proxy: 'acme.test' }, /^proxy:/],
      [{ proxy: 42 }, /^proxy:/],
      [{ visibility: 'private' }, /^visibility:/],
      [{ agentsContext: 'sometimes' }, /^agentsContext:/],
      [{ adaptiveContent: { enabled: 'yes' } }, /^adaptiveContent\.enabled:/],
      [{ adaptiveContent: { enabled: true, x: 1 } }, /^adaptiveContent:/],
      [{ basename: 'has space' }, /^basename:/],
      [{ title: 'x'.repeat(5000) }, /^title:/],
      [{ defaultSiteSection: 'nope' }, /^defaultSiteSection:/],
      [{ defaultSiteSpace: 'nope' }, /^defaultSiteSpace:/],
      [{ type: 'premium' }, /type/],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('PATCH', url, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message).toMatch(message);
    }
    const taken = await t.request('PATCH', url, { body: { basename: 'acme-developer-docs' } });
    expect(taken.status).toBe(409);
  });

  it('sets the default section and its default site space', async () => {
    const site = await newSite({ spaces: [spaces[0]] });
    const a = await addSection(site.id, { spaceId: spaces[1], title: 'A' });
    const b = await addSection(site.id, { spaceId: spaces[2], title: 'B' });
    expect(a.default).toBe(true);
    expect(b.default).toBe(false);
    const extra = SiteSpace.parse(
      (
        await t.request('POST', `${sites}/${site.id}/site-spaces`, {
          body: { spaceId: spaces[3], sectionId: b.id },
        })
      ).body,
    );
    const wrong = await t.request('PATCH', `${sites}/${site.id}`, {
      body: { defaultSiteSpace: extra.id },
    });
    expect(wrong.status).toBe(400);
    const ok = await t.request('PATCH', `${sites}/${site.id}`, {
      body: { defaultSiteSection: b.id, defaultSiteSpace: extra.id },
    });
    expect(ok.status).toBe(200);
    const listed = await sections(site.id);
    const bNow = listed.find((s) => s.id === b.id);
    expect(bNow?.default).toBe(true);
    expect(listed.find((s) => s.id === a.id)?.default).toBe(false);
    expect(bNow?.siteSpaces.find((s) => s.id === extra.id)?.default).toBe(true);
  });

  it('needs admin to patch or delete', async () => {
    const site = await newSite();
    for (const as of ['edit', 'read'] as const) {
      expect(
        (await t.request('PATCH', `${sites}/${site.id}`, { as, body: { title: 'x' } })).status,
      ).toBe(403);
      expect((await t.request('DELETE', `${sites}/${site.id}`, { as })).status).toBe(403);
    }
    expect((await t.request('DELETE', `${sites}/${site.id}`, { as: 'outsider' })).status).toBe(404);
  });

  it('deletes (204, also when absent)', async () => {
    const site = await newSite({ spaces: [spaces[0]] });
    t.ws.db
      .prepare('UPDATE organizations SET default_content = ? WHERE id = ?')
      .run(JSON.stringify({ type: 'site', site: site.id }), org);
    expect((await t.request('DELETE', `${sites}/${site.id}`)).status).toBe(204);
    expect((await t.request('GET', `${sites}/${site.id}`)).status).toBe(404);
    expect((await t.request('DELETE', `${sites}/${site.id}`)).status).toBe(204);
    const count = t.ws.db
      .prepare('SELECT count(*) FROM site_spaces WHERE site_id = ?')
      .pluck()
      .get(site.id);
    expect(count).toBe(0);
    const defaultContent = t.ws.db
      .prepare('SELECT default_content FROM organizations WHERE id = ?')
      .pluck()
      .get(org);
    expect(defaultContent).toBeNull();
  });

  it('marks site spaces of ultimate sites with the advanced customization feature', async () => {
    const site = await newSite({ type: 'ultimate', spaces: [spaces[0]] });
    expect(site.type).toBe('ultimate');
    expect(site.features?.map((f) => f.id)).toContain('sites-advanced-customization');
    const [siteSpace] = await siteSpaces(site.id);
    expect(siteSpace?.hasAdvancedCustomizationFeature).toBe(true);
    const basic = await newSite({ spaces: [spaces[0]] });
    expect((await siteSpaces(basic.id))[0]?.hasAdvancedCustomizationFeature).toBe(false);
  });
});

describe('publish and unpublish', () => {
  it('toggles published (200 Site), admin only', async () => {
    const site = await newSite();
    const published = await t.request('POST', `${sites}/${site.id}/publish`);
    expect(published.status).toBe(200);
    expect(Site.parse(published.body).published).toBe(true);
    expect(
      Site.parse((await t.request('POST', `${sites}/${site.id}/publish`)).body).published,
    ).toBe(true);
    const unpublished = await t.request('POST', `${sites}/${site.id}/unpublish`);
    expect(unpublished.status).toBe(200);
    expect(Site.parse(unpublished.body).published).toBe(false);
    expect((await t.request('POST', `${sites}/${site.id}/publish`, { as: 'edit' })).status).toBe(
      403,
    );
    expect((await t.request('POST', `${sites}/nope/publish`)).status).toBe(404);
  });
});

describe('GET {site}/published', () => {
  it('gives the structure, customizations and scripts of a public site to anyone', async () => {
    const dev = demoSites['Acme Developer Docs'] as Site;
    const res = await t.request('GET', `${sites}/${dev.id}/published`, { as: 'outsider' });
    expect(res.status).toBe(200);
    const profile = PublishedSite.parse(res.body);
    expect(profile.site.id).toBe(dev.id);
    expect(profile.site.permissions?.admin).toBe(false);
    expect(profile.structure.type).toBe('sections');
    const items = profile.structure.structure as Array<SiteSection | SiteSectionGroup>;
    expect(items.map((i) => [i.object, i.title])).toEqual([
      ['site-section', 'Guides'],
      ['site-section-group', 'Reference'],
    ]);
    const group = SiteSectionGroup.parse(items[1]);
    expect(group.children.map((c) => c.title)).toEqual(['API Reference', 'SDKs']);
    const guides = SiteSection.parse(items[0]);
    expect(guides.default).toBe(true);
    expect(guides.siteSpaces).toHaveLength(2);
    const beta = guides.siteSpaces.find((s) => s.path === 'beta');
    expect(beta?.condition).toBe('visitor.claims.unsigned.betaUser === true');
    expect(beta?.urls?.published).toBe('https://docs.acme.test/guides/beta');
    expect(profile.customizations.site.title).toBe('Acme Developer Docs');
    expect(Object.keys(profile.customizations.siteSpaces)).toEqual([guides.siteSpaces[0]?.id]);
    expect(profile.scripts).toHaveLength(2);
    expect(profile.scripts[0]?.script).toMatch(/^https:/);
  });

  it('hides unpublished sites from non-members but not from members', async () => {
    const handbook = demoSites['Acme Internal Handbook'] as Site;
    const url = `${sites}/${handbook.id}/published`;
    expect((await t.request('GET', url, { as: 'outsider' })).status).toBe(404);
    const member = await t.request('GET', url, { as: 'read' });
    expect(member.status).toBe(200);
    const profile = PublishedSite.parse(member.body);
    expect(profile.structure.type).toBe('site-spaces');
    expect(profile.structure.structure).toHaveLength(2);
    expect((await t.request('GET', `${sites}/nope/published`)).status).toBe(404);
    expect((await t.request('GET', url, { as: null })).status).toBe(401);
  });

  it('needs the right share key for share-link sites', async () => {
    const partner = demoSites['Acme Partner Portal'] as Site;
    const url = `${sites}/${partner.id}/published`;
    expect((await t.request('GET', url, { as: 'outsider' })).status).toBe(404);
    expect((await t.request('GET', `${url}?shareKey=wrong`, { as: 'outsider' })).status).toBe(404);
    const ok = await t.request('GET', `${url}?shareKey=partner-preview-4f9c2e`, {
      as: 'outsider',
    });
    expect(ok.status).toBe(200);
    const profile = PublishedSite.parse(ok.body);
    expect(profile.site.urls?.published).toContain('shareKey=partner-preview-4f9c2e');
    const spacesOf = profile.structure.structure as SiteSpace[];
    expect(spacesOf.every((s) => s.urls?.published?.includes('shareKey='))).toBe(true);
    // Members read it without a key, but only admins see the key in URLs.
    const reader = PublishedSite.parse((await t.request('GET', url, { as: 'read' })).body);
    expect(reader.site.urls?.published).not.toContain('shareKey');
    const admin = PublishedSite.parse((await t.request('GET', url)).body);
    expect(admin.site.urls?.published).toContain('shareKey=partner-preview-4f9c2e');
    // An unpublished share-link site stays hidden even with the key.
    await t.request('POST', `${sites}/${partner.id}/unpublish`);
    expect(
      (await t.request('GET', `${url}?shareKey=partner-preview-4f9c2e`, { as: 'outsider' })).status,
    ).toBe(404);
    await t.request('POST', `${sites}/${partner.id}/publish`);
  });

  it('hides visitor-auth sites from non-members', async () => {
    const site = await newSite({ visibility: 'visitor-auth', spaces: [spaces[0]] });
    await t.request('POST', `${sites}/${site.id}/publish`);
    const url = `${sites}/${site.id}/published`;
    expect((await t.request('GET', url, { as: 'outsider' })).status).toBe(404);
    expect((await t.request('GET', url, { as: 'read' })).status).toBe(200);
  });
});

describe('adaptive schema', () => {
  it('seeds a demo schema that a PUT would accept (the demo stores it unchecked)', () => {
    expect(() => validateVisitorSchema(VISITOR_SCHEMA)).not.toThrow();
    expect(() => validateVisitorSchema({ ...VISITOR_SCHEMA, required: 'plan' })).toThrow(
      /^jsonSchema\.required: must be array$/,
    );
  });

  it('reads the demo schema and derives template conditions', async () => {
    const dev = demoSites['Acme Developer Docs'] as Site;
    const res = await t.request('GET', `${sites}/${dev.id}/adaptive-schema`, { as: 'read' });
    expect(res.status).toBe(200);
    const schema = SiteAdaptiveSchema.parse(res.body);
    expect(schema.jsonSchema.type).toBe('object');
    const conditions = TemplateConditionList.parse(
      (await t.request('GET', `${sites}/${dev.id}/adaptive-schema/template-conditions`)).body,
    );
    expect(conditions.items).toContainEqual({
      description: 'Visitor is isEnterprise',
      condition: 'visitor.claims.isEnterprise === true',
    });
    expect(conditions.items).toContainEqual({
      description: 'Visitor is betaUser',
      condition: 'visitor.claims.unsigned.betaUser === true',
    });
    expect(conditions.items).toContainEqual({
      description: 'Visitor plan is pro',
      condition: 'visitor.claims.plan === "pro"',
    });
    expect(conditions.items).toContainEqual({
      description: 'Visitor language is fr',
      condition: 'visitor.claims.unsigned.language === "fr"',
    });
  });

  it('answers 404 before any schema, and no conditions', async () => {
    const site = await newSite();
    const res = await t.request('GET', `${sites}/${site.id}/adaptive-schema`);
    expect(res.status).toBe(404);
    expect(errorOf(res).message).toBe('no visitor attributes schema found');
    const conditions = await t.request(
      'GET',
      `${sites}/${site.id}/adaptive-schema/template-conditions`,
    );
    expect(TemplateConditionList.parse(conditions.body)).toEqual({ items: [] });
  });

  it('stores a valid draft-07 schema (PUT 200) and reads it back', async () => {
    const site = await newSite();
    const jsonSchema = {
      type: 'object',
      properties: {
        'is-admin': { type: 'boolean' },
        unsigned: { type: 'object', properties: { trial: { type: 'boolean' } } },
      },
      additionalProperties: false,
    };
    t.clock.advance(60_000);
    const put = await t.request('PUT', `${sites}/${site.id}/adaptive-schema`, {
      body: { jsonSchema },
    });
    expect(put.status).toBe(200);
    const stored = SiteAdaptiveSchema.parse(put.body);
    expect(stored.jsonSchema).toEqual(jsonSchema);
    expect(stored.updatedAt).toBe(t.ws.now());
    const got = SiteAdaptiveSchema.parse(
      (await t.request('GET', `${sites}/${site.id}/adaptive-schema`)).body,
    );
    expect(got.jsonSchema).toEqual(jsonSchema);
    const conditions = TemplateConditionList.parse(
      (await t.request('GET', `${sites}/${site.id}/adaptive-schema/template-conditions`)).body,
    );
    expect(conditions.items).toEqual([
      { description: 'Visitor is is-admin', condition: 'visitor.claims["is-admin"] === true' },
      { description: 'Visitor is trial', condition: 'visitor.claims.unsigned.trial === true' },
    ]);
  });

  it('rejects invalid schemas with 400', async () => {
    const site = await newSite();
    const url = `${sites}/${site.id}/adaptive-schema`;
    const invalid: unknown[] = [
      {},
      { jsonSchema: [] },
      { jsonSchema: 'object' },
      { jsonSchema: null },
      { jsonSchema: { type: 'string' } },
      { jsonSchema: { properties: {} } },
      { jsonSchema: { type: 'object', properties: { a: { type: 'strnig' } } } },
      { jsonSchema: { type: 'object', minProperties: -1 } },
      { jsonSchema: { type: 'object', required: 'a' } },
      { jsonSchema: { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } } },
      { jsonSchema: { type: 'object', properties: { a: { pattern: '(' } } } },
      { jsonSchema: { type: 'object' }, extra: 1 },
    ];
    for (const body of invalid) {
      const res = await t.request('PUT', url, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message).toMatch(/jsonSchema|body/);
    }
    expect((await t.request('GET', url)).status).toBe(404);
  });

  it('needs admin to write and membership to read', async () => {
    const dev = demoSites['Acme Developer Docs'] as Site;
    const url = `${sites}/${dev.id}/adaptive-schema`;
    const body = { jsonSchema: { type: 'object' } };
    expect((await t.request('PUT', url, { as: 'edit', body })).status).toBe(403);
    expect((await t.request('PUT', url, { as: 'outsider', body })).status).toBe(404);
    expect((await t.request('GET', url, { as: 'outsider' })).status).toBe(404);
    expect((await t.request('GET', `${url}/template-conditions`, { as: 'outsider' })).status).toBe(
      404,
    );
  });
});

describe('site spaces', () => {
  it('lists with the default filter', async () => {
    const dev = demoSites['Acme Developer Docs'] as Site;
    const all = await siteSpaces(dev.id);
    expect(all).toHaveLength(6);
    const defaults = await siteSpaces(dev.id, '&default=true');
    expect(defaults).toHaveLength(3);
    expect(defaults.every((s) => s.default === true)).toBe(true);
    const others = await siteSpaces(dev.id, '&default=false');
    expect(others).toHaveLength(3);
    expect(others.every((s) => s.default === false)).toBe(true);
    const hidden = all.find((s) => s.path === 'webhooks-v1');
    expect(hidden?.hidden).toBe(true);
    expect((await t.request('GET', `${sites}/${dev.id}/site-spaces?default=x`)).status).toBe(400);
    expect((await t.request('GET', `${sites}/${dev.id}/site-spaces?page=zz`)).status).toBe(400);
    expect(
      (await t.request('GET', `${sites}/${dev.id}/site-spaces`, { as: 'outsider' })).status,
    ).toBe(404);
  });

  it('pages in structure order', async () => {
    const dev = demoSites['Acme Developer Docs'] as Site;
    const all = await siteSpaces(dev.id);
    const seen: string[] = [];
    let url = `${sites}/${dev.id}/site-spaces?limit=4`;
    for (let i = 0; i < 5; i++) {
      const page = SiteSpaceList.parse((await t.request('GET', url)).body);
      expect(page.count).toBe(6);
      seen.push(...page.items.map((s) => s.id));
      if (!page.next) break;
      url = `${sites}/${dev.id}/site-spaces?limit=4&page=${page.next.page}`;
    }
    expect(seen).toEqual(all.map((s) => s.id));
  });

  it('resolves share-link published URLs with the shareKey', async () => {
    const partner = demoSites['Acme Partner Portal'] as Site;
    const plain = await t.request('GET', `${sites}/${partner.id}/site-spaces`, { as: 'read' });
    const plainItems = SiteSpaceList.parse(plain.body).items;
    expect(plainItems.every((s) => !s.urls?.published?.includes('shareKey'))).toBe(true);
    const keyed = await t.request(
      'GET',
      `${sites}/${partner.id}/site-spaces?shareKey=partner-preview-4f9c2e`,
      { as: 'read' },
    );
    const keyedItems = SiteSpaceList.parse(keyed.body).items;
    expect(
      keyedItems.every((s) => s.urls?.published?.endsWith('?shareKey=partner-preview-4f9c2e')),
    ).toBe(true);
  });

  it('adds (201) with slug paths, unique among siblings, first one default', async () => {
    const site = await newSite();
    const url = `${sites}/${site.id}/site-spaces`;
    const first = await t.request('POST', url, { body: { spaceId: spaces[0] } });
    expect(first.status).toBe(201);
    const a = SiteSpace.parse(first.body);
    const title = a.space.title;
    expect(a.title).toBe(title);
    expect(a.default).toBe(true);
    expect(a.section).toBeUndefined();
    expect(a.path).toMatch(/^[a-z0-9-]+$/);
    const b = SiteSpace.parse(
      (await t.request('POST', url, { body: { spaceId: spaces[0] } })).body,
    );
    expect(b.path).toBe(`${a.path}-2`);
    expect(b.default).toBe(false);
    const siteNow = Site.parse((await t.request('GET', `${sites}/${site.id}`)).body);
    expect(siteNow.siteSpaces).toBe(2);
    expect(a.urls?.published).toBe(`${siteNow.urls?.published}/${a.path}`);
  });

  it('adds into the default section, or a given one', async () => {
    const site = await newSite();
    const s1 = await addSection(site.id, { spaceId: spaces[0], title: 'One' });
    const s2 = await addSection(site.id, { spaceId: spaces[1], title: 'Two' });
    const url = `${sites}/${site.id}/site-spaces`;
    const inDefault = SiteSpace.parse(
      (await t.request('POST', url, { body: { spaceId: spaces[2] } })).body,
    );
    expect(inDefault.section).toBe(s1.id);
    const inTwo = SiteSpace.parse(
      (await t.request('POST', url, { body: { spaceId: spaces[2], sectionId: s2.id } })).body,
    );
    expect(inTwo.section).toBe(s2.id);
    expect(inTwo.urls?.published).toMatch(new RegExp(`/two/${inTwo.path}$`));
  });

  it('validates additions', async () => {
    const site = await newSite();
    const url = `${sites}/${site.id}/site-spaces`;
    const cases: Array<[unknown, RegExp]> = [
      [{}, /^spaceId:/],
      [{ spaceId: 12 }, /^spaceId:/],
      [{ spaceId: 'nope' }, /^spaceId:/],
      [{ spaceId: otherOrgSpace }, /^spaceId:/],
      [{ spaceId: spaces[0], sectionId: 'nope' }, /^sectionId:/],
      [{ spaceId: spaces[0], other: 1 }, /./],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('POST', url, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message).toMatch(message);
    }
    expect(
      (await t.request('POST', url, { as: 'edit', body: { spaceId: spaces[0] } })).status,
    ).toBe(403);
    expect(
      (await t.request('POST', `${sites}/nope/site-spaces`, { body: { spaceId: spaces[0] } }))
        .status,
    ).toBe(404);
  });

  it('patches path, condition (null removes, absent keeps), space and hidden', async () => {
    const site = await newSite({ spaces: [spaces[0], spaces[1]] });
    const [a, b] = await siteSpaces(site.id);
    const url = `${sites}/${site.id}/site-spaces/${a?.id}`;
    const set = await t.request('PATCH', url, {
      body: { path: 'intro', condition: 'visitor.claims.isEnterprise === true', hidden: true },
    });
    expect(set.status).toBe(200);
    expect(SiteSpace.parse(set.body)).toMatchObject({
      path: 'intro',
      condition: 'visitor.claims.isEnterprise === true',
      hidden: true,
    });
    const kept = SiteSpace.parse((await t.request('PATCH', url, { body: { hidden: false } })).body);
    expect(kept.condition).toBe('visitor.claims.isEnterprise === true');
    expect(kept.hidden).toBe(false);
    const removed = SiteSpace.parse(
      (await t.request('PATCH', url, { body: { condition: null } })).body,
    );
    expect(removed.condition).toBeUndefined();
    expect(removed.path).toBe('intro');
    const moved = SiteSpace.parse(
      (await t.request('PATCH', url, { body: { spaceId: spaces[2] } })).body,
    );
    expect(moved.space.id).toBe(spaces[2]);

    const cases: unknown[] = [
      { path: '' },
      { path: 'x'.repeat(101) },
      { path: 'a/b' },
      { condition: 'x'.repeat(1025) },
      { condition: 5 },
      { hidden: 'yes' },
      { spaceId: 'nope' },
      { spaceId: otherOrgSpace },
    ];
    for (const body of cases) {
      expect((await t.request('PATCH', url, { body })).status, JSON.stringify(body)).toBe(400);
    }
    const ok = await t.request('PATCH', url, { body: { path: 'x'.repeat(100) } });
    expect(ok.status).toBe(200);
    const clash = await t.request('PATCH', url, { body: { path: b?.path } });
    expect(clash.status).toBe(409);
    expect(
      (await t.request('PATCH', `${sites}/${site.id}/site-spaces/nope`, { body: {} })).status,
    ).toBe(404);
    expect((await t.request('PATCH', url, { as: 'read', body: {} })).status).toBe(403);
  });

  it('deletes (204, also when absent) and promotes a new default', async () => {
    const site = await newSite({ spaces: [spaces[0], spaces[1], spaces[2]] });
    const [a, b] = await siteSpaces(site.id);
    expect(a?.default).toBe(true);
    const url = `${sites}/${site.id}/site-spaces/${a?.id}`;
    expect((await t.request('DELETE', url)).status).toBe(204);
    expect((await t.request('DELETE', url)).status).toBe(204);
    const rest = await siteSpaces(site.id);
    expect(rest.map((s) => s.id)[0]).toBe(b?.id);
    expect(rest[0]?.default).toBe(true);
    expect(Site.parse((await t.request('GET', `${sites}/${site.id}`)).body).siteSpaces).toBe(2);
    expect((await t.request('DELETE', url, { as: 'edit' })).status).toBe(403);
  });

  it('moves before or after a sibling (deprecated move)', async () => {
    const site = await newSite({ spaces: [spaces[0], spaces[1], spaces[2]] });
    const [a, b, c] = await siteSpaces(site.id);
    const move = (id: string | undefined, position: unknown) =>
      t.request('POST', `${sites}/${site.id}/site-spaces/${id}/move`, { body: { position } });
    const res = await move(c?.id, { before: { type: 'site-space', siteSpace: a?.id } });
    expect(res.status).toBe(200);
    expect(SiteSpace.parse(res.body).id).toBe(c?.id);
    expect((await siteSpaces(site.id)).map((s) => s.id)).toEqual([c?.id, a?.id, b?.id]);
    expect((await move(c?.id, { after: { type: 'site-space', siteSpace: b?.id } })).status).toBe(
      200,
    );
    expect((await siteSpaces(site.id)).map((s) => s.id)).toEqual([a?.id, b?.id, c?.id]);

    const other = await newSite({ spaces: [spaces[0]] });
    const [foreign] = await siteSpaces(other.id);
    const invalid: unknown[] = [
      { before: { type: 'site-space', siteSpace: 'nope' } },
      { before: { type: 'site-space', siteSpace: a?.id } },
      { after: { type: 'site-space', siteSpace: foreign?.id } },
      { before: { type: 'site-section', siteSection: b?.id } },
      {
        before: { type: 'site-space', siteSpace: b?.id },
        after: { type: 'site-space', siteSpace: b?.id },
      },
      {},
      'first',
    ];
    for (const position of invalid) {
      const bad = await move(a?.id, position);
      expect(bad.status, JSON.stringify(position)).toBe(400);
    }
    expect((await move('nope', { before: { type: 'site-space', siteSpace: a?.id } })).status).toBe(
      404,
    );
  });

  it('refuses moves across sections', async () => {
    const site = await newSite();
    const s1 = await addSection(site.id, { spaceId: spaces[0], title: 'One' });
    const s2 = await addSection(site.id, { spaceId: spaces[1], title: 'Two' });
    const a = s1.siteSpaces[0];
    const b = s2.siteSpaces[0];
    const res = await t.request('POST', `${sites}/${site.id}/site-spaces/${a?.id}/move`, {
      body: { position: { before: { type: 'site-space', siteSpace: b?.id } } },
    });
    expect(res.status).toBe(400);
  });
});

describe('sections', () => {
  it('lists the demo sections in structure order', async () => {
    const dev = demoSites['Acme Developer Docs'] as Site;
    const listed = await sections(dev.id);
    expect(listed.map((s) => s.title)).toEqual(['Guides', 'API Reference', 'SDKs']);
    expect(listed.map((s) => s.default)).toEqual([true, false, false]);
    const groups = SiteSectionGroupList.parse(
      (await t.request('GET', `${sites}/${dev.id}/section-groups`)).body,
    );
    const reference = groups.items.find((g) => g.title === 'Reference');
    expect(reference?.id).toMatch(REST_ID);
    expect(listed.map((s) => s.sectionGroup)).toEqual([undefined, reference?.id, reference?.id]);
    expect(listed[2]?.condition).toBe('visitor.claims.isBetaTester === true');
    expect(listed[0]?.urls?.published).toBe('https://docs.acme.test/guides');
    const first = SiteSectionList.parse(
      (await t.request('GET', `${sites}/${dev.id}/sections?limit=2`)).body,
    );
    expect(first.count).toBe(3);
    const second = SiteSectionList.parse(
      (await t.request('GET', `${sites}/${dev.id}/sections?limit=2&page=${first.next?.page}`)).body,
    );
    expect([...first.items, ...second.items].map((s) => s.title)).toEqual([
      'Guides',
      'API Reference',
      'SDKs',
    ]);
    expect((await t.request('GET', `${sites}/${dev.id}/sections`, { as: 'outsider' })).status).toBe(
      404,
    );
    expect((await t.request('GET', `${sites}/${dev.id}/sections?page=%%`)).status).toBe(400);
  });

  it('creates (201); the first section takes in the root site spaces', async () => {
    const site = await newSite({ spaces: [spaces[0], spaces[1]] });
    const res = await t.request('POST', `${sites}/${site.id}/sections`, {
      body: { spaceId: spaces[2], title: 'Platform', icon: 'server' },
    });
    expect(res.status).toBe(201);
    const section = SiteSection.parse(res.body);
    expect(section).toMatchObject({
      title: 'Platform',
      icon: 'server',
      path: 'platform',
      default: true,
    });
    expect(section.siteSpaces.map((s) => s.space.id)).toEqual([spaces[2], spaces[0], spaces[1]]);
    expect(section.siteSpaces.map((s) => s.default)).toEqual([true, false, false]);
    expect(section.siteSpaces.every((s) => s.section === section.id)).toBe(true);
    const untitled = await addSection(site.id, { spaceId: spaces[3] });
    expect(untitled.title).toBe(untitled.siteSpaces[0]?.space.title);
    expect(untitled.default).toBe(false);
    expect(Site.parse((await t.request('GET', `${sites}/${site.id}`)).body).siteSpaces).toBe(4);
  });

  it('validates creation', async () => {
    const site = await newSite();
    const url = `${sites}/${site.id}/sections`;
    const cases: unknown[] = [
      {},
      { spaceId: 'nope' },
      { spaceId: spaces[0], icon: 'x'.repeat(51) },
      { spaceId: spaces[0], title: '' },
      { spaceId: spaces[0], title: 7 },
      { spaceId: spaces[0], x: 1 },
    ];
    for (const body of cases) {
      expect((await t.request('POST', url, { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await t.request('POST', url, { as: 'read', body: { spaceId: spaces[0] } })).status,
    ).toBe(403);
  });

  it('patches every field; condition null removes it', async () => {
    const site = await newSite();
    const section = await addSection(site.id, { spaceId: spaces[0], title: 'Docs' });
    const extra = SiteSpace.parse(
      (
        await t.request('POST', `${sites}/${site.id}/site-spaces`, {
          body: { spaceId: spaces[1], sectionId: section.id },
        })
      ).body,
    );
    const url = `${sites}/${site.id}/sections/${section.id}`;
    const res = await t.request('PATCH', url, {
      body: {
        title: 'Documentation',
        path: 'documentation',
        defaultSiteSpace: extra.id,
        condition: 'visitor.claims.isEnterprise === true',
        icon: 'book-open',
        description: 'All the docs',
      },
    });
    expect(res.status).toBe(200);
    const patched = SiteSection.parse(res.body);
    expect(patched).toMatchObject({
      title: 'Documentation',
      path: 'documentation',
      condition: 'visitor.claims.isEnterprise === true',
      icon: 'book-open',
      description: 'All the docs',
    });
    expect(patched.siteSpaces.find((s) => s.id === extra.id)?.default).toBe(true);
    const kept = SiteSection.parse((await t.request('PATCH', url, { body: { title: 'D' } })).body);
    expect(kept.condition).toBe('visitor.claims.isEnterprise === true');
    const removed = SiteSection.parse(
      (await t.request('PATCH', url, { body: { condition: null, icon: null, description: null } }))
        .body,
    );
    expect(removed.condition).toBeUndefined();
    expect(removed.icon).toBeUndefined();
    expect(removed.description).toBeUndefined();

    const other = await addSection(site.id, { spaceId: spaces[2], title: 'Other' });
    const cases: unknown[] = [
      { defaultSiteSpace: other.siteSpaces[0]?.id },
      { defaultSiteSpace: 'nope' },
      { condition: 'x'.repeat(1025) },
      { icon: 'x'.repeat(51) },
      { path: 'a b' },
      { title: '' },
    ];
    for (const body of cases) {
      expect((await t.request('PATCH', url, { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.request('PATCH', url, { body: { path: 'other' } })).status).toBe(409);
    expect(
      (await t.request('PATCH', `${sites}/${site.id}/sections/nope`, { body: {} })).status,
    ).toBe(404);
  });

  it('moves sections (400 invalid position, 404 missing section)', async () => {
    const site = await newSite();
    const a = await addSection(site.id, { spaceId: spaces[0], title: 'A' });
    const b = await addSection(site.id, { spaceId: spaces[1], title: 'B' });
    const c = await addSection(site.id, { spaceId: spaces[2], title: 'C' });
    const move = (id: string, position: unknown) =>
      t.request('POST', `${sites}/${site.id}/sections/${id}/move`, { body: { position } });
    const res = await move(c.id, { before: { type: 'site-section', siteSection: a.id } });
    expect(res.status).toBe(200);
    expect(SiteSection.parse(res.body).id).toBe(c.id);
    expect((await sections(site.id)).map((s) => s.title)).toEqual(['C', 'A', 'B']);
    expect((await move(c.id, { after: { type: 'site-section', siteSection: b.id } })).status).toBe(
      200,
    );
    expect((await sections(site.id)).map((s) => s.title)).toEqual(['A', 'B', 'C']);
    // The default section is kept across moves.
    expect((await sections(site.id)).find((s) => s.default)?.id).toBe(a.id);

    for (const position of [
      { before: { type: 'site-section', siteSection: 'nope' } },
      { before: { type: 'site-section', siteSection: c.id } },
      { before: { type: 'site-space', siteSpace: a.id } },
      {},
      null,
    ]) {
      expect((await move(c.id, position)).status, JSON.stringify(position)).toBe(400);
    }
    expect(
      (await move('nope', { before: { type: 'site-section', siteSection: a.id } })).status,
    ).toBe(404);
    expect(
      (
        await t.request('POST', `${sites}/${site.id}/sections/${a.id}/move`, {
          as: 'edit',
          body: { position: { before: { type: 'site-section', siteSection: b.id } } },
        })
      ).status,
    ).toBe(403);
  });

  it('moving next to a grouped section joins its group', async () => {
    const site = await newSite();
    const a = await addSection(site.id, { spaceId: spaces[0], title: 'A' });
    const b = await addSection(site.id, { spaceId: spaces[1], title: 'B' });
    const group = SiteSectionGroup.parse(
      (
        await t.request('POST', `${sites}/${site.id}/section-groups`, {
          body: { title: 'G', sections: [b.id] },
        })
      ).body,
    );
    const res = await t.request('POST', `${sites}/${site.id}/sections/${a.id}/move`, {
      body: { position: { after: { type: 'site-section', siteSection: b.id } } },
    });
    expect(SiteSection.parse(res.body).sectionGroup).toBe(group.id);
  });

  it('deletes (204, also when absent) and promotes another default', async () => {
    const site = await newSite();
    const a = await addSection(site.id, { spaceId: spaces[0], title: 'A' });
    const b = await addSection(site.id, { spaceId: spaces[1], title: 'B' });
    const url = `${sites}/${site.id}/sections/${a.id}`;
    expect((await t.request('DELETE', url)).status).toBe(204);
    expect((await t.request('DELETE', url)).status).toBe(204);
    const rest = await sections(site.id);
    expect(rest.map((s) => [s.id, s.default])).toEqual([[b.id, true]]);
    expect(Site.parse((await t.request('GET', `${sites}/${site.id}`)).body).siteSpaces).toBe(1);
    expect((await t.request('DELETE', url, { as: 'read' })).status).toBe(403);
  });
});

describe('section groups', () => {
  it('lists the demo group with its sections', async () => {
    const dev = demoSites['Acme Developer Docs'] as Site;
    const res = await t.request('GET', `${sites}/${dev.id}/section-groups`, { as: 'read' });
    expect(res.status).toBe(200);
    const page = SiteSectionGroupList.parse(res.body);
    expect(page.count).toBe(1);
    expect(page.items[0]).toMatchObject({ title: 'Reference', icon: 'gear' });
    expect(page.items[0]?.children.map((c) => c.title)).toEqual(['API Reference', 'SDKs']);
    expect(
      (await t.request('GET', `${sites}/${dev.id}/section-groups`, { as: 'outsider' })).status,
    ).toBe(404);
    expect((await t.request('GET', `${sites}/${dev.id}/section-groups?limit=-1`)).status).toBe(400);
  });

  it('creates (201) with sections and nesting, and validates', async () => {
    const site = await newSite();
    const a = await addSection(site.id, { spaceId: spaces[0], title: 'A' });
    const b = await addSection(site.id, { spaceId: spaces[1], title: 'B' });
    const url = `${sites}/${site.id}/section-groups`;
    const res = await t.request('POST', url, {
      body: { title: 'Outer', icon: 'gear', sections: [b.id, a.id] },
    });
    expect(res.status).toBe(201);
    const outer = SiteSectionGroup.parse(res.body);
    expect(outer.children.map((c) => c.id)).toEqual([b.id, a.id]);
    const inner = SiteSectionGroup.parse(
      (await t.request('POST', url, { body: { title: 'Inner', parent: outer.id, icon: null } }))
        .body,
    );
    expect(inner.sectionGroup).toBe(outer.id);
    expect(inner.icon).toBeUndefined();
    const groups = SiteSectionGroupList.parse((await t.request('GET', url)).body);
    expect(groups.items.map((g) => g.title)).toEqual(['Outer', 'Inner']);
    const outerNow = groups.items[0] as SiteSectionGroup;
    expect(outerNow.children.map((c) => c.id)).toEqual([b.id, a.id, inner.id]);

    const cases: Array<[unknown, RegExp]> = [
      [{}, /^title:/],
      [{ title: '' }, /^title:/],
      [{ title: 'x'.repeat(101) }, /^title:/],
      [{ title: 'G', icon: 'x'.repeat(51) }, /^icon:/],
      [{ title: 'G', sections: ['nope'] }, /^sections:/],
      [{ title: 'G', parent: 'nope' }, /^parent:/],
      [{ title: 'G', sections: 'x' }, /^sections:/],
    ];
    for (const [body, message] of cases) {
      const bad = await t.request('POST', url, { body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(bad).message).toMatch(message);
    }
    expect((await t.request('POST', url, { body: { title: 'x'.repeat(100) } })).status).toBe(201);
    expect((await t.request('POST', url, { as: 'edit', body: { title: 'G' } })).status).toBe(403);
  });

  it('patches title and icon', async () => {
    const site = await newSite();
    const url = `${sites}/${site.id}/section-groups`;
    const group = SiteSectionGroup.parse(
      (await t.request('POST', url, { body: { title: 'G', icon: 'gear' } })).body,
    );
    const res = await t.request('PATCH', `${url}/${group.id}`, { body: { title: 'Renamed' } });
    expect(res.status).toBe(200);
    expect(SiteSectionGroup.parse(res.body)).toMatchObject({ title: 'Renamed', icon: 'gear' });
    const cleared = SiteSectionGroup.parse(
      (await t.request('PATCH', `${url}/${group.id}`, { body: { icon: null } })).body,
    );
    expect(cleared.icon).toBeUndefined();
    expect((await t.request('PATCH', `${url}/${group.id}`, { body: { title: '' } })).status).toBe(
      400,
    );
    expect((await t.request('PATCH', `${url}/nope`, { body: { title: 'x' } })).status).toBe(404);
    expect(
      (await t.request('PATCH', `${url}/${group.id}`, { as: 'read', body: { title: 'x' } })).status,
    ).toBe(403);
  });

  it('adds (201) and removes (204) sections', async () => {
    const site = await newSite();
    const a = await addSection(site.id, { spaceId: spaces[0], title: 'A' });
    const url = `${sites}/${site.id}/section-groups`;
    const group = SiteSectionGroup.parse(
      (await t.request('POST', url, { body: { title: 'G' } })).body,
    );
    const added = await t.request('POST', `${url}/${group.id}/sections`, {
      body: { sectionId: a.id },
    });
    expect(added.status).toBe(201);
    expect(SiteSectionGroup.parse(added.body).children.map((c) => c.id)).toEqual([a.id]);
    expect((await sections(site.id))[0]?.sectionGroup).toBe(group.id);
    expect(
      (await t.request('POST', `${url}/${group.id}/sections`, { body: { sectionId: 'nope' } }))
        .status,
    ).toBe(400);
    expect((await t.request('POST', `${url}/${group.id}/sections`, { body: {} })).status).toBe(400);
    expect(
      (await t.request('POST', `${url}/nope/sections`, { body: { sectionId: a.id } })).status,
    ).toBe(404);

    const remove = `${url}/${group.id}/sections/${a.id}`;
    expect((await t.request('DELETE', remove)).status).toBe(204);
    expect((await sections(site.id))[0]?.sectionGroup).toBeUndefined();
    expect((await t.request('DELETE', remove)).status).toBe(204);
    expect((await t.request('DELETE', `${url}/${group.id}/sections/nope`)).status).toBe(204);
    expect((await t.request('DELETE', remove, { as: 'edit' })).status).toBe(403);
  });

  it('deletes a group (204); its sections and groups go to its parent', async () => {
    const site = await newSite();
    const a = await addSection(site.id, { spaceId: spaces[0], title: 'A' });
    const b = await addSection(site.id, { spaceId: spaces[1], title: 'B' });
    const url = `${sites}/${site.id}/section-groups`;
    const outer = SiteSectionGroup.parse(
      (await t.request('POST', url, { body: { title: 'Outer', sections: [a.id] } })).body,
    );
    const middle = SiteSectionGroup.parse(
      (
        await t.request('POST', url, {
          body: { title: 'Middle', parent: outer.id, sections: [b.id] },
        })
      ).body,
    );
    const inner = SiteSectionGroup.parse(
      (await t.request('POST', url, { body: { title: 'Inner', parent: middle.id } })).body,
    );
    expect((await t.request('DELETE', `${url}/${middle.id}`)).status).toBe(204);
    expect((await t.request('DELETE', `${url}/${middle.id}`)).status).toBe(204);
    const listed = await sections(site.id);
    expect(listed.find((s) => s.id === b.id)?.sectionGroup).toBe(outer.id);
    const groups = SiteSectionGroupList.parse((await t.request('GET', url)).body).items;
    expect(groups.find((g) => g.id === inner.id)?.sectionGroup).toBe(outer.id);
    expect(groups.find((g) => g.id === outer.id)?.children.map((c) => c.id)).toEqual([
      a.id,
      b.id,
      inner.id,
    ]);
    expect((await t.request('DELETE', `${url}/${outer.id}`)).status).toBe(204);
    expect((await sections(site.id)).every((s) => s.sectionGroup === undefined)).toBe(true);
    expect((await t.request('DELETE', `${url}/${inner.id}`, { as: 'read' })).status).toBe(403);
  });
});

describe('malformed input', () => {
  it('never answers 500', async () => {
    const site = await newSite({ spaces: [spaces[0]] });
    const base = `${sites}/${site.id}`;
    const junk: unknown[] = [
      '{',
      '[]',
      '"x"',
      '12',
      'true',
      { title: { nested: true } },
      { position: { before: { type: 'site-space', siteSpace: ['x'] } } },
      { jsonSchema: { type: 'object', properties: { a: { $ref: 'http://example.test/x' } } } },
      { jsonSchema: { type: 'object', $id: 'urn:x', definitions: { a: { $ref: '#' } } } },
      { spaceId: 'x'.repeat(100_000) },
      { title: 'x'.repeat(200_000) },
      { __proto__: { admin: true } },
    ];
    const targets: Array<[string, string]> = [
      ['POST', sites],
      ['PATCH', base],
      ['PUT', `${base}/adaptive-schema`],
      ['POST', `${base}/site-spaces`],
      ['POST', `${base}/sections`],
      ['POST', `${base}/section-groups`],
      ['POST', `${base}/site-spaces/x/move`],
      ['POST', `${base}/sections/x/move`],
      ['PATCH', `${base}/site-spaces/x`],
      ['PATCH', `${base}/sections/x`],
      ['PATCH', `${base}/section-groups/x`],
      ['POST', `${base}/section-groups/x/sections`],
    ];
    for (const [method, url] of targets) {
      for (const body of junk) {
        const res = await t.request(method as 'POST', url, { body });
        expect(res.status, `${method} ${url} ${JSON.stringify(body).slice(0, 60)}`).toBeLessThan(
          500,
        );
        expect(res.status).toBeGreaterThanOrEqual(200);
      }
    }
    for (const query of [
      '?limit=1e400',
      `?page=${'A'.repeat(3000)}`,
      '?space[]=x',
      '?title=%00',
      '?published=true&published=false',
      `?shareKey=${'k'.repeat(500)}`,
    ]) {
      for (const path of [
        '',
        `/${site.id}/site-spaces`,
        `/${site.id}/sections`,
        `/${site.id}/published`,
      ]) {
        const res = await t.request('GET', `${sites}${path}${query}`);
        expect(res.status, `${path}${query}`).toBeLessThan(500);
      }
    }
    const longId = await t.request('GET', `${sites}/${'x'.repeat(400)}`);
    expect(longId.status).toBeLessThan(500);
  });
});
