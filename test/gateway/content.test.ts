import { describe, expect, it } from 'vitest';
import { restSpace } from '../support/fixtures.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';
import { addressId, globalId } from '../support/ids.ts';

const page = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Page ${id}`,
  type: 'document',
  slug: id,
  path: id,
  ...extra,
});
const document = { object: 'document', nodes: [{ object: 'block', type: 'paragraph' }] };
const file = (id: string) => ({
  id,
  name: `${id}.png`,
  contentType: 'image/png',
  downloadURL: `https://files/${id}`,
  size: 10,
  dimensions: { width: 2, height: 3 },
});
const space = restSpace('s1', { title: 'API' });
const revision = {
  object: 'revision',
  id: 'r1',
  parents: ['r0'],
  pages: [page('p1', { pages: [page('p2')] })],
  files: [file('f1')],
  reusableContents: [{ id: 'rc', title: 'Snippet' }],
  variables: { version: '2' },
  createdAt: '2024-01-01T00:00:00.000Z',
  git: { oid: 'abc', message: 'init' },
  urls: { app: 'https://app/r1' },
  type: 'rollback',
};
const pageId = (...parts: string[]) => globalId('Page', addressId(...parts));

describe('content reads', () => {
  it('a page fetched by node(id) costs one call, in main content and in a change request', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/content/page/p1': page('p1', { document }),
      '/spaces/s1/change-requests/c1/content/page/p1': page('p1', { title: 'Changed' }),
    });
    const result = await runSchema(
      upstream,
      `query($a: ID!, $b: ID!) {
        a: node(id: $a) { id ... on Page { title document space { id } changeRequest { id } } }
        b: node(id: $b) { id ... on Page { title changeRequest { id } } } }`,
      { a: pageId('s1', 'p1'), b: pageId('s1', 'c1', 'p1') },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      a: {
        id: pageId('s1', 'p1'),
        title: 'Page p1',
        document,
        space: { id: globalId('Space', 's1') },
        changeRequest: null,
      },
      b: {
        id: pageId('s1', 'c1', 'p1'),
        title: 'Changed',
        changeRequest: { id: globalId('ChangeRequest', addressId('s1', 'c1')) },
      },
    });
    expect(upstream.paths).toEqual([
      '/spaces/s1/content/page/p1',
      '/spaces/s1/change-requests/c1/content/page/p1',
    ]);
  });

  it('markdown is read in its format with the evaluation options, once for aliases', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/content/page/p1': page('p1', { document }),
      '/spaces/s1/content/page/p1?dereferenced=reusable-contents&evaluated=true&format=markdown':
        page('p1', { markdown: '# P1' }),
    });
    const result = await runSchema(
      upstream,
      `query($a: ID!) { node(id: $a) { ... on Page {
        x: markdown(evaluated: ALL, dereferenced: REUSABLE_CONTENTS)
        y: markdown(evaluated: ALL, dereferenced: REUSABLE_CONTENTS) } } }`,
      { a: pageId('s1', 'p1') },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ node: { x: '# P1', y: '# P1' } });
    expect(upstream.paths).toHaveLength(2);
  });

  it('a page read with markdown answers its title, path, description and children from that one read', async () => {
    const markdownPage = page('p1', {
      description: 'First',
      markdown: '# P1',
      pages: [page('p2')],
    });
    const upstream = new FakeUpstream({
      '/spaces/s1/content/page/p1?format=markdown': markdownPage,
      '/spaces/s1/change-requests/c1/content/page/p1?format=markdown': markdownPage,
    });
    const selection = 'title path description markdown pages { title path }';
    const result = await runSchema(
      upstream,
      `query($a: ID!) {
        space(id: "s1") { page(id: "p1") { ${selection} } }
        node(id: $a) { ... on Page { ${selection} } }
        changeRequest(spaceId: "s1", idOrNumber: "c1") { page(id: "p1") { ${selection} } } }`,
      { a: pageId('s1', 'p1') },
    );
    expect(result.errors).toBeUndefined();
    const expected = {
      title: 'Page p1',
      path: 'p1',
      description: 'First',
      markdown: '# P1',
      pages: [{ title: 'Page p2', path: 'p2' }],
    };
    expect(result.data).toEqual({
      space: { page: expected },
      node: expected,
      changeRequest: { page: expected },
    });
    // One read per page and content: no plain read of the page beside its Markdown, and neither
    // the space nor the change request is read to reach their content.
    expect(upstream.paths.sort()).toEqual([
      '/spaces/s1/change-requests/c1/content/page/p1?format=markdown',
      '/spaces/s1/content/page/p1?format=markdown',
    ]);
  });

  it('a change request diff (both page trees with Markdown) reads each page once per revision', async () => {
    const tree = (prefix: string) => ({
      pages: [page('p1', { title: `${prefix} 1`, pages: [page('p2'), page('p3')] }), page('p4')],
    });
    const routes: Record<string, unknown> = {
      '/spaces/s1/change-requests/1': {
        object: 'change-request',
        id: 'c1',
        number: 1,
        status: 'open',
        subject: 'Change',
        createdAt: '2024-01-01T00:00:00.000Z',
        updatedAt: '2024-01-01T00:00:00.000Z',
        space: 's1',
        revision: 'rc1',
        revisionInitial: 'r1',
        comments: 0,
        outdated: false,
      },
      '/spaces/s1/content/pages': tree('Main'),
      // Named by its number, the request's content is read at its number path.
      '/spaces/s1/change-requests/1/content/pages': tree('Proposed'),
    };
    for (const id of ['p1', 'p2', 'p3', 'p4']) {
      routes[`/spaces/s1/content/page/${id}?format=markdown`] = page(id, { markdown: `# ${id}` });
      routes[`/spaces/s1/change-requests/1/content/page/${id}?format=markdown`] = page(id, {
        markdown: `# ${id} changed`,
      });
    }
    const upstream = new FakeUpstream(routes);
    const fields = 'id title path markdown';
    const tree3 = `pages { ${fields} pages { ${fields} pages { ${fields} } } }`;
    const result = await runSchema(
      upstream,
      `{ changeRequest(spaceId: "s1", idOrNumber: "1") { id ${tree3} }
        space(id: "s1") { id ${tree3} } }`,
    );
    expect(result.errors).toBeUndefined();
    const data = result.data as {
      changeRequest: { pages: Array<{ id: string; title: string; markdown: string }> };
      space: { pages: Array<{ title: string; markdown: string }> };
    };
    // Its pages' IDs hold the request's id, not its number.
    expect(data.changeRequest.pages[0]).toMatchObject({
      id: globalId('Page', addressId('s1', 'c1', 'p1')),
      title: 'Proposed 1',
      markdown: '# p1 changed',
    });
    expect(data.space.pages[0]).toMatchObject({ title: 'Main 1', markdown: '# p1' });
    // The request (named by number), two trees, and each page's Markdown once per revision.
    expect(upstream.paths).toHaveLength(3 + 2 * 4);
    expect(new Set(upstream.paths).size).toBe(upstream.paths.length);
  });

  it('a space’s revision with its page tree and files costs one call', async () => {
    const upstream = new FakeUpstream({ '/spaces/s1': space, '/spaces/s1/content': revision });
    const result = await runSchema(
      upstream,
      `query($s: ID!) { node(id: $s) { ... on Space { content { id parents type variables
        reusableContents { id title } git { oid message } urls { app }
        pages { id title pages { title } } files { id name size dimensions { width } } } } } }`,
      { s: globalId('Space', 's1') },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      node: {
        content: {
          id: 'r1',
          parents: ['r0'],
          type: 'ROLLBACK',
          variables: { version: '2' },
          reusableContents: [{ id: 'rc', title: 'Snippet' }],
          git: { oid: 'abc', message: 'init' },
          urls: { app: 'https://app/r1' },
          pages: [{ id: pageId('s1', 'p1'), title: 'Page p1', pages: [{ title: 'Page p2' }] }],
          files: [
            {
              id: globalId('File', addressId('s1', 'f1')),
              name: 'f1.png',
              size: 10,
              dimensions: { width: 2 },
            },
          ],
        },
      },
    });
    expect(upstream.paths).toEqual(['/spaces/s1/content']);
  });

  it('the page tree primes by-id page reads', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1': space,
      '/spaces/s1/content/pages': { pages: [page('p1', { pages: [page('p2')] })] },
    });
    const result = await runSchema(
      upstream,
      `query($s: ID!) { node(id: $s) { ... on Space {
        pages { pages { title } space { page(id: "p2") { title path } } } } } }`,
      { s: globalId('Space', 's1') },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      node: {
        pages: [
          { pages: [{ title: 'Page p2' }], space: { page: { title: 'Page p2', path: 'p2' } } },
        ],
      },
    });
    expect(upstream.paths).toEqual(['/spaces/s1/content/pages']);
  });

  it('links carry the list page’s stats at no extra call', async () => {
    const ref = {
      kind: 'page',
      space: { id: 's1', title: 'API' },
      page: { id: 'p2', title: 'P2', path: 'p2' },
    };
    const upstream = new FakeUpstream({
      '/spaces/s1': space,
      '/spaces/s1/links?limit=11&status=broken': {
        count: 1,
        items: [
          {
            status: 'broken',
            relation: 'reference',
            targetReference: ref,
            locationReferences: [ref],
          },
        ],
        stats: { total: 4, broken: { total: 1, changeRequest: 0 } },
      },
    });
    const result = await runSchema(
      upstream,
      `query($s: ID!) { node(id: $s) { ... on Space { links(first: 10, status: BROKEN) {
        totalCount stats { total broken { total changeRequest } }
        nodes { status relation targetReference { kind space { id title } page { id title } }
          locationReferences { kind } } } } } }`,
      { s: globalId('Space', 's1') },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      node: {
        links: {
          totalCount: 1,
          stats: { total: 4, broken: { total: 1, changeRequest: 0 } },
          nodes: [
            {
              status: 'BROKEN',
              relation: 'reference',
              targetReference: {
                kind: 'page',
                space: { id: globalId('Space', 's1'), title: 'API' },
                page: { id: pageId('s1', 'p2'), title: 'P2' },
              },
              locationReferences: [{ kind: 'page' }],
            },
          ],
        },
      },
    });
    expect(upstream.paths).toEqual(['/spaces/s1/links?limit=11&status=broken']);
  });

  it('files primes by-id reads; a file’s backlinks are one call', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1': space,
      '/spaces/s1/content/files?limit=51': { count: 1, items: [file('f1')] },
      '/spaces/s1/content/files/f1/backlinks?limit=51': {
        count: 1,
        items: [{ kind: 'page', page: { id: 'p1', title: 'P1', path: 'p1' }, space: { id: 's1' } }],
      },
    });
    const result = await runSchema(
      upstream,
      `query($s: ID!) { node(id: $s) { ... on Space {
        files { nodes { name backlinks { nodes { page { title } } }
          space { file(id: "f1") { contentType } } } } } } }`,
      { s: globalId('Space', 's1') },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      node: {
        files: {
          nodes: [
            {
              name: 'f1.png',
              backlinks: { nodes: [{ page: { title: 'P1' } }] },
              space: { file: { contentType: 'image/png' } },
            },
          ],
        },
      },
    });
    expect(upstream.paths).toEqual([
      '/spaces/s1/content/files?limit=51',
      '/spaces/s1/content/files/f1/backlinks?limit=51',
    ]);
  });

  it('a malformed page id is BAD_USER_INPUT for that node only', async () => {
    const upstream = new FakeUpstream();
    const result = await runSchema(upstream, `query($a: ID!) { node(id: $a) { id } }`, {
      a: globalId('Page', 'only-one-part'),
    });
    expect(result.data).toEqual({ node: null });
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.requests).toHaveLength(0);
  });
});
