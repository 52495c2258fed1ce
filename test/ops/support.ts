import type { ExecutionResult } from 'graphql';
import {
  type Upstream,
  UpstreamClient,
  type UpstreamRequest,
  type UpstreamResponse,
} from '../../src/gateway/upstream/client.ts';
import { createGateway, type Gateway, type GatewayOptions } from '../../src/gateway/yoga.ts';
import { type RunningStack, startStack } from '../../src/stack.ts';
import { DEMO_TOKENS, type DemoPersona } from '../../src/workspace/demo/users.ts';

/** An upstream client that counts the calls it makes (and keeps their paths). */
export class CountingUpstream implements Upstream {
  readonly calls: UpstreamRequest[] = [];
  constructor(readonly inner: Upstream) {}
  request(req: UpstreamRequest): Promise<UpstreamResponse> {
    this.calls.push(req);
    return this.inner.request(req);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  /** Calls made since the last `take()`. */
  take(): number {
    const n = this.calls.length;
    this.calls.length = 0;
    return n;
  }
}

export type Reply = ExecutionResult & { extensions?: Record<string, unknown> };

/** The embedded `/v1` on a free loopback port and gateways over it, called in process. */
export interface OpsStack {
  workspace: RunningStack;
  gateway(options?: Omit<GatewayOptions, 'upstream'>): {
    gateway: Gateway;
    upstream: CountingUpstream;
  };
  close(): Promise<void>;
}

export async function startOpsStack(): Promise<OpsStack> {
  const workspace = await startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:' });
  const gateways: Gateway[] = [];
  return {
    workspace,
    gateway(options = {}) {
      const upstream = new CountingUpstream(new UpstreamClient({ baseUrl: workspace.url }));
      const gateway = createGateway({ ...options, upstream, graphiql: false });
      gateways.push(gateway);
      return { gateway, upstream };
    },
    async close() {
      for (const g of gateways) await g.upstream.close();
      await workspace.close();
    },
  };
}

/** POSTs a GraphQL request to a gateway in process as a demo persona (null: no token). */
export async function post(
  gateway: Gateway,
  query: string,
  variables: Record<string, unknown> = {},
  as: DemoPersona | null = 'admin',
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Reply; headers: Headers }> {
  const response = await gateway.fetch('http://gateway/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(as ? { authorization: `Bearer ${DEMO_TOKENS[as]}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    body: (await response.json()) as Reply,
    headers: response.headers,
  };
}
