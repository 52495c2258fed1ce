import { createHash } from 'node:crypto';
import { type Cache, useResponseCache } from '@graphql-yoga/plugin-response-cache';
import {
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  getOperationAST,
  isObjectType,
  Kind,
  type ValueNode,
  visit,
} from 'graphql';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { credentialOf } from '../credential.ts';
import type { RequestPart, RequestStep } from '../plugins/requestPart.ts';
import { RequestStates } from '../requestState.ts';
import { downstreamCacheControl, requestFreshness, upstreamTtl } from './freshness.ts';
import type { GatewayMetrics } from './metrics.ts';
import { redisResponseCache } from './redisCache.ts';

/** Response cache settings. TTLs are in seconds. */
export interface CacheOptions {
  /**
   * Where a response's lifetime comes from. `upstream` (default): the upstream's `Cache-Control`
   * and `Expires` of the answers it was built from (the least fresh), capped by the TTLs below; an
   * answer that says nothing, `no-cache` or `no-store` makes the response uncached, so a repeat
   * asks the upstream again (conditional GETs, answered 304 when nothing changed). `ttl`: the TTLs
   * below, whatever the upstream says.
   */
  freshness?: 'upstream' | 'ttl';
  /** TTL (upper bound) of a response made of objects (default 30 s). */
  ttl?: number;
  /** TTL (upper bound) of a response holding a list (a connection) (default 10 s). */
  listTtl?: number;
  /** TTL per GraphQL type name (`{ Space: 120, ChangeRequest: 15 }`); the smallest one applies. */
  ttlPerType?: Record<string, number>;
  /** Most entries kept in memory when there is no Redis (default 1000). */
  maxEntries?: number;
  /** Most bytes of responses (as JSON) kept in memory when there is no Redis (default 32 MB). */
  maxBytes?: number;
}

export const CACHE_DEFAULTS = {
  freshness: 'upstream',
  ttl: 30,
  listTtl: 10,
  maxEntries: 1000,
  maxBytes: 32_000_000,
} as const;

interface EntityRecord {
  typename: string;
  id?: string | number;
}

/**
 * The cache scope of a request: the key of its credential (a hash, never the header; every
 * spelling of one token is one scope), or none.
 */
export function cacheScope(authorization: string | null): string | null {
  return credentialOf(authorization)?.key ?? null;
}

/** The type name of a global ID when it is one of a type of `schema` (`U3BhY2U6YWJj` -> Space). */
function globalIdType(value: string, schema: GraphQLSchema): string | undefined {
  if (value.length < 4 || value.length % 4 !== 0 || !/^[A-Za-z0-9+/]+=*$/.test(value)) return;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1 || Buffer.from(decoded, 'utf8').toString('base64') !== value) return;
  const typename = decoded.slice(0, colon);
  return isObjectType(schema.getType(typename)) ? typename : undefined;
}

/**
 * The objects an operation's arguments name: global IDs anywhere in them, and REST ids in fields
 * that name their type (`spaceId: "abc"` is the Space whose global ID encodes `Space:abc`).
 */
export function namedEntities(
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  schema: GraphQLSchema,
): EntityRecord[] {
  const found = new Map<string, EntityRecord>();
  const add = (value: string, key: string) => {
    const typename = globalIdType(value, schema);
    if (typename) {
      found.set(`${typename}:${value}`, { typename, id: value });
      return;
    }
    const named = /^([a-z][A-Za-z]*)Id$/.exec(key)?.[1];
    const type = named ? `${named[0]?.toUpperCase()}${named.slice(1)}` : undefined;
    if (type && isObjectType(schema.getType(type))) {
      const id = Buffer.from(`${type}:${encodeURIComponent(value)}`, 'utf8').toString('base64');
      found.set(`${type}:${id}`, { typename: type, id });
    }
  };
  // Walked without recursion (a variable may be nested deeper than the stack goes), in order.
  const fromJs = (root: unknown, rootKey: string): void => {
    const pending: Array<[unknown, string]> = [[root, rootKey]];
    for (let next = pending.pop(); next; next = pending.pop()) {
      const [value, key] = next;
      if (typeof value === 'string') add(value, key);
      else if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) pending.push([value[i], key]);
      } else if (value && typeof value === 'object') {
        const entries = Object.entries(value);
        for (let i = entries.length - 1; i >= 0; i--) {
          const [k, v] = entries[i] as [string, unknown];
          pending.push([v, k]);
        }
      }
    }
  };
  const fromAst = (node: ValueNode, key: string): void => {
    if (node.kind === Kind.STRING) add(node.value, key);
    else if (node.kind === Kind.LIST) for (const item of node.values) fromAst(item, key);
    else if (node.kind === Kind.OBJECT) for (const f of node.fields) fromAst(f.value, f.name.value);
    else if (node.kind === Kind.VARIABLE) fromJs(variables?.[node.name.value], key);
  };
  const operation = getOperationAST(document, operationName);
  if (!operation) return [];
  visit(operation, {
    Argument(node) {
      fromAst(node.value, node.name.value);
    },
  });
  return [...found.values()];
}

/**
 * Responses in memory, bounded by count and by the total length of their JSON, and dropped when
 * their TTL ends rather than when next read: neither a burst of large responses nor one of many
 * distinct queries stays in memory after it. Each entry is indexed by the objects (and types) it
 * holds, for invalidation.
 */
export function memoryResponseCache(
  options: { maxEntries?: number; maxBytes?: number } = {},
): Cache {
  const keysByEntity = new Map<string, Set<string>>();
  const entitiesByKey = new Map<string, string[]>();
  const unindex = (key: string) => {
    for (const entity of entitiesByKey.get(key) ?? []) {
      const keys = keysByEntity.get(entity);
      keys?.delete(key);
      if (keys?.size === 0) keysByEntity.delete(entity);
    }
    entitiesByKey.delete(key);
  };
  const responses = new LRUCache<string, ExecutionResult>({
    max: options.maxEntries ?? CACHE_DEFAULTS.maxEntries,
    maxSize: options.maxBytes ?? CACHE_DEFAULTS.maxBytes,
    sizeCalculation: (result) => Math.max(1, JSON.stringify(result).length),
    ttlAutopurge: true,
    dispose: (_result, key) => unindex(key),
  });
  return {
    set(key, result, entities, ttl) {
      responses.set(key, result, Number.isFinite(ttl) ? { ttl } : {});
      if (!responses.has(key)) return; // larger than the whole budget: not kept
      const ids = new Set<string>();
      for (const { typename, id } of entities) {
        ids.add(typename);
        if (id !== undefined) ids.add(`${typename}:${id}`);
      }
      entitiesByKey.set(key, [...ids]);
      for (const id of ids) {
        const keys = keysByEntity.get(id) ?? new Set<string>();
        keys.add(key);
        keysByEntity.set(id, keys);
      }
    },
    get: (key) => responses.get(key) ?? null,
    invalidate(entities) {
      for (const { typename, id } of entities) {
        const entity = id === undefined || id === null ? typename : `${typename}:${id}`;
        for (const key of [...(keysByEntity.get(entity) ?? [])]) responses.delete(key);
      }
    },
  };
}

/**
 * Makes a store safe to lose: while Redis is down, reads miss and writes are dropped (logged
 * once per interval), so the gateway keeps answering uncached. Adds the entities named by a
 * query's arguments to its entry and ignores whole-type invalidations: a mutation payload's null
 * or empty field names its type, which would drop every entry holding one. `settle()` waits for
 * invalidations under way.
 */
class SafeStore implements Cache {
  /** Entities named by the arguments of the query whose entry is about to be stored. */
  readonly pendingTags = new Map<string, EntityRecord[]>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private lastLog = 0;
  healthy = true;

  constructor(
    private readonly inner: Cache,
    private readonly onError: (error: Error) => void,
  ) {}

  private failed(error: unknown): undefined {
    this.healthy = false;
    const now = Date.now();
    if (now - this.lastLog >= 30_000) {
      this.lastLog = now;
      this.onError(error as Error);
    }
    return undefined;
  }

  private track<T>(promise: Promise<T>): Promise<T | undefined> {
    const tracked = promise.then(
      (value) => {
        this.healthy = true;
        return value;
      },
      (error: unknown) => this.failed(error),
    );
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
    return tracked;
  }

  async get(key: string) {
    return this.track(Promise.resolve().then(() => this.inner.get(key))).then((v) => v ?? null);
  }

  set(key: string, data: ExecutionResult, entities: Iterable<EntityRecord>, ttl: number) {
    const all = [...entities, ...(this.pendingTags.get(key) ?? [])];
    void this.track(Promise.resolve().then(() => this.inner.set(key, data, all, ttl)));
  }

  invalidate(entities: Iterable<EntityRecord>) {
    const withIds = [...entities].filter((e) => e.id !== undefined && e.id !== null);
    if (withIds.length === 0) return;
    return this.track(Promise.resolve().then(() => this.inner.invalidate(withIds))).then(() => {});
  }

  /** Resolves when every invalidation started so far is done (or failed). */
  async settle(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}

export interface ResponseCacheSetup {
  options: CacheOptions;
  schema: GraphQLSchema;
  /** When given, entries live in Redis and every replica sharing it sees them. */
  redis?: Redis | undefined;
  metrics?: GatewayMetrics | undefined;
  logger?: Logger | undefined;
}

interface RequestState {
  scope: string | null;
  result?: ExecutionResult;
  mutation?: boolean;
  /** The GraphQL context, whose upstream session knows the freshness of the answers used. */
  context?: unknown;
}

/**
 * The response cache's steps of the request path: `@graphql-yoga/plugin-response-cache` (in
 * memory, or in Redis with `redisResponseCache`; a library plugin between two parts of ours)
 * scoped to a hash of the caller's token, entries tagged by the global IDs they hold and by
 * those their arguments name, invalidated by every mutation that touches one (its payload and
 * its input), with `Cache-Control`, `ETag` and 304. Following the upstream (the default), an
 * entry lives no longer than the least fresh upstream answer it was built from says, so an
 * answer to revalidate is never served from the cache: the repeat asks the upstream again, with
 * the stored entity tags.
 */
export function responseCacheSteps(setup: ResponseCacheSetup): RequestStep[] {
  const ttl = setup.options.ttl ?? CACHE_DEFAULTS.ttl;
  const listTtl = setup.options.listTtl ?? CACHE_DEFAULTS.listTtl;
  const followUpstream = (setup.options.freshness ?? CACHE_DEFAULTS.freshness) === 'upstream';
  const ttlPerType: Record<string, number> = {};
  for (const type of Object.values(setup.schema.getTypeMap())) {
    if (isObjectType(type) && type.name.endsWith('Connection')) ttlPerType[type.name] = listTtl;
  }
  Object.assign(ttlPerType, setup.options.ttlPerType ?? {});
  const longest = Math.max(ttl, listTtl, ...Object.values(ttlPerType));
  const inner = setup.redis
    ? redisResponseCache(setup.redis, { maxTtlMs: longest * 1000 })
    : memoryResponseCache(setup.options);
  const store = new SafeStore(inner, (error) =>
    setup.logger?.warn({ err: error.message }, 'response cache unavailable'),
  );
  const keyByContext = new RequestStates<object, string>();
  const uncacheable = new WeakSet<object>();
  const states = new RequestStates<Request, RequestState>();
  const schema = setup.schema;

  const cache = useResponseCache({
    session: (request) => cacheScope(request.headers.get('authorization')),
    cache: store,
    ttl: ttl * 1000,
    // Type names as coordinates: the plugin applies the smallest TTL of the types in a result.
    ttlPerSchemaCoordinate: Object.fromEntries(
      Object.entries(ttlPerType).map(([k, v]) => [k, v * 1000]),
    ),
    includeExtensionMetadata: true,
    ...(followUpstream ? { onTtl: ({ ttl, context }) => upstreamTtl(ttl, context) } : {}),
    enabled: (_request, context) => !uncacheable.has(context),
    buildResponseCacheKey(params) {
      let source: string;
      try {
        source = JSON.stringify([
          params.documentString,
          params.operationName ?? '',
          params.variableValues ?? {},
        ]);
      } catch {
        // Variables nested deeper than JSON.stringify can go (the limits refuse them where they
        // are used): such a request is answered, never cached.
        uncacheable.add(params.context as object);
        return `${params.sessionId ?? 'public'}.uncacheable`;
      }
      // The scope leads the key (which is also the ETag), so a 304 is only ever for its token.
      const hash = createHash('sha256').update(source).digest('base64url');
      const key = `${params.sessionId ?? 'public'}.${hash}`;
      keyByContext.set(params.context as object, key);
      return key;
    },
  });

  const scopeGuard: RequestPart = {
    name: 'cacheScope',
    onRequest({ request }) {
      const scope = cacheScope(request.headers.get('authorization'));
      states.set(request, { scope });
      const etag = request.headers.get('if-none-match');
      if (etag && !etag.startsWith(`${scope ?? 'public'}.`))
        request.headers.delete('if-none-match');
    },
  };

  const tagsAndHeaders: RequestPart = {
    name: 'cacheTags',
    onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName);
      const named = namedEntities(args.document, args.operationName, args.variableValues, schema);
      const request = (args.contextValue as { request?: Request }).request;
      const state = request ? states.get(request) : undefined;
      if (state) state.context = args.contextValue;
      if (operation?.operation === 'mutation') {
        if (state) state.mutation = true;
        return {
          // After the plugin invalidated the payload's objects: the input's, then wait for both,
          // so a read sent after this response never finds an entry the mutation made stale.
          async onExecuteDone() {
            await store.invalidate(named);
            await store.settle();
          },
        };
      }
      const key = keyByContext.take(args.contextValue as object);
      if (key && named.length > 0) store.pendingTags.set(key, named);
      return {
        // The entry is written before the response leaves, so another replica finds it at once.
        async onExecuteDone() {
          if (key) setImmediate(() => store.pendingTags.delete(key));
          await store.settle();
        },
      };
    },
    onResultProcess({ request, result }) {
      const state = states.get(request);
      if (state && !Array.isArray(result) && !(Symbol.asyncIterator in result)) {
        state.result = result as ExecutionResult;
      }
    },
    onResponse({ request, response }) {
      const state = states.take(request);
      if (!state || response.status === 304) return;
      const meta = state.result?.extensions?.responseCache as
        | { hit?: boolean; didCache?: boolean; ttl?: number }
        | undefined;
      if (meta?.hit) setup.metrics?.cache.inc({ result: 'hit' });
      else if (meta && !state.mutation) setup.metrics?.cache.inc({ result: 'miss' });
      response.headers.set(
        'cache-control',
        downstreamCacheControl({
          tokenScoped: state.scope !== null,
          mutation: state.mutation ?? false,
          result: state.result,
          freshness: requestFreshness(state.context),
          cachedFor: meta?.didCache ? Math.floor((meta.ttl ?? 0) / 1000) : undefined,
          hit: meta?.hit ?? false,
          cacheOn: true,
        }),
      );
      response.headers.append('vary', 'Authorization');
    },
  };
  // The library's plugin hooks requests and params itself, and execution through the Envelop
  // plugin it adds when Envelop starts.
  return [scopeGuard, { library: cache, adds: ['onExecute'] }, tagsAndHeaders];
}
