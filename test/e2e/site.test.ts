import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { graphHelpers, httpCalls } from '../support/graph.ts';

let e2e: E2EStack;
let orgId: string;
const sites: Record<string, string> = {};

const { ok } = graphHelpers(() => e2e);

beforeAll(async () => {
  e2e = await startE2E();
  const data = await ok<{
    organizations: {
      nodes: Array<{ id: string; sites: { nodes: Array<{ id: string; title: string }> } }>;
    };
  }>('{ organizations { nodes { id sites(first: 100) { nodes { id title } } } } }');
  const org = data.organizations.nodes.find((o) => o.sites.nodes.length > 0);
  if (!org) throw new Error('no demo organization with sites');
  orgId = org.id;
  for (const s of org.sites.nodes) sites[s.title] = s.id;
});

afterAll(async () => {
  await e2e?.close();
});

const SITE_FIELDS = `
  id type title hostname basename visibility published siteSpacesCount createdAt
  icon { icon { light dark } } proxy { origin target } adaptiveContent { enabled }
  ads { status submittable } agentsContext features { id plan frozen customizations }
  urls { location app published } permissions { view admin } organization { id }
`;

describe('Site reads', () => {
  it('lists the demo sites with filters', async () => {
    const data = await ok<{
      node: {
        sites: { totalCount: number; nodes: Array<{ title: string }> };
        published: { nodes: Array<{ title: string }> };
        byTitle: { nodes: Array<{ title: string }> };
      };
    }>(
      `query($id: ID!) { node(id: $id) { ... on Organization {
        sites { totalCount nodes { title } }
        published: sites(published: false) { nodes { title } }
        byTitle: sites(title: "partner") { nodes { title } }
      } } }`,
      { id: orgId },
    );
    expect(data.node.sites.nodes.map((s) => s.title)).toEqual(
      expect.arrayContaining([
        'Acme Developer Docs',
        'Acme Partner Portal',
        'Acme Internal Handbook',
      ]),
    );
    expect(data.node.published.nodes.map((s) => s.title)).toEqual(['Acme Internal Handbook']);
    expect(data.node.byTitle.nodes.map((s) => s.title)).toEqual(['Acme Partner Portal']);
  });

  it('reads every site field and the site by root field and node', async () => {
    const id = sites['Acme Developer Docs'];
    const data = await ok<{ site: Record<string, unknown>; node: { id: string; title: string } }>(
      `query($id: ID!) { site(siteId: $id) { ${SITE_FIELDS} } node(id: $id) { id ... on Site { title } } }`,
      { id },
    );
    expect(data.site).toMatchObject({
      id,
      type: 'PREMIUM',
      title: 'Acme Developer Docs',
      hostname: 'docs.acme.test',
      visibility: 'PUBLIC',
      published: true,
      siteSpacesCount: 6,
      adaptiveContent: { enabled: true },
      agentsContext: 'INCLUDED',
      organization: { id: orgId },
    });
    expect(data.node).toEqual({ id, title: 'Acme Developer Docs' });
  });

  it('navigates sections, site spaces, groups, adaptive schema and published profile', async () => {
    const id = sites['Acme Developer Docs'];
    // biome-ignore lint/suspicious/noExplicitAny: payloads are read loosely and checked by value
    const data = await ok<{ site: Record<string, any> }>(
      `query($id: ID!) { site(siteId: $id) {
        sections { totalCount nodes { id title description default path condition icon urls { published }
          sectionGroup { id title }
          siteSpaces { id path title default condition hidden hasAdvancedCustomizationFeature urls { published }
            space { id title } section { id } site { id } } } }
        siteSpaces { totalCount nodes { id path } }
        defaultOnly: siteSpaces(default: true) { nodes { id default } }
        sectionGroups { nodes { id title icon sectionGroup { id } sections { title }
          children { __typename ... on SiteSection { title } } } }
        adaptiveSchema { jsonSchema updatedAt templateConditions { description condition } }
        publishedSite { site { id } structure { type structure { __typename ... on SiteSectionGroup { title } ... on SiteSection { title } } }
          customizations { site { title styling { theme primaryColor { light dark } sidebar { list } }
            header { links { title style to } } footer { copyright groups { title links { title } } }
            announcement { enabled style link { title } } ai { mode suggestions } themes { default toggeable } }
            siteSpaces { siteSpaceId siteSpace { id path } customization { title } } }
          scripts { script contentSecurityPolicy cookies } }
      } }`,
      { id },
    );
    const site = data.site;
    expect(site.sections.nodes.map((s: { title: string }) => s.title)).toEqual([
      'Guides',
      'API Reference',
      'SDKs',
    ]);
    const guides = site.sections.nodes[0];
    expect(guides.description).toBe('Tutorials and how-to guides for building on Acme.');
    expect(guides.default).toBe(true);
    expect(guides.siteSpaces).toHaveLength(2);
    expect(guides.siteSpaces[1]).toMatchObject({
      path: 'beta',
      condition: 'visitor.claims.unsigned.betaUser === true',
      section: { id: guides.id },
      site: { id },
    });
    expect(site.sections.nodes[2].condition).toBe('visitor.claims.isBetaTester === true');
    expect(site.sections.nodes[1].sectionGroup.title).toBe('Reference');
    expect(site.siteSpaces.totalCount).toBe(6);
    expect(site.defaultOnly.nodes.every((n: { default: boolean }) => n.default)).toBe(true);
    expect(site.sectionGroups.nodes[0]).toMatchObject({
      title: 'Reference',
      icon: 'gear',
      sectionGroup: null,
      sections: [{ title: 'API Reference' }, { title: 'SDKs' }],
    });
    expect(site.adaptiveSchema.jsonSchema.properties.isEnterprise.type).toBe('boolean');
    expect(site.adaptiveSchema.templateConditions.length).toBeGreaterThan(0);
    const pub = site.publishedSite;
    expect(pub.site.id).toBe(id);
    expect(pub.structure.type).toBe('sections');
    expect(pub.structure.structure.map((s: { title: string }) => s.title)).toEqual([
      'Guides',
      'Reference',
    ]);
    expect(pub.customizations.site).toMatchObject({
      title: 'Acme Developer Docs',
      styling: { theme: 'clean', primaryColor: { light: '#3454d1' }, sidebar: { list: 'pill' } },
      footer: { copyright: '© 2026 Acme Inc.' },
      announcement: { enabled: true, style: 'info' },
      themes: { default: 'light', toggeable: true },
    });
    expect(pub.customizations.siteSpaces[0].customization.title).toBe('Acme Guides');
    expect(pub.customizations.siteSpaces[0].siteSpace.id).toBe(guides.siteSpaces[0].id);
    expect(pub.scripts).toHaveLength(2);
  });

  it('site -> sections -> siteSpaces -> space costs one call for the sections', async () => {
    const id = sites['Acme Developer Docs'];
    const { body } = await e2e.gql(
      `query($id: ID!) { site(siteId: $id) { sections { nodes { siteSpaces { space { id title } } } } } }`,
      { id },
      { debug: true },
    );
    expect(body.errors).toBeUndefined();
    // The site's own body is not read: its sections are listed from its address.
    expect(httpCalls(body).map((c) => c.path.split('?')[0])).toEqual([
      expect.stringMatching(/\/sections$/),
    ]);
  });

  it('resolves site spaces and sections by node id in one call', async () => {
    const id = sites['Acme Partner Portal'];
    const data = await ok<{
      site: {
        siteSpaces: { nodes: Array<{ id: string; path: string }> };
        publishedSite: { structure: { type: string } };
      };
    }>(
      `query($id: ID!) { site(siteId: $id) { siteSpaces { nodes { id path } } publishedSite(shareKey: "partner-preview-4f9c2e") { structure { type } } } }`,
      { id },
    );
    expect(data.site.publishedSite.structure.type).toBe('site-spaces');
    const ss = data.site.siteSpaces.nodes[0];
    const { body } = await e2e.gql(
      'query($id: ID!) { node(id: $id) { id ... on SiteSpace { path section { id } } } }',
      { id: ss?.id },
      { debug: true },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.node).toEqual({ id: ss?.id, path: ss?.path, section: null });
    expect(httpCalls(body)).toHaveLength(1);
  });

  it('a site with no adaptive schema answers null', async () => {
    const data = await ok<{ site: { adaptiveSchema: null } }>(
      'query($id: ID!) { site(siteId: $id) { adaptiveSchema { updatedAt } } }',
      { id: sites['Acme Internal Handbook'] },
    );
    expect(data.site.adaptiveSchema).toBeNull();
  });
});

describe('Site mutations', () => {
  const R =
    '__typename ... on Error { message } ... on ValidationError { fieldErrors { path message } }';
  let spaceIds: string[] = [];

  beforeAll(async () => {
    const data = await ok<{ site: { siteSpaces: { nodes: Array<{ space: { id: string } }> } } }>(
      'query($id: ID!) { site(siteId: $id) { siteSpaces { nodes { space { id } } } } }',
      { id: sites['Acme Developer Docs'] },
    );
    spaceIds = data.site.siteSpaces.nodes.map((n) => n.space.id);
  });

  async function run(
    name: string,
    input: Record<string, unknown>,
    select: string,
    as: 'admin' | 'read' = 'admin',
  ) {
    const { body } = await e2e.gql(
      `mutation($input: ${name[0]?.toUpperCase()}${name.slice(1)}Input!) { ${name}(input: $input) { ${R} ${select} } }`,
      { input },
      { as, debug: true },
    );
    expect(body.errors).toBeUndefined();
    return {
      // biome-ignore lint/suspicious/noExplicitAny: payloads are read loosely and checked by value
      result: (body.data as Record<string, Record<string, any>>)[name] as Record<string, any>,
      calls: httpCalls(body),
    };
  }

  it('creates, updates, publishes and deletes a site; errors are typed', async () => {
    const created = await run(
      'createSite',
      {
        organizationId: orgId,
        title: 'Gateway Site',
        visibility: 'UNLISTED',
        spaces: [spaceIds[0]],
      },
      '... on SitePayload { site { id title visibility published siteSpacesCount } }',
    );
    const site = created.result.site;
    expect(site).toMatchObject({
      title: 'Gateway Site',
      visibility: 'UNLISTED',
      published: false,
      siteSpacesCount: 1,
    });

    const invalid = await run('createSite', { organizationId: orgId, title: 'x'.repeat(101) }, '');
    expect(invalid.result.__typename).toBe('ValidationError');
    expect(invalid.result.fieldErrors[0].path).toEqual(['title']);
    expect(invalid.calls).toHaveLength(0);

    const updated = await run(
      'updateSite',
      {
        siteId: site.id,
        title: 'Gateway Site 2',
        proxy: 'acme.test/docs',
        basename: 'gw-site',
        agentsContext: 'EXCLUDED',
        adaptiveContent: { enabled: true },
      },
      '... on SitePayload { site { title proxy { origin target } basename agentsContext adaptiveContent { enabled } } }',
    );
    expect(updated.result.site).toMatchObject({
      title: 'Gateway Site 2',
      basename: 'gw-site',
      agentsContext: 'EXCLUDED',
      adaptiveContent: { enabled: true },
    });
    expect(updated.result.site.proxy).not.toBeNull();

    const cleared = await run(
      'updateSite',
      { siteId: site.id, proxy: null },
      '... on SitePayload { site { proxy { origin } } }',
    );
    expect(cleared.result.site.proxy).toBeNull();
    const readBack = await ok<{ node: { title: string; proxy: null } }>(
      'query($id: ID!) { node(id: $id) { ... on Site { title proxy { origin } } } }',
      { id: site.id },
    );
    expect(readBack.node).toEqual({ title: 'Gateway Site 2', proxy: null });

    const badProxy = await run('updateSite', { siteId: site.id, proxy: 'not a proxy' }, '');
    expect(badProxy.result.__typename).toBe('ValidationError');
    expect(badProxy.calls).toHaveLength(0);

    const other = await run(
      'createSite',
      { organizationId: orgId, title: 'Other' },
      '... on SitePayload { site { id } }',
    );
    const conflict = await run(
      'updateSite',
      { siteId: other.result.site.id, basename: 'gw-site' },
      '',
    );
    expect(conflict.result.__typename).toBe('ConflictError');

    const forbidden = await run('updateSite', { siteId: site.id, title: 'Nope' }, '', 'read');
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await run(
      'updateSite',
      { siteId: 'nope', organizationId: orgId, title: 'Nope' },
      '',
    );
    expect(missing.result.__typename).toBe('NotFoundError');

    const published = await run(
      'publishSite',
      { siteId: site.id },
      '... on SitePayload { site { published } }',
    );
    expect(published.result.site.published).toBe(true);
    const unpublished = await run(
      'unpublishSite',
      { siteId: site.id },
      '... on SitePayload { site { published } }',
    );
    expect(unpublished.result.site.published).toBe(false);
    expect((await run('publishSite', { siteId: site.id }, '', 'read')).result.__typename).toBe(
      'ForbiddenError',
    );

    const schema = await run(
      'putSiteAdaptiveSchema',
      {
        siteId: site.id,
        jsonSchema: {
          type: 'object',
          properties: { isPro: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
      '... on SiteAdaptiveSchemaPayload { adaptiveSchema { jsonSchema templateConditions { condition } } site { id } }',
    );
    expect(schema.result.adaptiveSchema.jsonSchema.properties.isPro.type).toBe('boolean');
    const badSchema = await run(
      'putSiteAdaptiveSchema',
      { siteId: site.id, jsonSchema: 'nope' },
      '',
    );
    expect(badSchema.result.__typename).toBe('ValidationError');
    expect(badSchema.calls).toHaveLength(0);

    const deleted = await run(
      'deleteSite',
      { siteId: other.result.site.id },
      '... on DeletePayload { deletedId }',
    );
    expect(deleted.result.deletedId).toBe(other.result.site.id);
    const gone = await e2e.gql('query($id: ID!) { node(id: $id) { id } }', {
      id: other.result.site.id,
    });
    expect(gone.body.data?.node).toBeNull();
    expect((await run('deleteSite', { siteId: site.id }, '', 'read')).result.__typename).toBe(
      'ForbiddenError',
    );
    expect((await run('deleteSite', { siteId: 'x' }, '')).result.__typename).toBe(
      'ValidationError',
    );
  });

  it('adds, updates, moves and removes site spaces', async () => {
    const created = await run(
      'createSite',
      { organizationId: orgId, title: 'Spaces Site', spaces: [spaceIds[0]] },
      '... on SitePayload { site { id } }',
    );
    const siteId = created.result.site.id;
    const added = await run(
      'addSiteSpace',
      { siteId, spaceId: spaceIds[1] },
      '... on SiteSpacePayload { siteSpace { id path space { id } } }',
    );
    const ss = added.result.siteSpace;
    expect(ss.space.id).toBe(spaceIds[1]);

    const updated = await run(
      'updateSiteSpace',
      {
        siteSpaceId: ss.id,
        path: 'second',
        condition: 'visitor.claims.isPro === true',
        hidden: true,
      },
      '... on SiteSpacePayload { siteSpace { path condition hidden } }',
    );
    expect(updated.result.siteSpace).toEqual({
      path: 'second',
      condition: 'visitor.claims.isPro === true',
      hidden: true,
    });
    const removedCondition = await run(
      'updateSiteSpace',
      { siteSpaceId: ss.id, condition: null },
      '... on SiteSpacePayload { siteSpace { condition } }',
    );
    expect(removedCondition.result.siteSpace.condition).toBeNull();
    const bad = await run(
      'updateSiteSpace',
      { siteSpaceId: ss.id, condition: 'x'.repeat(1025) },
      '',
    );
    expect(bad.result.__typename).toBe('ValidationError');
    expect(bad.calls).toHaveLength(0);
    expect(
      (await run('updateSiteSpace', { siteSpaceId: ss.id, path: 'z' }, '', 'read')).result
        .__typename,
    ).toBe('ForbiddenError');
    expect(
      (await run('updateSiteSpace', { siteSpaceId: 'missing', siteId, path: 'z' }, '')).result
        .__typename,
    ).toBe('NotFoundError');

    const list = await ok<{ node: { siteSpaces: { nodes: Array<{ id: string; path: string }> } } }>(
      'query($id: ID!) { node(id: $id) { ... on Site { siteSpaces { nodes { id path } } } } }',
      { id: siteId },
    );
    const first = list.node.siteSpaces.nodes[0]?.id;
    expect(list.node.siteSpaces.nodes[1]?.id).toBe(ss.id);
    const moved = await run(
      'moveSiteSpace',
      { siteSpaceId: ss.id, position: { before: first } },
      '... on SiteSpacePayload { siteSpace { id } }',
    );
    expect(moved.result.siteSpace.id).toBe(ss.id);
    const after = await ok<{ node: { siteSpaces: { nodes: Array<{ id: string }> } } }>(
      'query($id: ID!) { node(id: $id) { ... on Site { siteSpaces { nodes { id } } } } }',
      { id: siteId },
    );
    expect(after.node.siteSpaces.nodes[0]?.id).toBe(ss.id);
    const badMove = await run('moveSiteSpace', { siteSpaceId: ss.id, position: {} }, '');
    expect(badMove.result.__typename).toBe('ValidationError');
    expect(badMove.calls).toHaveLength(0);

    expect(
      (await run('removeSiteSpace', { siteSpaceId: ss.id }, '', 'read')).result.__typename,
    ).toBe('ForbiddenError');
    const removed = await run(
      'removeSiteSpace',
      { siteSpaceId: ss.id },
      '... on DeletePayload { deletedId }',
    );
    expect(removed.result.deletedId).toBe(ss.id);
    const count = await ok<{ node: { siteSpacesCount: number } }>(
      'query($id: ID!) { node(id: $id) { ... on Site { siteSpacesCount } } }',
      { id: siteId },
    );
    expect(count.node.siteSpacesCount).toBe(1);
  });

  it('adds, updates, moves and deletes sections and section groups', async () => {
    const created = await run(
      'createSite',
      { organizationId: orgId, title: 'Sections Site' },
      '... on SitePayload { site { id } }',
    );
    const siteId = created.result.site.id;
    const a = await run(
      'addSiteSection',
      { siteId, spaceId: spaceIds[0], title: 'A', icon: 'book' },
      '... on SiteSectionPayload { siteSection { id title icon siteSpaces { space { id } } } }',
    );
    expect(a.result.siteSection).toMatchObject({
      title: 'A',
      icon: 'book',
      siteSpaces: [{ space: { id: spaceIds[0] } }],
    });
    const b = await run(
      'addSiteSection',
      { siteId, spaceId: spaceIds[1], title: 'B' },
      '... on SiteSectionPayload { siteSection { id } }',
    );
    const aId = a.result.siteSection.id;
    const bId = b.result.siteSection.id;
    const badAdd = await run(
      'addSiteSection',
      { siteId, spaceId: spaceIds[1], icon: 'x'.repeat(51) },
      '',
    );
    expect(badAdd.result.__typename).toBe('ValidationError');
    expect(badAdd.calls).toHaveLength(0);

    const upd = await run(
      'updateSiteSection',
      {
        siteSectionId: aId,
        title: 'A2',
        description: 'About A',
        condition: 'visitor.claims.isPro === true',
      },
      '... on SiteSectionPayload { siteSection { title description condition } }',
    );
    expect(upd.result.siteSection).toEqual({
      title: 'A2',
      description: 'About A',
      condition: 'visitor.claims.isPro === true',
    });
    const pathConflict = await run(
      'updateSiteSection',
      {
        siteSectionId: bId,
        path: (
          await ok<{ node: { path: string } }>(
            'query($id: ID!) { node(id: $id) { ... on SiteSection { path } } }',
            { id: aId },
          )
        ).node.path,
      },
      '',
    );
    expect(pathConflict.result.__typename).toBe('ConflictError');
    expect(
      (await run('updateSiteSection', { siteSectionId: aId, title: 'Z' }, '', 'read')).result
        .__typename,
    ).toBe('ForbiddenError');
    expect(
      (await run('updateSiteSection', { siteSectionId: 'missing', siteId, title: 'Z' }, '')).result
        .__typename,
    ).toBe('NotFoundError');

    const moved = await run(
      'moveSiteSection',
      { siteSectionId: bId, position: { before: aId } },
      '... on SiteSectionPayload { siteSection { id } }',
    );
    expect(moved.result.siteSection.id).toBe(bId);
    const order = await ok<{ node: { sections: { nodes: Array<{ id: string }> } } }>(
      'query($id: ID!) { node(id: $id) { ... on Site { sections { nodes { id } } } } }',
      { id: siteId },
    );
    expect(order.node.sections.nodes.map((s) => s.id)).toEqual([bId, aId]);
    const badMove = await run(
      'moveSiteSection',
      { siteSectionId: bId, position: { before: aId, after: aId } },
      '',
    );
    expect(badMove.result.__typename).toBe('ValidationError');
    expect(badMove.calls).toHaveLength(0);
    expect(
      (await run('moveSiteSection', { siteSectionId: bId, position: { before: aId } }, '', 'read'))
        .result.__typename,
    ).toBe('ForbiddenError');

    const group = await run(
      'createSiteSectionGroup',
      { siteId, title: 'G', icon: 'gear', sections: [aId] },
      '... on SiteSectionGroupPayload { siteSectionGroup { id title icon sections { id } } }',
    );
    const g = group.result.siteSectionGroup;
    expect(g).toMatchObject({ title: 'G', icon: 'gear', sections: [{ id: aId }] });
    const badGroup = await run('createSiteSectionGroup', { siteId, title: '' }, '');
    expect(badGroup.result.__typename).toBe('ValidationError');
    expect(badGroup.calls).toHaveLength(0);
    expect(
      (await run('createSiteSectionGroup', { siteId, title: 'G' }, '', 'read')).result.__typename,
    ).toBe('ForbiddenError');

    const renamed = await run(
      'updateSiteSectionGroup',
      { siteSectionGroupId: g.id, title: 'G2', icon: null },
      '... on SiteSectionGroupPayload { siteSectionGroup { title icon } }',
    );
    expect(renamed.result.siteSectionGroup).toEqual({ title: 'G2', icon: null });
    expect(
      (
        await run(
          'updateSiteSectionGroup',
          { siteSectionGroupId: 'missing', siteId, title: 'x' },
          '',
        )
      ).result.__typename,
    ).toBe('NotFoundError');

    const addTo = await run(
      'addSiteSectionToGroup',
      { siteSectionGroupId: g.id, siteSectionId: bId },
      '... on SiteSectionGroupPayload { siteSectionGroup { sections { id } } }',
    );
    expect(addTo.result.siteSectionGroup.sections.map((s: { id: string }) => s.id).sort()).toEqual(
      [aId, bId].sort(),
    );
    const removeFrom = await run(
      'removeSiteSectionFromGroup',
      { siteSectionGroupId: g.id, siteSectionId: aId },
      '... on SiteSectionGroupPayload { siteSectionGroup { sections { id } } }',
    );
    expect(removeFrom.result.siteSectionGroup.sections).toEqual([{ id: bId }]);
    expect(
      (
        await run(
          'removeSiteSectionFromGroup',
          { siteSectionGroupId: g.id, siteSectionId: bId },
          '',
          'read',
        )
      ).result.__typename,
    ).toBe('ForbiddenError');
    expect(
      (await run('addSiteSectionToGroup', { siteSectionGroupId: g.id, siteSectionId: '' }, ''))
        .result.__typename,
    ).toBe('ValidationError');

    const delGroup = await run(
      'deleteSiteSectionGroup',
      { siteSectionGroupId: g.id },
      '... on DeletePayload { deletedId }',
    );
    expect(delGroup.result.deletedId).toBe(g.id);
    expect(
      (await run('deleteSiteSectionGroup', { siteSectionGroupId: g.id }, '', 'read')).result
        .__typename,
    ).toBe('ForbiddenError');
    const delSection = await run(
      'deleteSiteSection',
      { siteSectionId: aId },
      '... on DeletePayload { deletedId }',
    );
    expect(delSection.result.deletedId).toBe(aId);
    expect(
      (await run('deleteSiteSection', { siteSectionId: bId }, '', 'read')).result.__typename,
    ).toBe('ForbiddenError');
    const left = await ok<{
      node: { sections: { nodes: Array<{ id: string }> }; sectionGroups: { totalCount: number } };
    }>(
      'query($id: ID!) { node(id: $id) { ... on Site { sections { nodes { id } } sectionGroups { totalCount } } } }',
      { id: siteId },
    );
    expect(left.node.sections.nodes.map((s) => s.id)).toEqual([bId]);
    expect(left.node.sectionGroups.totalCount).toBe(0);
  });
});
