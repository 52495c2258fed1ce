import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../src/stack.ts';
import {
  gql,
  type Replica,
  type SseEvent,
  startReplica,
  startWorkspace,
  subscribe,
} from './support.ts';

// Resuming with `Last-Event-ID`: what changed since the id arrives at once; an id that names
// nothing the client missed (or nothing this gateway sent) sends nothing until the next change.

const CR_SUB = `subscription($id: ID!) { changeRequestChanged(id: $id) { id subject } }`;

let workspace: RunningStack;
let replica: Replica;
let crs: string[] = [];

const subjectOf = (event: SseEvent | undefined) =>
  (event?.data.data?.changeRequestChanged as { subject?: string } | undefined)?.subject;

beforeAll(async () => {
  workspace = await startWorkspace();
  // One poll when an object is first watched, then none: mutations make the changes.
  replica = await startReplica(workspace.url, { pollIntervalMs: 60_000 });
  const data = await gql<{
    organizations: {
      nodes: { spaces: { nodes: { changeRequests: { nodes: { id: string }[] } }[] } }[];
    };
  }>(
    replica.url,
    `{ organizations { nodes { spaces(first: 50) { nodes {
      changeRequests(first: 2, status: OPEN) { nodes { id } } } } } } }`,
  );
  crs = data.organizations.nodes
    .flatMap((o) => o.spaces.nodes)
    .flatMap((s) => s.changeRequests.nodes.map((n) => n.id))
    .slice(0, 2);
  if (crs.length < 2) throw new Error('the demo data has fewer than 2 open change requests');
}, 60_000);

afterAll(async () => {
  await replica?.close();
  await workspace?.close();
});

const setSubject = (id: string, subject: string) =>
  gql(
    replica.url,
    `mutation($id: ID!, $s: String!) { updateChangeRequest(input: { changeRequestId: $id, subject: $s }) { __typename } }`,
    { id, s: subject },
  );

/** Subscribes from `lastEventId`, then makes a change: the first event the stream receives. */
async function firstEventAfter(id: string, lastEventId: string | undefined, subject: string) {
  const stream = subscribe(replica.url, CR_SUB, { id }, 'admin', lastEventId);
  await stream.opened;
  await setSubject(id, subject);
  const [first] = await stream.until(1);
  stream.close();
  return first as SseEvent;
}

describe('resuming a subscription with Last-Event-ID', () => {
  it('sends what changed since a known id at once, and nothing for an id that names nothing missed', async () => {
    const cr = crs[0] as string;
    const one = await firstEventAfter(cr, undefined, 'One');
    expect(subjectOf(one)).toBe('One');
    const [epoch, seq] = (one.id ?? '').split('.');
    expect(epoch && seq).toBeTruthy();

    // Resumed from the last event received, with nothing missed: the next change is the first.
    const two = await firstEventAfter(cr, one.id, 'Two');
    expect(subjectOf(two)).toBe('Two');
    // Ids this gateway never gave: beyond its sequence, of another store, not an id at all.
    for (const [unknown, subject] of [
      [`${epoch}.999999999`, 'Three'],
      ['zzzz.3', 'Four'],
      ['not an id', 'Five'],
    ] as const) {
      const first = await firstEventAfter(cr, unknown, subject);
      expect(subjectOf(first)).toBe(subject);
    }

    // Resumed from an id before changes the client missed: the current object, at once.
    const held = subscribe(replica.url, CR_SUB, { id: cr }, 'admin', one.id);
    const older = subscribe(replica.url, CR_SUB, { id: cr }, 'admin', `${epoch}.0`);
    const [fromHeld] = await held.until(1);
    const [fromOlder] = await older.until(1);
    expect(subjectOf(fromHeld)).toBe('Five');
    expect(subjectOf(fromOlder)).toBe('Five');
    held.close();
    older.close();
  });

  it('sends nothing at once for an id after the last change of the object, even when not held', async () => {
    const [cr, other] = crs as [string, string];
    // A change of another object: an id of this store at which this object sent nothing.
    const elsewhere = await firstEventAfter(other, undefined, 'Elsewhere');
    const first = await firstEventAfter(cr, elsewhere.id, 'Six');
    expect(subjectOf(first)).toBe('Six');
  });
});
