import type { LiveHub, LiveRequest } from './live/hub.ts';
import type { Upstream } from './upstream/client.ts';
import { RestSession } from './upstream/rest.ts';

/** Per-request context: the caller's token, the upstream session and its loaders. */
export interface GatewayContext {
  rest: RestSession;
  /** True when the response lists the upstream calls in `extensions.upstream`. */
  debug: boolean;
  /** Live data: the hub subscriptions watch through and what they need of this request. */
  live?: { hub: LiveHub; request: LiveRequest };
}

/** Builds the context of one GraphQL request; nothing in it outlives the request. */
export function createContext(
  client: Upstream,
  authorization: string | undefined,
  debug: boolean,
): GatewayContext {
  return { rest: new RestSession(client, authorization), debug };
}
