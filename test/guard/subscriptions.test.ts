// Subscriptions pass through the same guard as queries, over SSE against the embedded `/v1` with
// every call counted at a proxy: refused at subscribe with the query's code and no call, and
// each event resolved under a budget of its own, its calls charged to the subscriber.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../src/stack.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { subscribe } from '../live/support.ts';
import {
  type CountingProxy,
  codes,
  countingProxy,
  post,
  type Served,
  serveGateway,
  startWorkspace,
} from './budgetSupport.ts';

const ADMIN = `Bearer ${DEMO_TOKENS.admin}`;
const READ = `Bearer ${DEMO_TOKENS.read}`;

let workspace: RunningStack;
let proxy: CountingProxy;
const served: Served[] = [];
let cr: string;

async function gateway(options: Parameters<typeof serveGateway>[1]) {
  const one = await serveGateway(proxy.url, options);
  served.push(one);
  return one;
}

/** The codes of the errors a subscription request is answered with (it ends at once). */
async function refusal(url: string, query: string, variables: Record<string, unknown>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      accept: 'text/event-stream',
      'content-type': 'application/json',
      authorization: READ,
    },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  const payloads = text.startsWith('{')
    ? [text]
    : text
        .split('\n')
        .filter((line) => line.startsWith('data:') && line.length > 'data:'.length + 1)
        .map((line) => line.slice('data:'.length).trim());
  return payloads
    .flatMap(
      (p) => (JSON.parse(p) as { errors?: { extensions?: { code?: string } }[] }).errors ?? [],
    )
    .map((e) => e.extensions?.code);
}

const FAN_OUT = `space { changeRequests(first: 1000) { nodes { comments(first: 1000) { nodes {
  replies(first: 1000) { nodes { id } } } } } } }`;
const WITH_SPACE = 'id subject space { title }';

beforeAll(async () => {
  workspace = await startWorkspace();
  proxy = await countingProxy(workspace.url);
  const { url } = await gateway({ guard: { maxCost: 100_000 } });
  const found = await post(
    url,
    `{ organizations { nodes { spaces(first: 50) { nodes {
      changeRequests(first: 1, status: OPEN) { nodes { id } } } } } } }`,
    {},
    ADMIN,
  );
  const data = found.data as {
    organizations: {
      nodes: { spaces: { nodes: { changeRequests: { nodes: { id: string }[] } }[] } }[];
    };
  };
  cr = data.organizations.nodes
    .flatMap((o) => o.spaces.nodes)
    .flatMap((s) => s.changeRequests.nodes)[0]?.id as string;
  expect(cr).toBeTruthy();
}, 60_000);

afterAll(async () => {
  for (const one of served) await one.close();
  await proxy?.close();
  await workspace?.close();
});

describe('the guard at subscribe', () => {
  it('refuses a selection the node limit refuses as a query, with its code and no call', async () => {
    const { url } = await gateway({});
    const query = await post(
      url,
      `query($id: ID!) { node(id: $id) { ... on ChangeRequest { ${FAN_OUT} } } }`,
      { id: cr },
      READ,
    );
    expect(codes(query)).toEqual(['NODE_LIMIT_EXCEEDED']);
    const from = proxy.seen.length;
    const codesOf = await refusal(
      url,
      `subscription($id: ID!) { changeRequestChanged(id: $id) { ${FAN_OUT} } }`,
      { id: cr },
    );
    expect(codesOf).toEqual(['NODE_LIMIT_EXCEEDED']);
    expect(proxy.seen.length - from).toBe(0);
    expect(served.at(-1)?.gateway.live.size).toBe(0);
  });

  it('refuses an estimate over --max-cost as the query is refused', async () => {
    const { url } = await gateway({ guard: { maxCost: 1 } });
    const query = await post(
      url,
      `query($id: ID!) { node(id: $id) { ... on ChangeRequest { ${WITH_SPACE} } } }`,
      { id: cr },
      READ,
    );
    expect(codes(query)).toEqual(['COST_LIMIT_EXCEEDED']);
    const from = proxy.seen.length;
    const codesOf = await refusal(
      url,
      `subscription($id: ID!) { changeRequestChanged(id: $id) { ${WITH_SPACE} } }`,
      { id: cr },
    );
    expect(codesOf).toEqual(['COST_LIMIT_EXCEEDED']);
    expect(proxy.seen.length - from).toBe(0);
  });

  it('charges the estimate at subscribe: a budget short of it is THROTTLED with no call', async () => {
    const { url } = await gateway({
      guard: { rateLimit: { capacity: 1, refillPerSecond: 0.001 } },
    });
    const from = proxy.seen.length;
    const codesOf = await refusal(
      url,
      `subscription($id: ID!) { changeRequestChanged(id: $id) { ${WITH_SPACE} } }`,
      { id: cr },
    );
    expect(codesOf).toEqual(['THROTTLED']);
    expect(proxy.seen.length - from).toBe(0);
  });
});

describe('events under their own budget', () => {
  it('resolves each event under the estimate and charges its calls to the subscriber', async () => {
    const capacity = 100;
    const live = await gateway({
      guard: { rateLimit: { capacity, refillPerSecond: 0.001 } },
    });
    const from = proxy.seen.length;
    const stream = subscribe(
      live.url,
      `subscription($id: ID!) { changeRequestChanged(id: $id) { ${WITH_SPACE} } }`,
      { id: cr },
      'read',
    );
    await stream.opened;
    const changes = 3;
    for (let n = 1; n <= changes; n++) {
      await post(
        live.url,
        `mutation($id: ID!, $s: String!) { updateChangeRequest(input: { changeRequestId: $id, subject: $s }) { __typename } }`,
        { id: cr, s: `Per event ${n}` },
        ADMIN,
      );
      await stream.until(n);
    }
    stream.close();
    // Each event reads the space again (2 calls were admitted per event, 2 per operation would
    // have failed the later ones): every event has its title and no error.
    const events = stream.events.slice(0, changes);
    for (const [i, event] of events.entries()) {
      expect(event.data.errors).toBeUndefined();
      const value = event.data.data?.changeRequestChanged as {
        subject: string;
        space: { title: string | null };
      };
      expect(value.subject).toBe(`Per event ${i + 1}`);
      expect(value.space.title).toBeTruthy();
    }
    // What the subscriber's token made upstream: its start, one poll, then per change the read
    // of the change request and the event's read of the space.
    const byReader = proxy.seen.slice(from).filter((s) => s.authorization === READ);
    expect(byReader.length).toBe(2 + 2 * changes);
    // All of it charged to its budget (a query of one call after it shows what is left).
    const after = await post(live.url, '{ organizations(first: 1) { nodes { id } } }', {}, READ);
    expect(after.extensions?.cost?.remaining).toBe(capacity - byReader.length - 1);
  });
});
