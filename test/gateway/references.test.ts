import { describe, expect, it } from 'vitest';
import { listPage, restSpace } from '../support/fixtures.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';
import { addressId, globalId } from '../support/ids.ts';

const page = (id: string, path: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Page ${id}`,
  type: 'document',
  slug: id,
  path,
  ...extra,
});
const file = (id: string) => ({
  id,
  name: `${id}.png`,
  contentType: 'image/png',
  downloadURL: `https://files/${id}`,
  size: 10,
});
const markdown = [
  '# Overview',
  '![Logo](file:f1) and the [printable guide](file:f2 "PDF").',
  'See [setup](page:p2), [setup again](page:p2), [gone](page:nope), [the API](openapi:spec1), [it again](openapi:spec1) and [an old API](openapi:retired).',
  'Also [a site](https://example.com) and [a page](./setup.md), which are no references.',
].join('\n\n');
const revision = (files: unknown[]) => ({
  object: 'revision',
  id: 'r1',
  parents: [],
  pages: [page('p1', 'overview', { pages: [page('p2', 'overview/setup')] })],
  files,
  reusableContents: [],
  variables: {},
  createdAt: '2024-01-01T00:00:00.000Z',
  type: 'edits',
});
const spec = (slug: string) => ({
  object: 'openapi-spec',
  id: `id-${slug}`,
  updatedAt: '2024-01-01T00:00:00.000Z',
  slug,
  sourceURL: `https://specs.example/${slug}.yaml`,
  processingState: 'complete',
});
const SPECS = '/orgs/o1/openapi?limit=1000';
const QUERY = `query($id: ID!) { node(id: $id) { ... on Page {
  markdown references { ref kind id target file { id name } page { id title } } } } }`;

describe('Page.references', () => {
  it('resolves file and page references with one read of the revision, OpenAPI ones with one of the space and one of its organization’s specs', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/content/page/p1?format=markdown': page('p1', 'overview', { markdown }),
      '/spaces/s1/content': revision([file('f1'), file('f2'), file('f3')]),
      '/spaces/s1': restSpace('s1'),
      [SPECS]: listPage([spec('payments'), spec('spec1')]),
    });
    const result = await runSchema(upstream, QUERY, {
      id: globalId('Page', addressId('s1', 'p1')),
    });
    expect(result.errors).toBeUndefined();
    const references = (result.data?.node as { references: unknown[] } | undefined)?.references;
    expect(references).toEqual([
      {
        ref: 'file:f1',
        kind: 'file',
        id: 'f1',
        target: 'https://files/f1',
        file: { id: globalId('File', addressId('s1', 'f1')), name: 'f1.png' },
        page: null,
      },
      {
        ref: 'file:f2',
        kind: 'file',
        id: 'f2',
        target: 'https://files/f2',
        file: { id: globalId('File', addressId('s1', 'f2')), name: 'f2.png' },
        page: null,
      },
      {
        ref: 'page:p2',
        kind: 'page',
        id: 'p2',
        target: 'overview/setup',
        file: null,
        page: { id: globalId('Page', addressId('s1', 'p2')), title: 'Page p2' },
      },
      { ref: 'page:nope', kind: 'page', id: 'nope', target: null, file: null, page: null },
      {
        ref: 'openapi:spec1',
        kind: 'openapi',
        id: 'spec1',
        target: 'https://specs.example/spec1.yaml',
        file: null,
        page: null,
      },
      // A spec the organization does not have: no target, no error.
      {
        ref: 'openapi:retired',
        kind: 'openapi',
        id: 'retired',
        target: null,
        file: null,
        page: null,
      },
    ]);
    // Four calls in all, however many references: never one per file or spec.
    expect(upstream.paths.toSorted()).toEqual([
      SPECS,
      '/spaces/s1',
      '/spaces/s1/content',
      '/spaces/s1/content/page/p1?format=markdown',
    ]);
  });

  it('resolves in a change request’s revision, and reads nothing more when the Markdown has no references', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/change-requests/c1/content/page/p1?format=markdown': page('p1', 'overview', {
        markdown: '![Logo](<file:f1>)',
      }),
      '/spaces/s1/change-requests/c1/content': revision([file('f1')]),
      '/spaces/s1/content/page/p2?format=markdown': page('p2', 'setup', { markdown: '# Plain' }),
    });
    const result = await runSchema(
      upstream,
      `query($a: ID!, $b: ID!) {
        a: node(id: $a) { ... on Page { references { ref target } } }
        b: node(id: $b) { ... on Page { markdown references { ref } } } }`,
      {
        a: globalId('Page', addressId('s1', 'c1', 'p1')),
        b: globalId('Page', addressId('s1', 'p2')),
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      a: { references: [{ ref: 'file:f1', target: 'https://files/f1' }] },
      b: { markdown: '# Plain', references: [] },
    });
    expect(upstream.paths.filter((p) => p.endsWith('/content'))).toEqual([
      '/spaces/s1/change-requests/c1/content',
    ]);
    // Selecting `references` alone reads the page in its Markdown form: one call per page.
    expect(upstream.paths.filter((p) => p.includes('/page/'))).toEqual([
      '/spaces/s1/change-requests/c1/content/page/p1?format=markdown',
      '/spaces/s1/content/page/p2?format=markdown',
    ]);
  });

  it('reads a spec list once for the pages of a request, without the revision for OpenAPI references alone', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/content/page/p1?format=markdown': page('p1', 'api', {
        markdown: '[API](openapi:spec1) and [unknown](<openapi:nope>)',
      }),
      '/spaces/s1/content/page/p2?format=markdown': page('p2', 'more', {
        markdown: 'Again [API](openapi:spec1 "the API")',
      }),
      '/spaces/s1': restSpace('s1'),
      [SPECS]: listPage([spec('spec1')]),
    });
    const result = await runSchema(
      upstream,
      `query($a: ID!, $b: ID!) {
        a: node(id: $a) { ... on Page { references { ref target } } }
        b: node(id: $b) { ... on Page { references { ref target } } } }`,
      {
        a: globalId('Page', addressId('s1', 'p1')),
        b: globalId('Page', addressId('s1', 'p2')),
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      a: {
        references: [
          { ref: 'openapi:spec1', target: 'https://specs.example/spec1.yaml' },
          { ref: 'openapi:nope', target: null },
        ],
      },
      b: { references: [{ ref: 'openapi:spec1', target: 'https://specs.example/spec1.yaml' }] },
    });
    // The space and the list once each, for both pages; no revision.
    expect(upstream.paths.filter((p) => !p.includes('/page/')).toSorted()).toEqual([
      SPECS,
      '/spaces/s1',
    ]);
  });

  it('leaves OpenAPI references without a target when the caller may not list the specs', async () => {
    const upstream = new FakeUpstream(
      {
        '/spaces/s1/content/page/p1?format=markdown': page('p1', 'overview', {
          markdown: '![Logo](file:f1) and [API](openapi:spec1)',
        }),
        '/spaces/s1/content': revision([file('f1')]),
        '/spaces/s1': restSpace('s1'),
      },
      (req) =>
        req.path === SPECS
          ? { status: 403, body: { error: { code: 403, message: 'forbidden' } } }
          : undefined,
    );
    const result = await runSchema(upstream, QUERY, {
      id: globalId('Page', addressId('s1', 'p1')),
    });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      node: {
        markdown: '![Logo](file:f1) and [API](openapi:spec1)',
        references: [
          expect.objectContaining({ ref: 'file:f1', target: 'https://files/f1' }),
          expect.objectContaining({ ref: 'openapi:spec1', target: null }),
        ],
      },
    });
  });
});
