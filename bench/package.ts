/**
 * The package as a user gets it: `npm pack` (building dist/ and the example), then an install of
 * the tarball into an empty app, and there the tarball's size, the installed size, the install
 * time, `EBADENGINE` warnings, `docs-graph --version` (run by node and through npx, beside npx
 * running a one-file package: npm's own floor) and the
 * installed `docs-graph gateway` answering a query against the embedded `/v1` of this checkout;
 * in the checkout, `npm start` to its first GraphQL answer (first run, an empty database).
 * `npm run bench:package` (options: --runs N, --tarball <path> to skip packing). Times are
 * printed with the load average and against a reference measured in the same run (`node -e 0`
 * for start-ups); it asserts nothing.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, tarball: { type: 'string' } },
});
const runs = Math.max(1, Number(values.runs));
const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'docs-graph-package-'));
const query = JSON.stringify({ query: '{ organizations(first: 1) { nodes { title } } }' });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Bytes of the files under `path` (what `du --apparent-size` counts). */
function sizeOf(path: string): number {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0);
}

/** Runs a command to its end: milliseconds, exit status and output. */
function timed(command: string, args: string[], cwd: string) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return {
    ms: performance.now() - started,
    status: result.status,
    output: `${result.stdout}${result.stderr}`,
  };
}

/** Spawns a server in a process group of its own; resolves with its first `/graphql` URL. */
function serve(command: string, args: string[], cwd: string, pattern: RegExp) {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const url = new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 120 s:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${output}`));
    });
  });
  return { child, url };
}

function stop(child: ChildProcess): void {
  if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
}

async function ask(url: string): Promise<string> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer dg_demo_admin' },
    body: query,
  });
  return `${response.status} ${await response.text()}`;
}

try {
  console.log(`load average at start: ${load()} (${cpus().length} cores)`);
  let tarball = values.tarball ? resolve(values.tarball) : '';
  if (!tarball) {
    const pack = timed('npm', ['pack', '--pack-destination', dir, '--silent'], root);
    if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.output}`);
    tarball = join(dir, pack.output.trim().split('\n').at(-1) ?? '');
    console.log(`npm pack (build, example build, pack): ${(pack.ms / 1000).toFixed(1)} s`);
  }
  const app = join(dir, 'app');
  rmSync(app, { recursive: true, force: true });
  spawnSync('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), '{"name":"app","version":"1.0.0","private":true}\n');
  const install = timed('npm', ['install', '--no-audit', '--no-fund', tarball], app);
  if (install.status !== 0) throw new Error(`npm install failed:\n${install.output}`);
  const engine = install.output.split('\n').filter((line) => line.includes('EBADENGINE'));
  const modules = join(app, 'node_modules');
  const packages = readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(modules, name)) : [name])).length;
  console.log(`tarball: ${mb(statSync(tarball).size)}`);
  console.log(
    `install into an empty app: ${(install.ms / 1000).toFixed(1)} s, ${mb(sizeOf(modules))} in node_modules (${packages} top-level packages), ${engine.length} EBADENGINE line(s) (load ${load()})`,
  );

  // npx's own floor: a package of one file that prints a version, installed the same way into an
  // app of its own. What `npx docs-graph` takes beyond it is the package's.
  const tiny = join(dir, 'tiny');
  const tinyApp = join(dir, 'tiny-app');
  for (const folder of [tiny, tinyApp]) rmSync(folder, { recursive: true, force: true });
  spawnSync('mkdir', ['-p', tiny, tinyApp]);
  writeFileSync(
    join(tiny, 'package.json'),
    '{"name":"tiny","version":"1.0.0","bin":{"tiny":"tiny.js"}}\n',
  );
  writeFileSync(join(tiny, 'tiny.js'), '#!/usr/bin/env node\nconsole.log("1.0.0");\n', {
    mode: 0o755,
  });
  writeFileSync(join(tinyApp, 'package.json'), '{"name":"tiny-app","version":"1.0.0"}\n');
  const tinyInstall = timed('npm', ['install', '--no-audit', '--no-fund', tiny], tinyApp);
  if (tinyInstall.status !== 0) throw new Error(`npm install failed:\n${tinyInstall.output}`);

  const bin = join(modules, '.bin', 'docs-graph');
  const reference: number[] = [];
  const byNode: number[] = [];
  const byNpx: number[] = [];
  const npxFloor: number[] = [];
  for (let i = 0; i < runs; i++) {
    reference.push(timed(process.execPath, ['-e', '0'], app).ms);
    byNode.push(timed(process.execPath, [bin, '--version'], app).ms);
    byNpx.push(timed('npx', ['--no-install', 'docs-graph', '--version'], app).ms);
    npxFloor.push(timed('npx', ['--no-install', 'tiny'], tinyApp).ms);
  }
  const ref = median(reference);
  console.log(`node -e 0 (reference): ${ref.toFixed(0)} ms`);
  console.log(
    `node node_modules/.bin/docs-graph --version: ${median(byNode).toFixed(0)} ms (${(median(byNode) / ref).toFixed(1)}x the reference)`,
  );
  console.log(
    `npx docs-graph --version: ${median(byNpx).toFixed(0)} ms (${(median(byNpx) / ref).toFixed(1)}x the reference; npx of a one-file package: ${median(npxFloor).toFixed(0)} ms)`,
  );

  // The installed gateway against the embedded /v1 of this checkout.
  const workspace = serve(
    process.execPath,
    ['bin/docs-graph.js', 'workspace', '--port', '0', '--db', join(dir, 'w.sqlite')],
    root,
    /(http:\/\/\S+)\/v1\s/,
  );
  try {
    const upstream = await workspace.url;
    const started = performance.now();
    const gateway = serve(
      process.execPath,
      [bin, 'gateway', '--port', '0', '--upstream', upstream],
      app,
      /(http:\/\/\S+)\/graphql\s/,
    );
    try {
      const answer = await ask(await gateway.url);
      console.log(
        `installed gateway, spawn to first answer: ${(performance.now() - started).toFixed(0)} ms: ${answer.slice(0, 80)}`,
      );
    } finally {
      stop(gateway.child);
    }
  } finally {
    stop(workspace.child);
  }

  // npm start in this checkout, first run: spawn to the first GraphQL answer. Built beforehand
  // (scripts/ensure-built.mjs without arguments only builds what is stale), as after one start.
  const build = timed(process.execPath, ['scripts/ensure-built.mjs'], root);
  if (build.status !== 0) throw new Error(`the build failed:\n${build.output}`);
  const starts: number[] = [];
  for (let i = 0; i < runs; i++) {
    const db = join(dir, `start-${i}.sqlite`);
    const started = performance.now();
    const start = serve(
      'npm',
      ['start', '--silent', '--', '--port', '0', '--db', db],
      root,
      /(http:\/\/\S+)\/graphql\s/,
    );
    try {
      await ask(await start.url);
      starts.push(performance.now() - started);
    } finally {
      stop(start.child);
    }
  }
  console.log(
    `npm start to first answer (first run): ${median(starts).toFixed(0)} ms (${(median(starts) / ref).toFixed(1)}x the reference), load ${load()}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
