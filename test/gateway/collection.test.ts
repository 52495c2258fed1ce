import { describe, expect, it } from 'vitest';
import { restCollection, restOrganization } from '../support/fixtures.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';
import { globalId } from '../support/ids.ts';

const collection = restCollection;

const org = restOrganization('o1', { title: 'Acme', plan: 'free' });

describe('Collection', () => {
  it('exposes every field; id-only organization and parent cost nothing', async () => {
    const up = new FakeUpstream({
      '/collections/c2': collection('c2', {
        description: 'Guides',
        parent: 'c1',
        defaultLevel: 'edit',
        urls: { location: 'l', app: 'a' },
        permissions: { view: true, admin: false, viewInviteLinks: false, create: true },
      }),
    });
    const result = await runSchema(
      up,
      `{ collection(id: "${globalId('Collection', 'c2')}") { id title description defaultLevel
          urls { location app } permissions { view admin viewInviteLinks create }
          organization { id } parent { id __typename } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.collection).toEqual({
      id: globalId('Collection', 'c2'),
      title: 'Collection c2',
      description: 'Guides',
      defaultLevel: 'EDIT',
      urls: { location: 'l', app: 'a' },
      permissions: { view: true, admin: false, viewInviteLinks: false, create: true },
      organization: { id: globalId('Organization', 'o1') },
      parent: { id: globalId('Collection', 'c1'), __typename: 'Collection' },
    });
    expect(up.paths).toEqual(['/collections/c2']);
  });

  it('lists collections with `nested`, primes them, and loads a shared parent once', async () => {
    const up = new FakeUpstream({
      '/orgs/o1': org,
      '/orgs/o1/collections?limit=51&nested=false': {
        count: 3,
        items: [
          collection('c1'),
          collection('c2', { parent: 'c1' }),
          collection('c3', { parent: 'c1' }),
        ],
      },
    });
    const result = await runSchema(
      up,
      `{ organization(id: "o1") { collections(nested: false) { totalCount nodes { title parent { title } } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.organization).toEqual({
      collections: {
        totalCount: 3,
        nodes: [
          { title: 'Collection c1', parent: null },
          { title: 'Collection c2', parent: { title: 'Collection c1' } },
          { title: 'Collection c3', parent: { title: 'Collection c1' } },
        ],
      },
    });
    // c1 came in the list: its by-id read is served from the loader. The organization's body is
    // not read: its collections are listed from its id.
    expect(up.paths).toEqual(['/orgs/o1/collections?limit=51&nested=false']);
  });
});

describe('Collection mutations', () => {
  it('create, update, move (PositionInput) and transfer send the REST bodies', async () => {
    const up = new FakeUpstream({
      'POST /orgs/o1/collections': collection('c9', { parent: 'c1' }),
      'PATCH /collections/c9': collection('c9', { title: 'Renamed' }),
      'POST /collections/c9/move': collection('c9'),
      'POST /collections/c9/transfer': collection('c9', { organization: 'o2' }),
    });
    const c9 = globalId('Collection', 'c9');
    const result = await runSchema(
      up,
      `mutation {
        create: createCollection(input: { organizationId: "${globalId('Organization', 'o1')}", title: "New", parent: "${globalId('Collection', 'c1')}" }) {
          ... on CollectionPayload { collection { id parent { id } } } }
        update: updateCollection(input: { collectionId: "${c9}", description: "d", defaultLevel: null }) {
          ... on CollectionPayload { collection { title } } }
        move: moveCollection(input: { collectionId: "c9", parent: null, position: { after: { type: "space", id: "${globalId('Space', 's1')}" } } }) {
          ... on CollectionPayload { collection { id } } }
        transfer: transferCollection(input: { collectionId: "c9", organizationId: "o2" }) {
          ... on CollectionPayload { collection { organization { id } } } }
      }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      create: { collection: { id: c9, parent: { id: globalId('Collection', 'c1') } } },
      update: { collection: { title: 'Renamed' } },
      move: { collection: { id: c9 } },
      transfer: { collection: { organization: { id: globalId('Organization', 'o2') } } },
    });
    expect(up.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/orgs/o1/collections', { title: 'New', parent: 'c1' }],
      ['PATCH', '/collections/c9', { description: 'd', defaultLevel: null }],
      [
        'POST',
        '/collections/c9/move',
        { parent: null, position: { after: { type: 'space', space: 's1' } } },
      ],
      ['POST', '/collections/c9/transfer', { organization: 'o2' }],
    ]);
  });

  it('invalid input is a ValidationError with no upstream call', async () => {
    const up = new FakeUpstream();
    const result = await runSchema(
      up,
      `mutation {
        a: createCollection(input: { organizationId: "o1", title: "${'x'.repeat(51)}" }) { __typename ... on ValidationError { fieldErrors { path message } } }
        b: updateCollection(input: { collectionId: "c1", description: "${'x'.repeat(101)}" }) { __typename }
        c: moveCollection(input: { collectionId: "c1", position: { before: { type: "space", id: "s1" }, after: { type: "space", id: "s2" } } }) { __typename }
        d: moveCollection(input: { collectionId: "c1", position: { after: { type: "site", id: "s1" } } }) { __typename }
      }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      a: {
        __typename: 'ValidationError',
        fieldErrors: [{ path: ['title'], message: 'at most 50 characters' }],
      },
      b: { __typename: 'ValidationError' },
      c: { __typename: 'ValidationError' },
      d: { __typename: 'ValidationError' },
    });
    expect(up.requests).toHaveLength(0);
  });

  it('delete answers the global ID, given a REST id or a global ID', async () => {
    const up = new FakeUpstream({}, (req) =>
      req.method === 'DELETE' && req.path === '/collections/c1' ? { status: 204 } : undefined,
    );
    const result = await runSchema(
      up,
      `mutation {
        del: deleteCollection(input: { collectionId: "c1" }) { ... on DeletePayload { deletedId } }
        again: deleteCollection(input: { collectionId: "${globalId('Collection', 'c1')}" }) { ... on DeletePayload { deletedId } }
      }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      del: { deletedId: globalId('Collection', 'c1') },
      again: { deletedId: globalId('Collection', 'c1') },
    });
    expect(up.paths).toEqual(['DELETE /collections/c1', 'DELETE /collections/c1']);
  });
});
