import { request } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAnswers } from '../src/compression.ts';
import { type RunningStack, startGatewayServer, startStack } from '../src/stack.ts';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request over node:http, which (unlike fetch) leaves the answer as it came on the wire. */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const ADMIN = { authorization: 'Bearer dg_demo_admin' };
const QUERY = JSON.stringify({
  query: '{ organizations { nodes { id title spaces(first: 20) { nodes { id title } } } } }',
});

describe('compressed answers', () => {
  let stack: RunningStack;
  let gateway: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    stack = await startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:', gateway: true });
    gateway = await startGatewayServer({ upstream: stack.url, port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gateway?.close();
    await stack?.close();
  });

  it('compresses /graphql, GraphiQL and /v1 for clients that accept it, on both servers', async () => {
    for (const base of [stack.url, gateway.url]) {
      const post = { 'content-type': 'application/json', ...ADMIN };
      const plain = await raw(`${base}/graphql`, {
        method: 'POST',
        headers: post,
        body: Buffer.from(QUERY),
      });
      const zipped = await raw(`${base}/graphql`, {
        method: 'POST',
        headers: { ...post, 'accept-encoding': 'gzip' },
        body: Buffer.from(QUERY),
      });
      expect(plain.headers['content-encoding'], base).toBeUndefined();
      expect(zipped.headers['content-encoding'], base).toBe('gzip');
      expect(zipped.body.length).toBeLessThan(plain.body.length);
      const answer = JSON.parse(gunzipSync(zipped.body).toString()) as { data: unknown };
      expect(answer.data).toEqual((JSON.parse(plain.body.toString()) as { data: unknown }).data);

      const page = await raw(`${base}/graphql`, {
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.body.length).toBeLessThan(3_000_000); // the page itself is about 9 MB
    }
    const list = await raw(`${stack.url}/v1/orgs`, {
      headers: { ...ADMIN, 'accept-encoding': 'gzip' },
    });
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(list.body).toString())).toHaveProperty('items');
  });

  it('inflates compressed request bodies within the body limit: a gzip bomb is 413', async () => {
    const post = (base: string, body: Buffer, encoding: string) =>
      raw(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding, ...ADMIN },
        body,
      });
    // A valid request of 10 MB in about 10 KB: the limit counts the 10 MB.
    const text = JSON.stringify({
      query: '{ __typename }',
      variables: { x: 'a'.repeat(10_000_000) },
    });
    const bomb = gzipSync(Buffer.from(text));
    expect(bomb.length).toBeLessThan(20_000);
    for (const base of [stack.url, gateway.url]) {
      const small = await post(base, gzipSync(Buffer.from('{"query":"{ __typename }"}')), 'gzip');
      expect(small.status, base).toBe(200);
      expect(JSON.parse(small.body.toString()).data).toEqual({ __typename: 'Query' });
      const refused = await post(base, bomb, 'gzip');
      expect(refused.status, base).toBe(413);
      expect(JSON.parse(refused.body.toString()).errors[0].extensions.code).toBe(
        'PAYLOAD_TOO_LARGE',
      );
      const unknown = await post(base, Buffer.from('{}'), 'x-unknown');
      expect(unknown.status, base).toBe(415);
    }
    const orgs = await raw(`${stack.url}/v1/orgs`, { headers: ADMIN });
    const org = (JSON.parse(orgs.body.toString()) as { items: Array<{ id: string }> }).items[0]?.id;
    const team = (title: string) =>
      raw(`${stack.url}/v1/orgs/${org}/teams`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', ...ADMIN },
        body: gzipSync(Buffer.from(JSON.stringify({ title }))),
      });
    expect((await team('Compressed')).status).toBe(201);
    const refused = await team('a'.repeat(10_000_000));
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body.toString())).toMatchObject({ error: { code: 413 } });
  });
});

describe('answers to clients that accept no encoding', () => {
  it('are left as they are, without the compression hook looking at them', async () => {
    const app = Fastify({ logger: false });
    compressAnswers(app);
    let lookups = 0;
    // Routes of plugins registered after it, as the servers' are.
    app.register(async (routes) => {
      routes.get('/big', (_request, reply) => {
        const getHeader = reply.getHeader.bind(reply);
        // The compression hook reads the answer's encoding first of all.
        reply.getHeader = ((name: string) => {
          if (name.toLowerCase() === 'content-encoding') lookups++;
          return getHeader(name);
        }) as typeof reply.getHeader;
        reply.type('application/json').send(JSON.stringify({ text: 'x'.repeat(4_000) }));
      });
    });
    await app.ready();
    try {
      const plain = await app.inject({ method: 'GET', url: '/big' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBeUndefined();
      expect(JSON.parse(plain.body).text).toHaveLength(4_000);
      expect(lookups).toBe(0);
      const gzip = await app.inject({
        method: 'GET',
        url: '/big',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.vary).toBe('accept-encoding');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).text).toHaveLength(4_000);
      expect(lookups).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
