import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { type Data, graphHelpers, organizationIds } from '../support/graph.ts';

let e2e: E2EStack;
let acme: string;
let globex: string;

type Node = { id: string; title: string };

const { ok, typed } = graphHelpers(() => e2e);

async function collections(nested = true): Promise<Array<Node & Data>> {
  const data = await ok(
    `query($id: ID!, $nested: Boolean) { organization(id: $id) { collections(first: 100, nested: $nested) {
      nodes { id title description parent { id title } } } } }`,
    { id: acme, nested },
  );
  return (data.organization as { collections: { nodes: Array<Node & Data> } }).collections.nodes;
}

const byTitle = async (title: string) =>
  (await collections()).find((c) => c.title === title) as Node & Data;

beforeAll(async () => {
  e2e = await startE2E();
  const orgs = await organizationIds(e2e);
  acme = orgs['Acme Docs'] as string;
  globex = orgs['Globex Handbook'] as string;
});

afterAll(async () => {
  await e2e?.close();
});

describe('collection reads', () => {
  it('lists nested or only top-level collections', async () => {
    const all = await collections(true);
    const top = await collections(false);
    expect(all.map((c) => c.title)).toEqual(
      expect.arrayContaining(['Product', 'Guides', 'Tutorials', 'API', 'Engineering', 'Runbooks']),
    );
    expect(top.map((c) => c.title).sort()).toEqual(['Company', 'Engineering', 'Product']);
    expect(all.find((c) => c.title === 'Tutorials')?.parent).toMatchObject({ title: 'Guides' });
  });

  it('reads every field of a collection, its organization, parent and spaces', async () => {
    const guides = await byTitle('Guides');
    const data = await ok(
      `query($id: ID!) { collection(id: $id) { id title description defaultLevel
        urls { location app } permissions { view admin viewInviteLinks create }
        organization { id title } parent { title parent { id } }
        spaces(first: 100) { totalCount nodes { title parentCollection { id } } } } }`,
      { id: guides.id },
    );
    const c = data.collection as Data & { spaces: { totalCount: number; nodes: Data[] } };
    expect(c).toMatchObject({
      id: guides.id,
      title: 'Guides',
      description: 'Task-oriented guides',
      organization: { id: acme, title: 'Acme Docs' },
      parent: { title: 'Product', parent: null },
      permissions: { view: true, admin: true },
    });
    expect(c.spaces.nodes.map((s) => s.title)).toEqual(
      expect.arrayContaining(['Getting Started', 'Installation Guide', 'Configuration Reference']),
    );
    expect(c.spaces.totalCount).toBe(c.spaces.nodes.length);
    expect(c.spaces.nodes.every((s) => (s.parentCollection as Node).id === guides.id)).toBe(true);
    // node(id) of a collection: one upstream call.
    const { body } = await e2e.gql(
      'query($id: ID!) { node(id: $id) { ... on Collection { title } } }',
      { id: guides.id },
      { debug: true },
    );
    expect(body.data).toEqual({ node: { title: 'Guides' } });
    expect(body.extensions?.upstream).toHaveLength(1);
  });

  it('runbooks have a default level; a reader has no admin permission', async () => {
    const runbooks = await byTitle('Runbooks');
    const data = await ok(
      'query($id: ID!) { collection(id: $id) { defaultLevel permissions { admin view } } }',
      { id: runbooks.id },
      'read',
    );
    expect(data.collection).toEqual({
      defaultLevel: 'EDIT',
      permissions: { admin: false, view: true },
    });
  });
});

describe('collection mutations', () => {
  let created = '';

  it('createCollection: success read back, validation, forbidden, not found', async () => {
    const product = await byTitle('Product');
    const res = await typed(
      `mutation($org: ID!, $parent: ID!) { createCollection(input: { organizationId: $org, title: "Recipes", parent: $parent }) {
        __typename ... on CollectionPayload { collection { id title parent { title } organization { id } } } } }`,
      { org: acme, parent: product.id },
    );
    expect(res.result).toMatchObject({
      __typename: 'CollectionPayload',
      collection: { title: 'Recipes', parent: { title: 'Product' }, organization: { id: acme } },
    });
    created = (res.result.collection as Node).id;
    expect((await byTitle('Recipes')).id).toBe(created);
    const invalid = await typed(
      `mutation($org: ID!) { createCollection(input: { organizationId: $org, title: "${'x'.repeat(51)}" }) {
        __typename ... on ValidationError { fieldErrors { path message } } } }`,
      { org: acme },
    );
    expect(invalid).toEqual({
      result: {
        __typename: 'ValidationError',
        fieldErrors: [{ path: ['title'], message: 'at most 50 characters' }],
      },
      calls: 0,
    });
    const forbidden = await typed(
      `mutation($org: ID!) { createCollection(input: { organizationId: $org, title: "X" }) { __typename } }`,
      { org: acme },
      'comment',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      'mutation { createCollection(input: { organizationId: "nope", title: "X" }) { __typename } }',
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('updateCollection: success read back, validation, forbidden, not found', async () => {
    const res = await typed(
      `mutation($id: ID!) { updateCollection(input: { collectionId: $id, title: "Cookbook", description: "Short recipes", defaultLevel: COMMENT }) {
        __typename ... on CollectionPayload { collection { title description defaultLevel } } } }`,
      { id: created },
    );
    expect(res.result).toEqual({
      __typename: 'CollectionPayload',
      collection: { title: 'Cookbook', description: 'Short recipes', defaultLevel: 'COMMENT' },
    });
    const read = await ok('query($id: ID!) { collection(id: $id) { title defaultLevel } }', {
      id: created,
    });
    expect(read.collection).toEqual({ title: 'Cookbook', defaultLevel: 'COMMENT' });
    const invalid = await typed(
      `mutation($id: ID!) { updateCollection(input: { collectionId: $id, description: "${'d'.repeat(101)}" }) { __typename } }`,
      { id: created },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const forbidden = await typed(
      `mutation($id: ID!) { updateCollection(input: { collectionId: $id, title: "Mine" }) { __typename } }`,
      { id: (await byTitle('Guides')).id },
      'edit',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      'mutation { updateCollection(input: { collectionId: "nope", title: "X" }) { __typename } }',
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('moveCollection: to the root, before a sibling; validation, forbidden, not found', async () => {
    const engineering = await byTitle('Engineering');
    const res = await typed(
      `mutation($id: ID!, $sibling: ID!) { moveCollection(input: { collectionId: $id, parent: null,
          position: { before: { type: "collection", id: $sibling } } }) {
        __typename ... on CollectionPayload { collection { parent { id } } } } }`,
      { id: created, sibling: engineering.id },
    );
    expect(res.result).toEqual({ __typename: 'CollectionPayload', collection: { parent: null } });
    const top = await collections(false);
    expect(top.map((c) => c.title)).toContain('Cookbook');
    const moved = await typed(
      `mutation($id: ID!, $parent: ID!) { moveCollection(input: { collectionId: $id, parent: $parent }) {
        __typename ... on CollectionPayload { collection { parent { title } } } } }`,
      { id: created, parent: engineering.id },
    );
    expect(moved.result).toEqual({
      __typename: 'CollectionPayload',
      collection: { parent: { title: 'Engineering' } },
    });
    const invalid = await typed(
      `mutation($id: ID!) { moveCollection(input: { collectionId: $id, position: {} }) { __typename } }`,
      { id: created },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const forbidden = await typed(
      `mutation($id: ID!) { moveCollection(input: { collectionId: $id, parent: null }) { __typename } }`,
      { id: (await byTitle('Guides')).id },
      'comment',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      'mutation { moveCollection(input: { collectionId: "nope", parent: null }) { __typename } }',
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('transferCollection: to another organization; validation, forbidden, not found', async () => {
    const res = await typed(
      `mutation($id: ID!, $org: ID!) { transferCollection(input: { collectionId: $id, organizationId: $org }) {
        __typename ... on CollectionPayload { collection { organization { title } } } } }`,
      { id: created, org: globex },
    );
    expect(res.result).toEqual({
      __typename: 'CollectionPayload',
      collection: { organization: { title: 'Globex Handbook' } },
    });
    expect((await collections()).map((c) => c.id)).not.toContain(created);
    const invalid = await typed(
      `mutation($id: ID!) { transferCollection(input: { collectionId: $id, organizationId: "" }) { __typename } }`,
      { id: created },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const forbidden = await typed(
      `mutation($id: ID!, $org: ID!) { transferCollection(input: { collectionId: $id, organizationId: $org }) { __typename } }`,
      { id: (await byTitle('Company')).id, org: globex },
      'create',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      `mutation($org: ID!) { transferCollection(input: { collectionId: "nope", organizationId: $org }) { __typename } }`,
      { org: globex },
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('deleteCollection: success read back (also when absent), forbidden', async () => {
    const forbidden = await typed(
      `mutation($id: ID!) { deleteCollection(input: { collectionId: $id }) { __typename } }`,
      { id: (await byTitle('Company')).id },
      'comment',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const res = await typed(
      `mutation($id: ID!) { deleteCollection(input: { collectionId: $id }) { __typename ... on DeletePayload { deletedId } } }`,
      { id: created },
    );
    expect(res.result).toEqual({ __typename: 'DeletePayload', deletedId: created });
    const { body } = await e2e.gql('query($id: ID!) { collection(id: $id) { id } }', {
      id: created,
    });
    expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const again = await typed(
      'mutation { deleteCollection(input: { collectionId: "nope" }) { __typename } }',
    );
    expect(again.result.__typename).toBe('DeletePayload');
  });
});
