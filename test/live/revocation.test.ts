import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../src/stack.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { localIdOf, restIdOf } from '../support/ids.ts';
import { startRefusingProxy } from './proxy.ts';
import {
  eventually,
  gql,
  metric,
  type Replica,
  type SseEvent,
  startReplica,
  startWorkspace,
  subscribe,
  v1,
} from './support.ts';

// A subscriber whose token the upstream stops accepting is told once and let go; polling passes
// to another subscriber's token at once, so the others keep receiving changes made on /v1.

const INTERVAL = 300;
const CR_SUB = `subscription($id: ID!) { changeRequestChanged(id: $id) { id status subject } }`;

let workspace: RunningStack;
const replicas: Replica[] = [];
let crs: { id: string; rest: string; space: string; org: string }[] = [];

const subjectOf = (event: SseEvent | undefined) =>
  (event?.data.data?.changeRequestChanged as { subject?: string } | undefined)?.subject;

beforeAll(async () => {
  workspace = await startWorkspace();
  const lookup = await startReplica(workspace.url);
  replicas.push(lookup);
  const data = await gql<{
    organizations: {
      nodes: {
        id: string;
        spaces: { nodes: { changeRequests: { nodes: { id: string }[] } }[] };
      }[];
    };
  }>(
    lookup.url,
    `{ organizations { nodes { id spaces(first: 50) { nodes {
      changeRequests(first: 5, status: OPEN) { nodes { id } } } } } } }`,
  );
  for (const org of data.organizations.nodes)
    for (const space of org.spaces.nodes)
      for (const cr of space.changeRequests.nodes) {
        const local = localIdOf(cr.id, 'ChangeRequest');
        const [spaceRest, crRest] = local.split('/');
        const orgRest = restIdOf(org.id, 'Organization');
        crs.push({ id: cr.id, space: spaceRest ?? '', rest: crRest ?? '', org: orgRest });
      }
  crs = crs.slice(0, 5);
  if (crs.length < 5) throw new Error('the demo data has fewer than 5 open change requests');
}, 60_000);

afterAll(async () => {
  for (const r of replicas) await r.close();
  await workspace?.close();
});

/** Subscribes the read persona, then the admin (the first subscriber's token polls). */
async function watchers(replica: Replica, id: string) {
  const revoked = subscribe(replica.url, CR_SUB, { id }, 'read');
  await revoked.opened;
  const kept = subscribe(replica.url, CR_SUB, { id }, 'admin');
  await kept.opened;
  expect(
    await eventually(async () => (await metric(replica, 'docs_graph_live_polls_total')) > 0),
  ).toBe(true);
  return { revoked, kept };
}

/** The read persona's stream: one error event with `code`, then `complete`, nothing else. */
async function expectLetGo(events: SseEvent[], codes: RegExp) {
  expect(events.map((e) => e.event)).toEqual(['next', 'complete']);
  expect(events[0]?.data.data?.changeRequestChanged ?? null).toBeNull();
  expect(events[0]?.data.errors).toHaveLength(1);
  expect(events[0]?.data.errors?.[0]?.extensions?.code).toMatch(codes);
}

describe('a subscriber whose token is refused', () => {
  for (const status of [401, 403] as const) {
    const code = status === 401 ? /^UNAUTHENTICATED$/ : /^FORBIDDEN$/;

    it(`is told and let go when a poll is answered ${status}, and polling passes on`, async () => {
      const cr = crs[status === 401 ? 0 : 1] as (typeof crs)[number];
      const proxy = await startRefusingProxy(workspace.url);
      const replica = await startReplica(proxy.url, { pollIntervalMs: INTERVAL });
      replicas.push(replica);
      const { revoked, kept } = await watchers(replica, cr.id);
      proxy.refuse(DEMO_TOKENS.read, status);
      const subject = `Changed on /v1 after a ${status} poll`;
      await v1(workspace.url, 'PATCH', `/spaces/${cr.space}/change-requests/${cr.rest}`, {
        subject,
      });
      await expectLetGo(await revoked.until(2), code);
      const [event] = await kept.until(1);
      expect(subjectOf(event)).toBe(subject);
      // The refusal came from a poll (no change went through the gateway).
      expect(await metric(replica, 'docs_graph_live_polls_total', { status: String(status) })).toBe(
        1,
      );
      expect(await eventually(() => replica.gateway.live.size === 1)).toBe(true);
      kept.close();
      await proxy.close();
    });

    it(`is told and let go when the read of a change is answered ${status}`, async () => {
      const cr = crs[status === 401 ? 2 : 3] as (typeof crs)[number];
      const proxy = await startRefusingProxy(workspace.url);
      // One poll when the object is first watched, then none while the test runs.
      const replica = await startReplica(proxy.url, { pollIntervalMs: 60_000 });
      replicas.push(replica);
      const { revoked, kept } = await watchers(replica, cr.id);
      proxy.refuse(DEMO_TOKENS.read, status);
      const subject = `Changed through the gateway, read ${status}`;
      await gql(
        replica.url,
        `mutation($id: ID!, $s: String!) { updateChangeRequest(input: { changeRequestId: $id, subject: $s }) { __typename } }`,
        { id: cr.id, s: subject },
      );
      await expectLetGo(await revoked.until(2), code);
      const [event] = await kept.until(1);
      expect(subjectOf(event)).toBe(subject);
      expect(await metric(replica, 'docs_graph_live_polls_total')).toBe(1);
      // One start read, one poll, one refused read of the change.
      expect(proxy.calls(DEMO_TOKENS.read)).toBe(3);
      expect(await eventually(() => replica.gateway.live.size === 1)).toBe(true);
      kept.close();
      await proxy.close();
    });
  }

  it('is let go when its membership is removed, and the other subscriber keeps receiving changes made on /v1', async () => {
    const cr = crs[4] as (typeof crs)[number];
    const replica = await startReplica(workspace.url, { pollIntervalMs: INTERVAL });
    replicas.push(replica);
    const { revoked, kept } = await watchers(replica, cr.id);
    const members = (await (
      await fetch(`${workspace.url}/v1/orgs/${cr.org}/members?limit=100`, {
        headers: { authorization: `Bearer ${DEMO_TOKENS.admin}` },
      })
    ).json()) as { items: { user: { id: string; email: string } }[] };
    const reader = members.items.find((m) => m.user.email === 'remy@acme.test');
    if (!reader) throw new Error('the read persona is not a member');
    const polls = await metric(replica, 'docs_graph_live_polls_total');
    const removed = await fetch(`${workspace.url}/v1/orgs/${cr.org}/members/${reader.user.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${DEMO_TOKENS.admin}` },
    });
    expect(removed.status).toBe(204);
    const subject = 'Changed on /v1 after a member left';
    await v1(workspace.url, 'PATCH', `/spaces/${cr.space}/change-requests/${cr.rest}`, {
      subject,
    });
    await expectLetGo(await revoked.until(2), /^(NOT_FOUND|FORBIDDEN)$/);
    const [event] = await kept.until(1);
    expect(subjectOf(event)).toBe(subject);
    // Within two poll intervals: the refused poll and the admin's poll share one tick, and at
    // most one more tick ran between the removal and the change.
    const made = (await metric(replica, 'docs_graph_live_polls_total')) - polls;
    expect(made).toBeLessThanOrEqual(4);
    kept.close();
  });
});
