import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../src/stack.ts';
import { testRedis } from '../guard/redis.ts';
import { localIdOf } from '../support/ids.ts';
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

// Two gateway replicas on one Redis in front of one embedded /v1: changes made through either
// replica, or on /v1 directly, reach the subscribers of both; one replica polls each watched
// object; the events a subscriber gets are only those its own token can read.

const INTERVAL = 300;
const redis = await testRedis('live');
let workspace: RunningStack;
let a: Replica;
let b: Replica;
let crs: { id: string; rest: string; space: string }[] = [];

/** The subject a change request event carries. */
const subjectOf = (event: SseEvent | undefined) =>
  (event?.data.data?.changeRequestChanged as { subject?: string } | undefined)?.subject;

const CR_SUB = `subscription($id: ID!) { changeRequestChanged(id: $id) { id status subject } }`;

beforeAll(async () => {
  if (!redis) return;
  workspace = await startWorkspace();
  a = await startReplica(workspace.url, { prefix: redis.prefix, pollIntervalMs: INTERVAL });
  b = await startReplica(workspace.url, { prefix: redis.prefix, pollIntervalMs: INTERVAL });
  const data = await gql<{
    organizations: {
      nodes: { spaces: { nodes: { id: string; changeRequests: { nodes: { id: string }[] } }[] } }[];
    };
  }>(
    a.url,
    `{ organizations { nodes { spaces(first: 50) { nodes { id
      changeRequests(first: 5, status: OPEN) { nodes { id } } } } } } }`,
  );
  for (const org of data.organizations.nodes)
    for (const space of org.spaces.nodes)
      for (const cr of space.changeRequests.nodes) {
        const local = localIdOf(cr.id, 'ChangeRequest');
        const [spaceRest, crRest] = local.split('/');
        crs.push({ id: cr.id, space: spaceRest ?? '', rest: crRest ?? '' });
      }
  crs = crs.slice(0, 4);
  if (crs.length < 4) throw new Error('the demo data has fewer than 4 open change requests');
}, 60_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await workspace?.close();
  await redis?.cleanup();
});

describe.skipIf(!redis)('live data over two replicas on one Redis', () => {
  it('sends a subscriber on replica A the status a mutation on replica B set', async () => {
    const cr = crs[0] as (typeof crs)[number];
    const stream = subscribe(a.url, CR_SUB, { id: cr.id }, 'read');
    await stream.opened;
    await eventually(() => a.gateway.live.size === 1);
    const result = await gql<{ updateChangeRequest: { changeRequest: { status: string } } }>(
      b.url,
      `mutation($id: ID!) { updateChangeRequest(input: { changeRequestId: $id, status: ARCHIVED }) {
        ... on ChangeRequestPayload { changeRequest { status } } } }`,
      { id: cr.id },
      'admin',
    );
    expect(result.updateChangeRequest.changeRequest.status).toBe('ARCHIVED');
    const [event] = await stream.until(1);
    expect(event?.event).toBe('next');
    expect(event?.id).toMatch(/^r\.\d+$/);
    expect(event?.data.data).toEqual({
      changeRequestChanged: { id: cr.id, status: 'ARCHIVED', subject: expect.any(String) },
    });
    stream.close();
  });

  it('sends subscribers a change made on /v1 directly, found by a poll', async () => {
    const cr = crs[1] as (typeof crs)[number];
    const onA = subscribe(a.url, CR_SUB, { id: cr.id }, 'read');
    const onB = subscribe(b.url, CR_SUB, { id: cr.id }, 'edit');
    await Promise.all([onA.opened, onB.opened]);
    // Both replicas watch it, and a first poll has recorded its ETag.
    await eventually(
      async () =>
        (await metric(a, 'docs_graph_live_polls_total')) +
          (await metric(b, 'docs_graph_live_polls_total')) >
        0,
    );
    await v1(workspace.url, 'PATCH', `/spaces/${cr.space}/change-requests/${cr.rest}`, {
      subject: 'Changed outside the gateway',
    });
    const [fromA] = await onA.until(1);
    const [fromB] = await onB.until(1);
    expect(subjectOf(fromA)).toBe('Changed outside the gateway');
    expect(subjectOf(fromB)).toBe('Changed outside the gateway');
    onA.close();
    onB.close();
  });

  it('polls a change request watched by 20 subscribers on two replicas from one replica, mostly answered 304', async () => {
    const cr = crs[2] as (typeof crs)[number];
    const pollsOf = async (r: Replica) => metric(r, 'docs_graph_live_polls_total');
    // The streams of the tests before are closed: their subscriptions have ended on both replicas.
    expect(await eventually(() => a.gateway.live.size + b.gateway.live.size === 0)).toBe(true);
    const started = Date.now();
    const before = { a: await pollsOf(a), b: await pollsOf(b) };
    const unchangedBefore =
      (await metric(a, 'docs_graph_live_polls_total', { status: '304' })) +
      (await metric(b, 'docs_graph_live_polls_total', { status: '304' }));
    const streams = Array.from({ length: 20 }, (_, i) =>
      subscribe(i % 2 ? b.url : a.url, CR_SUB, { id: cr.id }, i % 3 ? 'read' : 'edit'),
    );
    await Promise.all(streams.map((s) => s.opened));
    // Let at least 8 polls happen.
    await eventually(
      async () => (await pollsOf(a)) + (await pollsOf(b)) - before.a - before.b >= 8,
    );
    const elapsed = Date.now() - started;
    const polls = { a: (await pollsOf(a)) - before.a, b: (await pollsOf(b)) - before.b };
    const unchanged =
      (await metric(a, 'docs_graph_live_polls_total', { status: '304' })) +
      (await metric(b, 'docs_graph_live_polls_total', { status: '304' })) -
      unchangedBefore;
    const total = polls.a + polls.b;
    // One replica holds the lease at a time (it may pass when a renewal comes late).
    expect(Math.min(polls.a, polls.b)).toBeLessThanOrEqual(1);
    // At most one poll per interval (plus the first), whatever the 20 subscribers.
    expect(total).toBeLessThanOrEqual(Math.floor(elapsed / INTERVAL) + 1);
    // Nothing changed: all were 304 but the first poll of each token that polled (one per
    // replica that held the lease).
    expect(unchanged).toBeGreaterThanOrEqual(total - 2);
    expect(unchanged).toBeGreaterThan(total / 2);
    for (const s of streams) expect(s.events).toEqual([]);
    for (const s of streams) s.close();
  });

  it('sends nothing to a subscriber whose token cannot read the object', async () => {
    const cr = crs[3] as (typeof crs)[number];
    const outsider = subscribe(a.url, CR_SUB, { id: cr.id }, 'outsider');
    const reader = subscribe(a.url, CR_SUB, { id: cr.id }, 'read');
    await Promise.all([outsider.opened, reader.opened]);
    await gql(
      b.url,
      `mutation($id: ID!) { updateChangeRequest(input: { changeRequestId: $id, subject: "Seen by members only" }) { __typename } }`,
      { id: cr.id },
    );
    await reader.until(1);
    const events = await outsider.until(1);
    // The outsider's subscription is refused at once: an error and the end, never the object.
    expect(events.map((e) => e.event)).toEqual(['next', 'complete'].slice(0, events.length));
    expect(events[0]?.data.data ?? null).toBeNull();
    expect(events[0]?.data.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|NOT_FOUND/);
    expect(JSON.stringify(outsider.events)).not.toContain('Seen by members only');
    outsider.close();
    reader.close();
  });

  it('hands polling over when the polling replica stops', async () => {
    const extra = await startReplica(workspace.url, {
      prefix: redis?.prefix ?? '',
      pollIntervalMs: INTERVAL,
    });
    const cr = crs[1] as (typeof crs)[number];
    const onExtra = subscribe(extra.url, CR_SUB, { id: cr.id }, 'read');
    const onA = subscribe(a.url, CR_SUB, { id: cr.id }, 'read');
    await Promise.all([onExtra.opened, onA.opened]);
    const pollsOf = async (r: Replica) => metric(r, 'docs_graph_live_polls_total');
    // Whichever polls: make the new replica the poller by waiting for its first poll.
    const aBefore = await pollsOf(a);
    const taken = await eventually(async () => (await pollsOf(extra)) > 0, 5_000);
    if (!taken) {
      // A holds the lease: stop A's subscriber so that A gives the lease back.
      onA.close();
      expect(await eventually(async () => (await pollsOf(extra)) > 0)).toBe(true);
    }
    expect(aBefore).toBeGreaterThanOrEqual(0);
    await extra.close();
    const before = await pollsOf(a);
    const restart = subscribe(a.url, CR_SUB, { id: cr.id }, 'read');
    await restart.opened;
    // The remaining replica polls within two intervals of the stop (counted in polls it makes).
    expect(await eventually(async () => (await pollsOf(a)) > before, INTERVAL * 2 + 500)).toBe(
      true,
    );
    await v1(workspace.url, 'PATCH', `/spaces/${cr.space}/change-requests/${cr.rest}`, {
      subject: 'After the handover',
    });
    const [event] = await restart.until(1);
    expect(subjectOf(event)).toBe('After the handover');
    onA.close();
    restart.close();
    onExtra.close();
  });
});
