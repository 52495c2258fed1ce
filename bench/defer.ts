/**
 * Incremental delivery against whole answers. The embedded workspace (`/v1`, demo data) runs in
 * a process of its own, behind a proxy (its own process too) that adds 20 ms to every upstream
 * call; the gateway runs in this process, mounted on Fastify as `start` serves it, with its
 * upstream calls counted. For the example's page view (the space first, the page with its
 * Markdown deferred) and a change request's pages beside main's (both trees streamed, each page
 * with its Markdown), with and
 * without `@defer`/`@stream`, one request at a time, `--runs` times each (interleaved): the median
 * time to the first part, to the last part, and the upstream calls per request (which must be the
 * same with and without the directives). Also the deferred page view's target: its first part
 * within 1.2 x (the dependency depth of its non-deferred fields x 20 ms) + its p50 at 0 ms, and
 * its last part no later than the whole answer's (+10%). Prints the load average before and after.
 * `npm run bench:defer` (options: --runs N). Asserts nothing.
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { meros } from 'meros/browser';
import { PageContentDocument } from '../src/client/generated/hooks.ts';
import { mountGateway } from '../src/gateway/mount.ts';
import {
  type Upstream,
  UpstreamClient,
  type UpstreamRequest,
  type UpstreamResponse,
} from '../src/gateway/upstream/client.ts';
import { createGateway, type Gateway } from '../src/gateway/yoga.ts';
import { DEMO_TOKENS } from '../src/workspace/demo/users.ts';
import { type BenchProcess, startProcess } from './processes.ts';
import { startWorkspace } from './workspace.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);
const DELAY_MS = 20;
/**
 * Dependency depth of the page view's non-deferred fields: the space's own read (the page, with
 * its title and Markdown from one read, is deferred whole).
 */
const PAGE_VIEW_DEPTH = 1;

/** What the example's page view sends. */
const PAGE_VIEW = PageContentDocument.toString();
/**
 * A change request's pages beside main's, three levels of each tree with every page's Markdown,
 * both top-level lists streamed: each item needs a call of its own, so items go as they complete.
 * (The example's diff view is no streamed list: `diff.pages` is known once every page is
 * compared.)
 */
const CR_PAGES = `query ChangeRequestPages($spaceId: ID!, $idOrNumber: String!) {
  changeRequest(spaceId: $spaceId, idOrNumber: $idOrNumber) {
    id
    pages @stream(initialCount: 0) {
      ...PageWithMarkdown
      pages { ...PageWithMarkdown pages { ...PageWithMarkdown } }
    }
  }
  space(id: $spaceId) {
    id
    pages @stream(initialCount: 0) {
      ...PageWithMarkdown
      pages { ...PageWithMarkdown pages { ...PageWithMarkdown } }
    }
  }
}
fragment PageWithMarkdown on Page { id title path markdown }`;
const STREAM = ' @stream(initialCount: 0)';

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** An upstream client that counts its calls. */
class Counting implements Upstream {
  calls = 0;
  constructor(private readonly inner: Upstream) {}
  request(req: UpstreamRequest): Promise<UpstreamResponse> {
    this.calls++;
    return this.inner.request(req);
  }
  close() {
    return this.inner.close();
  }
}

interface Served {
  url: string;
  upstream: Counting;
  gateway: Gateway;
  close(): Promise<void>;
}

/** A gateway over `upstream`, mounted on Fastify on a free loopback port. */
async function serve(upstreamUrl: string): Promise<Served> {
  const upstream = new Counting(new UpstreamClient({ baseUrl: upstreamUrl }));
  const gateway = createGateway({
    upstream,
    graphiql: false,
    guard: { maxCost: 1_000_000 },
    limits: { queryNodes: 1_000_000_000 },
  });
  const app = Fastify();
  mountGateway(app, '/graphql', () => gateway);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql`,
    upstream,
    gateway,
    close: async () => {
      await app.close();
      await upstream.close();
    },
  };
}

interface Timing {
  firstMs: number;
  lastMs: number;
  parts: number;
  calls: number;
}

/** One request: when its first and last parts arrived, its parts and its upstream calls. */
async function timed(
  served: Served,
  query: string,
  variables: Record<string, unknown>,
): Promise<Timing> {
  const before = served.upstream.calls;
  const sent = performance.now();
  const response = await fetch(served.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'multipart/mixed, application/graphql-response+json, application/json',
      authorization: `Bearer ${DEMO_TOKENS.admin}`,
    },
    body: JSON.stringify({ query, variables }),
  });
  const parts = await meros<{ errors?: unknown[] }>(response);
  let firstMs = Number.NaN;
  let count = 0;
  if (parts instanceof Response || !(Symbol.asyncIterator in parts)) {
    const body = (await response.json()) as { errors?: unknown[] };
    if (body.errors) throw new Error(`errors: ${JSON.stringify(body.errors).slice(0, 300)}`);
    firstMs = performance.now() - sent;
    count = 1;
  } else {
    for await (const part of parts) {
      if (count === 0) firstMs = performance.now() - sent;
      count++;
      if ((part.body as { errors?: unknown[] }).errors) {
        throw new Error(`errors: ${JSON.stringify(part.body).slice(0, 300)}`);
      }
    }
  }
  return {
    firstMs,
    lastMs: performance.now() - sent,
    parts: count,
    calls: served.upstream.calls - before,
  };
}

const workspace = await startWorkspace(1);
const stops: Array<() => Promise<void> | void> = [() => workspace.stop()];
try {
  console.log(`load average before: ${load()}`);
  const proxy: BenchProcess = await startProcess(
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
  stops.push(proxy.stop);
  const slow = await serve(proxy.url);
  const fast = await serve(workspace.url);
  stops.push(slow.close, fast.close);

  // Ids of the demo data: the first space with a page, and a change request of it.
  const probe = (await (
    await fetch(fast.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${DEMO_TOKENS.admin}` },
      body: JSON.stringify({
        query: `{ organizations(first: 1) { nodes { spaces(first: 20) { nodes {
          id pages { id } changeRequests(first: 1) { nodes { number } } } } } } }`,
      }),
    })
  ).json()) as {
    data: {
      organizations: {
        nodes: Array<{
          spaces: {
            nodes: Array<{
              id: string;
              pages: Array<{ id: string }>;
              changeRequests: { nodes: Array<{ number: number }> };
            }>;
          };
        }>;
      };
    };
  };
  const spaces = probe.data.organizations.nodes[0]?.spaces.nodes ?? [];
  const space = spaces.find((s) => s.pages.length > 0 && s.changeRequests.nodes.length > 0);
  if (!space) throw new Error('the demo data has no space with pages and a change request');
  const pageVars = { spaceId: space.id, pageId: space.pages[0]?.id };
  const crVars = { spaceId: space.id, idOrNumber: String(space.changeRequests.nodes[0]?.number) };

  const cases = [
    {
      name: 'page view, whole',
      query: PAGE_VIEW.replace(' @defer(label: "PageBody")', ''),
      vars: pageVars,
    },
    { name: 'page view, @defer', query: PAGE_VIEW, vars: pageVars },
    { name: 'CR pages, whole', query: CR_PAGES.replaceAll(STREAM, ''), vars: crVars },
    { name: 'CR pages, @stream', query: CR_PAGES, vars: crVars },
  ];
  for (const [a, b] of [cases.slice(0, 2), cases.slice(2)]) {
    if (a?.query === b?.query) throw new Error(`${a?.name} and ${b?.name} are the same query`);
  }
  const results = new Map<string, { slow: Timing[]; fast: Timing[] }>();
  for (const c of cases) {
    // Warm-up: parsed documents, connections.
    await timed(slow, c.query, c.vars);
    await timed(fast, c.query, c.vars);
    results.set(c.name, { slow: [], fast: [] });
  }
  for (let run = 0; run < runs; run++) {
    for (const c of run % 2 ? [...cases].reverse() : cases) {
      const entry = results.get(c.name) as { slow: Timing[]; fast: Timing[] };
      entry.slow.push(await timed(slow, c.query, c.vars));
      entry.fast.push(await timed(fast, c.query, c.vars));
    }
  }

  console.log(`\n${runs} runs each, one at a time; medians in ms; upstream +${DELAY_MS} ms a call`);
  console.log('case                  first@20  last@20  first@0  last@0  parts  calls');
  const row = (name: string) => {
    const r = results.get(name) as { slow: Timing[]; fast: Timing[] };
    const calls = new Set(r.slow.map((t) => t.calls));
    return {
      first: median(r.slow.map((t) => t.firstMs)),
      last: median(r.slow.map((t) => t.lastMs)),
      first0: median(r.fast.map((t) => t.firstMs)),
      last0: median(r.fast.map((t) => t.lastMs)),
      parts: median(r.slow.map((t) => t.parts)),
      calls: [...calls].join('/'),
    };
  };
  const rows = Object.fromEntries(cases.map((c) => [c.name, row(c.name)]));
  for (const [name, r] of Object.entries(rows)) {
    console.log(
      `${name.padEnd(22)}${r.first.toFixed(1).padStart(8)}${r.last.toFixed(1).padStart(9)}${r.first0.toFixed(1).padStart(9)}${r.last0.toFixed(1).padStart(8)}${String(r.parts).padStart(7)}${r.calls.padStart(7)}`,
    );
  }
  const deferred = rows['page view, @defer'];
  const whole = rows['page view, whole'];
  if (deferred && whole) {
    const firstTarget = 1.2 * (PAGE_VIEW_DEPTH * DELAY_MS) + deferred.first0;
    console.log(
      `\npage view, @defer: first part ${deferred.first.toFixed(1)} ms, target <= ${firstTarget.toFixed(1)} ms (1.2 x ${PAGE_VIEW_DEPTH} x ${DELAY_MS} + ${deferred.first0.toFixed(1)}): ${deferred.first <= firstTarget ? 'met' : 'missed'}`,
    );
    console.log(
      `page view, @defer: last part ${deferred.last.toFixed(1)} ms against ${whole.last.toFixed(1)} ms whole (ratio ${(deferred.last / whole.last).toFixed(2)}, target <= 1.10): ${deferred.last <= whole.last * 1.1 ? 'met' : 'missed'}`,
    );
    console.log(`upstream calls, page view: whole ${whole.calls}, @defer ${deferred.calls}`);
  }
  const streamed = rows['CR pages, @stream'];
  const streamedWhole = rows['CR pages, whole'];
  if (streamed && streamedWhole) {
    if (streamed.parts <= 1) throw new Error('CR pages, @stream: answered in one part');
    console.log(
      `CR pages, @stream: last part ratio ${(streamed.last / streamedWhole.last).toFixed(2)}; upstream calls whole ${streamedWhole.calls}, @stream ${streamed.calls}`,
    );
  }
  console.log(`load average after: ${load()}`);
} finally {
  for (const stop of stops.reverse()) await stop();
}
