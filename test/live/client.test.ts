import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChangeRequestLiveDocument,
  type ChangeRequestLiveSubscription,
  type ChangeRequestLiveSubscriptionVariables,
  type DocsGraphError,
  subscribeDocsGraph,
} from '../../src/client/index.ts';
import type { RunningStack } from '../../src/stack.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { globalId } from '../support/ids.ts';
import { eventually, gql, type Replica, startReplica, startWorkspace } from './support.ts';

// The typed client follows a subscription with the generated document: events arrive typed, an
// object that cannot be read ends it with the gateway's error.

let workspace: RunningStack;
let gateway: Replica;
let cr: string;

beforeAll(async () => {
  workspace = await startWorkspace();
  gateway = await startReplica(workspace.url);
  const data = await gql<{
    organizations: {
      nodes: { spaces: { nodes: { changeRequests: { nodes: { id: string }[] } }[] } }[];
    };
  }>(
    gateway.url,
    `{ organizations { nodes { spaces(first: 50) { nodes { changeRequests(first: 1, status: OPEN) { nodes { id } } } } } } }`,
  );
  const found = data.organizations.nodes
    .flatMap((o) => o.spaces.nodes)
    .flatMap((s) => s.changeRequests.nodes)[0];
  if (!found) throw new Error('no open change request');
  cr = found.id;
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await workspace?.close();
});

describe('the typed client’s subscriptions', () => {
  it('receives typed events, and the error of an object that does not exist', async () => {
    const received: ChangeRequestLiveSubscription[] = [];
    const stop = subscribeDocsGraph<
      ChangeRequestLiveSubscription,
      ChangeRequestLiveSubscriptionVariables
    >(
      { endpoint: gateway.url, token: DEMO_TOKENS.read },
      ChangeRequestLiveDocument,
      { id: cr },
      { onData: (data) => received.push(data) },
    );
    await eventually(() => gateway.gateway.live.size === 1);
    await gql(
      gateway.url,
      `mutation($id: ID!) { updateChangeRequest(input: { changeRequestId: $id, status: DRAFT }) { __typename } }`,
      { id: cr },
    );
    expect(await eventually(() => received.length === 1)).toBe(true);
    expect(received[0]?.changeRequestChanged).toMatchObject({ id: cr, status: 'DRAFT' });
    stop();

    const errors: DocsGraphError[] = [];
    subscribeDocsGraph(
      { endpoint: gateway.url, token: DEMO_TOKENS.read },
      ChangeRequestLiveDocument,
      // A change request of a space that does not exist.
      { id: globalId('ChangeRequest', 'no-such-space/no-such-cr') },
      { onData: () => {}, onError: (error) => errors.push(error) },
    );
    expect(await eventually(() => errors.length === 1)).toBe(true);
    expect(errors[0]?.errors[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
