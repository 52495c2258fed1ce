/**
 * State kept beside short-lived objects (a request, a page read, a reference), without keeping
 * those objects, or what the state references, alive longer than they live.
 *
 * Why not a plain WeakMap: the young-generation collector of Node 20's V8 (the scavenger) keeps
 * every WeakMap value whose key is still young alive, whether the key is reachable or not; only
 * a full collection clears the entry. A request's state in a WeakMap, and all it references (its
 * context, its upstream answers), was therefore copied at each scavenge, promoted to the old
 * generation and left for the next full collection: measured with 1 MB semi-spaces, half of what
 * each scavenge kept under `{__typename}` (docs/benchmarks.md, Log). Two ways out, both here: drop the entry as soon as its last reader has
 * it (`RequestStates.take`), or keep the state on the object itself (`attach`), so that both
 * die together in the first scavenge after their last use.
 */

/** Per-request state of a plugin: a WeakMap whose entries are dropped when read for the last time. */
export class RequestStates<K extends object, V> {
  private readonly map = new WeakMap<K, V>();

  set(key: K, value: V): void {
    this.map.set(key, value);
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  /** The state of `key`, dropped from the map: for its last reader (the response hook). */
  take(key: K): V | undefined {
    const value = this.map.get(key);
    this.map.delete(key);
    return value;
  }
}

/**
 * Keeps `value` on `target` under `key`, not enumerable: a spread or `Object.keys` of the target
 * does not see it, so a copy made from the target does not carry it (as with a WeakMap).
 */
export function attach<V>(target: object, key: symbol, value: V): V {
  Object.defineProperty(target, key, { value, writable: true, configurable: true });
  return value;
}

/** What `attach` kept on `target` under `key`, if anything. */
export function attached<V>(target: object, key: symbol): V | undefined {
  return Object.hasOwn(target, key) ? ((target as Record<symbol, V>)[key] as V) : undefined;
}
