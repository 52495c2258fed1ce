/**
 * Memory of the gateway alone: starts the embedded workspace and the standalone gateway as two
 * processes, sends the GraphQL part of the hostile corpus (`test/hostile/corpus.ts`) and then a
 * load of 50 clients, and prints the gateway's RSS at start, after the corpus, its peak and at
 * the end, and (from the gateway's `/metrics`) how much of it is V8's heap when idle and at the
 * end. `npx tsx bench/memory.ts` (options: --clients N, --seconds N, --rounds N, --settle N,
 * --node-flags='...' to try V8 settings on the gateway). The gateway runs from `dist/` when
 * built (`npm run build`), as the published package runs it, else through tsx (about 90 MB
 * more: the loader and its transformed sources).
 * Prints figures; asserts nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { type CorpusTargets, graphqlCorpus, type HostileRequest } from '../test/hostile/corpus.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '30' },
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

async function main() {
  const workspace = await start(
    ['workspace', '--port', '0', '--db', ':memory:'],
    /(http:\/\/\S+)\/v1\s/,
  );
  const gateway = await start(
    ['gateway', '--port', '0', '--upstream', workspace.url],
    /(http:\/\/\S+)\/graphql\s/,
    existsSync(BUILT),
    values['node-flags'].split(' ').filter(Boolean),
  );
  const pid = gateway.child.pid as number;
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 50);

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
  const corpusPeak = peak;

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
  const afterLoad = rssOf(pid);
  const settling: number[] = [];
  for (let s = 0; s < Number(values.settle); s++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    settling.push(rssOf(pid));
  }
  const end = rssOf(pid);
  const endSplit = await splitOf(gateway.url, end);

  clearInterval(sampler);

  console.log(`settling, one sample a second: ${settling.join(' ')}`);
  const mix = [...statuses.entries()].sort((a, b) => a[0] - b[0]);
  console.log(`gateway alone (PID ${pid}, ${existsSync(BUILT) ? BUILT : 'tsx'}), RSS in MB`);
  console.log(
    `corpus: ${corpus.length} requests x ${values.rounds} rounds, status mix ${mix.map(([s, n]) => `${s}: ${n}`).join(', ')}`,
  );
  console.log(`load: ${values.clients} clients for ${values.seconds} s, ${done} requests`);
  console.log(
    `| idle | after corpus | peak (corpus) | after load | peak (all) | end (${values.settle} s idle) | end vs idle |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| ${idle} | ${afterCorpus} | ${corpusPeak} | ${afterLoad} | ${peak} | ${end} | ${(((end - idle) / idle) * 100).toFixed(0)}% |`,
  );
  console.log(
    `RSS split (MB, from the gateway's /metrics): idle ${idleSplit}; end ${endSplit}\n(heap: V8's heap, used of committed; external: buffers and native memory V8 knows of; rest: code, stacks and what native code mallocs on its own, such as compression contexts)`,
  );
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
