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
 * - a 50-item list: the gateway's CPU per request and per item, against the REST list and
 *   against the build of a reference commit (`--baseline <git-ref>`, default `b373813`; `none`
 *   to leave it out), run side by side in the same rounds;
 * - the nested use case (organization -> 5 spaces -> change requests -> comments) one request at
 *   a time: p50 at 0 ms and at 20 ms per upstream call;
 * - the README's Dashboard query on `start` with its defaults (the workspace beside it), with
 *   `--dashboard-clients` (50) for `--dashboard-seconds` (30) per round, against the reference
 *   build's `start`, and on `start --cache-freshness ttl`;
 * - the garbage collector's share of the gateway's busy time under the list, and where its CPU
 *   goes (a V8 CPU profile of the gateway run from its sources, so that each package keeps its
 *   files; self time by package and by file);
 * - every target with its figure and "met" or "NOT MET", and the load average before and after.
 * The reference build is made by `bench/baseline.ts` (the commit's files with their own
 * dependencies, kept for later runs; `--rebuild` makes it again); `npm run build` must have built
 * this checkout's `dist/`.
 * `npm run bench:overhead` (options: --seconds N, --rounds N, --connections N, --baseline REF,
 * --rebuild, --dashboard-seconds N, --dashboard-clients N, --node-flags '...',
 * --gateway-flags '...').
 * Asserts nothing.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { DEMO_TOKENS } from '../src/workspace/demo/users.ts';
import { type BaselineBuild, buildBaseline } from './baseline.ts';
import { type BenchProcess, cpuMsOf, startProcess } from './processes.ts';
import { profileByPackage } from './profile.ts';
import { startWorkspace } from './workspace.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    runs: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '200' },
    'node-flags': { type: 'string', default: '' },
    profile: { type: 'string', default: 'list' },
    'gateway-flags': { type: 'string', default: '' },
    baseline: { type: 'string', default: 'b373813' },
    rebuild: { type: 'boolean', default: false },
    'dashboard-seconds': { type: 'string', default: '30' },
    'dashboard-clients': { type: 'string', default: '50' },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const runs = Number(values.runs);
const warmup = Number(values.warmup);
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
async function measure(
  target: Target,
  clients = connections,
  forSeconds = seconds,
): Promise<Measure> {
  const pool = new Pool(target.process.url, { connections: clients, pipelining: 1 });
  const headers = {
    ...(target.body ? { 'content-type': 'application/json' } : {}),
    ...target.headers,
  };
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + forSeconds * 1000;
  const cpuBefore = target.process.cpuMs();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
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

interface Compared {
  /** Medians over the rounds, per target, in the order given. */
  medians: Array<{ rps: number; cpu: number; p50: number }>;
  /** The median over the rounds of target `i`'s `key` divided by target `j`'s in that round. */
  ratio(i: number, j: number, key?: keyof Measure): number;
}

/**
 * Interleaved rounds over `targets`: each round measures every target, the order rotating from
 * round to round; medians of each, and ratios taken within rounds.
 */
async function compare(
  targets: Target[],
  options: { clients?: number; seconds?: number } = {},
): Promise<Compared> {
  const runsOf: Measure[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < targets.length; k++) {
      const i = (k + round) % targets.length;
      const target = targets[i] as Target;
      runsOf[i]?.push(await measure(target, options.clients, options.seconds));
    }
  }
  const of = (list: Measure[], key: keyof Measure) => median(list.map((m) => m[key]));
  return {
    medians: runsOf.map((list) => ({
      rps: of(list, 'rps'),
      cpu: of(list, 'cpuPerRequestMs'),
      p50: of(list, 'p50Ms'),
    })),
    ratio: (i, j, key = 'rps') =>
      median(
        (runsOf[i] ?? []).map((m, round) => m[key] / (runsOf[j]?.[round]?.[key] ?? Number.NaN)),
      ),
  };
}

/** A row of the results: what, the figure, the reference, and the target with its verdict. */
type Row = [what: string, figure: string, reference: string, target: string, verdict: string];
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

/** The README's Dashboard query (its first `graphql` block). */
function readmeDashboard(): string {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const query = /```graphql\n(query Dashboard[\s\S]*?)```/.exec(readme)?.[1];
  if (!query) throw new Error('README.md shows no Dashboard query');
  return query;
}

/**
 * p50 of `runs` requests sent one at a time, after `--warmup` more: the first few hundred
 * requests of a query run code V8 has not optimized yet (its compiled plan included), in the
 * gateway and in the workspace.
 */
async function latency(target: Target): Promise<number> {
  const pool = new Pool(target.process.url, { connections: 1 });
  const times: number[] = [];
  for (let i = 0; i < runs + warmup; i++) {
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
    if (i >= warmup) times.push(performance.now() - sent);
  }
  await pool.close();
  return median(times);
}

async function main() {
  const before = load();
  process.stdout.write(
    `docs-graph overhead bench: ${rounds} interleaved rounds of ${seconds} s, ${connections} connections; load average ${before}\n`,
  );
  const baselineRef = values.baseline === 'none' ? undefined : values.baseline;
  let baseline: BaselineBuild | undefined;
  if (baselineRef) {
    process.stdout.write(`the build of ${baselineRef} (built once, then kept)...\n`);
    baseline = buildBaseline(baselineRef, { rebuild: values.rebuild });
  }
  // Scale 2: the first organization has more than 50 spaces.
  const workspace = await startWorkspace(2);
  const stops: Array<() => Promise<void> | void> = [() => workspace.stop()];
  try {
    const started = (args: string[], pattern = GRAPHQL_URL) =>
      startProcess(args, pattern).then((p) => {
        stops.push(p.stop);
        return p;
      });
    const gatewayArgs = (upstream: string, cli = CLI) => [
      ...nodeFlags,
      cli,
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
    const [gateway, slowGateway, bare, reference] = await Promise.all([
      started(gatewayArgs(workspace.url)),
      started(gatewayArgs(proxy.url)),
      started(['--import', 'tsx', new URL('./children/bare-yoga.ts', import.meta.url).pathname]),
      // The reference build with its own flags only: `--gateway-flags` may name new options.
      baseline
        ? started([
            ...nodeFlags,
            baseline.cli,
            'gateway',
            '--upstream',
            workspace.url,
            '--port',
            '0',
            '--cache',
            'off',
            '--rate-limit',
            'off',
          ])
        : undefined,
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
    const post = (name: string, process: BenchProcess, body: string, auth = true): Target => ({
      name,
      process,
      method: 'POST',
      path: '/graphql',
      body,
      ...(auth ? { headers: AUTH } : {}),
    });
    const rows: Row[] = [];

    // 1. {__typename}
    const typename = graphql('{ __typename }');
    const t = await compare([
      post('gateway', gateway, typename, false),
      post('bare Yoga', bare, typename, false),
    ]);
    const [tg, tb] = t.medians;
    rows.push([
      '`{__typename}`',
      `${fixed(tg?.rps ?? 0, 0)} req/s, ${fixed(tg?.cpu ?? 0, 3)} ms CPU/req: ${fixed(t.ratio(0, 1))}x`,
      `bare Yoga ${fixed(tb?.rps ?? 0, 0)} req/s, ${fixed(tb?.cpu ?? 0, 3)} ms CPU/req`,
      '>= 0.6x bare Yoga',
      verdict(t.ratio(0, 1) >= 0.6),
    ]);

    // 2. One upstream call.
    const one = await compare([
      post(
        'gateway',
        gateway,
        graphql('query($id: ID!) { space(id: $id) { id title emoji } }', { id: space.id }),
      ),
      {
        name: 'REST',
        process: rest,
        method: 'GET',
        path: `/v1/spaces/${restId(space.id)}`,
        headers: AUTH,
      },
    ]);
    rows.push([
      '`space(id)`, one upstream call',
      `${fixed(one.medians[0]?.rps ?? 0, 0)} req/s, ${fixed(one.medians[0]?.cpu ?? 0, 3)} ms CPU/req: ${fixed(one.ratio(0, 1))}x`,
      `GET /v1/spaces/{id} ${fixed(one.medians[1]?.rps ?? 0, 0)} req/s`,
      '>= 0.45x the REST GET',
      verdict(one.ratio(0, 1) >= 0.45),
    ]);

    // 3. A 50-item list: against REST, and the reference build's CPU in the same rounds.
    const listQuery = graphql(
      `query($org: ID!) { organization(id: $org) { spaces(first: ${listSize}) { nodes { id title emoji visibility createdAt updatedAt } } } }`,
      { org: org.id },
    );
    const list = await compare([
      post('gateway', gateway, listQuery),
      {
        name: 'REST',
        process: rest,
        method: 'GET',
        path: `/v1/orgs/${restId(org.id)}/spaces?limit=${listSize}`,
        headers: AUTH,
      },
      ...(reference ? [post(`build of ${baseline?.commit}`, reference, listQuery)] : []),
    ]);
    const [lg, lr, lb] = list.medians;
    rows.push([
      `${listSize}-item list, one upstream call`,
      `${fixed(lg?.cpu ?? 0, 3)} ms CPU/req, ${fixed(((lg?.cpu ?? 0) * 1000) / listSize, 1)} us CPU/item, ${fixed(lg?.rps ?? 0, 0)} req/s (${fixed(list.ratio(0, 1))}x REST's)`,
      `GET /v1/orgs/{id}/spaces ${fixed(lr?.rps ?? 0, 0)} req/s`,
      'none (information)',
      '',
    ]);
    if (lb) {
      const cpuRatio = list.ratio(0, 2, 'cpuPerRequestMs');
      rows.push([
        `${listSize}-item list, CPU per request against the reference build`,
        `${fixed(lg?.cpu ?? 0, 3)} ms: ${fixed(cpuRatio)}x`,
        `build of ${baseline?.commit}: ${fixed(lb.cpu, 3)} ms CPU/req, ${fixed(lb.rps, 0)} req/s`,
        '<= 0.6x',
        verdict(cpuRatio <= 0.6),
      ]);
    }

    // 4. The nested use case, one request at a time.
    const nested = graphql(
      `query($org: ID!) { organization(id: $org) { spaces(first: 5) { nodes { title
        changeRequests(first: 3) { nodes { number subject comments(first: 3) { nodes { id } } } } } } } }`,
      { org: org.id },
    );
    const at0 = await latency(post('nested 0 ms', gateway, nested));
    const at20 = await latency(post('nested 20 ms', slowGateway, nested));
    // What one upstream call through the delaying proxy takes (20 ms, plus the proxy's own hop).
    const call = await latency({
      name: 'a call through the proxy',
      process: proxy,
      method: 'GET',
      path: `/v1/spaces/${restId(space.id)}`,
      headers: AUTH,
    });
    const depth = 3;
    const goal = 1.1 * depth * DELAY_MS + at0;
    rows.push([
      'nested use case, 0 ms upstream',
      `p50 ${fixed(at0, 1)} ms`,
      '',
      '<= 10 ms',
      verdict(at0 <= 10),
    ]);
    rows.push([
      `nested use case, ${DELAY_MS} ms per upstream call (depth ${depth})`,
      `p50 ${fixed(at20, 1)} ms`,
      `one call through the proxy: p50 ${fixed(call, 1)} ms`,
      `<= 1.1 x ${depth} x ${DELAY_MS} ms + p50 at 0 ms = ${fixed(goal, 1)} ms`,
      verdict(at20 <= goal),
    ]);

    // 5. The README's Dashboard query on `start` with its defaults, against the reference build's.
    const dashboard = graphql(readmeDashboard());
    const startArgs = (cli: string) => [
      ...nodeFlags,
      cli,
      'start',
      '--port',
      '0',
      '--db',
      ':memory:',
    ];
    // And what `--cache-freshness ttl` gives a deployment that accepts answers up to the TTLs old.
    const [app, ttlApp, referenceApp] = await Promise.all([
      started(startArgs(CLI)),
      started([...startArgs(CLI), '--cache-freshness', 'ttl']),
      baseline ? started(startArgs(baseline.cli)) : undefined,
    ]);
    const dash = await compare(
      [
        post('start', app, dashboard),
        post('start --cache-freshness ttl', ttlApp, dashboard),
        ...(referenceApp ? [post(`start of ${baseline?.commit}`, referenceApp, dashboard)] : []),
      ],
      {
        clients: Number(values['dashboard-clients']),
        seconds: Number(values['dashboard-seconds']),
      },
    );
    const [dg, dt, db] = dash.medians;
    rows.push([
      `README's Dashboard query, \`start\` defaults, ${values['dashboard-clients']} clients`,
      `${fixed(dg?.rps ?? 0, 0)} req/s, p50 ${fixed(dg?.p50 ?? 0, 0)} ms${db ? `: ${fixed(dash.ratio(0, 2))}x` : ''}`,
      db
        ? `build of ${baseline?.commit}: ${fixed(db.rps, 0)} req/s, p50 ${fixed(db.p50, 0)} ms`
        : 'no reference build',
      '>= 2x the reference build',
      db ? verdict(dash.ratio(0, 2) >= 2) : 'n/a',
    ]);
    rows.push([
      'the same with `--cache-freshness ttl`',
      `${fixed(dt?.rps ?? 0, 0)} req/s, p50 ${fixed(dt?.p50 ?? 0, 0)} ms: ${fixed(dash.ratio(1, 0))}x`,
      '`start` defaults (revalidating every read)',
      'what a deployment gains',
      '-',
    ]);

    // 6. Where the gateway's CPU goes under the list query, and the collector's share.
    const dir = mkdtempSync(join(tmpdir(), 'docs-graph-prof-'));
    try {
      // From the sources (tsx), not the bundle, so that each package's code keeps its own file.
      const source = new URL('../src/entry.ts', import.meta.url).pathname;
      const spawned = performance.now();
      const profiled = await started([
        '--cpu-prof',
        `--cpu-prof-dir=${dir}`,
        '--import',
        'tsx',
        ...gatewayArgs(workspace.url).map((a) => (a === CLI ? source : a)),
      ]);
      const loaded = performance.now();
      await measure(
        post('profile', profiled, values.profile === 'typename' ? typename : listQuery),
      );
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
      const under = values.profile === 'typename' ? '`{__typename}`' : `the ${listSize}-item list`;
      rows.push([
        `garbage collector under ${under}`,
        `${(gcShare * 100).toFixed(1)}% of busy time`,
        'V8 CPU profile of the gateway from its sources',
        '< 10%',
        verdict(gcShare < 0.1),
      ]);
      process.stdout.write(
        `\nGateway CPU under ${under}, self time by package (share of busy time):\n${byPackage
          .slice(0, 15)
          .map((r) => `  ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.name}`)
          .join('\n')}\nBy file:\n${topFiles
          .map((r) => `  ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.name}`)
          .join('\n')}\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    process.stdout.write(
      `\n| what | docs-graph | reference | target | |\n|---|---|---|---|---|\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}\n`,
    );
    process.stdout.write(`\nload average before: ${before}; after: ${load()}\n`);
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

await main();
