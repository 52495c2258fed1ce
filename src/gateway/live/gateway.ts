import type { Redis } from 'ioredis';
import { credentialOf } from '../credential.ts';
import type { GatewayMetrics } from '../ops/metrics.ts';
import type { Upstream } from '../upstream/client.ts';
import { type LiveCounters, LiveHub } from './hub.ts';
import { quotaKey } from './limits.ts';
import type { LiveOptions } from './options.ts';
import type { LiveRequest } from './request.ts';
import { liveSsePart } from './sse.ts';
import { MemoryLiveStore, RedisLiveStore } from './store.ts';

export { LiveHub } from './hub.ts';

/** The live part of a request's context. */
export interface LiveContext {
  hub: LiveHub;
  /** What subscriptions need of this request (its token, connection and `Last-Event-ID`). */
  readonly request: LiveRequest;
}

/** `/metrics` counters of a hub. */
function liveCounters(metrics: GatewayMetrics): LiveCounters {
  return {
    open: (delta) => metrics.liveOpen.inc(delta),
    event: () => metrics.liveEvents.inc(),
    poll: (status) => metrics.livePolls.inc({ status: String(status) }),
  };
}

/**
 * The live data of a gateway: a hub over Redis when the gateway has one (replicas share changes,
 * leases and views), in memory otherwise; and the per-request part of the context.
 */
export function createLiveHub(
  client: Upstream,
  options: { redis?: Redis; metrics?: GatewayMetrics; live?: Partial<LiveOptions> },
) {
  const store = options.redis ? new RedisLiveStore(options.redis) : new MemoryLiveStore();
  const hub = new LiveHub(
    client,
    store,
    options.live,
    options.metrics ? liveCounters(options.metrics) : undefined,
  );
  const requests = new WeakMap<Request, LiveRequest>();
  return {
    hub,
    /** The parts of live data in the request path: the event stream with ids and heartbeats. */
    parts: [liveSsePart(hub.options.heartbeatMs, (request) => requests.get(request))],
    /**
     * The live part of a request's context; the connection is the client's socket (its address
     * keys the quota of a caller without a token). What a subscription needs of the request is
     * read when it first asks (most requests are not one).
     */
    context(request: Request, socket: object | undefined): LiveContext {
      let live: LiveRequest | undefined;
      return {
        hub,
        get request() {
          if (!live) {
            const credential = credentialOf(request.headers.get('authorization'));
            live = {
              authorization: credential?.header,
              token: credential?.key ?? '',
              quota: quotaKey(
                credential?.key,
                (socket as { remoteAddress?: string } | undefined)?.remoteAddress,
              ),
              connection: socket ?? {},
              lastEventId: request.headers.get('last-event-id') ?? undefined,
            };
            requests.set(request, live);
          }
          return live;
        },
      };
    },
  };
}
