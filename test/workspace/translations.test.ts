import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Translation, TranslationList } from '../../src/contract/translations.ts';
import { countWords } from '../../src/workspace/store/translations.ts';
import {
  createTestWorkspace,
  errorOf,
  idByTitle,
  type TestWorkspace,
} from '../support/workspace.ts';

let t: TestWorkspace;
let org: string;
let base: string;
let source: string;
beforeAll(async () => {
  t = await createTestWorkspace();
  org = t.demo.organizationId;
  base = `/v1/orgs/${org}/translations`;
  source = t.demo.spaceIds[0] as string;
});
afterAll(() => t.close());

const doc = (text: string) => ({
  object: 'document',
  data: { schemaVersion: 1 },
  nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text }] }] }],
});

function otherSpace(index: number): string {
  const rows = t.ws.db
    .prepare(
      `SELECT id FROM spaces WHERE organization_id = ? AND deleted_at IS NULL AND id != ?
       AND EXISTS (SELECT 1 FROM pages p WHERE p.revision_id = spaces.revision_id) ORDER BY id`,
    )
    .all(org, source) as Array<{ id: string }>;
  const row = rows[index];
  if (!row) throw new Error('demo data lacks spaces with pages');
  return row.id;
}

function spaceRow(id: string) {
  return t.ws.db
    .prepare(
      'SELECT id, title, language, revision_id, parent_id, deleted_at FROM spaces WHERE id = ?',
    )
    .get(id) as {
    id: string;
    title: string;
    language: string | null;
    revision_id: string;
    parent_id: string | null;
    deleted_at: string | null;
  };
}

function pagesOf(revisionId: string) {
  return t.ws.db
    .prepare('SELECT id, title, markdown FROM pages WHERE revision_id = ? ORDER BY id')
    .all(revisionId) as Array<{ id: string; title: string; markdown: string }>;
}

async function create(body: Record<string, unknown>): Promise<Translation> {
  const res = await t.request('POST', base, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Translation.parse(res.body);
}

async function get(id: string): Promise<Translation> {
  const res = await t.request('GET', `${base}/${id}`);
  expect(res.status).toBe(200);
  return Translation.parse(res.body);
}

describe('countWords', () => {
  it('counts words of Markdown, not its syntax', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('# Getting started\n\nInstall the CLI, then run it.')).toBe(8);
    expect(countWords("Don't [read this](https://example.test/a/b) <br/> well-known")).toBe(4);
    expect(countWords('Café über 42')).toBe(3);
  });
});

describe('GET {org}/translations', () => {
  it('lists the demo translations: one completed, one pending', async () => {
    const res = await t.request('GET', base, { as: 'read' });
    expect(res.status).toBe(200);
    const page = TranslationList.parse(res.body);
    const fr = page.items.find((item) => item.language === 'fr');
    const de = page.items.find((item) => item.language === 'de');
    expect(fr?.status).toBe('completed');
    expect(fr?.stats?.runs).toBe(1);
    expect(fr?.result?.space).toBe(idByTitle(t, 'spaces', 'Getting Started (fr)'));
    expect(fr?.permissions).toEqual({ view: true, edit: false });
    expect(de?.status).toBe('pending');
    expect(de?.result).toBeUndefined();
    expect(de?.stats?.runs).toBe(0);
    const result = spaceRow(fr?.result?.space as string);
    expect(result.language).toBe('fr');
    expect(result.title).toBe(`${spaceRow(source).title} (fr)`);
    expect(pagesOf(result.revision_id).map((p) => p.id)).toEqual(
      pagesOf(spaceRow(source).revision_id).map((p) => p.id),
    );
  });

  it('needs membership and a token, and pages', async () => {
    expect((await t.request('GET', base, { as: 'outsider' })).status).toBe(404);
    expect((await t.request('GET', base, { as: null })).status).toBe(401);
    const first = TranslationList.parse((await t.request('GET', `${base}?limit=1`)).body);
    expect(first.items).toHaveLength(1);
    const second = TranslationList.parse(
      (await t.request('GET', `${base}?limit=1&page=${first.next?.page}`)).body,
    );
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    expect((await t.request('GET', `${base}?page=x`)).status).toBe(400);
    expect((await t.request('GET', `${base}?limit=-1`)).status).toBe(400);
  });
});

describe('POST {org}/translations', () => {
  it('creates a pending translation', async () => {
    const space = otherSpace(1);
    const translation = await create({
      source: { space, language: 'en' },
      language: 'ja',
      instructions: doc('Polite form.'),
    });
    expect(translation).toMatchObject({
      object: 'translation',
      status: 'pending',
      source: { space, language: 'en' },
      language: 'ja',
      createdAt: t.ws.now(),
      updatedAt: t.ws.now(),
      stats: {
        runs: 0,
        totalWords: 0,
        totalPages: 0,
        totalDuration: 0,
        latestRunDuration: 0,
        latestPages: 0,
        latestWords: 0,
      },
      permissions: { view: true, edit: true },
      urls: { location: `${t.ws.publicUrl}/v1/orgs/${org}/translations/${translation.id}` },
    });
    expect(translation.instructions?.nodes).toHaveLength(1);
    expect(translation.result).toBeUndefined();
    expect(await get(translation.id)).toEqual(translation);
  });

  it("defaults the source language to the space's, else en", async () => {
    const space = otherSpace(2);
    const language = spaceRow(space).language ?? 'en';
    const target = language === 'es' ? 'pt' : 'es';
    const translation = await create({ source: { space }, language: target });
    expect(translation.source.language).toBe(language);
    expect(translation.instructions).toMatchObject({ object: 'document', nodes: [] });
  });

  it('needs the admin role', async () => {
    const body = { source: { space: source }, language: 'nl' };
    for (const as of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      expect((await t.request('POST', base, { as, body })).status, as).toBe(403);
    }
    expect((await t.request('POST', base, { as: 'outsider', body })).status).toBe(404);
    expect((await t.request('POST', base, { as: null, body })).status).toBe(401);
  });

  it('answers 400 on invalid input, naming the field', async () => {
    const sourceLanguage = spaceRow(source).language ?? 'en';
    const foreignSpace = t.ws.db
      .prepare('SELECT id FROM spaces WHERE organization_id = ? LIMIT 1')
      .get(t.demo.secondOrganizationId) as { id: string } | undefined;
    const cases: Array<[unknown, RegExp]> = [
      [{}, /^source:/],
      [{ source: { space: source } }, /^language:/],
      [{ source: { space: source }, language: 'xx' }, /^language:/],
      [{ source: { space: source }, language: 'FR' }, /^language:/],
      [{ source: { space: source }, language: sourceLanguage }, /^language: must differ/],
      [{ source: { space: source, language: 'es' }, language: 'es' }, /^language: must differ/],
      [{ source: { space: 'nope' }, language: 'nl' }, /^source\.space: no such space/],
      [{ source: { space: '' }, language: 'nl' }, /^source\.space:/],
      [{ source: { space: source, language: 'zz' }, language: 'nl' }, /^source\.language:/],
      [{ source: { space: source, extra: 1 }, language: 'nl' }, /^source:/],
      [{ source: source, language: 'nl' }, /^source:/],
      [{ source: { space: source }, language: 'nl', instructions: 'translate' }, /^instructions:/],
      [
        { source: { space: source }, language: 'nl', instructions: { nodes: [] } },
        /^instructions\.object:/,
      ],
      [{ source: { space: source }, language: 'nl', other: true }, /other/],
    ];
    if (foreignSpace) {
      cases.push([
        { source: { space: foreignSpace.id }, language: 'nl' },
        /^source\.space: no such space/,
      ]);
    }
    for (const [body, message] of cases) {
      const res = await t.request('POST', base, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message).toMatch(message);
    }
    expect((await t.request('POST', base, { body: '{"source":' })).status).toBe(400);
    const huge = await t.request('POST', base, {
      body: { source: { space: 'x'.repeat(500_000) }, language: 'nl' },
    });
    expect(huge.status).toBe(400);
  });

  it('refuses a second translation of a space into the same language', async () => {
    const res = await t.request('POST', base, {
      body: { source: { space: source }, language: 'fr' },
    });
    expect(res.status).toBe(409);
  });

  it('refuses a deleted source space', async () => {
    const space = otherSpace(3);
    t.ws.db.prepare('UPDATE spaces SET deleted_at = ? WHERE id = ?').run(t.ws.now(), space);
    const res = await t.request('POST', base, { body: { source: { space }, language: 'sv' } });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(/^source\.space:/);
    t.ws.db.prepare('UPDATE spaces SET deleted_at = NULL WHERE id = ?').run(space);
  });
});

describe('GET/PUT/DELETE {org}/translations/{id}', () => {
  it('answers 404 for unknown translations and outsiders', async () => {
    expect((await t.request('GET', `${base}/nope`)).status).toBe(404);
    expect(
      (await t.request('PUT', `${base}/nope`, { body: { instructions: doc('x') } })).status,
    ).toBe(404);
    expect((await t.request('POST', `${base}/nope/run`)).status).toBe(404);
    const list = TranslationList.parse((await t.request('GET', base)).body);
    const id = list.items[0]?.id as string;
    expect((await t.request('GET', `${base}/${id}`, { as: 'outsider' })).status).toBe(404);
    expect(
      (await t.request('GET', `/v1/orgs/${t.demo.secondOrganizationId}/translations/${id}`)).status,
    ).toBe(404);
  });

  it('replaces the instructions', async () => {
    const translation = await create({ source: { space: otherSpace(4) }, language: 'ko' });
    t.clock.advance(60_000);
    const res = await t.request('PUT', `${base}/${translation.id}`, {
      body: { instructions: doc('Use formal speech.') },
    });
    expect(res.status).toBe(200);
    const updated = Translation.parse(res.body);
    expect(updated.instructions).toEqual(doc('Use formal speech.'));
    expect(updated.updatedAt).toBe(t.ws.now());
    expect(updated.createdAt).toBe(translation.createdAt);
    expect(await get(translation.id)).toEqual(updated);
    for (const body of [
      {},
      { instructions: null },
      { instructions: { object: 'block' } },
      { instructions: doc('x'), x: 1 },
    ]) {
      const bad = await t.request('PUT', `${base}/${translation.id}`, { body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    for (const as of ['create', 'read'] as const) {
      const denied = await t.request('PUT', `${base}/${translation.id}`, {
        as,
        body: { instructions: doc('x') },
      });
      expect(denied.status).toBe(403);
    }
  });

  it('deletes, 204 also when absent, keeping the result space', async () => {
    const translation = await create({ source: { space: otherSpace(5) }, language: 'pl' });
    await t.request('POST', `${base}/${translation.id}/run`);
    await t.ws.jobs.idle();
    const result = (await get(translation.id)).result?.space as string;
    expect((await t.request('DELETE', `${base}/${translation.id}`, { as: 'read' })).status).toBe(
      403,
    );
    const res = await t.request('DELETE', `${base}/${translation.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect((await t.request('GET', `${base}/${translation.id}`)).status).toBe(404);
    expect((await t.request('DELETE', `${base}/${translation.id}`)).status).toBe(204);
    expect(spaceRow(result).deleted_at).toBeNull();
  });
});

describe('POST {org}/translations/{id}/run', () => {
  it('runs pending -> running -> completed, copying the source into a result space', async () => {
    const space = otherSpace(6);
    const translation = await create({ source: { space }, language: 'fi' });
    const sourceRow = spaceRow(space);
    const sourcePages = pagesOf(sourceRow.revision_id);
    const words = sourcePages.reduce((sum, page) => sum + countWords(page.markdown), 0);
    expect(sourcePages.length).toBeGreaterThan(0);

    const res = await t.request('POST', `${base}/${translation.id}/run`);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect((await get(translation.id)).status).toBe('pending');
    expect((await t.request('POST', `${base}/${translation.id}/run`)).status).toBe(409);
    await new Promise<void>((resolve) => setImmediate(resolve));
    const status = t.ws.db
      .prepare('SELECT status FROM translations WHERE id = ?')
      .get(translation.id);
    expect(status).toEqual({ status: 'running' });
    await t.ws.jobs.idle();

    const done = await get(translation.id);
    expect(done.status).toBe('completed');
    expect(done.stats).toMatchObject({
      runs: 1,
      totalPages: sourcePages.length,
      latestPages: sourcePages.length,
      totalWords: words,
      latestWords: words,
    });
    expect(done.stats?.latestRunDuration).toBeGreaterThanOrEqual(0);
    const result = spaceRow(done.result?.space as string);
    expect(result.language).toBe('fi');
    expect(result.title).toBe(
      `${sourceRow.title} (fi)`.length <= 50 ? `${sourceRow.title} (fi)` : result.title,
    );
    expect(result.title.length).toBeLessThanOrEqual(50);
    expect(result.parent_id).toBe(sourceRow.parent_id);
    expect(result.revision_id).toBe(done.result?.revision);
    expect(pagesOf(result.revision_id)).toEqual(sourcePages);

    // A second run refreshes the same result space with a new revision.
    t.ws.db
      .prepare(
        "UPDATE pages SET markdown = markdown || ' two more' WHERE revision_id = ? AND id = ?",
      )
      .run(sourceRow.revision_id, sourcePages[0]?.id);
    expect((await t.request('POST', `${base}/${translation.id}/run`)).status).toBe(204);
    await t.ws.jobs.idle();
    const again = await get(translation.id);
    expect(again.status).toBe('completed');
    expect(again.result?.space).toBe(done.result?.space);
    expect(again.result?.revision).not.toBe(done.result?.revision);
    expect(again.stats).toMatchObject({
      runs: 2,
      totalPages: 2 * sourcePages.length,
      latestPages: sourcePages.length,
      latestWords: words + 2,
      totalWords: 2 * words + 2,
    });
    const refreshed = spaceRow(again.result?.space as string);
    expect(refreshed.revision_id).toBe(again.result?.revision);
    expect(
      pagesOf(refreshed.revision_id).find((p) => p.id === sourcePages[0]?.id)?.markdown,
    ).toMatch(/ two more$/);
    const revision = t.ws.db
      .prepare('SELECT parents FROM revisions WHERE id = ?')
      .get(refreshed.revision_id) as {
      parents: string;
    };
    expect(JSON.parse(revision.parents)).toEqual([done.result?.revision]);
  });

  it('makes a new result space when the previous one was deleted', async () => {
    const space = otherSpace(7);
    const translation = await create({ source: { space }, language: 'da' });
    await t.request('POST', `${base}/${translation.id}/run`);
    await t.ws.jobs.idle();
    const first = (await get(translation.id)).result?.space as string;
    t.ws.db.prepare('UPDATE spaces SET deleted_at = ? WHERE id = ?').run(t.ws.now(), first);
    await t.request('POST', `${base}/${translation.id}/run`);
    await t.ws.jobs.idle();
    const second = await get(translation.id);
    expect(second.result?.space).not.toBe(first);
    expect(spaceRow(second.result?.space as string).language).toBe('da');
    expect(second.stats?.runs).toBe(2);
  });

  it('answers 409 when the source space is deleted, 403/404 by role', async () => {
    const space = otherSpace(8);
    const translation = await create({ source: { space }, language: 'cs' });
    expect((await t.request('POST', `${base}/${translation.id}/run`, { as: 'edit' })).status).toBe(
      403,
    );
    expect(
      (await t.request('POST', `${base}/${translation.id}/run`, { as: 'outsider' })).status,
    ).toBe(404);
    t.ws.db.prepare('UPDATE spaces SET deleted_at = ? WHERE id = ?').run(t.ws.now(), space);
    expect((await t.request('POST', `${base}/${translation.id}/run`)).status).toBe(409);
    t.ws.db.prepare('UPDATE spaces SET deleted_at = NULL WHERE id = ?').run(space);
    expect((await get(translation.id)).status).toBe('pending');
  });
});
