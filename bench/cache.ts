/**
 * Throughput of a repeated nested query through the gateway with the response cache off and on,
 * and the upstream calls each request costs, in one run. The workspace (/v1) runs in a process of
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

async function measure(upstreamUrl: string, cache: boolean) {
  let calls = 0;
  const inner = new UpstreamClient({ baseUrl: upstreamUrl });
  const counting: Upstream = {
    request(req: UpstreamRequest) {
      calls++;
      return inner.request(req);
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
  return { rps: requests / seconds, callsPerRequest: calls / requests };
}

const workspace = await startWorkspace(Number(values.scale));
try {
  const off = await measure(workspace.url, false);
  const on = await measure(workspace.url, true);
  const rows = [
    ['cache', 'requests/s', 'upstream calls/request'],
    ['off', off.rps.toFixed(0), off.callsPerRequest.toFixed(2)],
    ['on', on.rps.toFixed(0), on.callsPerRequest.toFixed(2)],
  ];
  console.log(
    `repeated nested query (orgs -> spaces -> change requests -> author), ${requests} requests, concurrency ${concurrency}`,
  );
  for (const row of rows)
    console.log(`${row[0]?.padEnd(6)}${row[1]?.padStart(12)}${row[2]?.padStart(26)}`);
  console.log(`speed-up with the cache: ${(on.rps / off.rps).toFixed(1)}x`);
} finally {
  workspace.stop();
}
