import type { LiveContext } from './live/gateway.ts';
import type { Upstream } from './upstream/client.ts';
import { RestSession } from './upstream/rest.ts';

/** Per-request context: the caller's credential, the upstream session (with its call budget). */
export interface GatewayContext {
  rest: RestSession;
  /** True when the response lists the upstream calls in `extensions.upstream`. */
  debug: boolean;
  /** Live data: the hub subscriptions watch through and what they need of this request. */
  live?: LiveContext;
  /** Deepest JSON value a mutation input may hold (the input-ids plugin reads it). */
  jsonDepth?: number;
  /** Longest ID an input may hold (the input-ids plugin reads it). */
  idLength?: number;
}

/** Builds the context of one GraphQL request; nothing in it outlives the request. */
export function createContext(
  client: Upstream,
  authorization: string | undefined,
  debug: boolean,
): GatewayContext {
  // Every key is set here, so every context has the same shape.
  return {
    rest: new RestSession(client, authorization),
    debug,
    live: undefined,
    jsonDepth: undefined,
    idLength: undefined,
  };
}
