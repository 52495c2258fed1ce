import { describe, expect, it } from 'vitest';
import { restSpace } from '../support/fixtures.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';

const page = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  type: 'document',
  slug: id.toLowerCase(),
  path: id.toLowerCase(),
  pages: [],
  ...extra,
});

const changeRequest = (extra: Record<string, unknown> = {}) => ({
  object: 'change-request',
  id: 'c1',
  number: 1,
  status: 'open',
  subject: 'Edit B',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-03T00:00:00.000Z',
  space: 's1',
  revision: 'rc',
  revisionInitial: 'r1',
  comments: 0,
  outdated: true,
  ...extra,
});

/** The pages of a content under `base`, each with its Markdown under `pageBase`. */
function content(
  tree: string,
  pageBase: string,
  pages: Record<string, [title: string, markdown: string]>,
): Record<string, unknown> {
  const routes: Record<string, unknown> = {
    [tree]: { pages: Object.entries(pages).map(([id, [title]]) => page(id, title)) },
  };
  for (const [id, [title, markdown]] of Object.entries(pages)) {
    routes[`${pageBase}/${id}?format=markdown`] = page(id, title, { markdown });
  }
  return routes;
}

// Base r1: A, B. The request edits B and adds C. Main since: A gained a line, D was added.
const proposed = content(
  '/spaces/s1/change-requests/c1/content/pages',
  '/spaces/s1/change-requests/c1/content/page',
  { A: ['A', 'a\n'], B: ['B', 'b\nmine\n'], C: ['C', 'c\n'] },
);
const base = content('/spaces/s1/revisions/r1/pages', '/spaces/s1/revisions/r1/page', {
  A: ['A', 'a\n'],
  B: ['B', 'b\n'],
});
const mainPages: Record<string, [string, string]> = {
  A: ['A', 'a\nmain line\n'],
  B: ['B', 'b\n'],
  D: ['D', 'd\n'],
};
const main = content('/spaces/s1/content/pages', '/spaces/s1/content/page', mainPages);
// Main as its active revision r3 (what main changed since the base is read there).
const mainAtRevision = {
  '/spaces/s1': restSpace('s1', { revision: 'r3' }),
  ...content('/spaces/s1/revisions/r3/pages', '/spaces/s1/revisions/r3/page', mainPages),
};

const QUERY = `{ changeRequest(spaceId: "s1", idOrNumber: "c1") {
  outdated
  diff { basis baseRevision outdated mainChangedPages
    pages { id kind title path before after } } } }`;

type Diff = {
  basis: string;
  baseRevision: string;
  outdated: boolean;
  mainChangedPages: number | null;
  pages: Array<{ id: string; kind: string; before: string; after: string }>;
};
const diffOf = (data: unknown) => (data as { changeRequest: { diff: Diff } }).changeRequest.diff;

describe('ChangeRequest.diff', () => {
  it('compares with the base revision: only the request’s own changes, each page read once', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/change-requests/c1': changeRequest(),
      ...proposed,
      ...base,
      ...main,
      ...mainAtRevision,
    });
    const result = await runSchema(upstream, QUERY);
    expect(result.errors).toBeUndefined();
    const diff = diffOf(result.data);
    expect(diff).toMatchObject({
      basis: 'BASE',
      baseRevision: 'r1',
      outdated: true,
      mainChangedPages: 2,
    });
    expect(diff.pages).toEqual([
      { id: 'B', kind: 'CHANGED', title: 'B', path: 'b', before: 'b\n', after: 'b\nmine\n' },
      { id: 'C', kind: 'ADDED', title: 'C', path: 'c', before: '', after: 'c\n' },
    ]);
    // The request, the space (its active revision), three trees, and every page of each
    // revision once: 3 + 2 + 3. Main is read as its revision, not as the live content.
    expect(upstream.paths).toHaveLength(13);
    expect(new Set(upstream.paths).size).toBe(13);
    expect(upstream.paths.some((p) => p.startsWith('/spaces/s1/content'))).toBe(false);
    expect(upstream.paths.filter((p) => p.includes('/page/')).sort()).toEqual([
      '/spaces/s1/change-requests/c1/content/page/A?format=markdown',
      '/spaces/s1/change-requests/c1/content/page/B?format=markdown',
      '/spaces/s1/change-requests/c1/content/page/C?format=markdown',
      '/spaces/s1/revisions/r1/page/A?format=markdown',
      '/spaces/s1/revisions/r1/page/B?format=markdown',
      '/spaces/s1/revisions/r3/page/A?format=markdown',
      '/spaces/s1/revisions/r3/page/B?format=markdown',
      '/spaces/s1/revisions/r3/page/D?format=markdown',
    ]);
  });

  it('takes revisionMergedAncestor as the base once updated from main, and reads no main when up to date', async () => {
    const updated = content('/spaces/s1/revisions/r2/pages', '/spaces/s1/revisions/r2/page', {
      A: ['A', 'a\nmain line\n'],
      B: ['B', 'b\n'],
    });
    const upstream = new FakeUpstream({
      '/spaces/s1/change-requests/c1': changeRequest({
        revisionMergedAncestor: 'r2',
        outdated: false,
      }),
      ...content(
        '/spaces/s1/change-requests/c1/content/pages',
        '/spaces/s1/change-requests/c1/content/page',
        { A: ['A', 'a\nmain line\n'], B: ['B 2', 'b\n'] },
      ),
      ...updated,
    });
    const result = await runSchema(upstream, QUERY);
    expect(result.errors).toBeUndefined();
    const diff = diffOf(result.data);
    expect(diff).toMatchObject({ basis: 'BASE', baseRevision: 'r2', mainChangedPages: 0 });
    expect(diff.pages.map((p) => [p.id, p.kind])).toEqual([['B', 'CHANGED']]);
    expect(upstream.paths.some((p) => p.startsWith('/spaces/s1/content'))).toBe(false);
    expect(upstream.paths).toHaveLength(7);
  });

  it('falls back to current main when the upstream has no revision reads, and says so', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/change-requests/c1': changeRequest(),
      ...proposed,
      ...main,
    });
    const result = await runSchema(upstream, QUERY);
    expect(result.errors).toBeUndefined();
    const diff = diffOf(result.data);
    expect(diff).toMatchObject({ basis: 'MAIN', baseRevision: 'r1', mainChangedPages: null });
    expect(diff.pages.map((p) => [p.id, p.kind])).toEqual([
      ['A', 'CHANGED'],
      ['B', 'CHANGED'],
      ['C', 'ADDED'],
      ['D', 'REMOVED'],
    ]);
    // The request, its tree and pages, the refused revision read, main's tree and pages.
    expect(upstream.paths).toHaveLength(10);
    expect(upstream.paths).toContain('/spaces/s1/revisions/r1/pages');
  });

  it('fails the field, not the request, on other upstream errors', async () => {
    const upstream = new FakeUpstream(
      { '/spaces/s1/change-requests/c1': changeRequest(), ...proposed },
      (req) =>
        req.path.startsWith('/spaces/s1/revisions/')
          ? { status: 500, body: { error: { code: 500, message: 'down' } } }
          : undefined,
    );
    const result = await runSchema(upstream, QUERY);
    expect(result.errors?.map((e) => e.path?.join('.'))).toEqual(['changeRequest.diff']);
    expect((result.data as { changeRequest: { outdated: boolean } }).changeRequest.outdated).toBe(
      true,
    );
    expect(upstream.paths.some((p) => p.startsWith('/spaces/s1/content'))).toBe(false);
  });
});

describe('ChangeRequest.diff, page by page', () => {
  it('a page whose Markdown cannot be read costs that side of its entry alone; links and groups are read never', async () => {
    const link = { type: 'link', target: { kind: 'url', url: 'https://status.example.com' } };
    const tree = (titles: Record<string, [title: string, extra?: Record<string, unknown>]>) => ({
      pages: Object.entries(titles).map(([id, [title, extra]]) => page(id, title, extra)),
    });
    const markdown = (at: string, id: string, text: unknown) => ({
      [`${at}/${id}?format=markdown`]: page(id, id, { markdown: text }),
    });
    const cr = '/spaces/s1/change-requests/c1/content/page';
    const r1 = '/spaces/s1/revisions/r1/page';
    const upstream = new FakeUpstream(
      {
        '/spaces/s1/change-requests/c1': changeRequest(),
        '/spaces/s1/revisions/r1/pages': tree({
          A: ['A'],
          B: ['B'],
          E: ['E'],
          L: ['Status', link],
          G: ['Guides', { type: 'group' }],
        }),
        '/spaces/s1/change-requests/c1/content/pages': tree({
          A: ['A'],
          B: ['B'],
          C: ['C'],
          E: ['E'],
          L: ['Status page', link],
          G: ['Guides', { type: 'group' }],
        }),
        ...markdown(r1, 'A', 'a\n'),
        ...markdown(r1, 'B', 'b\n'),
        // Damage: E's Markdown in the base is of the wrong kind.
        ...markdown(r1, 'E', { not: 'text' }),
        ...markdown(cr, 'A', 'a\nmine\n'),
        ...markdown(cr, 'C', 'c\n'),
        ...markdown(cr, 'E', 'e\n'),
      },
      // An upstream error: B's Markdown in the change request.
      (req) =>
        req.path === `${cr}/B?format=markdown`
          ? { status: 500, body: { error: { code: 500, message: 'down' } } }
          : undefined,
    );
    const result = await runSchema(
      upstream,
      `{ changeRequest(spaceId: "s1", idOrNumber: "c1") {
        diff { basis pages { id kind title before after } } } }`,
    );
    expect(diffOf(result.data)).toEqual({
      basis: 'BASE',
      pages: [
        { id: 'A', kind: 'CHANGED', title: 'A', before: 'a\n', after: 'a\nmine\n' },
        // Unreadable on one side: listed, that side null.
        { id: 'B', kind: 'CHANGED', title: 'B', before: 'b\n', after: null },
        { id: 'C', kind: 'ADDED', title: 'C', before: '', after: 'c\n' },
        { id: 'E', kind: 'CHANGED', title: 'E', before: null, after: 'e\n' },
        // A link carries no Markdown: compared by title. The unchanged group is not listed.
        { id: 'L', kind: 'CHANGED', title: 'Status page', before: '', after: '' },
      ],
    });
    expect(
      result.errors?.map((e) => [e.path?.join('.'), e.extensions?.code, e.extensions?.status]),
    ).toEqual([
      ['changeRequest.diff.pages.1.after', 'UPSTREAM_ERROR', 500],
      ['changeRequest.diff.pages.3.before', 'UPSTREAM_SHAPE', undefined],
    ]);
    // The request, two trees, the Markdown of the base's A, B, E and of the request's A, B, C, E;
    // none of links or groups, and nothing of main (not asked for).
    expect(upstream.paths).toHaveLength(10);
    expect(new Set(upstream.paths).size).toBe(10);
    expect(upstream.paths.filter((p) => /\/page\/[LG]\?/.test(p))).toEqual([]);
    expect(upstream.paths.some((p) => p === '/spaces/s1' || p.includes('/content/pages?'))).toBe(
      false,
    );
  });
});

describe('Revision.page and Revision.changes', () => {
  it('read one page of a revision as Markdown, and its semantic changes, one call each', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/content': {
        object: 'revision',
        id: 'r2',
        parents: ['r1'],
        pages: [],
        files: [],
        reusableContents: [],
        variables: {},
        createdAt: '2024-01-01T00:00:00.000Z',
        type: 'merge',
      },
      '/spaces/s1/revisions/r2/page/A?format=markdown': page('A', 'A', { markdown: 'a\n' }),
      '/spaces/s1/revisions/r2/changes?limit=2': {
        changes: [
          {
            type: 'page_edited',
            page: { id: 'A', title: 'A', path: 'a' },
            attributes: { document: { before: '', after: 'a\n' } },
          },
          { type: 'page_moved', page: { id: 'B', title: 'B' }, parent: { after: { id: 'A' } } },
        ],
        more: 3,
      },
    });
    const result = await runSchema(
      upstream,
      `{ space(id: "s1") { content { id
        page(id: "A") { id revision title kind markdown }
        changes(first: 2) { more changes { type page { id path }
          attributes { name before after } parentAfter { id } } } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      space: {
        content: {
          id: 'r2',
          page: { id: 'A', revision: 'r2', title: 'A', kind: 'DOCUMENT', markdown: 'a\n' },
          changes: {
            more: 3,
            changes: [
              {
                type: 'page_edited',
                page: { id: 'A', path: 'a' },
                attributes: [{ name: 'document', before: '', after: 'a\n' }],
                parentAfter: null,
              },
              {
                type: 'page_moved',
                page: { id: 'B', path: null },
                attributes: [],
                parentAfter: { id: 'A' },
              },
            ],
          },
        },
      },
    });
    expect(upstream.paths).toHaveLength(3);
  });
});
