import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../src/stack.ts';
import {
  eventually,
  gql,
  type Replica,
  startReplica,
  startWorkspace,
  subscribe,
} from './support.ts';

// One gateway without Redis: changes, comments, resumption with Last-Event-ID and the limits,
// all in memory.

let workspace: RunningStack;
let gateway: Replica;
let space: string;
let cr: string;

const CR_SUB = `subscription($id: ID!) { changeRequestChanged(id: $id) { id status subject } }`;
const COMMENTS_SUB = `subscription($space: ID!, $cr: ID) {
  commentsChanged(spaceId: $space, changeRequestId: $cr) { kind commentId comment { id status body { markdown } } } }`;

beforeAll(async () => {
  workspace = await startWorkspace();
  gateway = await startReplica(workspace.url, { pollIntervalMs: 300 });
  const data = await gql<{
    organizations: {
      nodes: {
        spaces: { nodes: { id: string; changeRequests: { nodes: { id: string }[] } }[] };
      }[];
    };
  }>(
    gateway.url,
    `{ organizations { nodes { spaces(first: 50) { nodes { id
      changeRequests(first: 1, status: OPEN) { nodes { id } } } } } } }`,
  );
  for (const org of data.organizations.nodes)
    for (const s of org.spaces.nodes) {
      const first = s.changeRequests.nodes[0];
      if (first && !cr) {
        space = s.id;
        cr = first.id;
      }
    }
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await workspace?.close();
});

const setSubject = (subject: string) =>
  gql(
    gateway.url,
    `mutation($id: ID!, $s: String!) { updateChangeRequest(input: { changeRequestId: $id, subject: $s }) { __typename } }`,
    { id: cr, s: subject },
  );

describe('live data in memory', () => {
  it('sends comment events: added, edited, resolved, deleted', async () => {
    const stream = subscribe(gateway.url, COMMENTS_SUB, { space, cr }, 'read');
    await stream.opened;
    await eventually(() => gateway.gateway.live.size === 1);
    const posted = await gql<{ postComment: { comment: { id: string } } }>(
      gateway.url,
      `mutation($space: ID!, $cr: ID!) { postComment(input: { spaceId: $space, changeRequestId: $cr, body: { markdown: "Live?" } }) {
        ... on CommentPayload { comment { id } } } }`,
      { space, cr },
      'comment',
    );
    const id = posted.postComment.comment.id;
    await stream.until(1);
    await gql(
      gateway.url,
      `mutation($id: ID!) { editComment(input: { commentId: $id, body: { markdown: "Live!" } }) { __typename } }`,
      { id },
      'comment',
    );
    await stream.until(2);
    await gql(
      gateway.url,
      `mutation($id: ID!) { resolveComment(input: { commentId: $id }) { __typename } }`,
      { id },
      'admin',
    ).catch(() =>
      gql(
        gateway.url,
        `mutation($id: ID!) { editComment(input: { commentId: $id, status: RESOLVED }) { __typename } }`,
        { id },
        'admin',
      ),
    );
    await stream.until(3);
    await gql(
      gateway.url,
      `mutation($id: ID!) { deleteComment(input: { commentId: $id }) { __typename } }`,
      { id },
      'admin',
    );
    const events = await stream.until(4);
    expect(
      events.map((e) => {
        const event = e.data.data?.commentsChanged as {
          kind: string;
          commentId: string;
          comment: { body: { markdown: string } } | null;
        };
        return [event.kind, event.commentId === id, event.comment?.body.markdown ?? null];
      }),
    ).toEqual([
      ['ADDED', true, 'Live?'],
      ['EDITED', true, 'Live!'],
      ['RESOLVED', true, 'Live!'],
      ['DELETED', true, null],
    ]);
    stream.close();
  });

  it('resumes from Last-Event-ID: what changed while disconnected arrives, once', async () => {
    const first = subscribe(gateway.url, CR_SUB, { id: cr }, 'read');
    await first.opened;
    await eventually(() => gateway.gateway.live.size === 1);
    await setSubject('Before the disconnect');
    const [seen] = await first.until(1);
    first.close();
    expect(await eventually(() => gateway.gateway.live.size === 0)).toBe(true);
    await setSubject('While disconnected');
    const resumed = subscribe(gateway.url, CR_SUB, { id: cr }, 'read', seen?.id);
    const [missed] = await resumed.until(1);
    expect(missed?.data.data).toMatchObject({
      changeRequestChanged: { subject: 'While disconnected' },
    });
    expect(Number(missed?.id?.split('.')[1])).toBeGreaterThan(Number(seen?.id?.split('.')[1]));
    resumed.close();
    expect(await eventually(() => gateway.gateway.live.size === 0)).toBe(true);
    // Resuming from the latest id: nothing changed since, nothing is sent.
    const again = subscribe(gateway.url, CR_SUB, { id: cr }, 'read', missed?.id);
    await again.opened;
    await eventually(() => gateway.gateway.live.size === 1);
    await setSubject('After resuming');
    const events = await again.until(1);
    expect(
      events.map(
        (e) => (e.data.data?.changeRequestChanged as { subject?: string } | undefined)?.subject,
      ),
    ).toEqual(['After resuming']);
    again.close();
  });

  it('refuses subscriptions beyond the limit per token', async () => {
    const limit = gateway.gateway.live.options.maxPerToken;
    expect(await eventually(() => gateway.gateway.live.size === 0)).toBe(true);
    const streams = Array.from({ length: limit }, () =>
      subscribe(gateway.url, CR_SUB, { id: cr }, 'edit'),
    );
    await Promise.all(streams.map((s) => s.opened));
    const reached = await eventually(() => gateway.gateway.live.size === limit);
    expect([reached, gateway.gateway.live.size]).toEqual([true, limit]);
    const refused = subscribe(gateway.url, CR_SUB, { id: cr }, 'edit');
    const [event] = await refused.until(1);
    expect(event?.data.errors?.[0]?.extensions?.code).toBe('SUBSCRIPTION_LIMIT');
    // Another token still subscribes.
    const other = subscribe(gateway.url, CR_SUB, { id: cr }, 'read');
    expect(await eventually(() => gateway.gateway.live.size === limit + 1)).toBe(true);
    for (const s of [...streams, refused, other]) s.close();
  });
});
