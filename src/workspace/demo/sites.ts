import { setSiteAds } from '../store/siteFeatures.ts';
import { createGroup } from '../store/siteStructure/groups.ts';
import { createSection, updateSection } from '../store/siteStructure/sections.ts';
import { addSiteSpace, updateSiteSpace } from '../store/siteStructure/siteSpaces.ts';
import { SiteStructure } from '../store/siteStructure/structure.ts';
import {
  createSite,
  requireSite,
  setPublished,
  storeAdaptiveSchema,
  updateSite,
} from '../store/sites.ts';
import type { DemoContext } from './context.ts';

export const VISITOR_SCHEMA = {
  type: 'object',
  properties: {
    isEnterprise: { type: 'boolean', description: 'Customer on an enterprise contract' },
    isBetaTester: { type: 'boolean', description: 'Enrolled in the beta programme' },
    plan: { type: 'string', enum: ['free', 'pro', 'enterprise'] },
    unsigned: {
      type: 'object',
      description: 'Claims the visitor can set themselves (not signed)',
      properties: {
        betaUser: { type: 'boolean' },
        language: { type: 'string', enum: ['en', 'fr', 'de'] },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

const DEVELOPER_CUSTOMIZATIONS = {
  title: 'Acme Developer Docs',
  styling: {
    theme: 'clean',
    primaryColor: { light: '#3454d1', dark: '#7b93ff' },
    tint: { color: { light: '#3454d1', dark: '#7b93ff' } },
    infoColor: { light: '#1d4ed8', dark: '#93c5fd' },
    successColor: { light: '#15803d', dark: '#86efac' },
    warningColor: { light: '#b45309', dark: '#fcd34d' },
    dangerColor: { light: '#b91c1c', dark: '#fca5a5' },
    corners: 'rounded',
    depth: 'subtle',
    links: 'accent',
    font: 'Inter',
    monospaceFont: 'JetBrainsMono',
    icons: 'regular',
    sidebar: { background: 'default', list: 'pill' },
    search: 'prominent',
  },
  favicon: {
    icon: {
      light: 'https://assets.acme.test/favicon-light.png',
      dark: 'https://assets.acme.test/favicon-dark.png',
    },
  },
  header: {
    logo: {
      light: 'https://assets.acme.test/logo-light.svg',
      dark: 'https://assets.acme.test/logo-dark.svg',
    },
    links: [
      { title: 'Status', style: 'link', to: { kind: 'url', url: 'https://status.acme.test' } },
      {
        title: 'Dashboard',
        style: 'button-primary',
        to: { kind: 'url', url: 'https://app.acme.test' },
      },
    ],
  },
  footer: {
    logo: { light: 'https://assets.acme.test/logo-light.svg' },
    groups: [
      {
        title: 'Company',
        links: [
          { title: 'About', to: { kind: 'url', url: 'https://acme.test/about' } },
          { title: 'Careers', to: { kind: 'url', url: 'https://acme.test/careers' } },
        ],
      },
    ],
    copyright: '© 2026 Acme Inc.',
  },
  announcement: {
    enabled: true,
    message: 'API v3 is now generally available.',
    link: { title: 'Read the changelog', to: { kind: 'url', url: 'https://acme.test/changelog' } },
    style: 'info',
  },
  themes: { default: 'light', toggeable: true },
  pdf: { enabled: true },
  feedback: { enabled: true },
  ai: { mode: 'assistant', suggestions: ['How do I authenticate?', 'What are the rate limits?'] },
  advancedCustomization: { enabled: false },
  git: { showEditLink: true },
  pageActions: { externalAI: true, markdown: true, mcp: false },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  trademark: { enabled: false },
  privacyPolicy: { url: 'https://acme.test/privacy' },
  socialPreview: { url: 'https://assets.acme.test/social-preview.png' },
  insights: { trackingCookie: true },
};

const DEVELOPER_SCRIPTS = [
  {
    script: 'https://cdn.acme.test/analytics.js',
    contentSecurityPolicy: "script-src 'self' https://cdn.acme.test",
    cookies: true,
  },
  {
    script: 'https://widget.acme.test/chat.js',
    contentSecurityPolicy: "connect-src 'self' https://widget.acme.test",
    cookies: false,
  },
];

/**
 * Sites of "Acme Docs": "Acme Developer Docs" (premium, public, published; three sections, two
 * of them in a "Reference" group; a conditional beta variant; adaptive schema and
 * customizations; ads live), "Acme Partner Portal" (share-link, published; ads in review) and
 * "Acme Internal Handbook" (unpublished, no sections; ads disabled); `scale` adds further small
 * sites (ads pending).
 */
export function seedSites(demo: DemoContext): void {
  const { ws } = demo;
  if (!demo.organizationId) return;
  const known = new Set(demo.spaceIds);
  const spaces = (
    ws.db
      .prepare(
        'SELECT id, title FROM spaces WHERE organization_id = ? AND deleted_at IS NULL ORDER BY position, id',
      )
      .all(demo.organizationId) as Array<{ id: string; title: string }>
  ).filter((row) => known.size === 0 || known.has(row.id));
  if (spaces.length === 0) return;
  /** The space with that title, or a fallback by index when the core demo lacks it. */
  const space = (title: string, fallback: number) =>
    (spaces.find((row) => row.title === title) ?? spaces[fallback % spaces.length])?.id as string;
  const org = demo.organizationId;

  // Acme Developer Docs
  let dev = createSite(ws, org, {
    type: 'premium',
    title: 'Acme Developer Docs',
    visibility: 'public',
  });
  ws.db
    .prepare('UPDATE sites SET hostname = ?, customizations = ?, scripts = ? WHERE id = ?')
    .run(
      'docs.acme.test',
      JSON.stringify(DEVELOPER_CUSTOMIZATIONS),
      JSON.stringify(DEVELOPER_SCRIPTS),
      dev.id,
    );
  setSiteAds(ws, dev.id, { status: 'live' });
  dev = requireSite(ws, org, dev.id);
  const guides = createSection(ws, dev, {
    spaceId: space('Getting Started', 0),
    title: 'Guides',
    icon: 'book',
  });
  const api = createSection(ws, dev, {
    spaceId: space('REST API Reference', 2),
    title: 'API Reference',
    icon: 'code',
  });
  const sdks = createSection(ws, dev, {
    spaceId: space('JavaScript SDK', 3),
    title: 'SDKs',
    icon: 'cubes',
  });
  dev = requireSite(ws, org, dev.id);
  const beta = addSiteSpace(ws, dev, {
    spaceId: space('First Project Tutorial', 1),
    sectionId: guides,
  });
  updateSiteSpace(ws, dev, beta, {
    path: 'beta',
    condition: 'visitor.claims.unsigned.betaUser === true',
  });
  const legacy = addSiteSpace(ws, dev, { spaceId: space('Webhooks', 4), sectionId: api });
  updateSiteSpace(ws, dev, legacy, { path: 'webhooks-v1', hidden: true });
  addSiteSpace(ws, dev, { spaceId: space('Python SDK', 5), sectionId: sdks });
  updateSection(ws, dev, guides, {
    description: 'Tutorials and how-to guides for building on Acme.',
  });
  updateSection(ws, dev, sdks, { condition: 'visitor.claims.isBetaTester === true' });
  createGroup(ws, dev, { title: 'Reference', icon: 'gear', sections: [api, sdks] });
  // A constant checked by the tests (`validateVisitorSchema`): the demo loads without Ajv.
  dev = storeAdaptiveSchema(ws, dev, VISITOR_SCHEMA);
  dev = updateSite(ws, dev, { adaptiveContent: { enabled: true }, agentsContext: 'included' });
  const guideSpace = new SiteStructure(ws, dev).siteSpacesOf(guides)[0];
  if (guideSpace) {
    ws.db.prepare('UPDATE site_spaces SET customizations = ? WHERE id = ?').run(
      JSON.stringify({
        title: 'Acme Guides',
        styling: { primaryColor: { light: '#0f766e', dark: '#5eead4' } },
        pagination: { enabled: true },
      }),
      guideSpace.id,
    );
  }
  setPublished(ws, dev, true);

  // Acme Partner Portal
  let partner = createSite(ws, org, {
    type: 'basic',
    title: 'Acme Partner Portal',
    visibility: 'share-link',
    spaces: [space('Partner Portal', 4), space('Product FAQ', 1)],
  });
  ws.db.prepare('UPDATE sites SET share_key = ?, customizations = ? WHERE id = ?').run(
    'partner-preview-4f9c2e',
    JSON.stringify({
      title: 'Acme Partners',
      styling: { theme: 'muted', primaryColor: { light: '#9333ea', dark: '#d8b4fe' } },
      feedback: { enabled: false },
    }),
    partner.id,
  );
  setSiteAds(ws, partner.id, { status: 'in-review', topic: 'webdev' });
  partner = requireSite(ws, org, partner.id);
  setPublished(ws, partner, true);

  // Acme Internal Handbook
  const handbook = createSite(ws, org, {
    type: 'basic',
    title: 'Acme Internal Handbook',
    visibility: 'unlisted',
    spaces: [space('Employee Handbook', 5), space('Onboarding Checklist', 6)],
  });
  updateSite(ws, handbook, { agentsContext: 'excluded' });
  setSiteAds(ws, handbook.id, { status: 'disabled' });

  for (let i = 1; i < demo.scale; i++) {
    const extra = createSite(ws, org, {
      type: 'basic',
      title: `Acme Docs Mirror ${i}`,
      visibility: 'public',
      spaces: [space('', i), space('', i + 1)],
    });
    if (i % 2 === 0) setPublished(ws, extra, true);
  }
}
