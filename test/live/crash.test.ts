import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_INTERVALS } from '../../src/gateway/live/options.ts';
import { DEFAULT_REDIS_URL } from '../../src/gateway/redis.ts';
import type { RunningStack } from '../../src/stack.ts';
import { testRedis } from '../guard/redis.ts';
import {
  eventually,
  gql,
  metric,
  type Replica,
  startReplica,
  startWorkspace,
  subscribe,
} from './support.ts';

// The polling replica dies (SIGKILL: its lease is never given back): the other replica takes the
// lease once it expires and polls within two intervals of the death.

const INTERVAL = 300;
const redis = await testRedis('live-crash');
let workspace: RunningStack;
let survivor: Replica;
let child: ChildProcess | undefined;
let doomedUrl = '';
let cr: string;

const CR_SUB = `subscription($id: ID!) { changeRequestChanged(id: $id) { id status subject } }`;

/** A gateway in a process of its own (the CLI), on the same Redis prefix; resolves its URL. */
function startChild(upstream: string, prefix: string): Promise<string> {
  const args = ['--import', 'tsx', new URL('../../src/cli.ts', import.meta.url).pathname];
  args.push('gateway', '--upstream', upstream, '--port', '0', '--host', '127.0.0.1');
  args.push('--redis', process.env.REDIS_URL ?? DEFAULT_REDIS_URL, '--redis-prefix', prefix);
  args.push('--live-poll-interval', String(INTERVAL), '--rate-limit', 'off');
  const started = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child = started;
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no URL within 30 s:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/graphql)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    started.stdout?.on('data', read);
    started.stderr?.on('data', read);
    started.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the gateway exited with ${code}:\n${output}`));
    });
  });
}

/** The polls a gateway made so far, from its `/metrics`. */
async function childPolls(): Promise<number> {
  const text = await (await fetch(doomedUrl.replace(/\/graphql$/, '/metrics'))).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('docs_graph_live_polls_total'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

beforeAll(async () => {
  if (!redis) return;
  workspace = await startWorkspace();
  survivor = await startReplica(workspace.url, { prefix: redis.prefix, pollIntervalMs: INTERVAL });
  doomedUrl = await startChild(workspace.url, redis.prefix);
  const data = await gql<{
    organizations: {
      nodes: { spaces: { nodes: { changeRequests: { nodes: { id: string }[] } }[] } }[];
    };
  }>(
    survivor.url,
    `{ organizations { nodes { spaces(first: 50) { nodes {
      changeRequests(first: 1, status: OPEN) { nodes { id } } } } } } }`,
  );
  const found = data.organizations.nodes
    .flatMap((o) => o.spaces.nodes)
    .flatMap((s) => s.changeRequests.nodes)[0];
  if (!found) throw new Error('the demo data has no open change request');
  cr = found.id;
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await survivor?.close();
  await workspace?.close();
  await redis?.cleanup();
});

describe.skipIf(!redis)('a polling replica that dies', () => {
  it('is replaced by the other replica within two intervals', async () => {
    const onDoomed = subscribe(doomedUrl, CR_SUB, { id: cr }, 'read');
    await onDoomed.opened;
    // The child watches first, so it takes the lease and polls.
    expect(await eventually(async () => (await childPolls()) > 0)).toBe(true);
    const onSurvivor = subscribe(survivor.url, CR_SUB, { id: cr }, 'read');
    await onSurvivor.opened;
    const polls = () => metric(survivor, 'docs_graph_live_polls_total');
    // While the child lives and renews its lease, it alone polls.
    const childBefore = await childPolls();
    expect(await eventually(async () => (await childPolls()) >= childBefore + 3)).toBe(true);
    expect(await polls()).toBe(0);

    const [lease] = (await redis?.keys())?.filter((k) => k.includes('live:lease:')) ?? [];
    expect(lease).toBeDefined();
    child?.kill('SIGKILL');
    const killed = Date.now();
    await new Promise<void>((resolve) => child?.once('exit', () => resolve()));
    // Not given back: the lease is still there, due to expire within LEASE_INTERVALS.
    const leaseKey = (lease as string).slice(redis?.prefix.length ?? 0);
    const ttl = (await redis?.redis.pttl(leaseKey)) ?? -2;
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(INTERVAL * LEASE_INTERVALS);

    // The survivor polls within two intervals of the death (500 ms of slack for a busy machine).
    expect(await eventually(async () => (await polls()) > 0, INTERVAL * 2 + 500)).toBe(true);
    expect(Date.now() - killed).toBeLessThanOrEqual(INTERVAL * 2 + 500);
    onDoomed.close();
    onSurvivor.close();
  }, 60_000);
});
