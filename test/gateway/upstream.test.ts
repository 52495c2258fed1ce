import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UpstreamClient } from '../../src/gateway/upstream/client.ts';
import { ShapeDamage } from '../../src/gateway/upstream/damage.ts';
import { UpstreamError } from '../../src/gateway/upstream/errors.ts';
import { RestSession, withQuery } from '../../src/gateway/upstream/rest.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

let server: Server;
let base: string;
let handler: Handler = (_req, res) => res.end('{}');
let hits: Array<{ method: string; url: string; authorization: string | undefined; body: string }> =
  [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      hits.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body,
      });
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
});

function client(options: Partial<ConstructorParameters<typeof UpstreamClient>[0]> = {}) {
  return new UpstreamClient({ baseUrl: base, retryBaseMs: 1, ...options });
}

describe('UpstreamClient', () => {
  it('prefixes /v1 once and forwards the Authorization header unchanged', async () => {
    handler = (_req, res) => res.end('{"ok":true}');
    for (const url of [base, `${base}/v1`, `${base}/v1/`]) {
      const c = client({ baseUrl: url });
      const res = await c.request({
        method: 'GET',
        path: '/orgs',
        authorization: 'Bearer abc DEF',
      });
      expect(res.body).toEqual({ ok: true });
      await c.close();
    }
    expect(hits.map((h) => h.url)).toEqual(['/v1/orgs', '/v1/orgs', '/v1/orgs']);
    expect(hits.every((h) => h.authorization === 'Bearer abc DEF')).toBe(true);
  });

  it('retries a GET on 503 and 429 (honouring Retry-After), at most twice', async () => {
    handler = (_req, res, n) => {
      if (n === 1) {
        res.statusCode = 503;
        return res.end('{"error":{"code":503,"message":"busy"}}');
      }
      if (n === 2) {
        res.statusCode = 429;
        res.setHeader('retry-after', '0');
        return res.end('{"error":{"code":429,"message":"slow down"}}');
      }
      res.end('{"done":1}');
    };
    const c = client();
    const res = await c.request({ method: 'GET', path: '/orgs' });
    expect(res).toMatchObject({ status: 200, body: { done: 1 }, attempts: 3 });
    expect(hits).toHaveLength(3);
    await c.close();
  });

  it('gives up after two retries with UPSTREAM_ERROR and the status', async () => {
    handler = (_req, res) => {
      res.statusCode = 502;
      res.end('{"error":{"code":502,"message":"bad gateway"}}');
    };
    const c = client();
    const error = await c.request({ method: 'GET', path: '/orgs' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).extensions).toMatchObject({
      code: 'UPSTREAM_ERROR',
      status: 502,
    });
    expect(hits).toHaveLength(3);
    await c.close();
  });

  it('never retries a write', async () => {
    handler = (_req, res) => {
      res.statusCode = 503;
      res.end('{"error":{"code":503,"message":"busy"}}');
    };
    const c = client();
    await expect(
      c.request({ method: 'POST', path: '/orgs/x/join', body: {} }),
    ).rejects.toBeInstanceOf(UpstreamError);
    expect(hits).toHaveLength(1);
    expect(hits[0]?.body).toBe('{}');
    await c.close();
  });

  it('retries a GET whose connection was reset', async () => {
    handler = (req, res, n) => {
      if (n === 1) {
        req.socket.destroy();
        return;
      }
      res.end('{"again":true}');
    };
    const c = client();
    const res = await c.request({ method: 'GET', path: '/spaces/s1' });
    expect(res.body).toEqual({ again: true });
    expect(hits).toHaveLength(2);
    await c.close();
  });

  it('maps 401, 403, 404, 409 and 400 to codes with the upstream message', async () => {
    const cases: Array<[number, string]> = [
      [401, 'UNAUTHENTICATED'],
      [403, 'FORBIDDEN'],
      [404, 'NOT_FOUND'],
      [409, 'CONFLICT'],
      [400, 'BAD_USER_INPUT'],
    ];
    const c = client();
    for (const [status, code] of cases) {
      handler = (_req, res) => {
        res.statusCode = status;
        res.end(JSON.stringify({ error: { code: status, message: `m${status}` } }));
      };
      const error = (await c
        .request({ method: 'GET', path: '/x' })
        .catch((e: unknown) => e)) as UpstreamError;
      expect(error.extensions).toMatchObject({ code, status });
      // A refused token also says what to send.
      expect(error.message).toBe(
        status === 401 ? 'm401; send a /v1 token as "authorization: Bearer <token>"' : `m${status}`,
      );
    }
    await c.close();
  });

  it('answers UPSTREAM_TIMEOUT when headers do not come in time', async () => {
    handler = (_req, res) => {
      const timer = setTimeout(() => res.end('{}'), 3000);
      res.on('close', () => clearTimeout(timer));
    };
    const c = client({ headersTimeoutMs: 50, retries: 0 });
    const error = (await c
      .request({ method: 'GET', path: '/slow' })
      .catch((e: unknown) => e)) as UpstreamError;
    expect(error.extensions.code).toBe('UPSTREAM_TIMEOUT');
    await c.close();
  });

  it('answers UPSTREAM_ERROR for a 2xx body that is not JSON', async () => {
    handler = (_req, res) => res.end('<html>');
    const c = client();
    const error = (await c
      .request({ method: 'GET', path: '/html' })
      .catch((e: unknown) => e)) as UpstreamError;
    expect(error.extensions.code).toBe('UPSTREAM_ERROR');
    await c.close();
  });
});

describe('RestSession', () => {
  const Thing = z.object({ id: z.string() });

  it('makes identical GETs once, runs independent ones in parallel and records loader hits', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    handler = (req, res) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        res.end(JSON.stringify({ id: req.url?.split('/').pop() }));
      }, 30);
    };
    const c = client();
    const session = new RestSession(c, 'Bearer t');
    const results = await Promise.all([
      session.get('/things/a', Thing),
      session.get('/things/a', Thing),
      session.get('/things/b', Thing),
    ]);
    expect(results.map((r) => r.id)).toEqual(['a', 'a', 'b']);
    expect(hits.map((h) => h.url).sort()).toEqual(['/v1/things/a', '/v1/things/b']);
    expect(maxInFlight).toBe(2);
    expect(session.calls.filter((call) => call.loader)).toHaveLength(1);
    await c.close();
  });

  it('serves a primed object without a call, and clear() forgets it', async () => {
    handler = (_req, res) => res.end('{"id":"fresh"}');
    const c = client();
    const session = new RestSession(c, undefined);
    session.prime('/things/p', { id: 'primed' });
    expect((await session.get('/things/p', Thing)).id).toBe('primed');
    expect(hits).toHaveLength(0);
    session.clear();
    expect((await session.get('/things/p', Thing)).id).toBe('fresh');
    expect(hits).toHaveLength(1);
    await c.close();
  });

  it('keeps a member of the wrong shape as damage, and fails only an answer of the wrong type', async () => {
    handler = (req, res) =>
      res.end(req.url === '/v1/things/list' ? '["not", "an", "object"]' : '{"id":{"no":1}}');
    const c = client();
    const session = new RestSession(c, undefined);
    const thing = await session.get('/things/x', Thing);
    expect(thing.id).toBeInstanceOf(ShapeDamage);
    const damage = (thing.id as unknown as ShapeDamage).error();
    expect(damage.extensions).toMatchObject({
      code: 'UPSTREAM_SHAPE',
      upstream: { method: 'GET', path: '/things/x', field: 'id' },
    });
    expect(damage.message).toContain('id of GET /things/x');
    const error = (await session
      .get('/things/list', Thing)
      .catch((e: unknown) => e)) as UpstreamError;
    expect(error.extensions.code).toBe('UPSTREAM_SHAPE');
    expect(error.message).toContain('GET /things/list: object expected, array received');
    expect(session.calls.map((call) => call.deviations?.map((d) => d.field))).toEqual([
      ['id'],
      [''],
    ]);
    await c.close();
  });

  it('builds canonical query strings', () => {
    expect(withQuery('/a', { z: 1, a: 'x y', none: undefined, list: ['p', 'q'], f: false })).toBe(
      '/a?a=x+y&f=false&list=p&list=q&z=1',
    );
  });
});
