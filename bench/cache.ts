/**
 * Throughput of a repeated nested query through the gateway with the response cache off, on and
 * following the upstream (the default: /v1 says `no-cache`, so every repeat revalidates with
 * conditional GETs answered 304), and on with fixed lifetimes, with the upstream calls each
 * request costs and how many of them were 304s, in one run. The workspace (/v1) runs in a process of
 * its own so its work is not counted against the gateway's. `npm run bench:cache`
 * (options: --requests N, --concurrency N, --scale N). Prints a table; asserts nothing.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import {
  type Upstream,
  UpstreamClient,
  type UpstreamRequest,
} from '../src/gateway/upstream/client.ts';
import { createGateway } from '../src/gateway/yoga.ts';
import { DEMO_TOKENS } from '../src/workspace/demo/users.ts';
import { startWorkspace } from './workspace.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '8' },
    scale: { type: 'string', default: '1' },
  },
});
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);

const QUERY = `query Dashboard { organizations(first: 2) { nodes { id title spaces(first: 5) { nodes { id title emoji changeRequests(first: 3) { nodes { number subject status createdBy { displayName } } } } } } } }`;

async function measure(upstreamUrl: string, cache: false | { freshness: 'upstream' | 'ttl' }) {
  let calls = 0;
  let revalidated = 0;
  const inner = new UpstreamClient({ baseUrl: upstreamUrl });
  const counting: Upstream = {
    async request(req: UpstreamRequest) {
      calls++;
      const response = await inner.request(req);
      if (response.revalidated) revalidated++;
      return response;
    },
    close: () => inner.close(),
  };
  const gateway = createGateway({ upstream: counting, cache, graphiql: false });
  const server = createServer(gateway);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/graphql`;
  const send = async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_TOKENS.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY }),
    });
    const body = (await response.json()) as { errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
  };
  await send(); // warm-up: the first request fills the cache when it is on
  calls = 0;
  revalidated = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) await send();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await gateway.upstream.close();
  return {
    rps: requests / seconds,
    callsPerRequest: calls / requests,
    revalidatedPerRequest: revalidated / requests,
  };
}

const workspace = await startWorkspace(Number(values.scale));
try {
  const off = await measure(workspace.url, false);
  const upstream = await measure(workspace.url, { freshness: 'upstream' });
  const ttl = await measure(workspace.url, { freshness: 'ttl' });
  const rows = [
    ['cache', 'requests/s', 'upstream calls/request', 'of them 304'],
    ...(
      [
        ['off', off],
        ['on, following /v1 (default)', upstream],
        ['on, fixed lifetimes', ttl],
      ] as const
    ).map(([name, m]) => [
      name,
      m.rps.toFixed(0),
      m.callsPerRequest.toFixed(2),
      m.revalidatedPerRequest.toFixed(2),
    ]),
  ];
  console.log(
    `repeated nested query (orgs -> spaces -> change requests -> author), ${requests} requests, concurrency ${concurrency}`,
  );
  for (const row of rows) {
    console.log(
      `${row[0]?.padEnd(30)}${row[1]?.padStart(12)}${row[2]?.padStart(26)}${row[3]?.padStart(14)}`,
    );
  }
  console.log(
    `against the cache off: ${(upstream.rps / off.rps).toFixed(2)}x following /v1, ${(ttl.rps / off.rps).toFixed(1)}x with fixed lifetimes`,
  );
} finally {
  workspace.stop();
}
