import { beforeAll, describe, expect, it } from 'vitest';
import { type Recorded, type Response, recordQueries, replay } from './harness.ts';
import { changed, withoutOptional, withPageKinds } from './hosted.ts';

/**
 * Answers valid for the hosted service, unlike the embedded server's: optional members left out,
 * pages of every kind. Broad queries over every domain answer them with no UPSTREAM_SHAPE error,
 * and real damage still fails only its field.
 */

let queries: Recorded[];
beforeAll(async () => {
  queries = await recordQueries();
}, 300_000);

const shapeErrors = (name: string, result: Response) =>
  result.errors
    .filter((e) => e.extensions?.code === 'UPSTREAM_SHAPE')
    .map((e) => `${name} ${(e.path ?? []).join('.')}: ${e.message}`);

/** Every object in `value` (depth first). */
function* objects(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* objects(item);
  else if (value !== null && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const member of Object.values(value)) yield* objects(member);
  }
}

describe('answers as the hosted service sends them', () => {
  it('optional members left out: every domain answers with no UPSTREAM_SHAPE error', async () => {
    expect(queries.length).toBeGreaterThan(30);
    const errors: string[] = [];
    let nulls = 0;
    for (const query of queries) {
      const result = await replay(query, changed(query.answers, withoutOptional));
      errors.push(...shapeErrors(query.name, result));
      for (const object of objects(result.data)) {
        nulls += Object.values(object).filter((v) => v === null).length;
      }
    }
    expect(errors).toEqual([]);
    // The answers did lose members: the graph shows them as null.
    expect(nulls).toBeGreaterThan(1000);
  }, 300_000);

  it('pages of every kind: listed with their common fields, links with their target', async () => {
    const errors: string[] = [];
    const pages: Array<Record<string, unknown>> = [];
    for (const query of queries) {
      const result = await replay(query, changed(query.answers, withPageKinds));
      errors.push(...shapeErrors(query.name, result));
      for (const object of objects(result.data))
        if ('kind' in object && 'slug' in object) {
          pages.push(object);
        }
    }
    expect(errors).toEqual([]);
    const byKind = (kind: string) => pages.filter((p) => p.kind === kind);
    expect(byKind('LINK').some((p) => p.slug === null && p.path === null)).toBe(true);
    const targets = byKind('LINK').map((p) => p.target as { kind: string; url?: string } | null);
    expect(targets).toContainEqual(
      expect.objectContaining({ kind: 'url', url: 'https://status.example.com' }),
    );
    expect(targets).toContainEqual(expect.objectContaining({ kind: 'page' }));
    expect(byKind('COMPUTED').length).toBeGreaterThan(0);
    expect(byKind('GROUP').length).toBeGreaterThan(0);
    const unknown = byKind('UNKNOWN');
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.filter((p) => 'raw' in p).map((p) => p.raw)).toContainEqual(
      expect.objectContaining({ type: 'x-future-kind', widget: { size: 3 } }),
    );
  }, 300_000);

  it('real damage in such an answer still fails only its field', async () => {
    // The first query that reads a page tree: one page's title of the wrong kind.
    const query = queries.find((q) =>
      [...q.answers.keys()].some((path) => path.endsWith('/content/pages')),
    );
    if (!query) throw new Error('no query reads a page tree');
    const path = [...query.answers.keys()].find((p) => p.endsWith('/content/pages')) as string;
    const answers = changed(query.answers, withPageKinds);
    const tree = answers.get(path)?.body as { pages: Array<Record<string, unknown>> };
    const damaged = {
      pages: [{ ...tree.pages[0], title: { not: 'a string' } }, ...tree.pages.slice(1)],
    };
    answers.set(path, { status: 200, body: damaged });
    const clean = await replay(query, changed(query.answers, withPageKinds));
    const result = await replay(query, answers);
    const errors = result.errors.filter((e) => e.extensions?.code === 'UPSTREAM_SHAPE');
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error.extensions?.upstream).toMatchObject({ field: 'pages.0.title' });
      expect(error.path?.[error.path.length - 1]).toBe('title');
    }
    // Everything else is as in the undamaged answer: the damaged field alone is null.
    const expected = structuredClone(clean.data) as Record<string | number, unknown>;
    for (const error of errors) {
      const at = error.path ?? [];
      let parent: Record<string | number, unknown> = expected;
      for (const segment of at.slice(0, -1)) {
        parent = parent[segment] as Record<string | number, unknown>;
      }
      parent[at[at.length - 1] as string] = null;
    }
    // (`raw` fields show the damaged value as it was sent.)
    const withoutRaw = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value, (key, member) => (key === 'raw' ? undefined : member)));
    expect(withoutRaw(result.data)).toEqual(withoutRaw(expected));
  }, 300_000);
});
