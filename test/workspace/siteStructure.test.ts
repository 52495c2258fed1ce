import { describe, expect, it } from 'vitest';
import {
  Site,
  SiteSection,
  SiteSectionGroup,
  SiteSectionGroupList,
  SiteSectionList,
  SiteSpace,
  SiteSpaceList,
} from '../../src/contract/sites.ts';
import { REST_ID } from '../support/ids.ts';
import { errorOf } from '../support/workspace.ts';
import {
  addSection,
  demoSites,
  newSite,
  otherOrgSpace,
  sections,
  siteSpaces,
  sites,
  spaces,
  t,
  useSiteWorkspace,
} from './sites.fixture.ts';

useSiteWorkspace();

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
