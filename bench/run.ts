/**
 * Upstream calls and latency of nested queries. The embedded workspace (`/v1`, demo data at
 * `--scale`) runs in a child process; two gateways run here, one calling it directly and one
 * with `--delay` ms added to every upstream call, so what is measured is the gateway's own work
 * and how its calls overlap. Per query it prints the calls made against the computed minimum,
 * the dependency depth (the longest chain of calls where each needs the previous answer), p50
 * and p95 at 0 ms and at the delay, and the latency goal: p50 at the delay within
 * 1.1 x (depth x delay) + p50 at 0 ms. `npm run bench` (options: --scale N, --runs N,
 * --delay MS). Prints a table; asserts nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createGateway, type Gateway } from '../src/gateway/yoga.ts';
import { DEMO_TOKENS } from '../src/workspace/demo/users.ts';
import { benchCases, type Json, PROBE_QUERY, probeIds } from './cases.ts';
import { startWorkspace } from './workspace.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '5' },
    runs: { type: 'string', default: '15' },
    delay: { type: 'string', default: '20' },
  },
});
const scale = Number(values.scale);
const runs = Number(values.runs);
const delay = Number(values.delay);

/** Serves a gateway on a free loopback port. */
async function serve(gateway: Gateway): Promise<{ server: Server; url: string }> {
  const server = createServer(gateway);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const percentile = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ??
  0;

async function main() {
  const workspace = await startWorkspace(scale);
  const gateways = [0, delay].map((delayMs) =>
    createGateway({
      upstream: workspace.url,
      upstreamOptions: { delayMs, connections: 128 },
      debug: true,
      graphiql: false,
    }),
  );
  const [fast, slow] = await Promise.all(gateways.map(serve));
  if (!fast || !slow) throw new Error('gateways did not start');
  const gql = async (url: string, query: string, variables: Json = {}) => {
    const started = performance.now();
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${DEMO_TOKENS.admin}`,
      },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as {
      data?: Json;
      errors?: unknown[];
      extensions?: { upstream?: Array<{ loader: boolean }> };
    };
    return { ms: performance.now() - started, body };
  };

  try {
    const first = await gql(fast.url, PROBE_QUERY);
    const cases = benchCases(probeIds((first.body.data as Json | undefined) ?? {}));
    const rows: string[][] = [];
    let met = 0;
    for (const c of cases) {
      const probe = await gql(fast.url, c.query, c.variables);
      const made = (probe.body.extensions?.upstream ?? []).filter((call) => !call.loader).length;
      const min = probe.body.data ? c.minimum(probe.body.data) : Number.NaN;
      const timings = { fast: [] as number[], slow: [] as number[] };
      for (let i = 0; i < 3; i++) {
        await gql(fast.url, c.query, c.variables);
        await gql(slow.url, c.query, c.variables);
      }
      for (let i = 0; i < runs; i++) {
        timings.fast.push((await gql(fast.url, c.query, c.variables)).ms);
        timings.slow.push((await gql(slow.url, c.query, c.variables)).ms);
      }
      const p50fast = percentile(timings.fast, 50);
      const p50slow = percentile(timings.slow, 50);
      const goal = 1.1 * c.depth * delay + p50fast;
      if (p50slow <= goal) met++;
      rows.push([
        c.name,
        String(made),
        String(min),
        String(c.depth),
        probe.body.errors ? `${probe.body.errors.length}` : '0',
        p50fast.toFixed(1),
        percentile(timings.fast, 95).toFixed(1),
        p50slow.toFixed(1),
        percentile(timings.slow, 95).toFixed(1),
        `${goal.toFixed(1)} ${p50slow <= goal ? 'met' : 'MISSED'}`,
      ]);
    }
    const header = [
      'query',
      'calls',
      'minimum',
      'depth',
      'errors',
      'p50 0ms',
      'p95 0ms',
      `p50 ${delay}ms`,
      `p95 ${delay}ms`,
      `goal: 1.1 x depth x ${delay} + p50 0ms`,
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
    const line = (cells: string[]) =>
      `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
    process.stdout.write(
      `demo scale ${scale}, ${runs} runs per query, ${delay} ms per upstream call, latencies in ms\n`,
    );
    process.stdout.write(
      `${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}\n${rows.map(line).join('\n')}\n`,
    );
    process.stdout.write(`latency goal met on ${met} of ${cases.length} queries\n`);
  } finally {
    for (const { server } of [fast, slow]) server.close();
    await Promise.all(gateways.map((g) => g.upstream.close()));
    workspace.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
