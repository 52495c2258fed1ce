import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { LiveOptions } from '../../src/gateway/live/options.ts';
import { mountGateway } from '../../src/gateway/mount.ts';
import { createGateway, type Gateway } from '../../src/gateway/yoga.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { gql } from './support.ts';

/** A gateway served over HTTP and WebSocket on its own port, with its own live limits. */
export interface Served {
  url: string;
  wsUrl: string;
  gateway: Gateway;
  close(): Promise<void>;
}

/** A gateway at `/graphql` on a loopback port (WebSockets on the same server). */
export async function serveGateway(
  upstream: string,
  options: { live?: Partial<LiveOptions>; corsOrigins?: readonly string[] } = {},
): Promise<Served> {
  const gateway = createGateway({
    upstream,
    guard: { maxCost: 100_000 },
    corsOrigins: options.corsOrigins ?? [],
    live: { pollIntervalMs: 60_000, heartbeatMs: 1_000, ...options.live },
  });
  // Client libraries may leave a connection open that never carried a request (a pre-connected
  // or aborted one): closing does not wait for its headers timeout.
  const app = Fastify({ forceCloseConnections: true });
  mountGateway(app, '/graphql', () => gateway);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    wsUrl: `ws://127.0.0.1:${port}/graphql`,
    gateway,
    async close() {
      await app.close();
      await gateway.upstream.close();
    },
  };
}

/**
 * The id of an open change request of the demo data that the outsider cannot read (some spaces
 * are public: their change requests are readable by anyone).
 */
export async function privateChangeRequest(url: string): Promise<string> {
  const data = await gql<{
    organizations: {
      nodes: { spaces: { nodes: { changeRequests: { nodes: { id: string }[] } }[] } }[];
    };
  }>(
    url,
    `{ organizations { nodes { spaces(first: 50) { nodes {
      changeRequests(first: 1, status: OPEN) { nodes { id } } } } } } }`,
  );
  const ids = data.organizations.nodes
    .flatMap((o) => o.spaces.nodes)
    .flatMap((s) => s.changeRequests.nodes)
    .map((cr) => cr.id);
  for (const id of ids) {
    const seen = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${DEMO_TOKENS.outsider}`,
      },
      body: JSON.stringify({
        query: 'query($id: ID!) { node(id: $id) { id } }',
        variables: { id },
      }),
    });
    const body = (await seen.json()) as { data?: { node: unknown } };
    if (!body.data?.node) return id;
  }
  throw new Error('the demo data has no open change request the outsider cannot read');
}

/** Sets the subject of a change request through the gateway (as the admin). */
export function setSubject(url: string, id: string, subject: string) {
  return gql(
    url,
    `mutation($id: ID!, $s: String!) { updateChangeRequest(input: { changeRequestId: $id, subject: $s }) { __typename } }`,
    { id, s: subject },
  );
}
