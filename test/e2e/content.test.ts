import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { graphHelpers, httpCalls } from '../support/graph.ts';

let e2e: E2EStack;
let spaceId: string;

const { ok } = graphHelpers(() => e2e);

beforeAll(async () => {
  e2e = await startE2E();
  const data = await ok<{
    organizations: { nodes: Array<{ spaces: { nodes: Array<{ id: string; title: string }> } }> };
  }>(`{ organizations { nodes { spaces(first: 100) { nodes { id title } } } } }`);
  const space = data.organizations.nodes
    .flatMap((o) => o.spaces.nodes)
    .find((s) => s.title === 'Getting Started');
  if (!space) throw new Error('no demo space');
  spaceId = space.id;
}, 60_000);
afterAll(() => e2e.close());

const PAGE_FIELDS = `id title linkTitle emoji icon createdAt updatedAt type urls { app } slug path description
  git { oid path } layout { width cover coverSize title description tableOfContents outline pagination metadata }
  cover { ref { kind file page space spec } refDark { kind } yPos height } variables hidden noIndex noRobotsIndex
  metaLinks { canonical { kind page } alternates { kind } } computed { type dependencies props } computedSeed
  space { id } changeRequest { id }`;

type PageNode = { id: string; title: string; path: string; pages: PageNode[] };

describe('space content', () => {
  it('reads the revision with every field, its page tree and files', async () => {
    const data = await ok<{
      node: {
        content: { id: string; type: string; pages: PageNode[]; files: Array<{ id: string }> };
        pages: PageNode[];
      };
    }>(
      `query($id: ID!) { node(id: $id) { ... on Space {
        content { id parents createdAt type variables git { oid message createdByService url ref }
          urls { app published public } reusableContents { id title git { oid path } }
          files { id name contentType downloadURL size dimensions { width height } git { oid path } space { id } changeRequest { id } }
          pages { ${PAGE_FIELDS} pages { ${PAGE_FIELDS} pages { id title } } } }
        pages(metadata: false) { id title path pages { id title path pages { id } } } } } }`,
      { id: spaceId },
    );
    const content = data.node.content;
    expect(content.type).not.toBe('UNKNOWN');
    expect(content.pages.length).toBeGreaterThan(0);
    expect(content.files.length).toBeGreaterThan(0);
    expect(data.node.pages.map((p) => p.id)).toEqual(content.pages.map((p) => p.id));
  });

  it('reads a page by node(id) in one call, with its document, markdown, links and backlinks', async () => {
    const tree = await ok<{ node: { pages: PageNode[] } }>(
      `query($id: ID!) { node(id: $id) { ... on Space { pages { id title } } } }`,
      { id: spaceId },
    );
    const pageId = tree.node.pages[0]?.id;
    const { body } = await e2e.gql(
      `query($id: ID!) { node(id: $id) { ... on Page { title } } }`,
      { id: pageId },
      { debug: true },
    );
    expect(body.extensions?.upstream).toHaveLength(1);
    const page = await ok<{
      node: {
        title: string;
        document: { object: string };
        markdown: string;
        evaluated: string;
        links: {
          totalCount: number;
          stats: { total: number };
          nodes: Array<{ status: string; targetReference: { kind: string } }>;
        };
        backlinks: { totalCount: number };
      };
    }>(
      `query($id: ID!) { node(id: $id) { ... on Page { title document markdown
        evaluated: markdown(evaluated: DETERMINISTIC_ONLY, dereferenced: ALL)
        links(first: 5) { totalCount stats { total broken { total changeRequest } }
          nodes { status relation targetReference { kind url organization { id } space { id title } versionContext { type revision changeRequest }
            page { id title } file { id name } } locationReferences { kind page { id } } } }
        backlinks { totalCount nodes { kind page { id title } } } } } }`,
      { id: pageId },
    );
    expect(page.node.title).toBe(tree.node.pages[0]?.title);
    expect(page.node.document.object).toBe('document');
    expect(typeof page.node.markdown).toBe('string');
    expect(typeof page.node.evaluated).toBe('string');
    expect(page.node.links.stats.total).toBeGreaterThanOrEqual(page.node.links.totalCount);
  });

  it('a page read with markdown answers its title, path, description and children in one call', async () => {
    const tree = await ok<{ node: { pages: Array<PageNode & { pages: PageNode[] }> } }>(
      `query($id: ID!) { node(id: $id) { ... on Space { pages { id title path pages { id title path } } } } }`,
      { id: spaceId },
    );
    const parent = tree.node.pages.find((p) => p.pages.length > 0);
    if (!parent) throw new Error('no page with children in the demo space');
    const selection = 'title path description markdown pages { id title path }';
    for (const query of [
      `query($s: ID!, $p: ID!) { space(id: $s) { page(id: $p) { ${selection} } } }`,
      `query($p: ID!) { node(id: $p) { ... on Page { ${selection} } } }`,
    ]) {
      const { body } = await e2e.gql(query, { s: spaceId, p: parent.id }, { debug: true });
      expect(body.errors).toBeUndefined();
      const data = body.data as Record<string, { page?: unknown }>;
      const page = (data.space?.page ?? data.node) as {
        title: string;
        path: string;
        markdown: string;
        pages: PageNode[];
      };
      expect(page).toMatchObject({ title: parent.title, path: parent.path });
      expect(page.markdown.length).toBeGreaterThan(0);
      expect(page.pages.map((p) => p.id)).toEqual(parent.pages.map((p) => p.id));
      const calls = httpCalls(body);
      expect(calls, JSON.stringify(calls)).toHaveLength(1);
      expect(calls[0]?.path).toMatch(/\/content\/page\/[^/?]+\?format=markdown$/);
    }
  });

  it('lists space links with stats and a status filter', async () => {
    const data = await ok<{
      node: {
        all: { totalCount: number; stats: { total: number; broken: { total: number } } };
        broken: { totalCount: number; nodes: Array<{ status: string }> };
      };
    }>(
      `query($id: ID!) { node(id: $id) { ... on Space {
        all: links { totalCount stats { total broken { total changeRequest } } }
        broken: links(status: BROKEN) { totalCount nodes { status targetReference { kind url } } } } } }`,
      { id: spaceId },
    );
    expect(data.node.all.stats.total).toBe(data.node.all.totalCount);
    expect(data.node.broken.totalCount).toBe(data.node.all.stats.broken.total);
    for (const link of data.node.broken.nodes) expect(link.status).toBe('BROKEN');
  });

  it('pages through files exactly, reads a file by id and by node, and its backlinks', async () => {
    const first = await ok<{
      node: {
        files: {
          totalCount: number;
          pageInfo: { endCursor: string; hasNextPage: boolean };
          nodes: Array<{ id: string; name: string }>;
        };
      };
    }>(
      `query($id: ID!) { node(id: $id) { ... on Space { files(first: 1) { totalCount pageInfo { endCursor hasNextPage } nodes { id name } } } } }`,
      { id: spaceId },
    );
    expect(first.node.files.pageInfo.hasNextPage).toBe(true);
    const rest = await ok<{ node: { files: { nodes: Array<{ id: string }> } } }>(
      `query($id: ID!, $after: String) { node(id: $id) { ... on Space { files(after: $after) { nodes { id } } } } }`,
      { id: spaceId, after: first.node.files.pageInfo.endCursor },
    );
    expect(rest.node.files.nodes.length).toBe(first.node.files.totalCount - 1);
    const fileId = first.node.files.nodes[0]?.id;
    const data = await ok<{
      node: { name: string; backlinks: { totalCount: number } };
      space: { file: { id: string } };
    }>(
      `query($f: ID!, $s: ID!) { node(id: $f) { ... on File { name backlinks { totalCount nodes { kind page { title } file { name } } } } }
        space: node(id: $s) { ... on Space { file(id: $f) { id } } } }`,
      { f: fileId, s: spaceId },
    );
    expect(data.node.name).toBe(first.node.files.nodes[0]?.name);
    expect(data.space.file.id).toBe(fileId);
  });

  it('an unknown page is NOT_FOUND for that field, the rest of the query answers', async () => {
    const { body } = await e2e.gql(
      `query($id: ID!) { node(id: $id) { ... on Space { title page(id: "missing") { id } } } }`,
      { id: spaceId },
    );
    expect((body.data as { node: { title: string; page: null } }).node.page).toBeNull();
    expect((body.data as { node: { title: string } }).node.title).toBe('Getting Started');
    expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
