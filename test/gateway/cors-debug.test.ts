import { describe, expect, it } from 'vitest';
import { createGateway } from '../../src/gateway/yoga.ts';
import { FakeUpstream } from '../support/gateway.ts';

const upstream = () =>
  new FakeUpstream({
    '/orgs?limit=51': { count: 0, items: [] },
  });

const query = JSON.stringify({ query: '{ organizations { totalCount } }' });

function post(gateway: ReturnType<typeof createGateway>, headers: Record<string, string>) {
  return gateway.fetch('http://gateway.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer x', ...headers },
    body: query,
  });
}

function preflight(gateway: ReturnType<typeof createGateway>, origin: string) {
  return gateway.fetch('http://gateway.test/graphql', {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });
}

describe('debug header', () => {
  it('is ignored by default: upstream paths are not shown to callers', async () => {
    const gateway = createGateway({ upstream: upstream() });
    const body = (await (await post(gateway, { 'x-docs-graph-debug': '1' })).json()) as {
      data: unknown;
      extensions?: { upstream?: unknown };
    };
    expect(body.data).toEqual({ organizations: { totalCount: 0 } });
    expect(body.extensions?.upstream).toBeUndefined();
  });

  it("is honoured with debug: 'on-request', and debug: true lists calls in every response", async () => {
    const onRequest = createGateway({ upstream: upstream(), debug: 'on-request' });
    const asked = (await (await post(onRequest, { 'x-docs-graph-debug': '1' })).json()) as {
      extensions?: { upstream: unknown[] };
    };
    expect(asked.extensions?.upstream).toHaveLength(1);
    const notAsked = (await (await post(onRequest, {})).json()) as {
      extensions?: { upstream?: unknown };
    };
    expect(notAsked.extensions?.upstream).toBeUndefined();

    const always = createGateway({ upstream: upstream(), debug: true });
    const body = (await (await post(always, {})).json()) as {
      extensions?: { upstream: unknown[] };
    };
    expect(body.extensions?.upstream).toHaveLength(1);
  });
});

describe('CORS', () => {
  it('sends no cross-origin headers by default, whatever the origin', async () => {
    const gateway = createGateway({ upstream: upstream() });
    const response = await post(gateway, { origin: 'https://evil.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    const pre = await preflight(gateway, 'https://evil.example');
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows the listed origins only, with credentials', async () => {
    const gateway = createGateway({
      upstream: upstream(),
      corsOrigins: ['https://docs.example', 'http://localhost:5173'],
    });
    const pre = await preflight(gateway, 'http://localhost:5173');
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    expect(pre.headers.get('access-control-allow-headers')).toContain('authorization');
    const allowed = await post(gateway, { origin: 'https://docs.example' });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://docs.example');
    const other = await post(gateway, { origin: 'https://evil.example' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("allows any origin without credentials for '*'", async () => {
    const gateway = createGateway({ upstream: upstream(), corsOrigins: ['*'] });
    const response = await post(gateway, { origin: 'https://anyone.example' });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://anyone.example');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
