import { createClient as createWsClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningStack } from '../../src/stack.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { eventually, startWorkspace } from './support.ts';
import {
  privateChangeRequest,
  type Served,
  serveGateway,
  setSubject,
} from './transports.support.ts';

// The transports at the HTTP level: Apollo's multipart protocol with its heartbeats, the refusal
// that names what is served, the WebSocket upgrade's checks, and the limits every long-lived
// connection shares.

const SUBSCRIPTION = `subscription($id: ID!) { changeRequestChanged(id: $id) { id subject } }`;
const READ = `Bearer ${DEMO_TOKENS.read}`;

let workspace: RunningStack;
let served: Served;
let cr: string;

beforeAll(async () => {
  workspace = await startWorkspace();
  served = await serveGateway(workspace.url, {
    live: { maxPerToken: 2, maxPerConnection: 1 },
    corsOrigins: ['https://docs.example.com'],
  });
  cr = await privateChangeRequest(served.url);
}, 60_000);

afterAll(async () => {
  await served?.close();
  await workspace?.close();
});

/** The answer to a WebSocket upgrade: its status and body when refused, 101 when opened. */
function upgrade(protocol: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve) => {
    const socket = new WebSocket(served.wsUrl, protocol, { headers });
    socket.on('open', () => {
      socket.close();
      resolve({ status: 101, body: '' });
    });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.on('error', () => {});
  });
}

describe('multipart subscriptions (Apollo protocol)', () => {
  it('sends heartbeats while idle, then the change as a payload part', async () => {
    const controller = new AbortController();
    const response = await fetch(served.url, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        accept: 'multipart/mixed;boundary=graphql;subscriptionSpec=1.0,application/json;q=0.9',
        'content-type': 'application/json',
        authorization: READ,
      },
      body: JSON.stringify({ query: SUBSCRIPTION, variables: { id: cr } }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'multipart/mixed;boundary="graphql";subscriptionSpec="1.0"',
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const parts = () =>
      text
        .split('\r\n--graphql')
        .slice(1)
        .map((part) => part.split('\r\n\r\n')[1])
        .filter((json): json is string => json !== undefined)
        .map((json) => JSON.parse(json) as Record<string, unknown>);
    const readUntil = async (check: () => boolean) => {
      while (!check()) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    };
    // The heartbeat interval of this gateway is a second: an idle subscription gets `{}` parts.
    await readUntil(() => parts().length >= 2);
    expect(parts().slice(0, 2)).toEqual([{}, {}]);
    await setSubject(served.url, cr, 'Sent as a multipart payload');
    await readUntil(() => parts().some((p) => 'payload' in p));
    const payloads = parts().filter((p) => 'payload' in p);
    expect(payloads).toEqual([
      {
        payload: {
          data: { changeRequestChanged: { id: cr, subject: 'Sent as a multipart payload' } },
        },
      },
    ]);
    expect(parts().every((p) => 'payload' in p || Object.keys(p).length === 0)).toBe(true);
    controller.abort();
    expect(await eventually(() => served.gateway.live.size === 0)).toBe(true);
  });

  it('answers a subscription asking for a media type no transport serves with their names', async () => {
    const response = await fetch(served.url, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: READ,
      },
      body: JSON.stringify({ query: SUBSCRIPTION, variables: { id: cr } }),
    });
    expect(response.status).toBe(406);
    const body = (await response.json()) as {
      errors: { message: string; extensions: { code: string } }[];
    };
    expect(body.errors[0]?.extensions.code).toBe('TRANSPORT_NOT_SERVED');
    for (const name of [
      'text/event-stream',
      'graphql-transport-ws',
      'subscriptionSpec=1.0',
      'x-graphql-event-stream-token',
    ]) {
      expect(body.errors[0]?.message).toContain(name);
    }
    expect(served.gateway.live.size).toBe(0);
  });
});

describe('the WebSocket upgrade', () => {
  it('refuses another subprotocol, naming the transports served', async () => {
    const refused = await upgrade('graphql-ws');
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).errors[0].extensions.code).toBe('TRANSPORT_NOT_SERVED');
    expect(JSON.parse(refused.body).errors[0].message).toContain('graphql-transport-ws');
  });

  it('refuses a page of an origin not allowed, and opens for its own and the allowed ones', async () => {
    const host = new URL(served.url).host;
    const foreign = await upgrade('graphql-transport-ws', { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).errors[0].extensions.code).toBe('CSRF_ORIGIN_REFUSED');
    expect((await upgrade('graphql-transport-ws', { origin: `http://${host}` })).status).toBe(101);
    expect(
      (await upgrade('graphql-transport-ws', { origin: 'https://docs.example.com' })).status,
    ).toBe(101);
    expect((await upgrade('graphql-transport-ws')).status).toBe(101);
  });
});

describe('the limits long-lived connections share', () => {
  it('bounds connections per token across WebSockets and single-connection streams', async () => {
    const closes: { code: number; reason: string }[] = [];
    const clients = [0, 1, 2].map(() =>
      createWsClient({
        url: served.wsUrl,
        webSocketImpl: WebSocket,
        lazy: false,
        retryAttempts: 0,
        connectionParams: { authorization: READ },
        on: {
          closed: (event) => {
            const { code, reason } = event as { code: number; reason: string };
            closes.push({ code, reason });
          },
        },
        onNonLazyError: () => {},
      }),
    );
    // Two sockets of the token are held; the third is closed with 4429 and the limit.
    expect(await eventually(() => closes.length === 1)).toBe(true);
    expect(closes).toEqual([
      { code: 4429, reason: 'at most 2 subscription connections per token' },
    ]);
    expect(served.gateway.transports.connections.size).toBe(2);
    // A single-connection stream is a connection of the same token.
    const put = await fetch(served.url, {
      method: 'PUT',
      headers: { accept: 'text/plain', authorization: READ },
    });
    expect(put.status).toBe(429);
    expect(((await put.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      'at most 2 subscription connections per token',
    );
    // Another token still connects.
    const other = await fetch(served.url, {
      method: 'PUT',
      headers: { accept: 'text/plain', authorization: `Bearer ${DEMO_TOKENS.admin}` },
    });
    expect(other.status).toBe(201);
    expect(served.gateway.transports.connections.size).toBe(3);
    for (const client of clients) await client.dispose();
    expect(await eventually(() => served.gateway.transports.connections.size === 1)).toBe(true);
  });

  it('bounds the operations of one WebSocket, and counts its subscriptions in the hub', async () => {
    const client = createWsClient({
      url: served.wsUrl,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { authorization: DEMO_TOKENS.read },
    });
    const errors: unknown[] = [];
    const first = client.subscribe(
      { query: SUBSCRIPTION, variables: { id: cr } },
      { next: () => {}, error: (e) => errors.push(e), complete: () => {} },
    );
    expect(await eventually(() => served.gateway.live.size === 1)).toBe(true);
    const second = client.subscribe(
      { query: SUBSCRIPTION, variables: { id: cr } },
      { next: () => {}, error: (e) => errors.push(e), complete: () => {} },
    );
    expect(await eventually(() => errors.length === 1)).toBe(true);
    expect(errors).toEqual([
      [expect.objectContaining({ message: 'at most 1 operations per connection' })],
    ]);
    expect(served.gateway.live.size).toBe(1);
    first();
    second();
    await client.dispose();
    expect(await eventually(() => served.gateway.live.size === 0)).toBe(true);
  });
});
