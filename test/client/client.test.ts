import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChangeRequestDetailDocument,
  ChangeRequestsDocument,
  CreateChangeRequestDocument,
  createDocsGraphClient,
  type DocsGraphClient,
  DocsGraphError,
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
  useOrganizationsQuery,
} from '../../src/client/index.ts';
import { type E2EStack, startE2E } from '../support/gateway.ts';

// The generated operations against the gateway over real HTTP, on the embedded demo data.
let e2e: E2EStack;
let client: DocsGraphClient;
let organizationId: string;

beforeAll(async () => {
  e2e = await startE2E();
  client = createDocsGraphClient({ endpoint: `${e2e.stack.url}/graphql`, token: 'dg_demo_admin' });
  const orgs = await client.request(OrganizationsDocument, { first: 10 });
  const acme = orgs.organizations?.nodes?.find((o) => o?.title === 'Acme Docs');
  if (!acme) throw new Error('no Acme Docs in the demo data');
  organizationId = acme.id;
});
afterAll(() => e2e?.close());

async function spaceId(title: string): Promise<string> {
  const page = await client.request(OrganizationSpacesDocument, { organizationId, first: 100 });
  const space = page.organization?.spaces?.edges?.find((e) => e?.node?.title === title)?.node;
  if (!space) throw new Error(`no space ${title}`);
  return space.id;
}

describe('docs-graph/client against the embedded stack', () => {
  it('the factory configures the hooks: their fetchers use its endpoint and token', async () => {
    const data = await useOrganizationsQuery.fetcher({ first: 5 })();
    expect(data.organizations?.nodes?.map((o) => o?.title)).toContain('Acme Docs');
    client.setToken('dg_demo_outsider');
    try {
      const outsider = await useOrganizationsQuery.fetcher({ first: 5 })();
      expect(outsider.organizations?.nodes?.map((o) => o?.title)).not.toContain('Acme Docs');
    } finally {
      client.setToken('dg_demo_admin');
    }
  });

  it('a rejected token is a DocsGraphError with the gateway code', async () => {
    const anonymous = createDocsGraphClient({
      endpoint: `${e2e.stack.url}/graphql`,
      token: 'nope',
    });
    const error = await anonymous.request(OrganizationsDocument, {}).catch((e: unknown) => e);
    client.activate();
    expect(error).toBeInstanceOf(DocsGraphError);
    expect((error as DocsGraphError).errors[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('organization dashboard, paging spaces with after, search', async () => {
    const dashboard = await client.request(OrganizationDashboardDocument, { id: organizationId });
    expect(dashboard.organization?.title).toBe('Acme Docs');
    expect(dashboard.organization?.spaces?.totalCount).toBeGreaterThan(10);
    expect(dashboard.organization?.changeRequests?.totalCount).toBeGreaterThan(0);

    const first = await client.request(OrganizationSpacesDocument, { organizationId, first: 3 });
    const after = first.organization?.spaces?.pageInfo.endCursor;
    expect(first.organization?.spaces?.pageInfo.hasNextPage).toBe(true);
    const next = await client.request(OrganizationSpacesDocument, {
      organizationId,
      first: 3,
      after,
    });
    const titles = (page: typeof first) =>
      page.organization?.spaces?.edges?.map((e) => e?.node?.title) ?? [];
    const all = await client.request(OrganizationSpacesDocument, { organizationId, first: 6 });
    expect([...titles(first), ...titles(next)]).toEqual(titles(all));

    const search = await client.request(SearchDocument, { organizationId, query: 'install' });
    expect(search.organization?.search?.totalCount).toBeGreaterThan(0);
  });

  it('space with its pages tree, and one page content', async () => {
    const id = await spaceId('Getting Started');
    const space = await client.request(SpaceWithPagesDocument, { id });
    expect(space.space?.pages?.length).toBeGreaterThan(0);
    const page = space.space?.pages?.[0];
    if (!page) throw new Error('no page');
    const content = await client.request(PageContentDocument, { spaceId: id, pageId: page.id });
    expect(content.space?.page?.title).toBe(page.title);
    expect(content.space?.page?.markdown).toContain(page.title);
  });

  it('change request list and detail, comment, reply, resolve, merge', async () => {
    const id = await spaceId('Installation Guide');
    const created = await client.request(CreateChangeRequestDocument, {
      input: { spaceId: id, subject: 'Client test' },
    });
    if (created.createChangeRequest?.__typename !== 'ChangeRequestPayload') {
      throw new Error(`create: ${JSON.stringify(created.createChangeRequest)}`);
    }
    const cr = created.createChangeRequest.changeRequest;
    if (!cr) throw new Error('create: no change request in the payload');
    const list = await client.request(ChangeRequestsDocument, { spaceId: id, status: cr.status });
    expect(list.space?.changeRequests?.nodes?.map((n) => n?.number)).toContain(cr.number);

    const posted = await client.request(PostCommentDocument, {
      input: { changeRequestId: cr.id, body: { markdown: 'Looks good?' } },
    });
    if (posted.postComment?.__typename !== 'CommentPayload') throw new Error('postComment');
    const commentId = posted.postComment.comment?.id as string;
    const replied = await client.request(PostCommentReplyDocument, {
      input: { commentId, body: { markdown: 'Yes.' } },
    });
    expect(replied.postCommentReply?.__typename).toBe('CommentReplyPayload');
    const resolved = await client.request(ResolveCommentDocument, { input: { commentId } });
    expect(
      resolved.resolveComment?.__typename === 'CommentPayload' &&
        resolved.resolveComment.comment?.status,
    ).toBe('RESOLVED');

    const detail = await client.request(ChangeRequestDetailDocument, {
      spaceId: id,
      idOrNumber: String(cr.number),
    });
    const comment = detail.changeRequest?.comments?.nodes?.find((c) => c?.id === commentId);
    expect(comment?.replies?.nodes?.map((r) => r?.body?.markdown)).toEqual(['Yes.']);

    const merged = await client.request(MergeChangeRequestDocument, {
      input: { changeRequestId: cr.id },
    });
    expect(merged.mergeChangeRequest?.__typename).toBe('ChangeRequestRevisionPayload');
    const again = await client.request(MergeChangeRequestDocument, {
      input: { changeRequestId: cr.id },
    });
    expect(again.mergeChangeRequest?.__typename).toBe('ConflictError');
    const after = await client.request(ChangeRequestDetailDocument, {
      spaceId: id,
      idOrNumber: String(cr.number),
    });
    expect(after.changeRequest?.status).toBe('MERGED');
  });

  it('sites and a site structure', async () => {
    const sites = await client.request(SitesDocument, { organizationId });
    const site = sites.organization?.sites?.nodes?.find((s) => s?.published);
    if (!site) throw new Error('no published demo site');
    const structure = await client.request(SiteStructureDocument, { siteId: site.id });
    expect(structure.site?.title).toBe(site.title);
    expect(structure.site?.publishedSite?.structure?.structure?.length).toBeGreaterThan(0);

    const draft = sites.organization?.sites?.nodes?.find((s) => s && !s.published);
    if (!draft) throw new Error('no unpublished demo site');
    const published = await client.request(PublishSiteDocument, { input: { siteId: draft.id } });
    expect(published.publishSite?.__typename).toBe('SitePayload');
    const after = await client.request(SitesDocument, { organizationId });
    expect(after.organization?.sites?.nodes?.find((s) => s?.id === draft.id)?.published).toBe(true);
  });

  it('translations and running one', async () => {
    const list = await client.request(TranslationsDocument, { organizationId });
    const translation = list.organization?.translations?.nodes?.[0];
    if (!translation) throw new Error('no demo translation');
    const run = await client.request(RunTranslationDocument, {
      input: { translationId: translation.id },
    });
    expect(run.runTranslation?.__typename).toBe('TranslationPayload');
  });
});

describe('docs-graph/client with a workspace that sends unexpected shapes', () => {
  const answering = (body: unknown) =>
    createDocsGraphClient({
      endpoint: 'http://docs-graph.test/graphql',
      persisted: false,
      fetch: async () => Response.json(body),
    });
  const shape = { message: 'unexpected upstream value', extensions: { code: 'UPSTREAM_SHAPE' } };

  it('answers the data when only fields failed on the upstream shape (those fields are null)', async () => {
    const data = { organizations: { nodes: [{ id: 'o1', title: null, plan: 'free' }] } };
    const client = answering({
      data,
      errors: [{ ...shape, path: ['organizations', 'nodes', 0, 'title'] }],
    });
    await expect(client.request(OrganizationsDocument, {})).resolves.toEqual(data);
  });

  it('rejects when another error comes with them, or no data does', async () => {
    const other = { message: 'no', extensions: { code: 'FORBIDDEN' } };
    const withOther = answering({ data: { organizations: null }, errors: [shape, other] });
    await expect(withOther.request(OrganizationsDocument, {})).rejects.toBeInstanceOf(
      DocsGraphError,
    );
    const noData = answering({ data: null, errors: [shape] });
    await expect(noData.request(OrganizationsDocument, {})).rejects.toBeInstanceOf(DocsGraphError);
  });
});
