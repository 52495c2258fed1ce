import { describe, expect, it } from 'vitest';
import { createGateway } from '../../src/gateway/yoga.ts';
import { FakeUpstream } from '../support/gateway.ts';
import { globalId } from '../support/ids.ts';

const org = (id: string, title: string) => ({
  object: 'organization',
  id,
  title,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailDomains: [],
  type: 'business',
  inviteLinks: true,
  plan: 'free_2024',
  mergeRules: { type: 'rules', rules: [] },
});

/** An upstream whose only organization is named after the caller's token. */
function tokenEchoUpstream() {
  return new FakeUpstream({}, (req) => {
    if (!req.authorization)
      return { status: 401, body: { error: { code: 401, message: 'missing bearer token' } } };
    const who = req.authorization.replace(/^Bearer /, '');
    if (req.path.startsWith('/orgs?'))
      return { body: { count: 1, items: [org(`org-${who}`, `Org of ${who}`)] } };
    if (req.path === `/orgs/org-${who}`) return { body: org(`org-${who}`, `Org of ${who}`) };
    return { status: 404, body: { error: { code: 404, message: 'organization not found' } } };
  });
}

async function post(
  gateway: ReturnType<typeof createGateway>,
  query: string,
  headers: Record<string, string> = {},
  variables: Record<string, unknown> = {},
) {
  const response = await gateway.fetch('http://gateway.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & {
      data?: Record<string, unknown>;
      errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
    },
  };
}

describe('the gateway over HTTP', () => {
  it('forwards the Authorization header unchanged and keeps concurrent requests apart', async () => {
    const upstream = tokenEchoUpstream();
    const gateway = createGateway({ upstream });
    const tokens = ['alice', 'bob', 'carol', 'dave'];
    const results = await Promise.all(
      tokens.map((token) =>
        post(gateway, '{ organizations { nodes { title } } }', {
          authorization: `Bearer ${token}`,
        }),
      ),
    );
    results.forEach((result, i) => {
      expect(result.body.data).toEqual({
        organizations: { nodes: [{ title: `Org of ${tokens[i]}` }] },
      });
    });
    expect(new Set(upstream.requests.map((r) => r.authorization))).toEqual(
      new Set(tokens.map((t) => `Bearer ${t}`)),
    );
  });

  it('never serves one request what another fetched', async () => {
    const upstream = tokenEchoUpstream();
    const gateway = createGateway({ upstream });
    const query = 'query($id: ID!) { organization(id: $id) { title } }';
    await post(gateway, query, { authorization: 'Bearer alice' }, { id: 'org-alice' });
    const bob = await post(gateway, query, { authorization: 'Bearer bob' }, { id: 'org-alice' });
    expect(bob.status).toBe(200);
    expect(bob.body.data).toEqual({ organization: null });
    expect(bob.body.errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    expect(upstream.requests.filter((r) => r.path === '/orgs/org-alice')).toHaveLength(2);
  });

  it('answers UNAUTHENTICATED when the upstream refuses a missing token', async () => {
    const gateway = createGateway({ upstream: tokenEchoUpstream() });
    const result = await post(gateway, '{ organizations { totalCount } }');
    expect(result.body.errors?.[0]?.extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      status: 401,
    });
    expect(result.body.errors?.[0]?.message).toContain('authorization: Bearer <token>');
  });

  it('lists upstream calls in extensions only when asked', async () => {
    const gateway = createGateway({ upstream: tokenEchoUpstream(), debug: 'on-request' });
    const query = '{ organizations { nodes { id title } } }';
    const plain = await post(gateway, query, { authorization: 'Bearer alice' });
    expect((plain.body.extensions as Record<string, unknown>).upstream).toBeUndefined();
    const debug = await post(gateway, query, {
      authorization: 'Bearer alice',
      'x-docs-graph-debug': '1',
    });
    expect((debug.body.extensions as Record<string, unknown>).upstream).toEqual([
      {
        method: 'GET',
        path: '/orgs?limit=51',
        status: 200,
        ms: expect.any(Number),
        loader: false,
      },
    ]);
  });

  it('masks unexpected errors', async () => {
    const upstream = new FakeUpstream({}, () => {
      throw new Error('secret internal detail');
    });
    const gateway = createGateway({ upstream });
    const result = await post(gateway, '{ organizations { totalCount } }', {
      authorization: 'Bearer x',
    });
    expect(result.body.errors?.[0]?.message).toBe('Unexpected error.');
    expect(JSON.stringify(result.body)).not.toContain('secret internal detail');
  });

  it('answers a node ID of an unknown type as an error, not a crash', async () => {
    const gateway = createGateway({ upstream: tokenEchoUpstream() });
    const result = await post(
      gateway,
      'query($id: ID!) { node(id: $id) { id } }',
      { authorization: 'Bearer a' },
      { id: globalId('Nope', 'x') },
    );
    expect(result.status).toBe(200);
    expect(result.body.errors?.length).toBeGreaterThan(0);
  });

  it('serves GraphiQL to browsers with the example query and the configured token', async () => {
    const gateway = createGateway({
      upstream: tokenEchoUpstream(),
      graphiql: { token: 'dg_demo_admin' },
    });
    const response = await gateway.fetch('http://gateway.test/graphql', {
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Bearer dg_demo_admin');
    expect(html).toContain('query Dashboard');
    expect(html).not.toMatch(/unpkg\.com|cdn\.jsdelivr/);
  });

  it('answers a syntax error without an upstream call', async () => {
    const upstream = tokenEchoUpstream();
    const gateway = createGateway({ upstream });
    const result = await post(gateway, '{ organizations { ', { authorization: 'Bearer a' });
    expect(result.body.errors?.[0]?.message).toMatch(/Syntax Error/);
    expect(result.body.data).toBeUndefined();
    expect(upstream.requests).toHaveLength(0);
  });
});
