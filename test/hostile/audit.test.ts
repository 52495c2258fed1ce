/**
 * The GraphQL-over-HTTP conformance audit (`graphql-http`'s `serverAudits`) against `/graphql`
 * of the embedded stack and of the standalone gateway: no audit may fail (an `error`);
 * recommendations (`warn`, `notice`) are listed.
 */
import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStack, startGatewayServer, startStack } from '../../src/stack.ts';

let stack: RunningStack;
let standalone: Awaited<ReturnType<typeof startGatewayServer>>;

beforeAll(async () => {
  stack = await startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:', gateway: true });
  standalone = await startGatewayServer({ upstream: stack.url, port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await standalone?.close();
  await stack?.close();
});

describe.each(['start', 'gateway'] as const)('graphql-over-HTTP audit on %s', (surface) => {
  it('passes every audit', async () => {
    const url = `${surface === 'start' ? stack.url : standalone.url}/graphql`;
    const audits = serverAudits({ url });
    const results = [];
    for (const audit of audits) results.push({ audit, result: await audit.fn() });
    const failed = results.filter((r) => r.result.status === 'error');
    const passed = results.length - failed.length;
    const warned = results.filter((r) => r.result.status !== 'ok' && r.result.status !== 'error');
    process.stdout.write(
      `graphql-http audit on ${surface}: ${passed}/${results.length} pass` +
        (warned.length
          ? ` (${warned.length} recommendations not followed: ${warned.map((r) => r.audit.id).join(', ')})`
          : '') +
        '\n',
    );
    expect(
      failed.map(
        (r) => `${r.audit.id} ${r.audit.name}: ${'reason' in r.result ? r.result.reason : ''}`,
      ),
    ).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(61);
  });
});
