/**
 * Upstream calls and latency of nested queries against the embedded stack.
 * `npm run bench` (options: --scale N, --runs N). Prints a table; asserts nothing.
 */
import { parseArgs } from 'node:util';
import { startStack } from '../src/server.ts';
import { DEMO_TOKENS } from '../src/workspace/demo/users.ts';
import { benchCases, type Json, PROBE_QUERY, probeIds } from './cases.ts';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '2' }, runs: { type: 'string', default: '15' } },
});
const scale = Number(values.scale);
const runs = Number(values.runs);

async function main() {
  const stacks = {
    fast: await startStack({
      port: 0,
      host: '127.0.0.1',
      dbPath: ':memory:',
      gateway: true,
      demoScale: scale,
    }),
    slow: await startStack({
      port: 0,
      host: '127.0.0.1',
      dbPath: ':memory:',
      gateway: true,
      demoScale: scale,
      upstreamDelayMs: 20,
    }),
  };
  const gql = async (url: string, query: string, variables: Json = {}) => {
    const started = performance.now();
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${DEMO_TOKENS.admin}`,
        'x-docs-graph-debug': '1',
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

  const first = await gql(stacks.fast.url, PROBE_QUERY);
  const cases = benchCases(probeIds((first.body.data as Json | undefined) ?? {}));

  const rows: string[][] = [];
  for (const c of cases) {
    const probe = await gql(stacks.fast.url, c.query, c.variables);
    const made = (probe.body.extensions?.upstream ?? []).filter((call) => !call.loader).length;
    const min = probe.body.data ? c.minimum(probe.body.data) : Number.NaN;
    const timings: Record<'fast' | 'slow', number[]> = { fast: [], slow: [] };
    for (const kind of ['fast', 'slow'] as const) {
      for (let i = 0; i < runs; i++)
        timings[kind].push((await gql(stacks[kind].url, c.query, c.variables)).ms);
    }
    const pct = (list: number[], p: number) =>
      [...list].sort((a, b) => a - b)[
        Math.min(list.length - 1, Math.floor((p / 100) * list.length))
      ] ?? 0;
    const target = c.depth * 20;
    rows.push([
      c.name,
      String(made),
      String(min),
      probe.body.errors ? `${probe.body.errors.length} err` : '',
      pct(timings.fast, 50).toFixed(1),
      pct(timings.fast, 95).toFixed(1),
      pct(timings.slow, 50).toFixed(1),
      pct(timings.slow, 95).toFixed(1),
      `${(pct(timings.slow, 50) / target).toFixed(2)}x of ${target}`,
    ]);
  }
  const header = [
    'query',
    'calls',
    'minimum',
    'errors',
    'p50 0ms',
    'p95 0ms',
    'p50 20ms',
    'p95 20ms',
    'p50 vs depth×20ms',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  process.stdout.write(`demo scale ${scale}, ${runs} runs per query, latencies in ms\n`);
  process.stdout.write(
    `${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}\n${rows.map(line).join('\n')}\n`,
  );
  await stacks.fast.close();
  await stacks.slow.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
