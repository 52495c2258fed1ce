import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Collection, CollectionList } from '../../src/contract/collections.ts';
import { SpaceList } from '../../src/contract/spaces.ts';
import {
  createTestWorkspace,
  errorOf,
  idByTitle,
  PAGE_TOKEN,
  type TestWorkspace,
} from '../support/workspace.ts';

let t: TestWorkspace;
let org: string;
let second: string;
beforeAll(async () => {
  t = await createTestWorkspace();
  org = t.demo.organizationId;
  second = t.demo.secondOrganizationId;
});
afterAll(() => t.close());

const collectionId = (title: string) => idByTitle(t, 'collections', title);

async function newCollection(body: Record<string, unknown> = {}) {
  const res = await t.request('POST', `/v1/orgs/${org}/collections`, { body });
  expect(res.status).toBe(201);
  return Collection.parse(res.body);
}

async function newSpace(title: string, parent?: string) {
  const res = await t.request('POST', `/v1/orgs/${org}/spaces`, {
    body: { title, ...(parent ? { parent } : {}) },
  });
  expect(res.status).toBe(201);
  return (res.body as { id: string }).id;
}

describe('GET {org}/collections', () => {
  it('lists nested collections by default and only top-level ones with nested=false', async () => {
    const all = CollectionList.parse((await t.request('GET', `/v1/orgs/${org}/collections`)).body);
    expect(all.count).toBe(t.demo.collectionIds.length);
    expect(all.items.some((c) => c.parent)).toBe(true);
    const top = CollectionList.parse(
      (await t.request('GET', `/v1/orgs/${org}/collections?nested=false`)).body,
    );
    expect(top.items.map((c) => c.title)).toEqual(['Product', 'Engineering', 'Company']);
    expect(top.items.every((c) => c.parent === undefined)).toBe(true);
  });

  it('pages with limit', async () => {
    const first = CollectionList.parse(
      (await t.request('GET', `/v1/orgs/${org}/collections?limit=4`)).body,
    );
    expect(first.items).toHaveLength(4);
    expect(first.next).toEqual({ page: expect.stringMatching(PAGE_TOKEN) });
    const rest = CollectionList.parse(
      (await t.request('GET', `/v1/orgs/${org}/collections?limit=4&page=${first.next?.page}`)).body,
    );
    const ids = [...first.items, ...rest.items].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(first.count);
  });

  it('answers 404 to outsiders and 400 to bad query values', async () => {
    const outsider = await t.request('GET', `/v1/orgs/${org}/collections`, { as: 'outsider' });
    expect(outsider.status).toBe(404);
    const nested = await t.request('GET', `/v1/orgs/${org}/collections?nested=maybe`);
    expect(nested.status).toBe(400);
    expect(errorOf(nested).message).toContain('nested');
    const page = await t.request('GET', `/v1/orgs/${org}/collections?page=%00%01`);
    expect(page.status).toBe(400);
  });
});

describe('POST {org}/collections', () => {
  it('creates with the default title "Untitled" and computes permissions', async () => {
    const res = await t.request('POST', `/v1/orgs/${org}/collections`, { as: 'create', body: {} });
    expect(res.status).toBe(201);
    const collection = Collection.parse(res.body);
    expect(collection).toMatchObject({ title: 'Untitled', organization: org, defaultLevel: null });
    expect(collection.permissions).toMatchObject({ view: true, create: true, admin: false });
  });

  it('creates a nested collection', async () => {
    const parent = collectionId('Engineering');
    const child = await newCollection({ title: 'Postmortems', parent });
    expect(child.parent).toBe(parent);
  });

  it('answers 403 to comment, 404 to outsiders, 400 on invalid input', async () => {
    const comment = await t.request('POST', `/v1/orgs/${org}/collections`, {
      as: 'comment',
      body: { title: 'No' },
    });
    expect(comment.status).toBe(403);
    const outsider = await t.request('POST', `/v1/orgs/${org}/collections`, {
      as: 'outsider',
      body: {},
    });
    expect(outsider.status).toBe(404);
    const cases: Array<[unknown, string]> = [
      [{ title: 'x'.repeat(51) }, 'title'],
      [{ title: 7 }, 'title'],
      [{ parent: 'missing' }, 'parent'],
      [{ description: 'not on create' }, 'description'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', `/v1/orgs/${org}/collections`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message).toContain(field);
    }
  });
});

describe('GET/PATCH /v1/collections/{collectionId}', () => {
  it('reads a collection; 404 for outsiders and unknown ids', async () => {
    const id = collectionId('Runbooks');
    const res = await t.request('GET', `/v1/collections/${id}`, { as: 'read' });
    expect(res.status).toBe(200);
    const collection = Collection.parse(res.body);
    expect(collection).toMatchObject({
      title: 'Runbooks',
      parent: collectionId('Engineering'),
      defaultLevel: 'edit',
    });
    // The collection's default level raises the reader's level to edit: still no create.
    expect(collection.permissions).toMatchObject({ view: true, create: false, admin: false });
    expect((await t.request('GET', `/v1/collections/${id}`, { as: 'outsider' })).status).toBe(404);
    expect((await t.request('GET', '/v1/collections/unknown')).status).toBe(404);
  });

  it('updates title, description and defaultLevel for an admin', async () => {
    const created = await newCollection({ title: 'Patchable' });
    const res = await t.request('PATCH', `/v1/collections/${created.id}`, {
      body: { title: 'Patched', description: 'Now described', defaultLevel: 'review' },
    });
    expect(res.status).toBe(200);
    expect(Collection.parse(res.body)).toMatchObject({
      title: 'Patched',
      description: 'Now described',
      defaultLevel: 'review',
    });
    const cleared = await t.request('PATCH', `/v1/collections/${created.id}`, {
      body: { defaultLevel: null },
    });
    expect(Collection.parse(cleared.body).defaultLevel).toBeNull();
  });

  it('answers 403 to non-admins and 400 on invalid input', async () => {
    const id = collectionId('Company');
    expect(
      (await t.request('PATCH', `/v1/collections/${id}`, { as: 'create', body: { title: 'x' } }))
        .status,
    ).toBe(403);
    for (const body of [
      { description: 'd'.repeat(101) },
      { title: '' },
      { defaultLevel: 'boss' },
      { parent: null },
    ]) {
      const res = await t.request('PATCH', `/v1/collections/${id}`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const bad = await t.request('PATCH', `/v1/collections/${id}`, { body: 'nope{' });
    expect(bad.status).toBe(400);
  });
});

describe('GET /v1/collections/{collectionId}/spaces', () => {
  it('lists the direct spaces in position order', async () => {
    const id = collectionId('Runbooks');
    const res = await t.request('GET', `/v1/collections/${id}/spaces`);
    expect(res.status).toBe(200);
    const list = SpaceList.parse(res.body);
    expect(list.items.map((s) => s.title)).toEqual([
      'Incident Response',
      'Database Operations',
      'On-call Handbook',
    ]);
    expect(list.items.every((s) => s.parent === id)).toBe(true);
  });
});

describe('POST /v1/collections/{collectionId}/move', () => {
  it('moves under another collection and to the root', async () => {
    const moving = await newCollection({ title: 'Moving' });
    const target = collectionId('Company');
    const res = await t.request('POST', `/v1/collections/${moving.id}/move`, {
      body: { parent: target },
    });
    expect(res.status).toBe(200);
    expect(Collection.parse(res.body).parent).toBe(target);
    const root = await t.request('POST', `/v1/collections/${moving.id}/move`, {
      body: { parent: null },
    });
    expect(Collection.parse(root.body).parent).toBeUndefined();
  });

  it('orders before and after sibling collections and spaces', async () => {
    const moving = await newCollection({ title: 'Ordered' });
    const before = await t.request('POST', `/v1/collections/${moving.id}/move`, {
      body: { position: { before: { type: 'collection', collection: collectionId('Product') } } },
    });
    expect(before.status).toBe(200);
    const top = CollectionList.parse(
      (await t.request('GET', `/v1/orgs/${org}/collections?nested=false`)).body,
    );
    expect(top.items[0]?.id).toBe(moving.id);
    const after = await t.request('POST', `/v1/collections/${moving.id}/move`, {
      body: { position: { after: { type: 'collection', collection: collectionId('Product') } } },
    });
    expect(after.status).toBe(200);
    const again = CollectionList.parse(
      (await t.request('GET', `/v1/orgs/${org}/collections?nested=false`)).body,
    );
    expect(again.items.map((c) => c.id).slice(0, 2)).toEqual([collectionId('Product'), moving.id]);
    const rootSpace = (
      t.ws.db.prepare("SELECT id FROM spaces WHERE title = 'Glossary'").get() as { id: string }
    ).id;
    const bySpace = await t.request('POST', `/v1/collections/${moving.id}/move`, {
      body: { position: { after: { type: 'space', space: rootSpace } } },
    });
    expect(bySpace.status).toBe(200);
  });

  it('refuses cycles, foreign anchors and bad bodies with a 400', async () => {
    const product = collectionId('Product');
    const cycle = await t.request('POST', `/v1/collections/${product}/move`, {
      body: { parent: collectionId('Tutorials') },
    });
    expect(cycle.status).toBe(400);
    expect(errorOf(cycle).message).toContain('parent');
    const self = await t.request('POST', `/v1/collections/${product}/move`, {
      body: { parent: product },
    });
    expect(self.status).toBe(400);
    const anchor = await t.request('POST', `/v1/collections/${product}/move`, {
      body: { position: { before: { type: 'collection', collection: collectionId('Guides') } } },
    });
    expect(anchor.status).toBe(400);
    expect(errorOf(anchor).message).toContain('position');
    for (const body of [
      { position: { before: { type: 'site-space', siteSpace: 'x' } } },
      { position: {} },
      { parent: 5 },
    ]) {
      const res = await t.request('POST', `/v1/collections/${product}/move`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers 403 to non-admins', async () => {
    const res = await t.request('POST', `/v1/collections/${collectionId('Company')}/move`, {
      as: 'review',
      body: { parent: null },
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /v1/collections/{collectionId}/transfer', () => {
  it('moves the collection, its nested collections and their spaces', async () => {
    const top = await newCollection({ title: 'Exported' });
    const child = await newCollection({ title: 'Exported child', parent: top.id });
    const spaceA = await newSpace('Exported A', top.id);
    const spaceB = await newSpace('Exported B', child.id);
    const res = await t.request('POST', `/v1/collections/${top.id}/transfer`, {
      body: { organization: second },
    });
    expect(res.status).toBe(200);
    const moved = Collection.parse(res.body);
    expect(moved.organization).toBe(second);
    expect(moved.parent).toBeUndefined();
    const childNow = Collection.parse((await t.request('GET', `/v1/collections/${child.id}`)).body);
    expect(childNow).toMatchObject({ organization: second, parent: top.id });
    for (const id of [spaceA, spaceB]) {
      const space = await t.request('GET', `/v1/spaces/${id}`);
      expect((space.body as { organization: string }).organization).toBe(second);
    }
    // Members of the former organization only no longer see it.
    expect((await t.request('GET', `/v1/collections/${top.id}`, { as: 'read' })).status).toBe(404);
  });

  it('requires admin in both organizations and a valid target', async () => {
    const created = await newCollection({ title: 'Stays' });
    const forbidden = await t.request('POST', `/v1/collections/${created.id}/transfer`, {
      as: 'create',
      body: { organization: second },
    });
    expect(forbidden.status).toBe(403);
    const missing = await t.request('POST', `/v1/collections/${created.id}/transfer`, {
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(errorOf(missing).message).toContain('organization');
    const unknown = await t.request('POST', `/v1/collections/${created.id}/transfer`, {
      body: { organization: 'nope' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('DELETE /v1/collections/{collectionId}', () => {
  it('removes nested collections and moves their spaces to the root', async () => {
    const top = await newCollection({ title: 'Temporary' });
    const child = await newCollection({ title: 'Temporary child', parent: top.id });
    const spaceId = await newSpace('Survivor', child.id);
    const res = await t.request('DELETE', `/v1/collections/${top.id}`);
    expect(res.status).toBe(204);
    expect((await t.request('GET', `/v1/collections/${top.id}`)).status).toBe(404);
    expect((await t.request('GET', `/v1/collections/${child.id}`)).status).toBe(404);
    const space = await t.request('GET', `/v1/spaces/${spaceId}`);
    expect(space.status).toBe(200);
    expect((space.body as { parent?: string }).parent).toBeUndefined();
    expect((space.body as { visibility: string }).visibility).toBe('private');
  });

  it('answers 204 for unknown ids and 403 to non-admins', async () => {
    expect((await t.request('DELETE', '/v1/collections/never')).status).toBe(204);
    const res = await t.request('DELETE', `/v1/collections/${collectionId('Company')}`, {
      as: 'edit',
    });
    expect(res.status).toBe(403);
    expect((await t.request('GET', `/v1/collections/${collectionId('Company')}`)).status).toBe(200);
  });
});
