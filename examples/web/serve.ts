/**
 * `npm run example`: the embedded workspace and gateway on a free loopback port (fresh in-memory
 * demo data) and the example's Vite dev server, which proxies `/graphql` to it.
 */
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { startStack } from '../../src/stack.ts';

const stack = await startStack({
  port: 0,
  host: '127.0.0.1',
  dbPath: process.env.DOCS_GRAPH_DB ?? ':memory:',
  gateway: true,
});
process.env.DOCS_GRAPH_URL = stack.url;
const vite = await createServer({
  configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
  server: { port: Number(process.env.PORT ?? 5173), host: '127.0.0.1' },
});
await vite.listen();
const local = vite.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/';
process.stdout.write(
  `docs-graph example: ${local}\n  gateway ${stack.url}/graphql (GraphiQL), token selector defaults to dg_demo_admin\n`,
);

let closing = false;
const stop = async () => {
  if (closing) return;
  closing = true;
  await vite.close();
  await stack.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
