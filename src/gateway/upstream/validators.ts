import { LRUCache } from 'lru-cache';
import { credentialOf } from './credential.ts';

/**
 * How long an upstream answer may be reused without asking again, read from its `Cache-Control`,
 * `Expires`, `Date` and `Age` (RFC 9111). `maxAge` 0 means revalidate before every reuse: what
 * `no-cache` says, and what an answer that says nothing gets here (no heuristic freshness).
 */
export interface Freshness {
  /** Seconds the answer stays fresh for a cache private to its token. */
  maxAge: number;
  /** Seconds it stays fresh for a cache shared between callers (`s-maxage` wins there). */
  sharedMaxAge: number;
  /** `no-store`: the answer may not be kept at all. */
  noStore: boolean;
  /** `private`: the answer is for its token only. */
  private: boolean;
}

/** The freshness of an answer with these headers, at `now` (milliseconds). */
export function freshnessOf(
  headers: {
    cacheControl?: string | undefined;
    expires?: string | undefined;
    date?: string | undefined;
    age?: string | undefined;
  },
  now = Date.now(),
): Freshness {
  const directives = new Map<string, string | true>();
  for (const part of (headers.cacheControl ?? '').split(',')) {
    const [name, ...rest] = part.trim().split('=');
    if (!name) continue;
    const value = rest.join('=').trim().replace(/^"|"$/g, '');
    directives.set(name.toLowerCase(), value === '' ? true : value);
  }
  const seconds = (name: string): number | undefined => {
    const value = directives.get(name);
    if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
    return Number(value);
  };
  const age = /^\d+$/.test(headers.age ?? '') ? Number(headers.age) : 0;
  const noStore = directives.has('no-store');
  const noCache = directives.get('no-cache') === true;
  let lifetime = seconds('max-age');
  if (lifetime === undefined && headers.expires !== undefined) {
    const expires = Date.parse(headers.expires);
    const date = headers.date !== undefined ? Date.parse(headers.date) : now;
    // An invalid Expires (`0`, `-1`) means already expired.
    lifetime = Number.isNaN(expires)
      ? 0
      : Math.max(0, Math.floor((expires - (Number.isNaN(date) ? now : date)) / 1000));
  }
  const remaining = (value: number | undefined) =>
    noStore || noCache || value === undefined ? 0 : Math.max(0, value - age);
  return {
    maxAge: remaining(lifetime),
    sharedMaxAge: directives.has('private') ? 0 : remaining(seconds('s-maxage') ?? lifetime),
    noStore,
    private: directives.has('private'),
  };
}

/** The least fresh of several answers: the minimum lifetime, `no-store` or `private` if any says so. */
export function leastFresh(answers: Iterable<Freshness>): Freshness | undefined {
  let least: Freshness | undefined;
  for (const f of answers) {
    least = least
      ? {
          maxAge: Math.min(least.maxAge, f.maxAge),
          sharedMaxAge: Math.min(least.sharedMaxAge, f.sharedMaxAge),
          noStore: least.noStore || f.noStore,
          private: least.private || f.private,
        }
      : { ...f };
  }
  return least;
}

/** An upstream answer kept to revalidate: its entity tag and its body as it came. */
export interface StoredAnswer {
  etag: string;
  body: string;
}

/**
 * Where the upstream client keeps the last answer of each GET per token, to send its `ETag` in
 * `If-None-Match` and reuse the body on 304. Keys come from `validatorKey` (never a raw token).
 * A store that fails acts as empty: the call is then made in full.
 */
export interface ValidatorStore {
  get(key: string): StoredAnswer | undefined | Promise<StoredAnswer | undefined>;
  set(key: string, answer: StoredAnswer): void | Promise<void>;
}

/**
 * The key of a GET of `path` made with `authorization`: the credential's key (every spelling of
 * one token is one key, never the token itself), then the path.
 */
export function validatorKey(authorization: string | undefined, path: string): string {
  return `${credentialOf(authorization)?.key ?? 'anonymous'}:${path}`;
}

export const VALIDATOR_DEFAULTS = { maxEntries: 20_000, maxBytes: 32_000_000 } as const;

/** Answers in memory, the least recently used dropped past `maxEntries` or `maxBytes` of body. */
export function memoryValidators(
  options: { maxEntries?: number; maxBytes?: number } = {},
): ValidatorStore {
  const answers = new LRUCache<string, StoredAnswer>({
    max: options.maxEntries ?? VALIDATOR_DEFAULTS.maxEntries,
    maxSize: options.maxBytes ?? VALIDATOR_DEFAULTS.maxBytes,
    sizeCalculation: (answer, key) => Math.max(1, answer.body.length + key.length),
  });
  return {
    get: (key) => answers.get(key),
    set(key, answer) {
      answers.set(key, answer);
    },
  };
}
