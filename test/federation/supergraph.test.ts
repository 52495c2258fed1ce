// docs-graph composed into a supergraph with a second subgraph and served by Hive Gateway's
// runtime, all on loopback over the embedded workspace: answers and upstream calls through the
// router against the standalone gateway's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../src/stack.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { globalId, toRestId } from '../support/ids.ts';
import {
  compose,
  type Product,
  post,
  servedGateway,
  startProducts,
  startRouter,
  startWorkspace,
} from './support.ts';

const ADMIN = { authorization: `Bearer ${DEMO_TOKENS.admin}` };

let workspace: RunningStack;
let docs: Awaited<ReturnType<typeof servedGateway>>;
let standalone: Awaited<ReturnType<typeof servedGateway>>;
let products: Awaited<ReturnType<typeof startProducts>>;
let router: Awaited<ReturnType<typeof startRouter>>;
let catalogue: Product[];
/** The global IDs of the spaces the products document, in product order. */
let spaceIds: string[];

const SPACE_FIELDS = /* GraphQL */ `
  title
  changeRequests(first: 10) {
    nodes {
      number
      subject
      comments(first: 10) { nodes { id postedAt body { markdown } } }
    }
  }
`;

beforeAll(async () => {
  workspace = await startWorkspace();
  docs = await servedGateway(workspace.url, true);
  standalone = await servedGateway(workspace.url, false);
  // Spaces of the demo data with change requests that have comments.
  const found = await post(
    standalone.url,
    `{ organizations(first: 10) { nodes { spaces(first: 100) { nodes { id
        changeRequests(first: 10) { nodes { id comments(first: 1) { totalCount } } } } } } } }`,
    {},
    ADMIN,
  );
  type Found = {
    organizations: {
      nodes: {
        spaces: {
          nodes: {
            id: string;
            changeRequests: { nodes: { id: string; comments: { totalCount: number } }[] };
          }[];
        };
      }[];
    };
  };
  const all = (found.data as Found).organizations.nodes.flatMap((o) => o.spaces.nodes);
  const commented = (s: (typeof all)[number]) =>
    s.changeRequests.nodes.some((cr) => cr.comments.totalCount > 0);
  // A space whose change requests have comments first, then two more with change requests.
  const spaces = [
    ...all.filter(commented),
    ...all.filter((s) => !commented(s) && s.changeRequests.nodes.length > 0),
  ].slice(0, 3);
  expect(spaces.length).toBe(3);
  expect(commented(spaces[0] as (typeof all)[number])).toBe(true);
  spaceIds = spaces.map((s) => s.id);
  catalogue = spaces.map((s, i) => ({
    sku: `sku-${i + 1}`,
    name: `Product ${i + 1}`,
    spaceRestId: toRestId(s.id, 'Space'),
    featuredChangeRequest: s.changeRequests.nodes[0]?.id as string,
  }));
  products = await startProducts(catalogue);
  const service = await post(docs.url, '{ _service { sdl } }', {}, ADMIN);
  const sdl = (service.data as { _service: { sdl: string } })._service.sdl;
  const productsService = await post(products.url, '{ _service { sdl } }');
  const supergraph = compose([
    { name: 'docs', url: docs.url, sdl },
    {
      name: 'products',
      url: products.url,
      sdl: (productsService.data as { _service: { sdl: string } })._service.sdl,
    },
  ]);
  router = await startRouter(supergraph);
}, 120_000);

afterAll(async () => {
  await router?.close();
  await products?.close();
  await docs?.close();
  await standalone?.close();
  await workspace?.close();
});

describe('a supergraph of docs-graph and a products subgraph, through Hive Gateway', () => {
  it('answers a query that starts in products and reaches spaces, change requests and comments as nodes does, with the same upstream calls', async () => {
    const before = docs.upstream.requests.length;
    const routed = await post(
      router.url,
      `{ products { sku name docs { ${SPACE_FIELDS} } } }`,
      {},
      ADMIN,
    );
    expect(routed.errors).toBeUndefined();
    const viaRouter = docs.upstream.paths(before);

    const from = standalone.upstream.requests.length;
    const direct = await post(
      standalone.url,
      `query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Space { ${SPACE_FIELDS} } } }`,
      { ids: spaceIds },
      ADMIN,
    );
    expect(direct.errors).toBeUndefined();
    const viaNodes = standalone.upstream.paths(from);

    const data = routed.data as { products: { sku: string; docs: unknown }[] };
    expect(data.products.map((p) => p.sku)).toEqual(catalogue.map((p) => p.sku));
    expect(data.products.map((p) => p.docs)).toEqual((direct.data as { nodes: unknown[] }).nodes);
    // Comments were reached (the spaces were chosen for them).
    expect(JSON.stringify(data)).toContain('"markdown"');
    expect(viaRouter).toEqual(viaNodes);
    expect(viaRouter.length).toBeGreaterThan(0);
    // The caller's token reached docs-graph's upstream calls through the router.
    const auth = docs.upstream.requests.slice(before).map((r) => r.authorization);
    expect(new Set(auth)).toEqual(new Set([ADMIN.authorization]));
  });

  it('answers a query that starts in docs-graph and reaches the products of a space', async () => {
    const routed = await post(
      router.url,
      `query ($id: ID!) { space(id: $id) { title restId products { sku name } } }`,
      { id: spaceIds[0] },
      ADMIN,
    );
    expect(routed.errors).toBeUndefined();
    const direct = await post(
      standalone.url,
      `query ($id: ID!) { space(id: $id) { title } }`,
      { id: spaceIds[0] },
      ADMIN,
    );
    expect(routed.data).toEqual({
      space: {
        title: (direct.data as { space: { title: string } }).space.title,
        restId: catalogue[0]?.spaceRestId,
        products: [{ sku: 'sku-1', name: 'Product 1' }],
      },
    });
    // The products subgraph was asked for the products of that space, by its REST id.
    expect(products.requests.some((q) => q.includes('_entities'))).toBe(true);
  });

  it('resolves a change request the products subgraph references by global ID', async () => {
    const routed = await post(
      router.url,
      `{ products { featuredChange { id number space { title } } } }`,
      {},
      ADMIN,
    );
    expect(routed.errors).toBeUndefined();
    const changes = (routed.data as { products: { featuredChange: { id: string } }[] }).products;
    expect(changes.map((p) => p.featuredChange.id)).toEqual(
      catalogue.map((p) => p.featuredChangeRequest),
    );
    expect(JSON.stringify(changes)).toContain('"number"');
  });

  it('keeps the codes of request-level errors through the router', async () => {
    const anonymous = await post(router.url, `{ products { docs { title } } }`);
    expect(anonymous.errors?.map((e) => e.extensions?.code)).toContain('UNAUTHENTICATED');

    const missing = await post(
      router.url,
      `query ($id: ID!) { space(id: $id) { title } }`,
      { id: globalId('Space', 'nosuchspace0000000') },
      ADMIN,
    );
    expect(missing.errors?.map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
  });

  it('keeps UPSTREAM_SHAPE field errors, with their path, through the router', async () => {
    const target = `/spaces/${catalogue[0]?.spaceRestId}`;
    docs.upstream.alter = (req, res) =>
      req.path === target
        ? { ...res, body: { ...(res.body as object), title: { not: 'a string' } } }
        : res;
    try {
      const routed = await post(router.url, `{ products { sku docs { title } } }`, {}, ADMIN);
      const shape = routed.errors?.filter((e) => e.extensions?.code === 'UPSTREAM_SHAPE') ?? [];
      expect(shape).toHaveLength(1);
      expect(shape[0]?.path).toEqual(['products', 0, 'docs', 'title']);
      const data = routed.data as { products: { docs: { title: string | null } }[] };
      expect(data.products[0]?.docs.title).toBeNull();
      expect(data.products[1]?.docs.title).toEqual(expect.any(String));
    } finally {
      docs.upstream.alter = undefined;
    }
  });

  it('keeps typed mutation errors through the router, with no upstream call', async () => {
    const before = docs.upstream.requests.length;
    const routed = await post(
      router.url,
      `mutation ($id: ID!, $title: String) {
        updateSpace(input: { spaceId: $id, title: $title }) {
          __typename
          ... on ValidationError { message fieldErrors { path } }
        }
      }`,
      { id: spaceIds[0], title: 'x'.repeat(51) },
      ADMIN,
    );
    expect(routed.errors).toBeUndefined();
    const result = (routed.data as { updateSpace: { __typename: string; fieldErrors: unknown } })
      .updateSpace;
    expect(result.__typename).toBe('ValidationError');
    expect(JSON.stringify(result.fieldErrors)).toContain('title');
    expect(docs.upstream.requests.length).toBe(before);
  });
});
