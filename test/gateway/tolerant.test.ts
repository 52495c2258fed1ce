import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { oneOfField } from '../../src/contract/common.ts';
import { rawOf, ShapeDamage, UnseenAlternative } from '../../src/gateway/upstream/damage.ts';
import { parseTolerant } from '../../src/gateway/upstream/tolerant.ts';
import {
  listPage,
  restComment,
  restOrganization,
  restSpace,
  restUser,
} from '../support/fixtures.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';
import { errorCodes, errorPaths } from '../support/graph.ts';
import { addressId, globalId } from '../support/ids.ts';

type Json = Record<string, unknown>;

const page = (id: string, extra: Json = {}) => ({
  id,
  title: `Page ${id}`,
  type: 'document',
  slug: id,
  path: id,
  ...extra,
});

describe('tolerant parsing of upstream answers', () => {
  const Thing = z.object({
    id: z.string(),
    count: z.number(),
    label: z.string().optional(),
    tags: z.array(z.string()),
    nested: z.object({ flag: z.boolean() }).optional(),
    kind: z.literal('thing'),
  });

  it('keeps damage where it is, coerces digit strings and numbers, ignores unknown members', () => {
    const { value, deviations } = parseTolerant(
      Thing,
      {
        id: 7,
        count: '12',
        label: null,
        tags: ['a', { b: 1 }, 'c'],
        nested: { flag: 'yes' },
        kind: 'thing',
        extra: { anything: true },
      },
      'GET',
      '/things/7?limit=1',
    );
    expect(value.id).toBe('7');
    expect(value.count).toBe(12);
    expect('label' in value).toBe(false);
    expect(value.tags[0]).toBe('a');
    expect(value.tags[1]).toBeInstanceOf(ShapeDamage);
    expect(value.tags[2]).toBe('c');
    expect(value.nested?.flag).toBeInstanceOf(ShapeDamage);
    expect('extra' in value).toBe(false);
    expect(deviations.map((d) => [d.field, d.pattern, d.kind])).toEqual([
      ['id', 'id', 'coerced'],
      ['count', 'count', 'coerced'],
      ['tags.1', 'tags[]', 'invalid'],
      ['nested.flag', 'nested.flag', 'invalid'],
    ]);
    const error = (value.tags[1] as unknown as ShapeDamage).error();
    expect(error.message).toBe(
      'unexpected upstream value at tags.1 of GET /things/7: string expected, object received',
    );
    expect(error.extensions).toEqual({
      code: 'UPSTREAM_SHAPE',
      upstream: { method: 'GET', path: '/things/7', route: '/{unmatched}', field: 'tags.1' },
    });
  });

  it('marks a missing required member and serialises damage as the raw value', () => {
    const { value } = parseTolerant(Thing, { count: 1, tags: [], kind: 'other' }, 'GET', '/t');
    expect(value.id).toBeInstanceOf(ShapeDamage);
    expect(JSON.parse(JSON.stringify(value))).toEqual({ count: 1, tags: [], kind: 'other' });
    // A damaged value never becomes part of a string (an upstream address).
    expect(() => `/spaces/${value.id}`).toThrow('id of GET /t: string expected, absent');
  });

  it('keeps one-of values whole: typed members where they match, the raw value always', () => {
    const Body = oneOfField(z.object({ markdown: z.string() }), '{markdown}');
    const Holder = z.object({ body: Body, more: z.array(Body) });
    const { value } = parseTolerant(
      Holder,
      { body: { html: '<p>hi</p>' }, more: ['plain text', { markdown: 'ok', x: 1 }] },
      'GET',
      '/h',
    );
    expect(value.body).toEqual({});
    expect(rawOf(value.body)).toEqual({ html: '<p>hi</p>' });
    expect(value.more[0]).toBeInstanceOf(UnseenAlternative);
    expect(rawOf(value.more[0])).toBe('plain text');
    expect(value.more[1]).toEqual({ markdown: 'ok' });
    expect(rawOf(value.more[1])).toEqual({ markdown: 'ok', x: 1 });
  });
});

describe('damage stays local in the graph', () => {
  it('a page of 50 comments without `markdown` answers 50 comments with their other fields', async () => {
    const items = Array.from({ length: 50 }, (_, i) =>
      restComment(`k${i}`, { html: `<p>Comment ${i}</p>` }),
    );
    const upstream = new FakeUpstream({
      '/spaces/s1': restSpace('s1'),
      '/spaces/s1/comments?limit=51': listPage(items),
    });
    const result = await runSchema(
      upstream,
      `query($s: ID!) { node(id: $s) { ... on Space { comments { totalCount nodes {
        id status postedBy { displayName } body { markdown raw } } } } } }`,
      { s: globalId('Space', 's1') },
    );
    expect(result.errors).toBeUndefined();
    const nodes = (result.data as { node: { comments: { nodes: Json[] } } }).node.comments.nodes;
    expect(nodes).toHaveLength(50);
    expect(nodes[7]).toEqual({
      id: globalId('Comment', addressId('s1', 'k7')),
      status: 'OPEN',
      postedBy: { displayName: 'User u1' },
      body: { markdown: null, raw: { html: '<p>Comment 7</p>' } },
    });
  });

  it('an organization whose billing.endDate is null answers everything else', async () => {
    const org = restOrganization('o1', {
      billing: { interval: 'monthly', endDate: null, paidMembers: 3 },
    });
    const upstream = new FakeUpstream({
      '/orgs?limit=51': listPage([org, restOrganization('o2')]),
    });
    const result = await runSchema(
      upstream,
      '{ organizations { nodes { title billing { interval endDate paidMembers } } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      organizations: {
        nodes: [
          {
            title: 'Org o1',
            billing: { interval: 'monthly', endDate: null, paidMembers: 3 },
          },
          { title: 'Org o2', billing: null },
        ],
      },
    });
  });

  it('a page tree where one page lacks `slug` answers it null, with no error', async () => {
    const { slug: _slug, ...noSlug } = page('p2');
    const upstream = new FakeUpstream({
      '/spaces/s1': restSpace('s1'),
      '/spaces/s1/content/pages': { pages: [page('p1', { pages: [noSlug] })] },
    });
    const result = await runSchema(
      upstream,
      `query($s: ID!) { node(id: $s) { ... on Space { pages { pages { title slug } } } } }`,
      { s: globalId('Space', 's1') },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      node: { pages: [{ pages: [{ title: 'Page p2', slug: null }] }] },
    });
  });

  it('a page tree where one page has a `slug` of the wrong kind answers the whole tree', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1': restSpace('s1'),
      '/spaces/s1/content/pages': {
        pages: [page('p1', { pages: [page('p2', { slug: ['p2'] }), page('p3')] }), page('p4')],
      },
    });
    const result = await runSchema(
      upstream,
      `query($s: ID!) { node(id: $s) { ... on Space {
        pages { id title slug pages { id title slug } } } } }`,
      { s: globalId('Space', 's1') },
    );
    const pageId = (id: string) => globalId('Page', addressId('s1', id));
    expect(result.data).toEqual({
      node: {
        pages: [
          {
            id: pageId('p1'),
            title: 'Page p1',
            slug: 'p1',
            pages: [
              { id: pageId('p2'), title: 'Page p2', slug: null },
              { id: pageId('p3'), title: 'Page p3', slug: 'p3' },
            ],
          },
          { id: pageId('p4'), title: 'Page p4', slug: 'p4', pages: [] },
        ],
      },
    });
    expect(errorCodes(result.errors)).toEqual(['UPSTREAM_SHAPE']);
    expect(errorPaths(result.errors)).toEqual(['node.pages.0.pages.0.slug']);
    expect(result.errors?.[0]?.extensions?.upstream).toEqual({
      method: 'GET',
      path: '/spaces/s1/content/pages',
      route: '/spaces/{spaceId}/content/pages',
      field: 'pages.0.pages.0.slug',
    });
  });

  it('a null page in a child list fails that list alone, and primes nothing from it', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1': restSpace('s1'),
      '/spaces/s1/content/pages': {
        pages: [page('p1', { pages: [null, page('p3')] }), page('p4')],
      },
    });
    const result = await runSchema(
      upstream,
      `query($s: ID!) { node(id: $s) { ... on Space { pages { id title pages { id } } } } }`,
      { s: globalId('Space', 's1') },
    );
    const pageId = (id: string) => globalId('Page', addressId('s1', id));
    expect(result.data).toEqual({
      node: {
        pages: [
          { id: pageId('p1'), title: 'Page p1', pages: null },
          { id: pageId('p4'), title: 'Page p4', pages: [] },
        ],
      },
    });
    expect(errorCodes(result.errors)).toEqual(['UPSTREAM_SHAPE']);
    expect(errorPaths(result.errors)).toEqual(['node.pages.0.pages']);
    expect(result.errors?.[0]?.extensions?.upstream).toMatchObject({ field: 'pages.0.pages.0' });
  });

  it("a member's space list with a damaged space fails that item's space alone", async () => {
    const upstream = new FakeUpstream({
      '/orgs/o1/members/u1': {
        object: 'member',
        id: 'u1',
        role: 'edit',
        user: restUser('u1'),
        disabled: false,
        joinedAt: '2024-02-01T00:00:00.000Z',
        sso: false,
        spaces: 2,
        teams: 0,
      },
      '/orgs/o1/members/u1/spaces?limit=51': listPage([
        { permission: 'edit', space: 'not a space' },
        { permission: 'read', space: restSpace('s2') },
      ]),
    });
    const result = await runSchema(
      upstream,
      `query($m: ID!) { node(id: $m) { ... on Member {
        spaces { edges { node { permission space { id title } } } } } } }`,
      { m: globalId('Member', addressId('o1', 'u1')) },
    );
    expect(result.data).toEqual({
      node: {
        spaces: {
          edges: [
            { node: { permission: 'EDIT', space: null } },
            {
              node: {
                permission: 'READ',
                space: { id: globalId('Space', 's2'), title: 'Space s2' },
              },
            },
          ],
        },
      },
    });
    expect(errorCodes(result.errors)).toEqual(['UPSTREAM_SHAPE']);
    expect(errorPaths(result.errors)).toEqual(['node.spaces.edges.0.node.space']);
  });

  it('a SAML provider list with a null defaultRole keeps every provider', async () => {
    const provider = (id: string, defaultRole: unknown) => ({
      object: 'saml-provider',
      id,
      label: `SSO ${id}`,
      createdAt: '2024-01-01T00:00:00.000Z',
      status: 'active',
      defaultRole,
    });
    const upstream = new FakeUpstream({
      '/orgs/o1': restOrganization('o1'),
      '/orgs/o1/saml?limit=51': listPage([provider('p1', null), provider('p2', 'read')]),
    });
    const result = await runSchema(
      upstream,
      `query($o: ID!) { node(id: $o) { ... on Organization {
        samlProviders { nodes { label defaultRole } } } } }`,
      { o: globalId('Organization', 'o1') },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      node: {
        samlProviders: {
          nodes: [
            { label: 'SSO p1', defaultRole: null },
            { label: 'SSO p2', defaultRole: 'READ' },
          ],
        },
      },
    });
  });

  it('leaves out an item without a usable id, with one error, keeping cursors and page info', async () => {
    const items = [restSpace('a'), { ...restSpace('b'), id: '' }, restSpace('c')];
    const { id: _id, ...noId } = restSpace('d');
    const upstream = new FakeUpstream({
      '/orgs/o1': restOrganization('o1'),
      '/orgs/o1/spaces?limit=51': listPage([...items, noId, 'not a space', restSpace('e')]),
    });
    const query = `query($o: ID!) { node(id: $o) { ... on Organization {
      spaces { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { title } } } } } }`;
    const result = await runSchema(upstream, query, { o: globalId('Organization', 'o1') });
    type Spaces = {
      totalCount: number;
      pageInfo: Json;
      edges: Array<{ cursor: string; node: { title: string } }>;
    };
    const spaces = (result.data as { node: { spaces: Spaces } }).node.spaces;
    expect(spaces.totalCount).toBe(6);
    expect(spaces.edges.map((e) => e.node.title)).toEqual(['Space a', 'Space c', 'Space e']);
    expect(errorCodes(result.errors)).toEqual([
      'UPSTREAM_SHAPE',
      'UPSTREAM_SHAPE',
      'UPSTREAM_SHAPE',
    ]);
    expect(errorPaths(result.errors)).toEqual(['node.spaces', 'node.spaces', 'node.spaces']);
    expect(result.errors?.map((e) => (e.extensions?.upstream as Json | undefined)?.field)).toEqual([
      'items.1',
      'items.3',
      'items.4',
    ]);
    // The cursors and page info are those of the same page with every item intact.
    const intact = new FakeUpstream({
      '/orgs/o1': restOrganization('o1'),
      '/orgs/o1/spaces?limit=51': listPage(
        ['a', 'b', 'c', 'd', 'x', 'e'].map((id) => restSpace(id)),
      ),
    });
    const whole = await runSchema(intact, query, { o: globalId('Organization', 'o1') });
    const all = (whole.data as { node: { spaces: Spaces } }).node.spaces;
    expect(spaces.pageInfo).toEqual(all.pageInfo);
    expect(spaces.edges.map((e) => e.cursor)).toEqual([0, 2, 5].map((i) => all.edges[i]?.cursor));
  });
});
