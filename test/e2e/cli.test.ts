import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = new URL('../../bin/docs-graph.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'docs-graph-cli-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the CLI and resolves with the first URL it prints matching `pattern`. */
function run(
  args: string[],
  pattern: RegExp,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${output}`));
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

const auth = { authorization: 'Bearer dg_demo_admin', 'content-type': 'application/json' };

describe('docs-graph CLI', () => {
  it('keeps an answered write after SIGKILL, and stops cleanly on SIGTERM', async () => {
    const db = join(dir, 'durable.sqlite');
    const first = await run(['workspace', '--port', '0', '--db', db], /workspace: (http:\S+)\/v1/);
    const orgs = (await (await fetch(`${first.url}/v1/orgs`, { headers: auth })).json()) as {
      items: Array<{ id: string; title: string }>;
    };
    const acme = orgs.items.find((o) => o.title === 'Acme Docs');
    expect(acme).toBeDefined();
    const created = await fetch(`${first.url}/v1/orgs/${acme?.id}/collections`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ title: 'Survives a kill' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = await run(['workspace', '--port', '0', '--db', db], /workspace: (http:\S+)\/v1/);
    expect(second.output()).not.toContain('loaded the demo data');
    const read = await fetch(`${second.url}/v1/collections/${id}`, { headers: auth });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { title: string }).title).toBe('Survives a kill');
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
    expect(second.output()).toContain('SIGTERM: stopping');
  });

  it('runs the gateway alone against a /v1 base URL', async () => {
    const workspace = await run(
      ['workspace', '--port', '0', '--db', ':memory:'],
      /workspace: (http:\S+)\/v1/,
    );
    const gateway = await run(
      ['gateway', '--port', '0', '--upstream', `${workspace.url}/v1`],
      /gateway: (http:\S+)\/graphql/,
    );
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ query: '{ organizations { nodes { title } } }' }),
    });
    const body = (await response.json()) as {
      data: { organizations: { nodes: Array<{ title: string }> } };
    };
    expect(body.data.organizations.nodes.map((o) => o.title)).toContain('Acme Docs');
    gateway.child.kill('SIGTERM');
    workspace.child.kill('SIGTERM');
    expect(await exited(gateway.child)).toBe(0);
    expect(await exited(workspace.child)).toBe(0);
  });

  it('refuses bad options with a clear message and exit code 2', async () => {
    const child = spawn(process.execPath, [BIN, 'gateway', '--upstream', 'not a url'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await exited(child)).toBe(2);
    expect(stderr).toContain('--upstream must be an absolute http(s) URL');
  });
});
