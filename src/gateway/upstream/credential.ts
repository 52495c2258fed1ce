import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * A caller's credential, parsed once from its `Authorization` header: every spelling of the same
 * token (`Bearer T`, `bearer T`, `BEARER  T `) is one credential, with one key. Rate-limit
 * buckets, subscription quotas, the response cache scope, revalidation tags and live views are
 * keyed by `key`; the upstream receives `header`.
 */
export interface Credential {
  /** The header forwarded upstream: `Bearer <token>` for a bearer token, else the trimmed value. */
  header: string;
  /** A stable, non-reversible key of the credential (a hash; never the token itself). */
  key: string;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)\s+(\S.*)$/s;

/**
 * The credentials of the headers seen last, by header as sent: a request asks for its credential
 * in several places, and a client sends the same header with every request, so the parse and the
 * hash are made once per header, not per call. Bounded: a client sending a new token every time
 * only turns the oldest out.
 */
const parsed = new LRUCache<string, Credential>({ max: 1_000 });

/** Parses an `Authorization` header; `undefined` when there is none or it is blank. */
export function credentialOf(header: string | null | undefined): Credential | undefined {
  if (!header) return undefined;
  const known = parsed.get(header);
  if (known) return known;
  const value = header.trim();
  if (!value) return undefined;
  const match = SCHEME.exec(value);
  const normalized = match
    ? `${canonicalScheme(match[1] as string)} ${(match[2] as string).trim()}`
    : value;
  const credential = Object.freeze({
    header: normalized,
    key: createHash('sha256').update(normalized).digest('base64url').slice(0, 32),
  });
  parsed.set(header, credential);
  return credential;
}

/** `bearer`, `BEARER` and `Bearer` are one scheme (RFC 9110: schemes are case-insensitive). */
function canonicalScheme(scheme: string): string {
  const lower = scheme.toLowerCase();
  return lower === 'bearer' ? 'Bearer' : lower === 'basic' ? 'Basic' : lower;
}
