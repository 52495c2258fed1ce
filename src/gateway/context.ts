import type { Upstream } from './upstream/client.ts';
import { RestSession } from './upstream/rest.ts';

/** Per-request context: the caller's token, the upstream session and its loaders. */
export interface GatewayContext {
  rest: RestSession;
  /** True when the response lists the upstream calls in `extensions.upstream`. */
  debug: boolean;
}

/** Builds the context of one GraphQL request; nothing in it outlives the request. */
export function createContext(
  client: Upstream,
  authorization: string | undefined,
  debug: boolean,
): GatewayContext {
  return { rest: new RestSession(client, authorization), debug };
}
