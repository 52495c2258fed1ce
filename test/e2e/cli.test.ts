import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited } from '../ops/processes.ts';
import { REST_ID } from '../support/ids.ts';

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
    const timer = setTimeout(() => reject(new Error(`no URL within 90 s:\n${output}`)), 90_000);
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

/** Runs the CLI to its end: exit code, stdout and stderr. */
function runToEnd(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return exited(child).then((code) => ({ code, stdout, stderr }));
}

const auth = { authorization: 'Bearer dg_demo_admin', 'content-type': 'application/json' };

// Each test spawns Node processes; a loaded machine makes them slow, not wrong.
describe('docs-graph CLI', { timeout: 120_000 }, () => {
  it('keeps an answered write after SIGKILL, and stops cleanly on SIGTERM', async () => {
    const db = join(dir, 'durable.sqlite');
    const first = await run(
      ['workspace', '--port', '0', '--db', db],
      /workspace:\n\s+(http:\S+)\/v1/,
    );
    const orgs = (await (await fetch(`${first.url}/v1/orgs`, { headers: auth })).json()) as {
      items: Array<{ id: string; title: string }>;
    };
    const acme = orgs.items.find((o) => o.title === 'Acme Docs');
    expect(acme).toMatchObject({
      id: expect.stringMatching(REST_ID),
      title: 'Acme Docs',
      urls: { location: `${first.url}/v1/orgs/${acme?.id}` },
    });
    const created = await fetch(`${first.url}/v1/orgs/${acme?.id}/collections`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ title: 'Survives a kill' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = await run(
      ['workspace', '--port', '0', '--db', db],
      /workspace:\n\s+(http:\S+)\/v1/,
    );
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
      /workspace:\n\s+(http:\S+)\/v1/,
    );
    const gateway = await run(
      ['gateway', '--port', '0', '--upstream', `${workspace.url}/v1`],
      /gateway -> \S+:\n\s+(http:\S+)\/graphql/,
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

  it('refuses a bad value of a flag or a variable in one line naming the option and what it takes', async () => {
    const [limit, variable] = await Promise.all([
      runToEnd(['start', '--limits', 'idLength=201']),
      runToEnd(['gateway', '--upstream', 'http://127.0.0.1:9'], { LOG_LEVEL: 'loud' }),
    ]);
    expect(limit.code).toBe(2);
    expect(limit.stderr.split('\n')[0]).toBe(
      'docs-graph: --limits sets idLength to "201": it must be a whole number from 1 to 200',
    );
    expect(limit.stderr).toContain('docs-graph <command> [options]');
    expect(variable.code).toBe(2);
    expect(variable.stderr.split('\n')[0]).toBe(
      'docs-graph: --log-level (LOG_LEVEL) must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    );
  });

  it('sets the token limit of GraphQL documents with --limits documentTokens', async () => {
    const start = await run(
      ['start', '--port', '0', '--db', ':memory:', '--limits', 'documentTokens=20000'],
      /start:\n\s+(http:\S+)\/ /,
    );
    // 6,021 tokens (two per spread of the same fragment): over the default of 5,000.
    const query = `{ organizations(first: 1) { nodes { ${'...F '.repeat(3_000)}} } }
      fragment F on Organization { title }`;
    const response = await fetch(`${start.url}/graphql`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ query }),
    });
    const body = (await response.json()) as { data?: unknown; errors?: unknown };
    expect(response.status).toBe(200);
    expect(body).toEqual({
      data: { organizations: { nodes: [{ title: 'Acme Docs' }] } },
      extensions: expect.any(Object),
    });
    start.child.kill('SIGTERM');
    expect(await exited(start.child)).toBe(0);
  });

  it('prints the version, and refuses unknown options and commands in one line with the usage', async () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    const [version, option, command, value] = await Promise.all([
      runToEnd(['--version']),
      runToEnd(['start', '--prot', '4001']),
      runToEnd(['serve']),
      runToEnd(['start', '--port']),
    ]);
    expect(version).toMatchObject({ code: 0, stdout: `docs-graph ${pkg.version}\n` });

    expect(option.code).toBe(2);
    expect(option.stderr.split('\n')[0]).toBe('docs-graph: unknown option --prot');
    expect(option.stderr).toContain('docs-graph <command> [options]');
    expect(option.stderr).toContain('--cors-origin <origin>');

    expect(command.code).toBe(2);
    expect(command.stderr.split('\n')[0]).toBe('docs-graph: unknown command serve');
    expect(command.stderr).toContain('Commands:');

    expect(value.code).toBe(2);
    expect(value.stderr.split('\n')[0]).toBe('docs-graph: --port needs a value');
  });

  it('prints every URL it serves, and one line naming a taken port (exit 1)', async () => {
    const first = await run(
      ['start', '--port', '0', '--db', ':memory:'],
      /start:\n\s+(http:\S+)\/ /,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const path of ['/', '/graphql', '/example/', '/v1']) {
      expect(first.output()).toContain(`${first.url}${path} `);
    }
    const port = new URL(first.url).port;
    const taken = await runToEnd(['workspace', '--db', ':memory:'], { PORT: port });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toBe(
      `docs-graph: port ${port} on 127.0.0.1 is already in use: choose another with --port <n> or PORT=<n> (--port 0 picks a free one)\n`,
    );
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
  });

  it('imports into an existing database only, naming it, and warns about skipped files', async () => {
    const folder = join(dir, 'docs');
    mkdirSync(folder);
    writeFileSync(join(folder, 'intro.md'), '---\ntitle: Introduction\n---\nHello.\n');
    writeFileSync(join(folder, 'notes.txt'), 'not imported');

    const missing = await runToEnd([
      'import',
      folder,
      '--space',
      'x',
      '--db',
      join(dir, 'none.sqlite'),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^docs-graph: import: no database at .*none\.sqlite/);
    expect(existsSync(join(dir, 'none.sqlite'))).toBe(false);

    const db = join(dir, 'import.sqlite');
    const workspace = await run(
      ['workspace', '--port', '0', '--db', db],
      /workspace:\n\s+(http:\S+)\/v1/,
    );
    const orgs = (await (await fetch(`${workspace.url}/v1/orgs`, { headers: auth })).json()) as {
      items: Array<{ id: string; title: string }>;
    };
    const acme = orgs.items.find((o) => o.title === 'Acme Docs');
    const created = await fetch(`${workspace.url}/v1/orgs/${acme?.id}/spaces`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ title: 'Imported docs' }),
    });
    const space = (await created.json()) as { id: string };
    workspace.child.kill('SIGTERM');
    await exited(workspace.child);

    const globalId = Buffer.from(`Space:${space.id}`).toString('base64');
    const imported = await runToEnd(['import', folder, '--space', globalId, '--db', db]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(
      new RegExp(
        `^imported 1 page and 0 files into space ${globalId.replace(/[+/=]/g, '\\$&')} \\(revision \\w+\\) in ${db}\n$`,
      ),
    );
    expect(imported.stderr).toBe('skipped notes.txt: neither Markdown nor an image or PDF\n');

    const again = await runToEnd(['import', folder, '--space', space.id, '--db', db]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('pass --replace');
    const replaced = await runToEnd([
      'import',
      folder,
      '--space',
      space.id,
      '--db',
      db,
      '--replace',
    ]);
    expect(replaced.code).toBe(0);
  });
});
