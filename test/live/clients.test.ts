import { ApolloClient, gql as apolloGql, HttpLink, InMemoryCache } from '@apollo/client';
import { Defer20220824Handler } from '@apollo/client/incremental';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { fetchExchange, subscriptionExchange, Client as UrqlClient } from '@urql/core';
import { createClient as createSseClient } from 'graphql-sse';
import { createClient as createWsClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningStack } from '../../src/stack.ts';
import { DEMO_TOKENS, type DemoPersona } from '../../src/workspace/demo/users.ts';
import { eventually, startWorkspace } from './support.ts';
import {
  privateChangeRequest,
  type Served,
  serveGateway,
  setSubject,
} from './transports.support.ts';

// Each client library a user reaches for subscribes over its own transport at /graphql and
// receives the change a mutation makes; the outsider (no membership) receives nothing on any.

const SUBSCRIPTION = `subscription Live($id: ID!) { changeRequestChanged(id: $id) { id subject } }`;

let workspace: RunningStack;
let served: Served;
let cr: string;

beforeAll(async () => {
  workspace = await startWorkspace();
  served = await serveGateway(workspace.url);
  cr = await privateChangeRequest(served.url);
}, 60_000);

afterAll(async () => {
  await served?.close();
  await workspace?.close();
});

/** What one subscription received: data events and errors. */
interface Received {
  data: { changeRequestChanged?: { id: string; subject: string } | null }[];
  errors: { message: string; code?: unknown }[];
  stop(): void;
}

const bearer = (as: DemoPersona) => `Bearer ${DEMO_TOKENS[as]}`;

function received(): Omit<Received, 'stop'> {
  return { data: [], errors: [] };
}

/** Errors of a result or of a failure, as messages and codes. */
function errorsOf(value: unknown): { message: string; code?: unknown }[] {
  const list = Array.isArray(value)
    ? value
    : ((value as { errors?: unknown[]; graphQLErrors?: unknown[] })?.errors ??
      (value as { graphQLErrors?: unknown[] })?.graphQLErrors ?? [value]);
  return list.map((e) => ({
    message: String((e as { message?: unknown }).message),
    code: (e as { extensions?: { code?: unknown } }).extensions?.code,
  }));
}

/** A subscription through graphql-ws's own client. */
function viaGraphqlWs(as: DemoPersona): Received {
  const out = received();
  const client = createWsClient({
    url: served.wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: bearer(as) },
    retryAttempts: 0,
  });
  const stop = client.subscribe<Received['data'][number]>(
    { query: SUBSCRIPTION, variables: { id: cr } },
    {
      next: (result) => {
        if (result.data) out.data.push(result.data);
        if (result.errors) out.errors.push(...errorsOf(result.errors));
      },
      error: (error) => out.errors.push(...errorsOf(error)),
      complete: () => {},
    },
  );
  return {
    ...out,
    stop: () => {
      stop();
      void client.dispose();
    },
  };
}

/** A subscription through graphql-sse's client, in either of its modes. */
function viaGraphqlSse(as: DemoPersona, singleConnection: boolean): Received {
  const out = received();
  const client = createSseClient({
    url: served.url,
    singleConnection,
    headers: { authorization: bearer(as) },
    retryAttempts: 0,
  });
  const stop = client.subscribe<Received['data'][number]>(
    { query: SUBSCRIPTION, variables: { id: cr } },
    {
      next: (result) => {
        if (result.data) out.data.push(result.data);
        if (result.errors) out.errors.push(...errorsOf(result.errors));
      },
      error: (error) => out.errors.push(...errorsOf(error)),
      complete: () => {},
    },
  );
  return {
    ...out,
    stop: () => {
      stop();
      client.dispose();
    },
  };
}

/** Apollo Client 4 over `HttpLink` (multipart HTTP) or `GraphQLWsLink` (graphql-ws). */
function viaApollo(as: DemoPersona, link: 'http' | 'ws'): Received {
  const out = received();
  const wsClient =
    link === 'ws'
      ? createWsClient({
          url: served.wsUrl,
          webSocketImpl: WebSocket,
          connectionParams: { authorization: bearer(as) },
          retryAttempts: 0,
        })
      : undefined;
  const client = new ApolloClient({
    link: wsClient
      ? new GraphQLWsLink(wsClient)
      : new HttpLink({ uri: served.url, headers: { authorization: bearer(as) } }),
    cache: new InMemoryCache(),
  });
  const subscription = client
    .subscribe<Received['data'][number]>({
      query: apolloGql(SUBSCRIPTION),
      variables: { id: cr },
      fetchPolicy: 'no-cache',
    })
    .subscribe({
      next: (result) => {
        if (result.data) out.data.push(result.data as Received['data'][number]);
        if (result.error) out.errors.push(...errorsOf(result.error));
      },
      error: (error) => out.errors.push(...errorsOf(error)),
    });
  return {
    ...out,
    stop: () => {
      subscription.unsubscribe();
      void wsClient?.dispose();
    },
  };
}

/** urql with its subscription exchange over graphql-ws. */
function viaUrql(as: DemoPersona): Received {
  const out = received();
  const wsClient = createWsClient({
    url: served.wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: bearer(as) },
    retryAttempts: 0,
  });
  const client = new UrqlClient({
    url: served.url,
    fetchOptions: { headers: { authorization: bearer(as) } },
    preferGetMethod: false,
    exchanges: [
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({
            unsubscribe: wsClient.subscribe({ ...request, query: request.query ?? '' }, sink),
          }),
        }),
      }),
    ],
  });
  const { unsubscribe } = client.subscription(SUBSCRIPTION, { id: cr }).subscribe((result) => {
    if (result.data) out.data.push(result.data as Received['data'][number]);
    if (result.error) out.errors.push(...errorsOf(result.error.graphQLErrors));
  });
  return {
    ...out,
    stop: () => {
      unsubscribe();
      void wsClient.dispose();
    },
  };
}

const CLIENTS: [string, (as: DemoPersona) => Received][] = [
  ['graphql-ws client', (as) => viaGraphqlWs(as)],
  ['graphql-sse client, distinct connections', (as) => viaGraphqlSse(as, false)],
  ['graphql-sse client, single connection', (as) => viaGraphqlSse(as, true)],
  ['Apollo Client, HttpLink (multipart)', (as) => viaApollo(as, 'http')],
  ['Apollo Client, GraphQLWsLink', (as) => viaApollo(as, 'ws')],
  ['urql, subscriptionExchange over graphql-ws', (as) => viaUrql(as)],
];

describe('subscriptions through every client library', () => {
  it('each client receives the change once; the outsider receives no data on any', async () => {
    const members = CLIENTS.map(([name, open]) => ({ name, sub: open('read') }));
    const outsiders = CLIENTS.map(([name, open]) => ({ name, sub: open('outsider') }));
    try {
      // Every member's subscription is open (the outsiders' are refused at their first read).
      expect(await eventually(() => served.gateway.live.size === CLIENTS.length)).toBe(true);
      await eventually(() => outsiders.every(({ sub }) => sub.errors.length > 0));
      expect(outsiders.map(({ name, sub }) => [name, sub.errors.length > 0])).toEqual(
        CLIENTS.map(([name]) => [name, true]),
      );
      await setSubject(served.url, cr, 'Seen by every transport');
      expect(await eventually(() => members.every(({ sub }) => sub.data.length >= 1))).toBe(true);
      for (const { name, sub } of members) {
        // Apollo Client adds `__typename` to what it asks for.
        const data = sub.data.map(({ changeRequestChanged: cr }) => ({
          changeRequestChanged: cr && { id: cr.id, subject: cr.subject },
        }));
        expect({ name, data, errors: sub.errors }).toEqual({
          name,
          data: [{ changeRequestChanged: { id: cr, subject: 'Seen by every transport' } }],
          errors: [],
        });
      }
      for (const { name, sub } of outsiders) {
        expect({ name, data: sub.data }).toEqual({ name, data: [] });
        // Refused at its first read, under its own token (urql reports the error twice).
        expect({ name, codes: [...new Set(sub.errors.map((e) => e.code))] }).toEqual({
          name,
          codes: ['NOT_FOUND'],
        });
      }
      expect(served.gateway.live.size).toBe(CLIENTS.length);
    } finally {
      for (const { sub } of [...members, ...outsiders]) sub.stop();
    }
    expect(await eventually(() => served.gateway.live.size === 0)).toBe(true);
    expect(await eventually(() => served.gateway.transports.connections.size === 0)).toBe(true);
  }, 60_000);
});

const PLAIN = `query CR($id: ID!) { node(id: $id) { id ... on ChangeRequest { number subject status createdBy { displayName } space { title } } } }`;
const DEFERRED = `query CR($id: ID!) { node(id: $id) { id ... on ChangeRequest { number subject ... @defer { status createdBy { displayName } } ... @defer { space { title } } } } }`;

describe('@defer through the HTTP clients', () => {
  it('Apollo Client merges the deferred parts equal to the plain answer', async () => {
    const client = new ApolloClient({
      link: new HttpLink({ uri: served.url, headers: { authorization: bearer('read') } }),
      cache: new InMemoryCache(),
      incrementalHandler: new Defer20220824Handler(),
    });
    const plain = await client.query({
      query: apolloGql(PLAIN),
      variables: { id: cr },
      fetchPolicy: 'no-cache',
    });
    const results: { dataState: string; data: unknown }[] = [];
    const complete = await new Promise<unknown>((resolve, reject) => {
      const sub = client
        .watchQuery({ query: apolloGql(DEFERRED), variables: { id: cr }, fetchPolicy: 'no-cache' })
        .subscribe({
          next: (result) => {
            results.push({ dataState: result.dataState, data: result.data });
            if (result.dataState === 'complete') {
              sub.unsubscribe();
              resolve(result.data);
            }
          },
          error: reject,
        });
    });
    expect(complete).toEqual(plain.data);
    // The first part came before the deferred ones.
    expect(results.map((r) => r.dataState).filter((s) => s !== 'empty')).toEqual([
      'streaming',
      'streaming',
      'complete',
    ]);
  });

  it('urql’s fetchExchange merges the deferred parts equal to the plain answer', async () => {
    const client = new UrqlClient({
      url: served.url,
      fetchOptions: { headers: { authorization: bearer('read') } },
      exchanges: [fetchExchange],
      requestPolicy: 'network-only',
      // urql sends short queries as GETs, which CSRF prevention refuses without its header.
      preferGetMethod: false,
      // urql aborts a finished fetch when its result is torn down, and Node's fetch rejects the
      // body it already read with an AbortError nobody handles: the signal is left out.
      fetch: (input, init) => fetch(input, { ...init, signal: null }),
    });
    const plain = await client.query(PLAIN, { id: cr }).toPromise();
    const deferred = await client.query(DEFERRED, { id: cr }).toPromise();
    expect(plain.error).toBeUndefined();
    expect(deferred.error).toBeUndefined();
    expect(deferred.hasNext).toBe(false);
    expect(deferred.data).toEqual(plain.data);
  });
});
