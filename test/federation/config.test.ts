import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { subgraph } from '../../src/gateway/federation/schema.ts';
import { createGateway } from '../../src/gateway/yoga.ts';
import { FakeUpstream } from '../support/gateway.ts';

async function typeNames(federation: boolean | undefined): Promise<unknown> {
  const gateway = createGateway({
    upstream: new FakeUpstream(),
    graphiql: false,
    ...(federation === undefined ? {} : { federation }),
  });
  const response = await gateway.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ __type(name: "_Service") { name } }' }),
  });
  return ((await response.json()) as { data: { __type: unknown } }).data.__type;
}

describe('--federation', () => {
  it('is off by default, on with the flag or DOCS_GRAPH_FEDERATION=1, for gateway and start', () => {
    expect(loadConfig({ env: {} }).gateway.federation).toBe(false);
    for (const command of ['gateway', 'start'] as const) {
      expect(loadConfig({ flags: { federation: true }, env: {}, command }).gateway.federation).toBe(
        true,
      );
    }
    expect(loadConfig({ env: { DOCS_GRAPH_FEDERATION: '1' } }).gateway.federation).toBe(true);
  });

  it('makes createGateway serve the subgraph schema; the standalone graph otherwise', async () => {
    expect(await typeNames(true)).toEqual({ name: '_Service' });
    expect(await typeNames(false)).toBeNull();
    expect(await typeNames(undefined)).toBeNull();
  });
});

describe('_service under --disable-introspection', () => {
  const ask = async (introspection: boolean, query: string) => {
    const upstream = new FakeUpstream();
    const gateway = createGateway({
      upstream,
      graphiql: false,
      federation: true,
      guard: { introspection },
    });
    const response = await gateway.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as {
      data?: Record<string, unknown>;
      errors?: { message: string; extensions?: { code?: string } }[];
    };
  };

  it('answers the SDL while introspection is on', async () => {
    const body = await ask(true, '{ _service { sdl } }');
    expect(body.data).toEqual({ _service: { sdl: subgraph().sdl } });
  });

  it('is refused, as __schema is, when introspection is disabled', async () => {
    for (const query of [
      '{ _service { sdl } }',
      'query { __typename ... on Query { _service { sdl } } }',
      '{ ...F } fragment F on Query { s: _service { sdl } }',
    ]) {
      const body = await ask(false, query);
      expect(body.data).toBeUndefined();
      expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
      expect(body.errors?.[0]?.message).toMatch(/_service.*schema\/subgraph\.graphql/);
    }
    expect((await ask(false, '{ __schema { queryType { name } } }')).errors?.[0]?.message).toMatch(
      /introspection/,
    );
    // Everything else of the subgraph is served.
    expect((await ask(false, '{ __typename }')).data).toEqual({ __typename: 'Query' });
  });
});
