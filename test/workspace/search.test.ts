import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeRequest } from '../../src/contract/changeRequests.ts';
import { ErrorBody } from '../../src/contract/common.ts';
import { OrganizationSearchResult, SpaceSearchResult } from '../../src/contract/search.ts';
import { insertPageTree } from '../../src/workspace/store/content/revisionWrites.ts';
import { indexRevision } from '../../src/workspace/store/searchIndex.ts';
import { insertSpace } from '../../src/workspace/store/spaceWrites.ts';
import { createTestWorkspace, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;
let spaceId: string;

beforeAll(async () => {
  t = await createTestWorkspace();
  const row = insertSpace(t.ws, {
    organizationId: t.demo.organizationId,
    title: 'Zeppelin Manual',
  });
  insertPageTree(t.ws, row.revision_id, [
    {
      title: 'Flight',
      markdown: '# Flight\n\nAbout flying.\n',
      children: [
        {
          title: 'Mooring masts',
          markdown:
            '# Mooring masts\n\nIntro text.\n\n## Approach\n\nThe zeppelin approaches the mast slowly.\n\n## Departure\n\nNothing to see here.\n',
        },
      ],
    },
    { title: 'Hangar', markdown: '# Hangar\n\nWhere the zeppelin sleeps.\n' },
    { title: 'Unrelated', markdown: '# Unrelated\n\nBananas.\n' },
  ]);
  indexRevision(t.ws, row.id);
  spaceId = row.id;
});
afterAll(async () => {
  await t.close();
});

describe('GET /v1/spaces/{spaceId}/search', () => {
  it('answers page hits with matching sections and ancestors', async () => {
    const res = await t.request('GET', `/v1/spaces/${spaceId}/search?query=zeppelin`);
    expect(res.status).toBe(200);
    const result = SpaceSearchResult.parse(res.body);
    expect(result.count).toBe(2);
    const masts = result.items.find((h) => h.title === 'Mooring masts');
    expect(masts).toMatchObject({
      path: 'flight/mooring-masts',
      ancestors: [{ title: 'Flight' }],
      urls: { app: `${t.ws.publicUrl}/app/s/${spaceId}/flight/mooring-masts` },
    });
    expect(masts?.sections.map((s) => s.title)).toEqual(['Approach']);
    expect(masts?.sections[0]).toMatchObject({
      id: 'approach',
      path: 'flight/mooring-masts#approach',
    });
    expect(masts?.sections[0]?.body).toContain('zeppelin approaches');
    expect(result.items.map((h) => h.title).sort()).toEqual(['Hangar', 'Mooring masts']);
  });

  it('ranks titles first, matches prefixes and pages through hits', async () => {
    const prefix = SpaceSearchResult.parse(
      (await t.request('GET', `/v1/spaces/${spaceId}/search?query=zepp`)).body,
    );
    expect(prefix.count).toBe(2);
    const title = SpaceSearchResult.parse(
      (await t.request('GET', `/v1/spaces/${spaceId}/search?query=hangar`)).body,
    );
    expect(title.items[0]?.title).toBe('Hangar');
    const first = SpaceSearchResult.parse(
      (await t.request('GET', `/v1/spaces/${spaceId}/search?query=zeppelin&limit=1`)).body,
    );
    expect(first.items).toHaveLength(1);
    const second = SpaceSearchResult.parse(
      (
        await t.request(
          'GET',
          `/v1/spaces/${spaceId}/search?query=zeppelin&limit=1&page=${first.next?.page}`,
        )
      ).body,
    );
    expect(second.items).toHaveLength(1);
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    expect(second.next).toBeUndefined();
  });

  it('validates the query and never fails on odd input', async () => {
    const missing = await t.request('GET', `/v1/spaces/${spaceId}/search`);
    expect(missing.status).toBe(400);
    expect(ErrorBody.parse(missing.body).error.message).toMatch(/^query:/);
    const long = await t.request('GET', `/v1/spaces/${spaceId}/search?query=${'a'.repeat(513)}`);
    expect(long.status).toBe(400);
    expect(
      (await t.request('GET', `/v1/spaces/${spaceId}/search?query=${'a'.repeat(512)}`)).status,
    ).toBe(200);
    for (const odd of [
      '"',
      'AND OR NOT',
      '*',
      '(((',
      'zeppelin" OR "x',
      '%E2%9C%93',
      'NEAR(a b)',
    ]) {
      const res = await t.request(
        'GET',
        `/v1/spaces/${spaceId}/search?query=${encodeURIComponent(odd)}`,
      );
      expect(res.status, odd).toBe(200);
      SpaceSearchResult.parse(res.body);
    }
    const none = SpaceSearchResult.parse(
      (await t.request('GET', `/v1/spaces/${spaceId}/search?query=${encodeURIComponent('!!!')}`))
        .body,
    );
    expect(none).toEqual({ count: 0, items: [] });
    expect((await t.request('GET', `/v1/spaces/${spaceId}/search?query=x&page=bad`)).status).toBe(
      400,
    );
    expect(
      (await t.request('GET', `/v1/spaces/${spaceId}/search?query=x`, { as: 'outsider' })).status,
    ).toBe(404);
    expect(
      (await t.request('GET', `/v1/spaces/${spaceId}/search?query=x`, { as: null })).status,
    ).toBe(401);
  });

  it('follows the space to its new revision after a merge or a template', async () => {
    const before = SpaceSearchResult.parse(
      (await t.request('GET', `/v1/spaces/${spaceId}/search?query=dirigible`)).body,
    );
    expect(before.count).toBe(0);
    const cr = ChangeRequest.parse(
      (await t.request('POST', `/v1/spaces/${spaceId}/change-requests`, { body: {} })).body,
    );
    insertPageTree(t.ws, cr.revision, [
      { title: 'Dirigible history', markdown: '# Dirigible history\n' },
    ]);
    expect(
      (await t.request('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`)).status,
    ).toBe(200);
    const after = SpaceSearchResult.parse(
      (await t.request('GET', `/v1/spaces/${spaceId}/search?query=dirigible`)).body,
    );
    expect(after.items.map((h) => h.title)).toEqual(['Dirigible history']);
    await t.request('POST', `/v1/spaces/${spaceId}/content/template`, {
      body: { id: 'changelog' },
    });
    const changelog = SpaceSearchResult.parse(
      (await t.request('GET', `/v1/spaces/${spaceId}/search?query=changelog`)).body,
    );
    expect(changelog.items.map((h) => h.title)).toContain('Changelog');
    // The old revision's pages are gone from the index.
    const rows = t.ws.db
      .prepare('SELECT count(DISTINCT revision_id) AS n FROM search_revisions WHERE space_id = ?')
      .get(spaceId) as { n: number };
    expect(rows.n).toBe(1);
  });
});

describe('GET {org}/search', () => {
  it('groups page hits by readable space', async () => {
    const org = t.demo.organizationId;
    const res = await t.request('GET', `/v1/orgs/${org}/search?query=zeppelin`, { as: 'read' });
    expect(res.status).toBe(200);
    const result = OrganizationSearchResult.parse(res.body);
    expect(result.items.map((i) => i.title)).toEqual(['Zeppelin Manual']);
    expect(result.items[0]?.id).toBe(spaceId);
    expect(result.items[0]?.pages.length).toBe(2);
  });

  it('searches the demo content across spaces, with paging', async () => {
    const org = t.demo.organizationId;
    const all = OrganizationSearchResult.parse(
      (await t.request('GET', `/v1/orgs/${org}/search?query=installation&limit=1000`)).body,
    );
    expect(all.count).toBeGreaterThan(10);
    const ids: string[] = [];
    let page: string | undefined;
    do {
      const res = await t.request(
        'GET',
        `/v1/orgs/${org}/search?query=installation&limit=7${page ? `&page=${page}` : ''}`,
      );
      const result = OrganizationSearchResult.parse(res.body);
      ids.push(...result.items.map((i) => i.id));
      page = result.next?.page;
    } while (page);
    expect(ids).toEqual(all.items.map((i) => i.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers 404 to non-members and 400 without a query', async () => {
    const org = t.demo.organizationId;
    expect(
      (await t.request('GET', `/v1/orgs/${org}/search?query=x`, { as: 'outsider' })).status,
    ).toBe(404);
    expect((await t.request('GET', `/v1/orgs/${org}/search`)).status).toBe(400);
    expect((await t.request('GET', `/v1/orgs/${org}/search?query=`)).status).toBe(400);
    expect((await t.request('GET', '/v1/orgs/nope/search?query=x')).status).toBe(404);
  });
});
