// The estimate is the budget, enforced where calls are made: an operation whose estimate is
// wrong (here made so on purpose, by a cost override for two fields) still makes no more calls
// than it was admitted for. The call past the budget is not made; its field fails
// COST_LIMIT_EXCEEDED and the rest of the answer stands. Calls counted at a proxy in front of the
// embedded `/v1`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostOverride } from '../../src/gateway/guard/estimate.ts';
import type { RunningStack } from '../../src/stack.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import {
  type CountingProxy,
  codes,
  countingProxy,
  post,
  type Served,
  serveGateway,
  startWorkspace,
} from './budgetSupport.ts';

/** What the estimate of the operation says under `WRONG_COSTS`. */
const UNDERESTIMATE = 2;

/**
 * Costs that make the estimate wrong: the organizations' page plus one call of its own (2), and
 * each organization's spaces free (a list in hand), where each is one more call.
 */
const WRONG_COSTS: CostOverride = (type, field) => {
  if (type === 'Query' && field === 'organizations') return { calls: 1 };
  if (type === 'Organization' && field === 'spaces') return { returns: 'arrayConnection' };
  return undefined;
};

const ADMIN = `Bearer ${DEMO_TOKENS.admin}`;
// A page of organizations, then a page of spaces for each: 1 + (organizations) calls.
const QUERY = `query Organizations { organizations(first: 5) { nodes { id spaces(first: 5) { nodes { id } } } } }`;

let workspace: RunningStack;
let proxy: CountingProxy;
let gateway: Served;
let honest: Served;

beforeAll(async () => {
  workspace = await startWorkspace();
  proxy = await countingProxy(workspace.url);
  const rateLimit = { capacity: 100, refillPerSecond: 0.001 };
  gateway = await serveGateway(proxy.url, { guard: { rateLimit, costOverride: WRONG_COSTS } });
  honest = await serveGateway(proxy.url, { guard: { rateLimit } });
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await honest?.close();
  await proxy?.close();
  await workspace?.close();
});

describe('the budget of an operation at runtime', () => {
  it('makes no call past its budget: that field fails COST_LIMIT_EXCEEDED, the rest stands', async () => {
    const from = proxy.seen.length;
    const answer = await post(gateway.url, QUERY, {}, ADMIN);
    const made = proxy.seen.length - from;
    const data = answer.data as { organizations: { nodes: ({ id: string } | null)[] } };
    const orgs = data.organizations.nodes;
    // The demo has more organizations than the budget leaves calls for.
    expect(orgs.length).toBeGreaterThan(UNDERESTIMATE - 1);
    expect(made).toBe(UNDERESTIMATE);
    expect(answer.extensions?.cost).toMatchObject({
      requested: UNDERESTIMATE,
      actual: UNDERESTIMATE,
      remaining: 100 - UNDERESTIMATE,
    });
    // Every organization is there; one has its spaces, the others a budget error at `spaces`.
    expect(orgs.every((o) => typeof o?.id === 'string')).toBe(true);
    const refused = (answer.errors ?? []).filter(
      (e) => e.extensions?.code === 'COST_LIMIT_EXCEEDED',
    );
    expect(codes(answer).every((c) => c === 'COST_LIMIT_EXCEEDED')).toBe(true);
    expect(refused.length).toBe(orgs.length - (UNDERESTIMATE - 1));
    for (const error of refused) {
      expect(error.path?.[0]).toBe('organizations');
      expect(error.path?.at(-1)).toBe('spaces');
    }
  });

  it('answers the same operation within its budget when the estimate holds', async () => {
    const from = proxy.seen.length;
    const answer = await post(honest.url, QUERY, {}, ADMIN);
    expect(codes(answer)).toEqual([]);
    const made = proxy.seen.length - from;
    expect(made).toBeGreaterThan(UNDERESTIMATE);
    expect(answer.extensions?.cost?.actual).toBe(made);
    expect(made).toBeLessThanOrEqual(answer.extensions?.cost?.requested as number);
  });
});
