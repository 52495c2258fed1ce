import { createHash } from 'node:crypto';
import { meros } from 'meros/browser';
import type { AnswerPart } from '../../src/client/incremental.ts';
import {
  type Upstream,
  UpstreamClient,
  type UpstreamRequest,
  type UpstreamResponse,
} from '../../src/gateway/upstream/client.ts';
import { createGateway, type Gateway, type GatewayOptions } from '../../src/gateway/yoga.ts';
import { type RunningStack, startStack } from '../../src/stack.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';

/** A promise opened from outside. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/**
 * An upstream in front of the embedded `/v1` whose calls matching `held` wait for `release()`:
 * a slow branch the test controls. `events` lists `call <path>` when a call starts and
 * `answer <path>` when its answer goes back to the gateway, in order.
 */
export class GatedUpstream implements Upstream {
  readonly events: string[] = [];
  held: RegExp | undefined;
  /** Paths answered with this status instead of the workspace's answer. */
  failing: RegExp | undefined;
  private gate = gate();
  constructor(private readonly inner: Upstream) {}

  release(): void {
    this.gate.open();
  }

  hold(pattern: RegExp | undefined): void {
    this.held = pattern;
    this.gate = gate();
  }

  async request(req: UpstreamRequest): Promise<UpstreamResponse> {
    this.events.push(`call ${req.path}`);
    const held = this.held?.test(req.path);
    const failing = this.failing?.test(req.path);
    const answer = failing ? undefined : await this.inner.request(req);
    if (held) await this.gate.promise;
    this.events.push(`answer ${req.path}`);
    if (failing || !answer) {
      const { errorFromResponse } = await import('../../src/gateway/upstream/errors.ts');
      throw errorFromResponse(500, { error: { code: 500, message: 'upstream broke' } }, req.path);
    }
    return answer;
  }

  /** Paths called so far. */
  get calls(): string[] {
    return this.events.filter((e) => e.startsWith('call ')).map((e) => e.slice(5));
  }

  reset(): void {
    this.events.length = 0;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

export interface DeferStack {
  workspace: RunningStack;
  gateway(options?: Omit<GatewayOptions, 'upstream'>): {
    gateway: Gateway;
    upstream: GatedUpstream;
  };
  close(): Promise<void>;
}

/** The embedded `/v1` on a free loopback port, and gateways over it through a gated upstream. */
export async function startDeferStack(): Promise<DeferStack> {
  const workspace = await startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:' });
  const gateways: Gateway[] = [];
  return {
    workspace,
    gateway(options = {}) {
      const upstream = new GatedUpstream(new UpstreamClient({ baseUrl: workspace.url }));
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

/** The request of an operation as the admin persona, asking for `multipart/mixed`. */
export function incrementalRequest(
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): RequestInit {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'multipart/mixed, application/graphql-response+json, application/json',
      authorization: `Bearer ${DEMO_TOKENS.admin}`,
      ...headers,
    },
    body: JSON.stringify(body),
  };
}

/** The parts of a `multipart/mixed` answer (a JSON answer is one part). */
export async function partsOf(response: Response): Promise<AnswerPart[]> {
  const parts = await meros<AnswerPart>(response);
  if (!(Symbol.asyncIterator in parts)) return [(await response.json()) as AnswerPart];
  const all: AnswerPart[] = [];
  for await (const part of parts) all.push(part.body as AnswerPart);
  return all;
}

/** SHA-256 (hex) of a document: its APQ and trusted-document hash. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
