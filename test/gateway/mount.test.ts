import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { createSchema, createYoga } from 'graphql-yoga';
import { afterEach, describe, expect, it } from 'vitest';
import { compressAnswers } from '../../src/compression.ts';
import { mountGateway } from '../../src/gateway/mount.ts';
import type { Gateway } from '../../src/gateway/yoga.ts';

// The mount hands Yoga's answer to the socket as it is produced: a part of an answer reaches the
// client while the rest is still being computed (what incremental delivery and subscriptions
// need). A Yoga whose subscription yields a first event, then waits for the test, stands for a
// slow upstream branch.

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A gateway whose `ticks` subscription yields 1, waits for `release`, then yields 2. */
function slowGateway() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let finished = false;
  const yoga = createYoga({
    logging: false,
    schema: createSchema({
      typeDefs: 'type Query { ok: Boolean } type Subscription { ticks: Int }',
      resolvers: {
        Subscription: {
          ticks: {
            subscribe: async function* () {
              yield { ticks: 1 };
              await released;
              yield { ticks: 2 };
              finished = true;
            },
          },
        },
      },
    }),
  });
  return { gateway: yoga as unknown as Gateway, release, isFinished: () => finished };
}

async function serve(gateway: Gateway, compressed: boolean): Promise<string> {
  app = Fastify();
  if (compressed) compressAnswers(app);
  mountGateway(app, '/graphql', () => gateway);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql`;
}

/** Reads the stream until `text` has arrived; answers everything read so far. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  text: string,
  so = '',
): Promise<string> {
  const decoder = new TextDecoder();
  let seen = so;
  while (!seen.includes(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += decoder.decode(value, { stream: true });
  }
  return seen;
}

describe('the gateway mount', () => {
  it.each([
    ['plain', false],
    ['with compression on', true],
  ])(
    'streams an answer (%s): its first part arrives before the last is computed',
    async (_name, compressed) => {
      const slow = slowGateway();
      const url = await serve(slow.gateway, compressed);
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          'accept-encoding': 'gzip, br',
        },
        body: JSON.stringify({ query: 'subscription { ticks }' }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const first = await readUntil(reader, '"ticks":1');
      expect(first).toContain('{"data":{"ticks":1}}');
      expect(first).not.toContain('"ticks":2');
      expect(slow.isFinished()).toBe(false);
      slow.release();
      const rest = await readUntil(reader, 'event: complete', first);
      expect(rest).toContain('{"data":{"ticks":2}}');
      expect(slow.isFinished()).toBe(true);
    },
  );
});
