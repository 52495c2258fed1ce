import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EStack, startE2E } from '../support/gateway.ts';

let e2e: E2EStack;
let orgId: string;
const sites: Record<string, string> = {};

interface Upstream {
  method: string;
  path: string;
  loader: boolean;
}
const httpCalls = (body: { extensions?: Record<string, unknown> }) =>
  ((body.extensions?.upstream ?? []) as Upstream[]).filter((c) => !c.loader);

async function ok<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  as: 'admin' | 'read' = 'admin',
): Promise<T> {
  const { body } = await e2e.gql(query, variables, { as });
  expect(body.errors).toBeUndefined();
  return body.data as T;
}

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
    expect(httpCalls(body).map((c) => c.path.split('?')[0])).toEqual([
      expect.stringMatching(/\/sites\/[^/]+$/),
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
