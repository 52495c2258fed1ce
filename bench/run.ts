/**
 * Upstream calls and latency of nested queries against the embedded stack.
 * `npm run bench` (options: --scale N, --runs N). Prints a table; asserts nothing.
 */
import { parseArgs } from 'node:util';
import { startStack } from '../src/server.ts';
import { DEMO_TOKENS } from '../src/workspace/demo/users.ts';

interface Case {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  /** The fewest upstream calls the data needs, computed from the answer. */
  minimum: (data: Record<string, unknown>) => number;
  /** Depth of the chain of dependent upstream calls. */
  depth: number;
}

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '2' }, runs: { type: 'string', default: '15' } },
});
const scale = Number(values.scale);
const runs = Number(values.runs);

type Json = Record<string, unknown>;
const nodes = (v: unknown): Json[] => ((v as { nodes?: Json[] } | null)?.nodes ?? []) as Json[];

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

  const first = await gql(
    stacks.fast.url,
    '{ organizations(first: 1) { nodes { id spaces(first: 60) { nodes { id pages { id } } } sites(first: 1) { nodes { id } } } } }',
  );
  const org = nodes((first.body.data as Json | undefined)?.organizations)[0] ?? {};
  const orgId = String(org.id ?? '');
  const spaceIds = nodes(org.spaces).map((s) => String(s.id));
  const siteId = String(nodes(org.sites)[0]?.id ?? '');

  const cases: Case[] = [
    {
      name: 'org -> spaces -> CRs -> createdBy, comments',
      query: `query($id: ID!) { node(id: $id) { ... on Organization { spaces(first: 10) { nodes { title changeRequests(first: 5, status: OPEN) { nodes { subject createdBy { displayName } comments(first: 3) { nodes { body { markdown } } } } } } } } } }`,
      variables: { id: orgId },
      minimum: (d) => {
        const spaces = nodes((d.node as Json).spaces);
        const crs = spaces.flatMap((s) => nodes(s.changeRequests));
        return 1 + 1 + spaces.length + crs.length;
      },
      depth: 4,
    },
    {
      name: 'space -> pages tree',
      query: `query($id: ID!) { node(id: $id) { ... on Space { title pages { id title pages { id title pages { id title } } } } } }`,
      variables: { id: spaceIds[0] },
      minimum: () => 2,
      depth: 2,
    },
    {
      name: 'site -> sections -> site spaces -> space',
      query: `query($id: ID!) { node(id: $id) { ... on Site { title sections(first: 20) { nodes { title siteSpaces { path space { title emoji } } } } } } }`,
      variables: { id: siteId },
      // Site spaces embed their space, so the space costs nothing.
      minimum: () => 2,
      depth: 2,
    },
    {
      name: 'id-only references',
      query: `query($id: ID!) { node(id: $id) { ... on Space { changeRequests(first: 20) { nodes { id space { id } createdBy { id } } } } } }`,
      variables: { id: spaceIds[0] },
      minimum: () => 2,
      depth: 2,
    },
    {
      name: 'aliased duplicates',
      query: `query($id: ID!) { a: node(id: $id) { ... on Space { title } } b: node(id: $id) { ... on Space { title emoji } } c: node(id: $id) { id } }`,
      variables: { id: spaceIds[0] },
      minimum: () => 1,
      depth: 1,
    },
    {
      name: '1000-item connection',
      query: `{ organizations(first: 1) { nodes { members(first: 1000) { totalCount nodes { id } } spaces(first: 1000) { nodes { id } } } } }`,
      minimum: () => 3,
      depth: 2,
    },
    {
      name: 'nodes over 50 ids',
      query: `query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Space { title } } }`,
      variables: { ids: spaceIds.slice(0, 50) },
      minimum: () => Math.min(50, spaceIds.length),
      depth: 1,
    },
    {
      name: 'upstream 404 in a nested field',
      query: `query($id: ID!) { node(id: $id) { ... on Space { title changeRequest(idOrNumber: "999999") { subject } } } }`,
      variables: { id: spaceIds[0] },
      minimum: () => 2,
      depth: 2,
    },
  ];

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
