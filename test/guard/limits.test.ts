import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { GuardOptions } from '../../src/gateway/guard/plugins.ts';
import { createGateway } from '../../src/gateway/yoga.ts';
import { FakeUpstream } from '../support/gateway.ts';

// Every refused query is answered before any upstream call: the fake upstream records none.
const upstream = new FakeUpstream({}, () => ({ status: 200, body: { items: [], count: 0 } }));

function gatewayWith(guard?: GuardOptions) {
  return createGateway({ upstream, ...(guard ? { guard } : {}) });
}

const gateway = gatewayWith();
const timings: string[] = [];

afterAll(() => {
  process.stdout.write(`refusals (ms, in process):\n${timings.join('\n')}\n`);
});

interface Answer {
  status: number;
  body: {
    data?: unknown;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
    extensions?: { cost?: { requested: number; actual: number } };
  };
}

async function post(
  query: string,
  variables: Record<string, unknown> = {},
  target = gateway,
): Promise<Answer> {
  const response = await target.fetch('http://gateway.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer limits' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

async function refused(name: string, query: string, variables: Record<string, unknown> = {}) {
  const before = upstream.requests.length;
  const started = performance.now();
  const answer = await post(query, variables);
  timings.push(`  ${name}: ${(performance.now() - started).toFixed(1)}`);
  expect(upstream.requests.length, `${name}: upstream calls`).toBe(before);
  expect(answer.body.data ?? null).toBeNull();
  return answer;
}

const codes = (answer: Answer) => answer.body.errors?.map((e) => e.extensions?.code);
const nested = (depth: number) =>
  `{ ${'organizations { nodes { '.repeat(depth / 2)}id${' } }'.repeat(depth / 2)} }`;

describe('static limits, before any upstream call', () => {
  it('depth 50: DEPTH_LIMIT_EXCEEDED', async () => {
    const answer = await refused('depth 50', nested(50));
    expect(codes(answer)).toContain('DEPTH_LIMIT_EXCEEDED');
    expect(answer.body.errors?.[0]?.message).toMatch(/depth limit of 12 exceeded/);
  });

  it('1,000 aliases: ALIAS_LIMIT_EXCEEDED', async () => {
    const aliases = Array.from({ length: 1000 }, (_, i) => `a${i}: id`).join(' ');
    const answer = await refused('1,000 aliases', `{ organizations { nodes { ${aliases} } } }`);
    expect(codes(answer)).toEqual(['ALIAS_LIMIT_EXCEEDED']);
    expect(answer.body.errors?.[0]?.message).toBe('Aliases limit of 30 exceeded, found 1000.');
  });

  it('a fragment cycle: GRAPHQL_VALIDATION_FAILED', async () => {
    const answer = await refused(
      'fragment cycle',
      'query { organizations { nodes { ...A } } } fragment A on Organization { ...B } fragment B on Organization { ...A }',
    );
    expect(codes(answer)).toContain('GRAPHQL_VALIDATION_FAILED');
    expect(answer.body.errors?.map((e) => e.message).join(' ')).toMatch(/Cannot spread fragment/);
  });

  it('a 1 MB query: QUERY_TOO_LARGE (413)', async () => {
    const answer = await refused('1 MB query', `{ __typename }${' '.repeat(1024 * 1024)}`);
    expect(codes(answer)).toEqual(['QUERY_TOO_LARGE']);
    expect(answer.status).toBe(413);
  });

  it('tokens, directives and root fields have their own codes', async () => {
    const tokens = `{ ${'__typename '.repeat(6000)}}`;
    expect(codes(await refused('6,000 tokens', tokens))).toEqual(['TOKEN_LIMIT_EXCEEDED']);
    const directives = `{ organizations { nodes { ${'id @include(if: true) '.repeat(60)} } } }`;
    expect(codes(await refused('60 directives', directives))).toContain('DIRECTIVE_LIMIT_EXCEEDED');
    const roots = `{ ${Array.from({ length: 25 }, (_, i) => `o${i}: organizations { totalCount }`).join(' ')} }`;
    expect(codes(await refused('25 root fields', roots))).toEqual(['ROOT_FIELD_LIMIT_EXCEEDED']);
  });

  it('1,000 aliases of node are refused: by tokens, else by aliases and root fields', async () => {
    const id = Buffer.from('Space:abc').toString('base64');
    const query = `{ ${Array.from({ length: 1000 }, (_, i) => `n${i}: node(id: "${id}") { id }`).join(' ')} }`;
    expect(codes(await refused('1,000 aliases of node', query))).toEqual(['TOKEN_LIMIT_EXCEEDED']);
    const before = upstream.requests.length;
    const answer = await post(
      query,
      {},
      createGateway({ upstream, limits: { documentTokens: 100_000 } }),
    );
    expect(upstream.requests.length).toBe(before);
    expect(codes(answer)).toEqual(['ALIAS_LIMIT_EXCEEDED', 'ROOT_FIELD_LIMIT_EXCEEDED']);
  });

  it('introspection can be disabled', async () => {
    const query = '{ __schema { queryType { name } } }';
    expect((await post(query)).body.errors).toBeUndefined();
    const closed = gatewayWith({ introspection: false });
    const answer = await post(query, {}, closed);
    expect(new Set(codes(answer))).toEqual(new Set(['GRAPHQL_VALIDATION_FAILED']));
    expect(answer.body.errors?.[0]?.message).toMatch(/introspection/);
  });
});

describe('cost and node limits, before any upstream call', () => {
  it('nodes with 2,000 ids: COST_LIMIT_EXCEEDED with the estimate', async () => {
    const ids = Array.from({ length: 2000 }, (_, i) =>
      Buffer.from(`Space:s${i}`).toString('base64'),
    );
    const answer = await refused(
      'nodes with 2,000 ids',
      'query($ids: [ID!]!) { nodes(ids: $ids) { id } }',
      { ids },
    );
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        extensions: { code: 'COST_LIMIT_EXCEEDED', cost: 2000, maximum: 1000 },
      }),
    ]);
    expect(answer.body.extensions?.cost).toMatchObject({ requested: 2000, actual: 0 });
  });

  it('a depth-4 fan-out of first: 20 lists: COST_LIMIT_EXCEEDED', async () => {
    const query = `{ organizations(first: 20) { nodes { spaces(first: 20) { nodes {
      changeRequests(first: 20) { nodes { comments(first: 20) { nodes { id } } } } } } } } }`;
    const answer = await refused('depth-4 fan-out of first: 20', query);
    // 1 + 20 + 20 x 20 + 20 x 20 x 20 list pages.
    expect(answer.body.errors?.[0]?.extensions).toEqual({
      code: 'COST_LIMIT_EXCEEDED',
      cost: 8421,
      maximum: 1000,
    });
  });

  it('more than 500,000 objects from lists: NODE_LIMIT_EXCEEDED', async () => {
    const query =
      '{ organizations(first: 1000) { nodes { spaces(first: 1000) { nodes { id } } } } }';
    const answer = await refused('1,001,000 nodes', query);
    expect(answer.body.errors?.[0]?.extensions).toEqual({
      code: 'NODE_LIMIT_EXCEEDED',
      nodes: 1_001_000,
      maximum: 500_000,
    });
  });

  it('the maximum is configurable, and a query under it runs with its cost reported', async () => {
    const query = '{ organizations(first: 5) { nodes { spaces(first: 5) { nodes { id } } } } }';
    const tight = gatewayWith({ maxCost: 5 });
    expect(codes(await post(query, {}, tight))).toEqual(['COST_LIMIT_EXCEEDED']);
    const before = upstream.requests.length;
    const answer = await post(query);
    expect(answer.body.errors).toBeUndefined();
    // The fake lists are empty: one call for the organizations, none for their spaces.
    expect(upstream.requests.length - before).toBe(1);
    expect(answer.body.extensions?.cost).toEqual({
      requested: 6,
      actual: 1,
      maximum: 1000,
      limit: null,
      remaining: null,
      resetAt: null,
    });
  });
});

describe('extensions.cost', () => {
  it('is on every response: answers, parse errors, refusals before planning, CSRF refusals', async () => {
    const empty = {
      requested: 0,
      actual: 0,
      maximum: 1000,
      limit: null,
      remaining: null,
      resetAt: null,
    };
    expect((await post('{ __typename }')).body.extensions?.cost).toEqual(empty);
    expect((await post('{ nope')).body.extensions?.cost).toEqual(empty);
    expect((await post(nested(50))).body.extensions?.cost).toEqual(empty);
    const csrf = await gateway.fetch('http://gateway.test/graphql?query=%7B__typename%7D');
    expect(csrf.status).toBe(403);
    expect(((await csrf.json()) as Answer['body']).extensions?.cost).toEqual(empty);
  });
});

describe('one table of limits, each set by its --limits entry and enforced once', () => {
  /** A gateway over a fake upstream with the limits `--limits <list>` configures. */
  const configured = (list: string, fake = upstream) =>
    createGateway({
      upstream: fake,
      limits: loadConfig({ flags: { limits: list }, env: {} }).server.limits,
    });
  // Two tokens per spread of the same fragment (which adds no field to merge or to run), 21 more.
  const tokens = (spreads: number) =>
    `{ organizations(first: 1) { nodes { ${'...F '.repeat(spreads)}} } }
    fragment F on Organization { title }`;

  it('documentTokens=20000 admits a 6,000-token document, which the default refuses', async () => {
    expect(codes(await post(tokens(3_000)))).toEqual(['TOKEN_LIMIT_EXCEEDED']);
    const wide = configured('documentTokens=20000');
    const answer = await post(tokens(3_000), {}, wide);
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toEqual({ organizations: { nodes: [] } });
    const over = await post(tokens(10_000), {}, wide);
    expect(codes(over)).toEqual(['TOKEN_LIMIT_EXCEEDED']);
    expect(over.body.errors?.[0]?.message).toBe('Token limit of 20000 exceeded.');
  });

  // `collection(id: "c1") { parent { ... { id } } }`: a chain of one collection, its own parent.
  const self = new FakeUpstream({
    '/collections/c1': {
      object: 'collection',
      id: 'c1',
      title: 'Self',
      organization: 'o1',
      parent: 'c1',
      defaultLevel: null,
    },
  });
  const chain = (depth: number) =>
    `{ collection(id: "c1") { ${'parent { '.repeat(depth - 2)}id${' }'.repeat(depth - 2)} } }`;
  const leaf = (data: unknown, depth: number): unknown => {
    let node = (data as { collection: unknown }).collection;
    for (let i = 0; i < depth - 2; i++) node = (node as { parent: unknown }).parent;
    return node;
  };

  it('queryDepth is the only depth limit', async () => {
    const defaults = createGateway({ upstream: self });
    expect((await post(chain(12), {}, defaults)).body.errors).toBeUndefined();
    const deep = await post(chain(13), {}, defaults);
    expect(codes(deep)).toEqual(['DEPTH_LIMIT_EXCEEDED']);
    expect(deep.body.errors?.[0]?.message).toBe('Query depth limit of 12 exceeded, found 13.');

    // 36 levels: past both limits there were (the guard's 12, the gateway's own 32).
    const answer = await post(chain(36), {}, configured('queryDepth=40', self));
    expect(answer.body.errors).toBeUndefined();
    expect(leaf(answer.body.data, 36)).toEqual({ id: expect.any(String) });

    const tight = await post(chain(5), {}, configured('queryDepth=4', self));
    expect(tight.body.errors?.[0]?.message).toBe('Query depth limit of 4 exceeded, found 5.');
  });

  it('idLength is one value: arguments, mutation inputs and (at most 200) path segments', async () => {
    const query = 'query($id: ID!) { space(id: $id) { id } }';
    const mutation = `mutation($id: ID!) { updateSpace(input: { spaceId: $id, title: "x" }) {
      __typename ... on ValidationError { fieldErrors { path message } } } }`;
    const before = upstream.requests.length;

    const argument = await post(query, { id: 'a'.repeat(201) });
    expect(argument.body.errors?.[0]).toMatchObject({
      message: 'id: at most 200 characters',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const input = await post(mutation, { id: 'a'.repeat(201) });
    expect(input.body.data).toEqual({
      updateSpace: {
        __typename: 'ValidationError',
        fieldErrors: [{ path: ['spaceId'], message: 'at most 200 characters' }],
      },
    });

    const short = configured('idLength=50');
    const shortArgument = await post(query, { id: 'a'.repeat(51) }, short);
    expect(shortArgument.body.errors?.[0]?.message).toBe('id: at most 50 characters');
    const shortInput = await post(mutation, { id: 'a'.repeat(51) }, short);
    expect(shortInput.body.data).toMatchObject({
      updateSpace: { fieldErrors: [{ path: ['spaceId'], message: 'at most 50 characters' }] },
    });
    expect(upstream.requests.length).toBe(before);

    // An id within the limit is one path segment of the upstream call.
    await post(query, { id: 'a'.repeat(200) });
    expect(upstream.requests.at(-1)?.path).toBe(`/spaces/${'a'.repeat(200)}`);
  });
});
