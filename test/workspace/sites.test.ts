import { describe, expect, it } from 'vitest';
import {
  PublishedSite,
  Site,
  SiteAdaptiveSchema,
  SiteList,
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
  TemplateConditionList,
} from '../../src/contract/sites.ts';
import { VISITOR_SCHEMA } from '../../src/workspace/demo/sites.ts';
import { validateVisitorSchema } from '../../src/workspace/store/sites.ts';
import { errorOf } from '../support/workspace.ts';
import {
  addSection,
  demoSites,
  newSite,
  org,
  otherOrgSpace,
  sections,
  siteSpaces,
  sites,
  spaces,
  t,
  useSiteWorkspace,
} from './sites.fixture.ts';

useSiteWorkspace();

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
