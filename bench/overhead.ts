/**
 * The gateway's own work per request, against the framework it is built on and the REST surface
 * it fronts. In one run, each in a process of its own on loopback: the embedded workspace (`/v1`,
 * demo data), the built gateway (`dist/cli.js gateway`, production defaults; response cache and
 * rate limit off for the throughput rows, since a cache hit is not the gateway's work), bare
 * graphql-yoga on the same schema with no plugin, and a proxy adding 20 ms to every upstream
 * call. The load generator (this process) keeps `--connections` requests in flight for
 * `--seconds` per measure, in `--rounds` interleaved rounds (the order alternates); each figure is
 * the median of the rounds, and each ratio is taken within a round. Prints:
 * - `{__typename}`: gateway against bare Yoga (requests per second, CPU per request);
 * - a one-call query (`space(id)`) against the same REST GET;
 * - both again on a gateway started with `--memory-tuning off` (V8's own heap sizing, as bare
 *   Yoga has it): what holding the young generation at 1 MB costs in CPU;
 * - a 50-item list: the gateway's CPU per request and per item, against the REST list;
 * - the nested use case (organization -> 5 spaces -> change requests -> comments) one request at
 *   a time: p50 at 0 ms and at 20 ms per upstream call, with its goal;
 * - where the gateway's CPU goes under the list query (a V8 CPU profile of the gateway run from
 *   its sources, so that each package keeps its files; self time by package, with the garbage
 *   collector's share of busy time);
 * - the load average before and after.
 * `npm run bench:overhead` (options: --seconds N, --rounds N, --connections N). Asserts nothing.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { DEMO_TOKENS } from '../src/workspace/demo/users.ts';
import { type BenchProcess, cpuMsOf, startProcess } from './processes.ts';
import { startWorkspace } from './workspace.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    runs: { type: 'string', default: '40' },
    'node-flags': { type: 'string', default: '' },
    profile: { type: 'string', default: 'list' },
    'gateway-flags': { type: 'string', default: '' },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const runs = Number(values.runs);
/** Node flags of the gateways, to compare V8 settings (default none: as users run it). */
const nodeFlags = values['node-flags'].split(' ').filter(Boolean);
const DELAY_MS = 20;

const CLI = new URL('../dist/cli.js', import.meta.url).pathname;
const GRAPHQL_URL = /(http:\/\/127\.0\.0\.1:\d+)\/graphql/;
const AUTH = { authorization: `Bearer ${DEMO_TOKENS.admin}` };

interface Target {
  name: string;
  process: BenchProcess;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

interface Measure {
  rps: number;
  cpuPerRequestMs: number;
  p50Ms: number;
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const fixed = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

const graphql = (query: string, variables: Record<string, unknown> = {}) =>
  JSON.stringify({ query, variables });

/** Keeps `connections` requests to `target` in flight for `seconds`; counts what completed. */
async function measure(target: Target): Promise<Measure> {
  const pool = new Pool(target.process.url, { connections, pipelining: 1 });
  const headers = {
    ...(target.body ? { 'content-type': 'application/json' } : {}),
    ...target.headers,
  };
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const cpuBefore = target.process.cpuMs();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        const res = await pool.request({
          method: target.method,
          path: target.path,
          headers,
          ...(target.body ? { body: target.body } : {}),
        });
        await res.body.dump();
        if (res.statusCode !== 200) failures++;
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = target.process.cpuMs() - cpuBefore;
  await pool.close();
  if (failures > 0) throw new Error(`${target.name}: ${failures} answers were not 200`);
  return {
    rps: latencies.length / elapsed,
    cpuPerRequestMs: cpu / latencies.length,
    p50Ms: median(latencies),
  };
}

/** Interleaved rounds of `a` against `b`: the median of each and of the ratios within rounds. */
async function compare(a: Target, b: Target) {
  const runsA: Measure[] = [];
  const runsB: Measure[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [a, b] : [b, a];
    for (const target of order) (target === a ? runsA : runsB).push(await measure(target));
  }
  const ratios = runsA.map((m, i) => m.rps / (runsB[i]?.rps ?? Number.NaN));
  const of = (list: Measure[], key: keyof Measure) => median(list.map((m) => m[key]));
  return {
    a: { rps: of(runsA, 'rps'), cpu: of(runsA, 'cpuPerRequestMs'), p50: of(runsA, 'p50Ms') },
    b: { rps: of(runsB, 'rps'), cpu: of(runsB, 'cpuPerRequestMs'), p50: of(runsB, 'p50Ms') },
    ratio: median(ratios),
  };
}

/** p50 of `runs` requests sent one at a time (after two to warm up). */
async function latency(target: Target): Promise<number> {
  const pool = new Pool(target.process.url, { connections: 1 });
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const sent = performance.now();
    const res = await pool.request({
      method: target.method,
      path: target.path,
      headers: {
        ...(target.body ? { 'content-type': 'application/json' } : {}),
        ...target.headers,
      },
      ...(target.body ? { body: target.body } : {}),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200 || text.includes('"errors"')) {
      throw new Error(`${target.name}: ${res.statusCode} ${text.slice(0, 300)}`);
    }
    if (i >= 2) times.push(performance.now() - sent);
  }
  await pool.close();
  return median(times);
}

/**
 * Self time of a V8 CPU profile by package (`node_modules/<name>`) and by file, with GC and idle
 * apart, leaving out its first `skipMs` (start-up).
 */
function profileByPackage(path: string, skipMs: number) {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as {
    nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>;
    samples: number[];
    timeDeltas: number[];
  };
  const owner = new Map<number, string>();
  const fileOf = new Map<number, string>();
  for (const node of profile.nodes) {
    fileOf.set(
      node.id,
      `${node.callFrame.url.replace(/^file:\/\/.*?\/(src|node_modules)\//, '$1/')} ${node.callFrame.functionName}`,
    );
    const { url, functionName } = node.callFrame;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    owner.set(
      node.id,
      functionName === '(garbage collector)'
        ? '(garbage collector)'
        : functionName === '(idle)'
          ? '(idle)'
          : functionName === '(program)'
            ? '(program: native, outside JS)'
            : pkg
              ? pkg
              : url.startsWith('node:') || url === ''
                ? '(node core)'
                : 'docs-graph',
    );
  }
  const totals = new Map<string, number>();
  const files = new Map<string, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    // Start-up (loading modules) is not per-request work.
    if (at < skipMs * 1000) return;
    const key = owner.get(id) ?? '(unknown)';
    totals.set(key, (totals.get(key) ?? 0) + delta);
    const file = fileOf.get(id) ?? '';
    if (file) files.set(file, (files.get(file) ?? 0) + delta);
  });
  const busy = [...totals].filter(([k]) => k !== '(idle)').reduce((sum, [, v]) => sum + v, 0);
  const rows = [...totals]
    .filter(([k]) => k !== '(idle)')
    .sort((x, y) => y[1] - x[1])
    .map(([name, micros]) => ({ name, share: micros / busy }));
  const topFiles = [...files]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 25)
    .map(([name, micros]) => ({ name, share: micros / busy }));
  return { rows, topFiles, gcShare: (totals.get('(garbage collector)') ?? 0) / busy };
}

async function main() {
  process.stdout.write(
    `docs-graph overhead bench: ${rounds} interleaved rounds of ${seconds} s, ${connections} connections; load average ${load()}\n`,
  );
  // Scale 2: the first organization has more than 50 spaces.
  const workspace = await startWorkspace(2);
  const stops: Array<() => Promise<void> | void> = [() => workspace.stop()];
  try {
    const started = (args: string[], pattern = GRAPHQL_URL) =>
      startProcess(args, pattern).then((p) => {
        stops.push(p.stop);
        return p;
      });
    const gatewayArgs = (upstream: string, extra: string[] = []) => [
      ...nodeFlags,
      CLI,
      'gateway',
      '--upstream',
      upstream,
      '--port',
      '0',
      '--cache',
      'off',
      '--rate-limit',
      'off',
      ...values['gateway-flags'].split(' ').filter(Boolean),
      ...extra,
    ];
    const proxy = await started(
      [
        '--import',
        'tsx',
        new URL('./children/delay-proxy.ts', import.meta.url).pathname,
        '--target',
        workspace.url,
        '--delay',
        String(DELAY_MS),
      ],
      /(http:\/\/127\.0\.0\.1:\d+)/,
    );
    const [gateway, slowGateway, untuned, bare] = await Promise.all([
      started(gatewayArgs(workspace.url)),
      started(gatewayArgs(proxy.url)),
      // The same gateway with V8's own heap sizing: what the memory tuning costs in CPU.
      started(gatewayArgs(workspace.url, ['--memory-tuning', 'off'])),
      started(['--import', 'tsx', new URL('./children/bare-yoga.ts', import.meta.url).pathname]),
    ]);
    const rest: BenchProcess = {
      child: workspace.child,
      url: workspace.url,
      cpuMs: () => cpuMsOf(workspace.child.pid),
      stop: async () => workspace.stop(),
    };

    // Ids of the demo data.
    const probe = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AUTH },
      body: graphql(
        '{ organizations(first: 1) { nodes { id spaces(first: 60) { totalCount nodes { id } } } } }',
      ),
    }).then(
      (r) =>
        r.json() as Promise<{
          data: {
            organizations: {
              nodes: Array<{ id: string; spaces: { totalCount: number; nodes: { id: string }[] } }>;
            };
          };
        }>,
    );
    const org = probe.data.organizations.nodes[0];
    const space = org?.spaces.nodes[0];
    if (!org || !space) throw new Error('the demo data has no organization with a space');
    const restId = (id: string) => Buffer.from(id, 'base64').toString().split(':')[1] ?? '';
    const listSize = Math.min(50, org.spaces.totalCount);

    const typename = graphql('{ __typename }');
    const rows: string[][] = [];

    // 1. {__typename}
    const t = await compare(
      { name: 'gateway', process: gateway, method: 'POST', path: '/graphql', body: typename },
      { name: 'bare Yoga', process: bare, method: 'POST', path: '/graphql', body: typename },
    );
    rows.push([
      '`{__typename}`',
      `${fixed(t.a.rps, 0)} req/s, ${fixed(t.a.cpu, 3)} ms CPU/req`,
      `bare Yoga ${fixed(t.b.rps, 0)} req/s, ${fixed(t.b.cpu, 3)} ms CPU/req`,
      `${fixed(t.ratio)}x (target >= 0.70)`,
    ]);
    const tu = await compare(
      { name: 'untuned', process: untuned, method: 'POST', path: '/graphql', body: typename },
      { name: 'bare Yoga', process: bare, method: 'POST', path: '/graphql', body: typename },
    );
    rows.push([
      '`{__typename}`, `--memory-tuning off`',
      `${fixed(tu.a.rps, 0)} req/s, ${fixed(tu.a.cpu, 3)} ms CPU/req`,
      `bare Yoga ${fixed(tu.b.rps, 0)} req/s, ${fixed(tu.b.cpu, 3)} ms CPU/req`,
      `${fixed(tu.ratio)}x (not the default: memory tuning is on)`,
    ]);

    // 2. One upstream call.
    const one = await compare(
      {
        name: 'gateway',
        process: gateway,
        method: 'POST',
        path: '/graphql',
        headers: AUTH,
        body: graphql('query($id: ID!) { space(id: $id) { id title emoji } }', { id: space.id }),
      },
      {
        name: 'REST',
        process: rest,
        method: 'GET',
        path: `/v1/spaces/${restId(space.id)}`,
        headers: AUTH,
      },
    );
    rows.push([
      '`space(id)`, one upstream call',
      `${fixed(one.a.rps, 0)} req/s, ${fixed(one.a.cpu, 3)} ms CPU/req`,
      `GET /v1/spaces/{id} ${fixed(one.b.rps, 0)} req/s`,
      `${fixed(one.ratio)}x (target >= 0.60)`,
    ]);
    const oneUntuned = await compare(
      {
        name: 'untuned',
        process: untuned,
        method: 'POST',
        path: '/graphql',
        headers: AUTH,
        body: graphql('query($id: ID!) { space(id: $id) { id title emoji } }', { id: space.id }),
      },
      {
        name: 'REST',
        process: rest,
        method: 'GET',
        path: `/v1/spaces/${restId(space.id)}`,
        headers: AUTH,
      },
    );
    rows.push([
      '`space(id)`, `--memory-tuning off`',
      `${fixed(oneUntuned.a.rps, 0)} req/s, ${fixed(oneUntuned.a.cpu, 3)} ms CPU/req`,
      `GET /v1/spaces/{id} ${fixed(oneUntuned.b.rps, 0)} req/s`,
      `${fixed(oneUntuned.ratio)}x (not the default)`,
    ]);

    // 3. A 50-item list.
    const listQuery = graphql(
      `query($org: ID!) { organization(id: $org) { spaces(first: ${listSize}) { nodes { id title emoji visibility createdAt } } } }`,
      { org: org.id },
    );
    const list = await compare(
      {
        name: 'gateway',
        process: gateway,
        method: 'POST',
        path: '/graphql',
        headers: AUTH,
        body: listQuery,
      },
      {
        name: 'REST',
        process: rest,
        method: 'GET',
        path: `/v1/orgs/${restId(org.id)}/spaces?limit=${listSize}`,
        headers: AUTH,
      },
    );
    rows.push([
      `${listSize}-item list, one upstream call`,
      `${fixed(list.a.cpu, 3)} ms CPU/req, ${fixed((list.a.cpu * 1000) / listSize, 1)} us CPU/item, ${fixed(list.a.rps, 0)} req/s`,
      `GET /v1/orgs/{id}/spaces ${fixed(list.b.rps, 0)} req/s`,
      `${fixed(list.ratio)}x of REST's throughput`,
    ]);

    // 4. The nested use case, one request at a time.
    const nested = graphql(
      `query($org: ID!) { organization(id: $org) { spaces(first: 5) { nodes { title
        changeRequests(first: 3) { nodes { number subject comments(first: 3) { nodes { id } } } } } } } }`,
      { org: org.id },
    );
    const at0 = await latency({
      name: 'nested 0 ms',
      process: gateway,
      method: 'POST',
      path: '/graphql',
      headers: AUTH,
      body: nested,
    });
    const at20 = await latency({
      name: 'nested 20 ms',
      process: slowGateway,
      method: 'POST',
      path: '/graphql',
      headers: AUTH,
      body: nested,
    });
    // What one upstream call through the delaying proxy takes (20 ms, plus the proxy's own hop).
    const call = await latency({
      name: 'a call through the proxy',
      process: proxy,
      method: 'GET',
      path: `/v1/spaces/${restId(space.id)}`,
      headers: AUTH,
    });
    const depth = 3;
    const goal = 1.1 * depth * call + at0;
    rows.push([
      'nested use case, 0 ms upstream',
      `p50 ${fixed(at0, 1)} ms`,
      'target <= 12 ms',
      at0 <= 12 ? 'met' : 'NOT MET',
    ]);
    rows.push([
      `nested use case, ${DELAY_MS} ms per upstream call (depth ${depth})`,
      `p50 ${fixed(at20, 1)} ms`,
      `goal <= 1.1 x ${depth} x ${fixed(call, 1)} ms (one call through the proxy) + p50 at 0 ms = ${fixed(goal, 1)} ms`,
      at20 <= goal ? 'met' : 'NOT MET',
    ]);

    process.stdout.write(
      `\n| what | docs-graph | reference | ratio |\n|---|---|---|---|\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}\n`,
    );

    // 5. Where the gateway's CPU goes under the list query.
    const dir = mkdtempSync(join(tmpdir(), 'docs-graph-prof-'));
    try {
      // From the sources (tsx), not the bundle, so that each package's code keeps its own file.
      const source = new URL('../src/entry.ts', import.meta.url).pathname;
      const spawned = performance.now();
      // tsx's loader grows V8's young generation before the CLI's first module can hold it at
      // 1 MB per semi-space: the flag gives the profiled gateway the built CLI's young generation,
      // so the collector's share is the one users get (unless --node-flags sets its own).
      const young = nodeFlags.some((f) => f.includes('semi-space'))
        ? []
        : ['--max-semi-space-size=1'];
      const profiled = await started([
        '--cpu-prof',
        `--cpu-prof-dir=${dir}`,
        ...young,
        '--import',
        'tsx',
        ...gatewayArgs(workspace.url).map((a) => (a === CLI ? source : a)),
      ]);
      const loaded = performance.now();
      await measure({
        name: 'profile',
        process: profiled,
        method: 'POST',
        path: '/graphql',
        headers: AUTH,
        body: values.profile === 'typename' ? typename : listQuery,
      });
      await profiled.stop();
      // The main thread's profile is the largest (workers, if any, write their own).
      const file = readdirSync(dir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .sort((x, y) => statSync(join(dir, y)).size - statSync(join(dir, x)).size)[0];
      if (!file) throw new Error('the profiled gateway wrote no profile');
      const {
        rows: byPackage,
        topFiles,
        gcShare,
      } = profileByPackage(join(dir, file), loaded - spawned);
      process.stdout.write(
        `\nGateway CPU under ${values.profile === 'typename' ? '`{__typename}`' : `the ${listSize}-item list`}, self time by package (share of busy time):\n${byPackage
          .slice(0, 15)
          .map((r) => `  ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.name}`)
          .join('\n')}\nBy file:\n${topFiles
          .map((r) => `  ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.name}`)
          .join(
            '\n',
          )}\nGarbage collector: ${(gcShare * 100).toFixed(1)}% of busy time (target < 5%: ${gcShare < 0.05 ? 'met' : 'NOT MET'})\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    process.stdout.write(`\nload average after: ${load()}\n`);
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

await main();
