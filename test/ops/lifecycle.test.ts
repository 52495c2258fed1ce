import { createServer, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStack, startStack } from '../../src/stack.ts';
import { exited, outputMatching, Processes } from './processes.ts';

const processes = new Processes();

describe('lifecycle', () => {
  let workspace: RunningStack;
  let slow: Server;
  let slowUrl = '';
  let held = 0;

  beforeAll(async () => {
    workspace = await startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:' });
    // A slow /v1: authenticated calls wait 1.5 s (the start-up probe has no token and is quick).
    slow = createServer((req, res) => {
      const delay = req.headers.authorization ? 1_500 : 0;
      if (delay) held++;
      void sleep(delay)
        .then(() =>
          fetch(`${workspace.url}${req.url}`, {
            headers: { authorization: String(req.headers.authorization ?? '') },
          }),
        )
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(await answer.text());
        });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    slowUrl = `http://127.0.0.1:${(slow.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    processes.stopAll();
    slow.closeAllConnections();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
    await workspace.close();
  });

  it('on SIGTERM stops accepting, finishes the request in flight, then exits 0', async () => {
    const { child, url, output } = await processes.gateway([
      '--upstream',
      slowUrl,
      '--shutdown-grace',
      '20',
    ]);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const inFlight = fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { authorization: 'Bearer dg_demo_admin', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ organizations(first: 1) { nodes { title } } }' }),
    });
    while (held === 0) await sleep(20);
    child.kill('SIGTERM');
    await sleep(200);
    await expect(fetch(`${url}/health`)).rejects.toThrow();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      data: { organizations: { nodes: [{ title: 'Acme Docs' }] } },
    });
    expect(await exited(child)).toBe(0);
    expect(output()).toContain('SIGTERM: stopping');
  });

  it('counts aborted requests out at once: shutdown after them waits for nothing', async () => {
    const { child, url, output } = await processes.gateway(
      ['--upstream', slowUrl, '--shutdown-grace', '20', '--log-format', 'json'],
      { LOG_LEVEL: 'info' },
    );
    const before = held;
    const controllers = [1, 2, 3].map(() => new AbortController());
    const aborted = controllers.map((controller) =>
      fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { authorization: 'Bearer dg_demo_admin', 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ organizations(first: 1) { nodes { title } } }' }),
        signal: controller.signal,
      }).catch((error: unknown) => error),
    );
    // All three are held by the slow upstream, then their clients go away.
    while (held < before + 3) await sleep(20);
    for (const controller of controllers) controller.abort();
    for (const result of await Promise.all(aborted)) {
      expect((result as Error).name).toBe('AbortError');
    }
    // An errored request too (a body that is not JSON) ends its count.
    const bad = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(bad.status).toBe(400);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    const lines = output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; inFlight?: number });
    // Nothing was in flight at shutdown, so it neither waited nor ran into the grace period.
    expect(lines.find((line) => line.msg === 'shutting down')).toMatchObject({ inFlight: 0 });
    expect(output()).not.toContain('waiting for requests in flight');
    expect(output()).not.toContain('grace period over');
  });

  it('warns at start when the base URL does not answer like /v1', async () => {
    const notV1 = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
    });
    await new Promise<void>((resolve) => notV1.listen(0, '127.0.0.1', resolve));
    const port = (notV1.address() as { port: number }).port;
    try {
      const { child, url, output } = await processes.gateway([
        '--upstream',
        `http://127.0.0.1:${port}`,
        '--log-format',
        'json',
      ]);
      const printed = await outputMatching(output, /does not look like a \/v1 surface/);
      expect(printed).toContain(`GET http://127.0.0.1:${port}/v1/orgs?limit=1 answered 404`);
      expect(printed.match(/does not look like a \/v1 surface/g)).toHaveLength(1);
      const readiness = await fetch(`${url}/readiness`);
      expect(readiness.status).toBe(503);
      expect(JSON.stringify(await readiness.json())).toContain('not a /v1 surface');
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
    } finally {
      await new Promise<void>((resolve) => notV1.close(() => resolve()));
    }
  });

  it('warns once at start and is not ready when the base URL is a wrong path of a /v1 server', async () => {
    const { child, url, output } = await processes.gateway([
      '--upstream',
      `${workspace.url}/wrong`,
      '--log-format',
      'json',
    ]);
    const printed = await outputMatching(output, /does not look like a \/v1 surface/);
    expect(printed).toContain(`GET ${workspace.url}/wrong/v1/orgs?limit=1 answered 404`);
    expect(printed.match(/does not look like a \/v1 surface/g)).toHaveLength(1);
    const readiness = await fetch(`${url}/readiness`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({ checks: { upstream: { ok: false } } });
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
  });

  it('is ready against the right base URL, with or without /v1', async () => {
    for (const upstream of [workspace.url, `${workspace.url}/v1`]) {
      const { child, url, output } = await processes.gateway(['--upstream', upstream]);
      expect((await fetch(`${url}/readiness`)).status).toBe(200);
      expect(output()).not.toContain('/v1 surface');
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
    }
  }, 180_000);
});
