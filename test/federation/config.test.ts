import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
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
