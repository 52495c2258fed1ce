/**
 * Cold start: milliseconds from spawning `docs-graph start` to its first GraphQL answer, for
 * `npm start` (npm, the staleness check of scripts/ensure-built.mjs, then the built CLI), the built
 * CLI alone (`node dist/cli.js start`) and, for comparison, the sources through tsx. Two cases
 * each: a first run (empty database: the demo data is loaded) and a restart (the database
 * exists). `npm run bench:startup` (options: --runs N); builds dist/ first when stale. The bench's
 * own HTTP client is loaded before the clock starts. Prints a table of medians; asserts nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Math.max(1, Number(values.runs));
const root = fileURLToPath(new URL('..', import.meta.url));
const query = JSON.stringify({ query: '{ organizations(first: 1) { nodes { id title } } }' });

/** Spawns the CLI, waits for its GraphQL URL, asks one query: milliseconds to the answer. */
async function coldStart(command: string[], db: string): Promise<number> {
  const [program = process.execPath, ...args] = command;
  const started = performance.now();
  // A process group of its own: npm's children stop with it.
  const child = spawn(program, [...args, '--port', '0', '--db', db], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /(http:\S+)\/graphql/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer dg_demo_admin' },
      body: query,
    });
    const body = (await response.json()) as { data?: unknown };
    if (!body.data) throw new Error(`no data: ${JSON.stringify(body)}`);
    return performance.now() - started;
  } finally {
    const exited = new Promise((resolve) =>
      child.exitCode !== null ? resolve(0) : child.once('exit', resolve),
    );
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main() {
  const ensure = spawnSync(process.execPath, [join(root, 'scripts/ensure-built.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (ensure.status !== 0) throw new Error('the build failed');
  // The clock measures the server, not the first use of this process's fetch.
  await fetch('data:,').catch(() => undefined);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const variants: Array<[string, string[]]> = [
    ['npm start', [npm, 'start', '--silent', '--']],
    ['node dist/cli.js', [process.execPath, join(root, 'dist/cli.js'), 'start']],
    ['tsx (npm run dev)', [process.execPath, '--import', 'tsx', join(root, 'src/cli.ts'), 'start']],
  ];
  const dir = mkdtempSync(join(tmpdir(), 'docs-graph-startup-'));
  const times = variants.map(() => ({ first: [] as number[], restart: [] as number[] }));
  const loadBefore = loadavg()[0] ?? 0;
  try {
    // Variants take turns, so a change in the machine's load weighs on all of them alike.
    for (let i = 0; i < runs; i++) {
      for (const [v, [name, command]] of variants.entries()) {
        const db = join(dir, `${i}-${name.replace(/\W+/g, '-')}.sqlite`);
        times[v]?.first.push(await coldStart(command, db));
        times[v]?.restart.push(await coldStart(command, db));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(' ');
  const rows = variants.map(([name], v) => {
    const { first, restart } = times[v] ?? { first: [], restart: [] };
    return `| ${name.padEnd(18)} | ${median(first).toFixed(0).padStart(22)} | ${median(restart).toFixed(0).padStart(25)} |`;
  });
  const all = variants.map(([name], v) => {
    const { first, restart } = times[v] ?? { first: [], restart: [] };
    return `${name}: first run ${ms(first)}; restart ${ms(restart)}`;
  });
  process.stdout.write(
    `cold start to the first GraphQL answer, median of ${runs} runs (ms); load average ` +
      `${loadBefore.toFixed(1)} before, ${loadavg()[0]?.toFixed(1)} after, on ${cpus().length} cores (figures grow with load)\n` +
      '| variant            | first run (seeds demo) | restart (database exists) |\n' +
      '|--------------------|-----------------------:|--------------------------:|\n' +
      `${rows.join('\n')}\n${all.join('\n')}\n`,
  );
}

await main();
