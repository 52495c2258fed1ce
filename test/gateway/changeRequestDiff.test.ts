import { describe, expect, it } from 'vitest';
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
const main = content('/spaces/s1/content/pages', '/spaces/s1/content/page', {
  A: ['A', 'a\nmain line\n'],
  B: ['B', 'b\n'],
  D: ['D', 'd\n'],
});

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
    // The request, three trees, and every page of each revision once: 3 + 2 + 3.
    expect(upstream.paths).toHaveLength(12);
    expect(new Set(upstream.paths).size).toBe(12);
    expect(upstream.paths.filter((p) => p.includes('/page/')).sort()).toEqual([
      '/spaces/s1/change-requests/c1/content/page/A?format=markdown',
      '/spaces/s1/change-requests/c1/content/page/B?format=markdown',
      '/spaces/s1/change-requests/c1/content/page/C?format=markdown',
      '/spaces/s1/content/page/A?format=markdown',
      '/spaces/s1/content/page/B?format=markdown',
      '/spaces/s1/content/page/D?format=markdown',
      '/spaces/s1/revisions/r1/page/A?format=markdown',
      '/spaces/s1/revisions/r1/page/B?format=markdown',
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
