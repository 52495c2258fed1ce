/**
 * A forwarding proxy that holds every request `--delay` ms before passing it to `--target`: the
 * upstream latency of the overhead bench, in a process of its own so that neither the gateway nor
 * the workspace measured does the waiting. Prints its URL when it listens.
 */
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { target: { type: 'string' }, delay: { type: 'string', default: '20' } },
});
const target = new URL(values.target ?? 'http://127.0.0.1:0');
const delay = Number(values.delay);
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

const server = createServer(async (req, res) => {
  await sleep(delay);
  const forward = request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: target.host },
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forward.on('error', () => {
    res.writeHead(502).end();
  });
  req.pipe(forward);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`delay proxy at http://127.0.0.1:${port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
