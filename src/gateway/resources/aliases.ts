import { AsyncResource } from 'node:async_hooks';
import type { GatewayContext } from '../context.ts';
import { attach, attached } from '../requestState.ts';

// Aliases: other names `/v1` takes for an object in its paths (a change request's number within
// its space). An object a request names by an alias keeps it in its address, so every path under
// the object is known at once; what shows its id (its global ID, those of the objects under it)
// waits for the one read that tells the id the alias stands for.

/** One alias of a request: how its id is read, and that read once started. */
interface Alias {
  read: () => Promise<string>;
  id?: Promise<string>;
}

/** A request's aliases, by type name and the alias's local id (see `keyOf`). */
type Aliases = Map<string, Alias>;

const ALIASES = Symbol('aliases');

const keyOf = (typename: string, localId: string) => `${typename}:${localId}`;

/** The aliases noted in this request; undefined when there are none (most requests). */
const aliasesOf = (ctx: GatewayContext) => attached<Aliases>(ctx.rest, ALIASES);

/** The alias's read, started once; a failure is the error of each field that waits for it. */
function started(alias: Alias): Promise<string> {
  if (!alias.id) {
    alias.id = alias.read();
    // Held for the fields that wait for it: a read no field awaits is no unhandled rejection.
    alias.id.catch(() => undefined);
  }
  return alias.id;
}

/**
 * Notes that the local id `localId` of `typename` is an alias in this request: `read` tells the
 * id it stands for, once, started `now` or by the first field that waits for it. The read is the
 * naming field's (its cost counts it): it runs in that field's async context, whichever field
 * starts it.
 */
export function noteAlias(
  ctx: GatewayContext,
  typename: string,
  localId: string,
  read: () => Promise<string>,
  now: boolean,
): void {
  const aliases = aliasesOf(ctx) ?? attach<Aliases>(ctx.rest, ALIASES, new Map());
  const key = keyOf(typename, localId);
  let alias = aliases.get(key);
  if (!alias) {
    alias = { read: AsyncResource.bind(read) };
    aliases.set(key, alias);
  }
  if (now) started(alias);
}

/** True when this request has noted any alias (`canonical` has nothing to look up otherwise). */
export function hasAliases(ctx: GatewayContext): boolean {
  return aliasesOf(ctx) !== undefined;
}

/** True when `localId` of `typename` is an alias in this request. */
export function isAlias(ctx: GatewayContext, typename: string, localId: string): boolean {
  return aliasesOf(ctx)?.has(keyOf(typename, localId)) ?? false;
}

/**
 * The id the alias `localId` of `typename` stands for, read once per request (a failed read fails
 * every field that waits for it, with its error); undefined when it is no alias of this request.
 */
export function aliasedId(
  ctx: GatewayContext,
  typename: string,
  localId: string,
): Promise<string> | undefined {
  const alias = aliasesOf(ctx)?.get(keyOf(typename, localId));
  return alias ? started(alias) : undefined;
}
