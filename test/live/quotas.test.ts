import { type ClientRequest, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountGateway } from '../../src/gateway/mount.ts';
import type { Upstream, UpstreamRequest } from '../../src/gateway/upstream/client.ts';
import { createGateway, type Gateway } from '../../src/gateway/yoga.ts';
import { globalId } from '../support/ids.ts';
import { eventually } from './support.ts';

// Subscriptions are counted per credential, and per client address for callers without one:
// anonymous callers on different addresses do not share a quota.

const MAX = 2;
const CR_SUB = `subscription($id: ID!) { changeRequestChanged(id: $id) { id subject } }`;
const CR_ID = globalId('ChangeRequest', 'space1/cr1');

/** An upstream that answers every read with the same change request, to anyone. */
const upstream: Upstream & { requests: UpstreamRequest[] } = {
  requests: [],
  async request(req) {
    this.requests.push(req);
    return {
      status: 200,
      body: { id: 'cr1', number: 1, subject: 'Same for all', status: 'open' },
      attempts: 1,
      etag: '"1"',
    };
  },
  async close() {},
};

let gateway: Gateway;
let url: string;
const app = Fastify();
const opened: ClientRequest[] = [];

beforeAll(async () => {
  gateway = createGateway({
    upstream,
    graphiql: false,
    live: { maxPerToken: MAX, maxPerConnection: 100, pollIntervalMs: 60_000 },
  });
  mountGateway(app, '/graphql', () => gateway);
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql`;
});

afterAll(async () => {
  for (const req of opened) req.destroy();
  await gateway.live.close();
  await app.close();
});

/** A subscription's response: its status and the whole stream (for one that ends at once). */
interface Opened {
  status: number;
  text(): Promise<string>;
}

/** Opens a subscription from the loopback address `from`, with `authorization` if given. */
function open(from: string, authorization?: string): Promise<Opened> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/graphql',
        method: 'POST',
        localAddress: from,
        headers: {
          accept: 'text/event-stream',
          'content-type': 'application/json',
          ...(authorization ? { authorization } : {}),
        },
      },
      (res) => {
        let body = '';
        const ended = new Promise<string>((done) => {
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          res.on('end', () => done(body));
        });
        resolve({ status: res.statusCode ?? 0, text: () => ended });
      },
    );
    opened.push(req);
    req.on('error', reject);
    req.end(JSON.stringify({ query: CR_SUB, variables: { id: CR_ID } }));
  });
}

/** The error code of a refused subscription (its stream ends at once). */
const refusedCode = async (response: Opened) => {
  const data = /data: (\{.*\})/.exec(await response.text())?.[1];
  return (JSON.parse(data ?? '{}') as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]
    ?.extensions?.code;
};

describe('subscription quotas', () => {
  it('gives each client address without a token a quota of its own', async () => {
    await open('127.0.0.2');
    await open('127.0.0.2');
    expect(await eventually(() => gateway.live.size === MAX)).toBe(true);
    // The same address is at its quota; another address, and a token, are not.
    expect(await refusedCode(await open('127.0.0.2'))).toBe('SUBSCRIPTION_LIMIT');
    await open('127.0.0.3');
    expect(await eventually(() => gateway.live.size === MAX + 1)).toBe(true);
    await open('127.0.0.2', 'Bearer some-token');
    expect(await eventually(() => gateway.live.size === MAX + 2)).toBe(true);
    expect(gateway.live.size).toBe(MAX + 2);
  });

  it('counts every spelling of one token under one quota, whatever the address', async () => {
    await open('127.0.0.4', 'bearer  shared-token');
    await open('127.0.0.5', 'BEARER shared-token ');
    expect(await eventually(() => gateway.live.size === MAX + 4)).toBe(true);
    expect(await refusedCode(await open('127.0.0.6', 'Bearer shared-token'))).toBe(
      'SUBSCRIPTION_LIMIT',
    );
    // Every read went upstream with the one spelling of the header.
    const sent = new Set(
      upstream.requests.map((r) => r.authorization).filter((a) => a?.includes('shared')),
    );
    expect([...sent]).toEqual(['Bearer shared-token']);
  });
});
