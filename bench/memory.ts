/**
 * Memory of the gateway alone: starts the embedded workspace and the standalone gateway as two
 * processes, sends the GraphQL part of the hostile corpus (`test/hostile/corpus.ts`) and then two
 * identical bursts of 50 clients, and prints the gateway's RSS at start, after the corpus, after
 * each burst (once settled) and at its peak, and (from the gateway's `/metrics`) how much of it
 * is V8's heap when idle and at the end; against the targets: peak at most 280 MB, and RSS after
 * the second burst at most 10% above what it was after the first.
 * `--heap` runs that once per V8 heap sizing, one gateway after the other, to choose between them:
 * `tuned` (`--memory-tuning` as it is: the old generation's growth capped, the young generation
 * V8's), `defaults` (`--memory-tuning off`: V8's own sizing), and a number N
 * (`--max-semi-space-size=N`: semi-spaces of at most N MB, with the tuning); the requests each
 * burst completed tell what the sizing costs in throughput.
 * `npx tsx bench/memory.ts` (options: --clients N, --seconds N per burst, --rounds N of the
 * corpus, --settle N, --heap tuned,defaults,4,8,16, --node-flags='...'). The gateway runs from
 * `dist/` when built (`npm run build`), as the published package runs it, else through tsx
 * (about 90 MB more: the loader and its transformed sources). Prints figures; asserts nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { type CorpusTargets, graphqlCorpus, type HostileRequest } from '../test/hostile/corpus.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    heap: { type: 'string', default: 'tuned' },
    rounds: { type: 'string', default: '3' },
    settle: { type: 'string', default: '15' },
    'node-flags': { type: 'string', default: '' },
  },
});
const CLI = new URL('../src/cli.ts', import.meta.url).pathname;
/** The built CLI (`npm run build`), as the published package runs it. */
const BUILT = loadConfig().bench.cli ?? new URL('../dist/cli.js', import.meta.url).pathname;
const children: ChildProcess[] = [];

/** Starts the CLI under Node with tsx loaded in-process (one PID to measure). */
function start(
  args: string[],
  pattern: RegExp,
  built = false,
  nodeFlags: string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const script = built ? [BUILT] : ['--import', 'tsx', CLI];
  const child = spawn(process.execPath, [...nodeFlags, ...script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 60 s:\n${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    });
  });
}

/** Resident set size of a process, in MB (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function send(base: string, req: HostileRequest): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    const out = request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers: { ...req.headers, ...(body ? { 'content-length': body.length } : {}) },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    out.on('timeout', () => out.destroy());
    out.on('error', () => resolve(0));
    out.end(body);
  });
}

/** The gateway's flags and Node's for a heap sizing of `--heap`. */
function sizing(name: string): { nodeFlags: string[]; gatewayFlags: string[] } {
  const given = values['node-flags'].split(' ').filter(Boolean);
  if (name === 'tuned') return { nodeFlags: given, gatewayFlags: [] };
  if (name === 'defaults') return { nodeFlags: given, gatewayFlags: ['--memory-tuning', 'off'] };
  if (/^\d+$/.test(name)) {
    return { nodeFlags: [...given, `--max-semi-space-size=${name}`], gatewayFlags: [] };
  }
  throw new Error(`--heap: tuned, defaults or a number of MB, got ${name}`);
}

const PEAK_MB = 280;
const GROWTH = 0.1;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

async function main() {
  console.log(`load average before: ${load()}`);
  const workspace = await start(
    ['workspace', '--port', '0', '--db', ':memory:'],
    /(http:\/\/\S+)\/v1\s/,
  );
  const token = 'dg_demo_admin';
  const get = async (path: string) =>
    (
      await fetch(`${workspace.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
  const org = ((await get('/v1/orgs')) as { items: { id: string }[] }).items[0]?.id as string;
  const spaces = (await get(`/v1/orgs/${org}/spaces`)) as { items: { id: string }[] };
  const space = spaces.items[0]?.id as string;
  const crs = (await get(`/v1/spaces/${space}/change-requests`)) as { items: { id: string }[] };
  const targets: CorpusTargets = { org, space, changeRequest: crs.items[0]?.id ?? '1', token };
  const corpus = graphqlCorpus(targets);
  const rows: string[] = [];
  for (const name of values.heap.split(',').filter(Boolean)) {
    rows.push(await measureSizing(name, workspace.url, corpus));
  }
  console.log(
    `\ngateway alone (${existsSync(BUILT) ? BUILT : 'tsx'}), RSS in MB; ${values.clients} clients for ${values.seconds} s per burst; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  console.log(
    `| heap sizing | idle | after corpus | after burst 1 | after burst 2 | growth (target <= ${GROWTH * 100}%) | peak (target <= ${PEAK_MB}) | requests per burst |`,
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

/** One gateway with the heap sizing `name`: its figures as a row of the table. */
async function measureSizing(
  name: string,
  upstream: string,
  corpus: HostileRequest[],
): Promise<string> {
  const { nodeFlags, gatewayFlags } = sizing(name);
  const gateway = await start(
    ['gateway', '--port', '0', '--upstream', upstream, ...gatewayFlags],
    /(http:\/\/\S+)\/graphql\s/,
    existsSync(BUILT),
    nodeFlags,
  );
  const pid = gateway.child.pid as number;
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 50);
  try {
    const ordinary = corpus.slice(0, 4);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const idle = rssOf(pid);
    const idleSplit = await splitOf(gateway.url, idle);
    const statuses = new Map<number, number>();
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const req of corpus) {
        const status = await send(gateway.url, req);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }
    const afterCorpus = rssOf(pid);
    const burst = async () => {
      let done = 0;
      const until = Date.now() + Number(values.seconds) * 1_000;
      await Promise.all(
        Array.from({ length: Number(values.clients) }, async (_, client) => {
          for (let i = client; Date.now() < until; i++) {
            await send(gateway.url, ordinary[i % ordinary.length] as HostileRequest);
            done += 1;
          }
        }),
      );
      // Settled: the RSS a burst leaves, once the collector had the idle time it takes.
      const settling: number[] = [];
      for (let s = 0; s < Number(values.settle); s++) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        settling.push(rssOf(pid));
      }
      return { done, rss: rssOf(pid), settling };
    };
    const first = await burst();
    const second = await burst();
    const endSplit = await splitOf(gateway.url, second.rss);
    const growth = (second.rss - first.rss) / first.rss;
    const mix = [...statuses.entries()].sort((a, b) => a[0] - b[0]);
    console.log(
      `${name}: PID ${pid}, corpus ${corpus.length} x ${values.rounds} (status mix ${mix.map(([s, n]) => `${s}: ${n}`).join(', ')}); settling after each burst, one sample a second: ${first.settling.join(' ')} / ${second.settling.join(' ')}`,
    );
    console.log(`${name}: RSS split (MB, from /metrics): idle ${idleSplit}; end ${endSplit}`);
    return `| ${name} | ${idle} | ${afterCorpus} | ${first.rss} | ${second.rss} | ${(growth * 100).toFixed(1)}% ${growth <= GROWTH ? 'met' : 'NOT MET'} | ${peak} ${peak <= PEAK_MB ? 'met' : 'NOT MET'} | ${first.done}, ${second.done} |`;
  } finally {
    clearInterval(sampler);
    gateway.child.kill('SIGTERM');
  }
}

/**
 * Where an RSS figure lies, read from the gateway's Prometheus process metrics: V8's heap (used
 * of committed), the external memory V8 knows of, and the rest.
 */
async function splitOf(url: string, rss: number): Promise<string> {
  try {
    const text = await (await fetch(`${url}/metrics`)).text();
    const metric = (name: string) => {
      const match = new RegExp(`^docs_graph_${name} (\\S+)$`, 'm').exec(text);
      return match ? Number(match[1]) / 1_048_576 : Number.NaN;
    };
    const used = metric('nodejs_heap_size_used_bytes');
    const total = metric('nodejs_heap_size_total_bytes');
    const external = metric('nodejs_external_memory_bytes');
    return `heap ${used.toFixed(0)}/${total.toFixed(0)}, external ${external.toFixed(0)}, rest ${(rss - total - external).toFixed(0)}`;
  } catch {
    return 'n/a (no /metrics)';
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
  });
