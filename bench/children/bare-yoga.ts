/**
 * Bare graphql-yoga on the gateway's schema, with no plugin of docs-graph: the reference the
 * overhead bench compares `{__typename}` with. Prints its URL when it listens.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createYoga } from 'graphql-yoga';
import { schema } from '../../src/gateway/schema/index.ts';

const yoga = createYoga({ schema, logging: false, graphiql: false, landingPage: false });
const server = createServer(yoga);
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`bare yoga at http://127.0.0.1:${port}/graphql\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
