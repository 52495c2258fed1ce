import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RetryHandler } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UpstreamClient } from '../../src/gateway/upstream/client.ts';
import { UpstreamError } from '../../src/gateway/upstream/errors.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

let server: Server;
let base: string;
let handler: Handler = (_req, res) => res.end('{}');
let hits: Array<{ url: string; ifNoneMatch: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
      res.setHeader('content-type', 'application/json');
      handler(req, res, hits.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  hits = [];
  vi.restoreAllMocks();
});

/** Statuses undici's retry handler (which builds an error for each one of 300 or more) saw. */
function undiciSaw(): number[] {
  const prototype = RetryHandler.prototype as unknown as {
    onResponseStart(controller: unknown, status: number): void;
  };
  const spy = vi.spyOn(prototype, 'onResponseStart');
  return new Proxy([], {
    get: (_t, key) =>
      Reflect.get(
        spy.mock.calls.map((c) => c[1]),
        key,
      ),
  });
}

describe('the upstream retry', () => {
  it('hands a 304 on without entering undici retry handling, and serves the stored body', async () => {
    handler = (req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.statusCode = 304;
        return res.end();
      }
      res.setHeader('etag', '"v1"');
      res.end('{"id":"s1"}');
    };
    const seen = undiciSaw();
    const c = new UpstreamClient({ baseUrl: base, retryBaseMs: 1 });
    const first = await c.request({ method: 'GET', path: '/spaces/s1' });
    const second = await c.request({ method: 'GET', path: '/spaces/s1' });
    expect(first.body).toEqual({ id: 's1' });
    expect(second).toMatchObject({ status: 304, body: { id: 's1' }, attempts: 1 });
    expect(hits.map((h) => h.ifNoneMatch)).toEqual([undefined, '"v1"']);
    expect([...seen]).toEqual([200]);
    await c.close();
  });

  it('hands a 404 on at once, as an error with its status', async () => {
    handler = (_req, res) => {
      res.statusCode = 404;
      res.end('{"error":{"code":404,"message":"no such space"}}');
    };
    const seen = undiciSaw();
    const c = new UpstreamClient({ baseUrl: base, retryBaseMs: 1 });
    const error = await c.request({ method: 'GET', path: '/spaces/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).extensions).toMatchObject({ status: 404 });
    expect(hits).toHaveLength(1);
    expect([...seen]).toEqual([]);
    await c.close();
  });

  it('still retries a 503 through undici, then a reset connection', async () => {
    handler = (req, res, n) => {
      if (n === 1) {
        res.statusCode = 503;
        return res.end('{"error":{"code":503,"message":"busy"}}');
      }
      if (n === 2) {
        req.socket.destroy();
        return;
      }
      res.end('{"done":1}');
    };
    const seen = undiciSaw();
    const c = new UpstreamClient({ baseUrl: base, retryBaseMs: 1 });
    const res = await c.request({ method: 'GET', path: '/orgs' });
    expect(res).toMatchObject({ status: 200, body: { done: 1 }, attempts: 3 });
    expect(hits).toHaveLength(3);
    expect([...seen]).toEqual([503, 200]);
    await c.close();
  });
});
