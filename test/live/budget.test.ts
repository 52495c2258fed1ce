import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../src/stack.ts';
import { testRedis } from '../guard/redis.ts';
import { gql, metric, type Replica, startReplica, startWorkspace, subscribe } from './support.ts';

// Subscriptions pay for their upstream reads from their token's budget: a replica with a tiny
// budget per token serves two subscribers of one token; a replica without one makes the changes.

const CAPACITY = 5;
const redis = await testRedis('live-budget');
let workspace: RunningStack;
let writer: Replica;
let limited: Replica;
let cr: string;

const CR_SUB = `subscription($id: ID!) { changeRequestChanged(id: $id) { id status subject } }`;

beforeAll(async () => {
  if (!redis) return;
  workspace = await startWorkspace();
  // One poll when the object is first watched, then none while the test runs.
  const live = { prefix: redis.prefix, pollIntervalMs: 60_000 };
  writer = await startReplica(workspace.url, live);
  limited = await startReplica(workspace.url, {
    ...live,
    guard: {
      rateLimit: { capacity: CAPACITY, refillPerSecond: 0.001, keyPrefix: 'budget:' },
    },
  });
  const data = await gql<{
    organizations: {
      nodes: { spaces: { nodes: { changeRequests: { nodes: { id: string }[] } }[] } }[];
    };
  }>(
    writer.url,
    `{ organizations { nodes { spaces(first: 50) { nodes {
      changeRequests(first: 1, status: OPEN) { nodes { id } } } } } } }`,
  );
  const found = data.organizations.nodes
    .flatMap((o) => o.spaces.nodes)
    .flatMap((s) => s.changeRequests.nodes)[0];
  if (!found) throw new Error('the demo data has no open change request');
  cr = found.id;
}, 60_000);

afterAll(async () => {
  await writer?.close();
  await limited?.close();
  await workspace?.close();
  await redis?.cleanup();
});

const setSubject = (subject: string) =>
  gql(
    writer.url,
    `mutation($id: ID!, $s: String!) { updateChangeRequest(input: { changeRequestId: $id, subject: $s }) { __typename } }`,
    { id: cr, s: subject },
  );

describe.skipIf(!redis)('the budget of a subscription', () => {
  it('charges one read per change to the token, shared by its subscribers, then ends them', async () => {
    const first = subscribe(limited.url, CR_SUB, { id: cr }, 'read');
    const second = subscribe(limited.url, CR_SUB, { id: cr }, 'read');
    await Promise.all([first.opened, second.opened]);
    // The token paid its start read (shared) and its first poll: CAPACITY - 2 changes remain.
    const paid = CAPACITY - 2;
    for (let n = 1; n <= paid; n++) {
      await setSubject(`Budget ${n}`);
      await Promise.all([first.until(n), second.until(n)]);
    }
    // The next change finds the budget empty: an error event, then the end, for both.
    await setSubject('Over budget');
    const [a, b] = await Promise.all([first.until(paid + 2), second.until(paid + 2)]);
    for (const events of [a, b]) {
      expect(events.map((e) => e.event)).toEqual([...Array(paid + 1).fill('next'), 'complete']);
      const subjects = events
        .slice(0, paid)
        .map(
          (e) => (e.data.data?.changeRequestChanged as { subject?: string } | undefined)?.subject,
        );
      expect(subjects).toEqual(Array.from({ length: paid }, (_, i) => `Budget ${i + 1}`));
      const last = events[paid];
      expect(last?.data.errors?.[0]?.extensions?.code).toBe('THROTTLED');
      expect(JSON.stringify(last?.data)).not.toContain('Over budget');
    }
    // What was charged is what was read upstream: the start, one poll, one read per change.
    expect(await metric(limited, 'docs_graph_upstream_requests_total')).toBe(CAPACITY);
    expect(await metric(limited, 'docs_graph_live_polls_total')).toBe(1);
    expect(limited.gateway.live.size).toBe(0);
    // The token is out of budget for queries too; another token is not.
    const query = `{ organizations { nodes { id } } }`;
    await expect(gql(limited.url, query, {}, 'read')).rejects.toThrow(/THROTTLED/);
    await expect(gql(limited.url, query, {}, 'admin')).resolves.toBeDefined();
    first.close();
    second.close();
  });
});
