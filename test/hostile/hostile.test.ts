/**
 * The hostile-input tier: the bad-input corpus against `/v1` and `/graphql` of the embedded
 * stack (`start`) and of the standalone gateway (`gateway`, with the operations and guardrails its
 * command line turns on: response cache, metrics, logs, rate limits), over real HTTP on free ports.
 * No answer is a 5xx or missing (every request has a timeout), refused requests make no upstream
 * call, no upstream path gets a dot or empty segment, 4xx bodies have the documented shape, and
 * rejected writes change nothing. Prints the status mix and the RSS before and after.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitsWith, loadConfig } from '../../src/config.ts';
import type { UpstreamRequest } from '../../src/gateway/upstream/client.ts';
import type { Gateway } from '../../src/gateway/yoga.ts';
import { type RunningStack, startGatewayServer, startStack } from '../../src/stack.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { type CorpusTargets, graphqlCorpus, type HostileRequest, restCorpus } from './corpus.ts';

const REQUEST_TIMEOUT_MS = 1_500;
const limits = limitsWith({ requestTimeoutMs: REQUEST_TIMEOUT_MS, headersTimeoutMs: 1_000 });

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Swallows a late socket error (see `send`). */
const ignoreSocketError = () => {};

/** Sends one request with node:http; fails (never hangs) after 15 s without an answer. */
function send(base: string, req: HostileRequest): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers: { ...req.headers, ...(body ? { 'content-length': body.length } : {}) },
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer to ${req.name}`)));
    // A server may answer (413) and close before the whole body is written: the answer counts.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    // Once the answer is read, the socket leaves the request: a write of the rest of the body
    // may still fail there (EPIPE) after the server closed. A kept-alive socket serves many
    // requests; it gets the listener once.
    outgoing.on('socket', (socket) => {
      if (!socket.listeners('error').includes(ignoreSocketError)) {
        socket.on('error', ignoreSocketError);
      }
    });
    outgoing.end(body);
  });
}

/** Sends raw bytes and resolves with what comes back before the server closes (or 10 s). */
function sendRaw(base: string, text: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let out = '';
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.on('data', (chunk) => {
      out += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
    socket.write(text);
  });
}

const mib = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;
const statusMix = new Map<string, number>();
const count = (surface: string, status: number) => {
  const key = `${surface} ${status}`;
  statusMix.set(key, (statusMix.get(key) ?? 0) + 1);
};

let stack: RunningStack;
let standalone: Awaited<ReturnType<typeof startGatewayServer>>;
let targets: CorpusTargets;
const rssBefore = process.memoryUsage().rss;
const upstreamPaths: string[] = [];

/** Counts (and records the paths of) the upstream calls a gateway makes. */
function countCalls(gateway: Gateway): { calls: number } {
  const counter = { calls: 0 };
  const upstream = gateway.upstream;
  const original = upstream.request.bind(upstream);
  upstream.request = (req: UpstreamRequest) => {
    counter.calls += 1;
    upstreamPaths.push(req.path);
    return original(req);
  };
  return counter;
}
let counters: Record<'start' | 'gateway', { calls: number }>;

beforeAll(async () => {
  const gatewayConfig = loadConfig({
    command: 'gateway',
    env: { LOG_LEVEL: 'silent', DOCS_GRAPH_MEMORY_TUNING: 'off' },
  });
  stack = await startStack({
    port: 0,
    host: '127.0.0.1',
    dbPath: ':memory:',
    gateway: true,
    limits,
  });
  standalone = await startGatewayServer({
    upstream: stack.url,
    port: 0,
    host: '127.0.0.1',
    limits,
    ops: gatewayConfig.gateway.ops,
    guard: gatewayConfig.gateway.guard,
  });
  counters = {
    start: countCalls(stack.gateway as Gateway),
    gateway: countCalls(standalone.gateway),
  };
  const token = DEMO_TOKENS.admin;
  const get = async (path: string) =>
    (await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const orgs = (await get('/v1/orgs')) as { items: { id: string }[] };
  const org = orgs.items[0]?.id as string;
  const spaces = (await get(`/v1/orgs/${org}/spaces`)) as { items: { id: string }[] };
  const space = spaces.items[0]?.id as string;
  const crs = (await get(`/v1/spaces/${space}/change-requests`)) as { items: { id: string }[] };
  targets = { org, space, changeRequest: crs.items[0]?.id ?? '1', token };
});

afterAll(async () => {
  await standalone?.close();
  await stack?.close();
  const mix = [...statusMix.entries()].sort().map(([k, v]) => `${k}: ${v}`);
  process.stdout.write(
    `hostile tier: status mix ${mix.join(', ')}; RSS before ${mib(rssBefore)}, after ${mib(process.memoryUsage().rss)}\n`,
  );
});

/** No path segment the gateway sends upstream is empty, `.` or `..` (after decoding). */
function assertCleanPaths() {
  for (const path of upstreamPaths) {
    const segments = path.split('?')[0]?.split('/').slice(1) ?? [];
    for (const segment of segments) {
      expect(['', '.', '..'], path).not.toContain(decodeURIComponent(segment));
    }
  }
}

describe.each(['start', 'gateway'] as const)('/graphql on %s', (surface) => {
  it('answers every request of the corpus without a 5xx, and refuses before any upstream call', async () => {
    const base = surface === 'start' ? stack.url : standalone.url;
    const counter = counters[surface];
    for (const req of graphqlCorpus(targets)) {
      const before = counter.calls;
      const answer = await send(base, req);
      count(`graphql/${surface}`, answer.status);
      expect(answer.status, req.name).toBeLessThan(500);
      expect(answer.headers['content-type'], `${req.name}: ${answer.text}`).toMatch(/json/);
      const body = JSON.parse(answer.text) as { errors?: { extensions?: { code?: string } }[] };
      if (answer.status >= 400) expect(body.errors?.length, req.name).toBeGreaterThan(0);
      for (const error of body.errors ?? []) {
        expect(error.extensions?.code, req.name).not.toBe('INTERNAL_SERVER_ERROR');
      }
      if (req.refused) {
        expect(counter.calls - before, `${req.name}: upstream calls`).toBe(0);
        const typed = answer.text.includes('"__typename":"ValidationError"');
        expect(answer.status >= 400 || (body.errors?.length ?? 0) > 0 || typed, req.name).toBe(
          true,
        );
      }
    }
    assertCleanPaths();
  });

  it('answers a deep JSON input with a typed ValidationError and no upstream call', async () => {
    const base = surface === 'start' ? stack.url : standalone.url;
    const req = graphqlCorpus(targets).find((r) => r.name === 'deep JSON input (5,000 levels)');
    const before = counters[surface].calls;
    const answer = await send(base, req as HostileRequest);
    expect(withoutExtensions(answer.text)).toEqual({
      data: {
        setAgentInstructions: {
          __typename: 'ValidationError',
          message: 'instructions: nested deeper than 100 levels',
          fieldErrors: [{ path: ['instructions'], message: 'nested deeper than 100 levels' }],
        },
      },
    });
    expect(counters[surface].calls).toBe(before);
  });

  it('reads the 413 of an oversized body before the connection closes', async () => {
    const base = surface === 'start' ? stack.url : standalone.url;
    for (let i = 0; i < 3; i++) {
      const answer = await send(base, {
        name: '413',
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(30_000_000),
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text).errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
    }
  });

  it('answers 408 to a client that stops sending its body, and drops it', async () => {
    const base = surface === 'start' ? stack.url : standalone.url;
    const raw = await sendRaw(
      base,
      'POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"',
    );
    expect(raw).toMatch(/^HTTP\/1\.1 408 /);
    expect(raw).toContain('{"error":{"code":408,"message":"request not received in time"}}');
  });
});

describe('/v1 on start', () => {
  const snapshot = async () => {
    const get = async (path: string) =>
      (
        await fetch(`${stack.url}${path}`, {
          headers: { authorization: `Bearer ${targets.token}` },
        })
      ).text();
    return Promise.all([
      get(`/v1/orgs/${targets.org}/agent-instructions`),
      get(`/v1/spaces/${targets.space}`),
      get(`/v1/spaces/${targets.space}/change-requests/${targets.changeRequest}`),
    ]);
  };

  it('answers every request of the corpus in the documented error shape, changing nothing it rejects', async () => {
    for (const req of restCorpus(targets)) {
      const before = req.write ? await snapshot() : undefined;
      const answer = await send(stack.url, req);
      count('v1', answer.status);
      expect(answer.status, req.name).toBeLessThan(500);
      if (answer.status >= 400) {
        expect(JSON.parse(answer.text), req.name).toEqual({
          error: { code: answer.status, message: expect.any(String) },
        });
        if (before) expect(await snapshot(), `${req.name}: data unchanged`).toEqual(before);
      }
    }
  });

  it('answers a 5,000-level Document with a 400 naming the field', async () => {
    const req = restCorpus(targets).find((r) => r.name === 'deep agent instructions');
    const answer = await send(stack.url, req as HostileRequest);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({
      error: { code: 400, message: 'instructions.data.a.a...: nested deeper than 100 levels' },
    });
  });

  it('answers 408 to a client that announces 50 MB and sends 2 bytes, and drops it', async () => {
    const raw = await sendRaw(
      stack.url,
      `POST /v1/orgs/${targets.org}/conversations HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${targets.token}\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n{"`,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 to a client that never finishes its headers', async () => {
    const raw = await sendRaw(stack.url, 'GET /v1/orgs HTTP/1.1\r\nHost: x\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 408 /);
    expect(raw).toContain('"code":408');
  });

  it('reads the 413 of an oversized upload before the connection closes', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await send(stack.url, {
        name: '413',
        method: 'PATCH',
        path: `/v1/spaces/${targets.space}`,
        headers: {
          authorization: `Bearer ${targets.token}`,
          'content-type': 'application/json',
        },
        body: 'x'.repeat(30_000_000),
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text).error.code).toBe(413);
    }
  });
});

/** A GraphQL body without its `extensions` (the cost report every answer carries). */
function withoutExtensions(text: string): unknown {
  const { extensions: _extensions, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return rest;
}
