// What a client can make the gateway do, over HTTP, with every call counted at a proxy in front
// of the embedded `/v1`: one credential is one budget however it is spelled, made-up tokens spend
// their sender's address budget, and `_entities` never makes more calls than it was admitted for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const ONE_CALL = '{ organizations(first: 1) { nodes { id } } }';
const ADMIN = DEMO_TOKENS.admin;

let workspace: RunningStack;
let proxy: CountingProxy;
const served: Served[] = [];

async function gateway(options: Parameters<typeof serveGateway>[1]) {
  const one = await serveGateway(proxy.url, options);
  served.push(one);
  return one;
}

beforeAll(async () => {
  workspace = await startWorkspace();
  proxy = await countingProxy(workspace.url);
}, 60_000);

afterAll(async () => {
  for (const one of served) await one.close();
  await proxy?.close();
  await workspace?.close();
});

describe('one credential, one budget', () => {
  it('shares one bucket between Bearer T, bearer T, BEARER T and Bearer  T', async () => {
    const { url } = await gateway({ guard: { rateLimit: { capacity: 20, refillPerSecond: 1 } } });
    const from = proxy.seen.length;
    const remaining: (number | null | undefined)[] = [];
    for (const spelling of [`Bearer ${ADMIN}`, `bearer ${ADMIN}`, `BEARER ${ADMIN}`]) {
      const answer = await post(url, ONE_CALL, {}, spelling);
      expect(codes(answer)).toEqual([]);
      remaining.push(answer.extensions?.cost?.remaining);
    }
    const spaced = await post(url, ONE_CALL, {}, `Bearer  ${ADMIN}`);
    expect(codes(spaced)).toEqual([]);
    remaining.push(spaced.extensions?.cost?.remaining);
    // One call each from one bucket of 20: a bucket per spelling would answer 19 each time.
    expect(remaining[0]).toBe(19);
    for (let i = 1; i < remaining.length; i++) {
      expect(remaining[i]).toBeLessThan(remaining[i - 1] as number);
    }
    // The upstream received one normalized header, whatever was sent.
    const sent = new Set(proxy.seen.slice(from).map((s) => s.authorization));
    expect([...sent]).toEqual([`Bearer ${ADMIN}`]);
    expect(proxy.seen.length - from).toBe(4);
  });

  it('makes 40 made-up tokens from one address spend that address budget', async () => {
    const capacity = 20;
    const { url } = await gateway({
      guard: { rateLimit: { capacity, refillPerSecond: 0.001 } },
    });
    // A token the upstream accepts is remembered as one: made-up tokens do not stop it.
    expect(codes(await post(url, ONE_CALL, {}, `Bearer ${ADMIN}`))).toEqual([]);
    const from = proxy.seen.length;
    const answers = [];
    for (let i = 0; i < 40; i++) {
      answers.push(await post(url, ONE_CALL, {}, `Bearer made-up-${i}`));
    }
    const made = proxy.seen.slice(from);
    expect(made.length).toBe(capacity);
    expect(made.every((s) => s.status === 401)).toBe(true);
    const throttled = answers.filter((a) => codes(a).includes('THROTTLED'));
    expect(throttled.length).toBe(40 - capacity);
    expect(throttled.every((a) => a.status === 429)).toBe(true);
    // Without a token the address's budget is the one spent: it is empty too.
    expect(codes(await post(url, ONE_CALL))).toEqual(['THROTTLED']);
    // The valid token's own budget and its calls are untouched by all this.
    const admin = await post(url, ONE_CALL, {}, `Bearer ${ADMIN}`);
    expect(codes(admin)).toEqual([]);
    expect(admin.extensions?.cost?.remaining).toBe(capacity - 2);
  });

  it('never charges a valid token twice: its address budget is not spent by its calls', async () => {
    const capacity = 3;
    const { url } = await gateway({
      guard: { rateLimit: { capacity, refillPerSecond: 0.001 } },
    });
    for (let i = 0; i < capacity; i++) {
      expect(codes(await post(url, ONE_CALL, {}, `Bearer ${ADMIN}`))).toEqual([]);
    }
    expect(codes(await post(url, ONE_CALL, {}, `Bearer ${ADMIN}`))).toEqual(['THROTTLED']);
    // Another valid token from the same address still finds the address budget whole.
    const other = await post(url, ONE_CALL, {}, `Bearer ${DEMO_TOKENS.read}`);
    expect(codes(other)).toEqual([]);
    expect(other.extensions?.cost?.remaining).toBe(capacity - 1);
  });
});

describe('_entities within its admitted calls', () => {
  let spaceId: string;
  const ENTITIES = 'query ($r: [_Any!]!) { _entities(representations: $r) { __typename } }';
  const byNumber = () =>
    Array.from({ length: 60 }, (_, k) => ({
      __typename: 'ChangeRequest',
      id: null,
      space: { id: spaceId },
      number: k + 1,
    }));

  beforeAll(async () => {
    const { url } = await gateway({});
    const found = await post(
      url,
      '{ organizations(first: 1) { nodes { spaces(first: 1) { nodes { id } } } } }',
      {},
      `Bearer ${ADMIN}`,
    );
    const data = found.data as {
      organizations: { nodes: { spaces: { nodes: { id: string }[] } }[] };
    };
    spaceId = data.organizations.nodes[0]?.spaces.nodes[0]?.id as string;
    expect(spaceId).toBeTruthy();
  });

  it('reads 60 change requests by number ({ id: null }) for no more calls than requested', async () => {
    const { url } = await gateway({ federation: true });
    const from = proxy.seen.length;
    const answer = await post(url, ENTITIES, { r: byNumber() }, `Bearer ${ADMIN}`);
    const made = proxy.seen.length - from;
    const cost = answer.extensions?.cost;
    expect(cost?.requested).toBe(60);
    expect(cost?.actual).toBe(made);
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThanOrEqual(cost?.requested as number);
  });

  it('refuses them under a lower --max-cost before any call', async () => {
    const { url } = await gateway({ federation: true, guard: { maxCost: 50 } });
    const from = proxy.seen.length;
    const answer = await post(url, ENTITIES, { r: byNumber() }, `Bearer ${ADMIN}`);
    expect(codes(answer)).toEqual(['COST_LIMIT_EXCEEDED']);
    expect(proxy.seen.length - from).toBe(0);
  });
});
