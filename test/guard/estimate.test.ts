import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchCases, PROBE_QUERY, probeIds } from '../../bench/cases.ts';
import {
  ChangeRequestDetailDocument,
  ChangeRequestsDocument,
  CreateChangeRequestDocument,
  createDocsGraphClient,
  type DocsGraphClient,
  MergeChangeRequestDocument,
  OrganizationDashboardDocument,
  OrganizationSpacesDocument,
  OrganizationsDocument,
  PageContentDocument,
  PostCommentDocument,
  PostCommentReplyDocument,
  PublishSiteDocument,
  ResolveCommentDocument,
  RunTranslationDocument,
  SearchDocument,
  SiteStructureDocument,
  SitesDocument,
  SpaceWithPagesDocument,
  TranslationsDocument,
  type TypedDocument,
} from '../../src/client/index.ts';
import type { CostExtension } from '../../src/gateway/guard/plugins.ts';
import { type E2EStack, startE2E } from '../support/gateway.ts';

/**
 * The estimate against the calls really made, on the benchmark's queries and every client
 * operation, over the embedded stack. The estimate is never below the calls made; it equals
 * them on the queries listed in EXACT (nothing in them depends on the data). When the cost
 * table (src/gateway/guard/costs.ts) is recalibrated, this list says what must be exact.
 */
const EXACT = new Set([
  'bench: organization -> spaces (address known)',
  'bench: space -> pages tree',
  'bench: aliases differing in first',
  'bench: 1000-item connections',
  'bench: site -> sections -> site spaces -> space',
  'bench: id-only references',
  'bench: aliased duplicates',
  'bench: nodes over 50 ids',
  'bench: upstream 404 in a nested field',
  'Organizations',
  'OrganizationSpaces',
  'OrganizationSpaces after',
  'Sites',
  'SpaceWithPages',
  'SiteStructure',
]);

let e2e: E2EStack;
const seen: Array<{ name: string; cost: CostExtension }> = [];

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  const width = Math.max(...seen.map((s) => s.name.length));
  process.stdout.write(
    `estimate vs actual upstream calls\n${seen
      .map(
        (s) =>
          `  ${s.name.padEnd(width)}  ${String(s.cost.requested).padStart(4)}  ${String(s.cost.actual).padStart(4)}${EXACT.has(s.name) ? '  exact' : ''}`,
      )
      .join('\n')}\n`,
  );
  await e2e?.close();
});

function check(name: string, cost: CostExtension | undefined): void {
  if (!cost) throw new Error(`${name}: no extensions.cost`);
  seen.push({ name, cost });
  expect(cost.requested, `${name}: estimate below actual`).toBeGreaterThanOrEqual(cost.actual);
  if (EXACT.has(name)) expect(cost.requested, `${name}: estimate not exact`).toBe(cost.actual);
}

describe('cost estimate against the upstream calls made', () => {
  it('benchmark queries', async () => {
    const probe = await e2e.gql(PROBE_QUERY);
    for (const c of benchCases(probeIds(probe.body.data as Record<string, unknown>))) {
      const { body } = await e2e.gql(c.query, c.variables);
      check(`bench: ${c.name}`, body.extensions?.cost as CostExtension | undefined);
    }
  });

  it('every client operation', async () => {
    let last: CostExtension | undefined;
    const client: DocsGraphClient = createDocsGraphClient({
      endpoint: `${e2e.stack.url}/graphql`,
      token: 'dg_demo_admin',
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const body = (await response.clone().json()) as { extensions?: { cost?: CostExtension } };
        last = body.extensions?.cost;
        return response;
      },
    });
    const run = async <T, V>(
      name: string,
      document: TypedDocument<T, V>,
      variables: V,
    ): Promise<T> => {
      last = undefined;
      const data = await client.request(document, variables);
      check(name, last);
      return data;
    };
    const get = (value: unknown, ...path: Array<string | number>): unknown =>
      path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | null)?.[k], value);

    const orgs = await run('Organizations', OrganizationsDocument, { first: 10 });
    const acme = (get(orgs, 'organizations', 'nodes') as Array<{ id: string; title: string }>).find(
      (o) => o.title === 'Acme Docs',
    );
    const organizationId = acme?.id ?? '';
    await run('OrganizationDashboard', OrganizationDashboardDocument, { id: organizationId });
    const spaces = await run('OrganizationSpaces', OrganizationSpacesDocument, {
      organizationId,
      first: 100,
    });
    const edges = get(spaces, 'organization', 'spaces', 'edges') as Array<{
      cursor: string;
      node: { id: string; title: string };
    }>;
    await run('OrganizationSpaces after', OrganizationSpacesDocument, {
      organizationId,
      first: 3,
      after: edges[2]?.cursor,
    });
    const spaceId = (title: string) => edges.find((e) => e.node.title === title)?.node.id ?? '';
    await run('Search', SearchDocument, { organizationId, query: 'install' });
    const gettingStarted = spaceId('Getting Started');
    const space = await run('SpaceWithPages', SpaceWithPagesDocument, {
      id: gettingStarted,
    });
    const pageId = String(get(space, 'space', 'pages', 0, 'id'));
    await run('PageContent', PageContentDocument, { spaceId: gettingStarted, pageId });

    const install = spaceId('Installation Guide');
    const created = await run('CreateChangeRequest', CreateChangeRequestDocument, {
      input: { spaceId: install, subject: 'Estimate test' },
    });
    const cr = get(created, 'createChangeRequest', 'changeRequest') as {
      id: string;
      number: number;
    };
    await run('ChangeRequests', ChangeRequestsDocument, { spaceId: install, status: 'OPEN' });
    const posted = await run('PostComment', PostCommentDocument, {
      input: { changeRequestId: cr.id, body: { markdown: 'Estimate?' } },
    });
    const commentId = String(get(posted, 'postComment', 'comment', 'id'));
    await run('PostCommentReply', PostCommentReplyDocument, {
      input: { commentId, body: { markdown: 'Yes.' } },
    });
    await run('ResolveComment', ResolveCommentDocument, { input: { commentId } });
    await run('ChangeRequestDetail', ChangeRequestDetailDocument, {
      spaceId: install,
      idOrNumber: String(cr.number),
    });
    await run('MergeChangeRequest', MergeChangeRequestDocument, {
      input: { changeRequestId: cr.id },
    });

    const sites = await run('Sites', SitesDocument, { organizationId });
    const siteNodes = get(sites, 'organization', 'sites', 'nodes') as Array<{
      id: string;
      published: boolean;
    }>;
    const published = siteNodes.find((s) => s.published);
    await run('SiteStructure', SiteStructureDocument, { siteId: published?.id ?? '' });
    const draft = siteNodes.find((s) => !s.published);
    await run('PublishSite', PublishSiteDocument, { input: { siteId: draft?.id ?? '' } });
    const translations = await run('Translations', TranslationsDocument, {
      organizationId,
    });
    await run('RunTranslation', RunTranslationDocument, {
      input: {
        translationId: String(get(translations, 'organization', 'translations', 'nodes', 0, 'id')),
      },
    });
    expect(seen.length).toBeGreaterThanOrEqual(8 + 18);
  });
});
