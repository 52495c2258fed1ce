/**
 * Cold start: milliseconds from spawning `docs-graph start` to its first GraphQL answer, for the
 * built CLI (`node dist/cli.js`, what `npm start` runs) and, for comparison, the sources through
 * tsx. Two cases each: a first run (empty database: the demo data is loaded) and a restart (the
 * database exists). `npm run bench:startup` (options: --runs N); builds dist/ first when stale.
 * Prints a table of medians; asserts nothing.
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
  const started = performance.now();
  const child = spawn(process.execPath, [...command, 'start', '--port', '0', '--db', db], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
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
    child.kill('SIGTERM');
    await new Promise((resolve) =>
      child.exitCode !== null ? resolve(0) : child.once('exit', resolve),
    );
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main() {
  const ensure = spawnSync(process.execPath, [join(root, 'scripts/ensure-built.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (ensure.status !== 0) throw new Error('the build failed');
  const variants: Array<[string, string[]]> = [
    ['built (npm start)', [join(root, 'dist/cli.js')]],
    ['tsx (npm run dev)', ['--import', 'tsx', join(root, 'src/cli.ts')]],
  ];
  const dir = mkdtempSync(join(tmpdir(), 'docs-graph-startup-'));
  const rows: string[] = [];
  try {
    for (const [name, command] of variants) {
      const first: number[] = [];
      const restart: number[] = [];
      for (let i = 0; i < runs; i++) {
        const db = join(dir, `${i}-${name.split(' ')[0]}.sqlite`);
        first.push(await coldStart(command, db));
        restart.push(await coldStart(command, db));
      }
      rows.push(
        `| ${name.padEnd(18)} | ${median(first).toFixed(0).padStart(21)} | ${median(restart).toFixed(0).padStart(24)} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(
    `cold start to the first GraphQL answer, median of ${runs} runs (ms); ` +
      `load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores (figures grow with load)\n` +
      '| variant            | first run (seeds demo) | restart (database exists) |\n' +
      '|--------------------|-----------------------:|--------------------------:|\n' +
      `${rows.join('\n')}\n`,
  );
}

await main();
