import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Workspace } from './context.ts';
import { purgeExpiredSpaces } from './store/spaces.ts';

/** What an authenticated read knows of its validator before its route runs. */
interface KnownAnswer {
  /** The tag remembered for its caller and URL at the current data version, if any. */
  tag: string | undefined;
  /** Remembers the tag the route answers. */
  remember: (tag: string) => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `addDataValidators` on the reads of its scope (a request property, not a map). */
    knownAnswer: KnownAnswer | null;
  }
  interface FastifyContextConfig {
    /**
     * `'body'`: the route's answer depends on more than the stored data, the caller and the URL
     * (the clock, random values), so every read runs it and hashes its body.
     */
    etag?: 'body';
  }
}

/**
 * How much the remembered answers may hold, in characters of their caller, URL, version and tag
 * (some 16,000 answers of a typical URL, a few MB); the least recently used go first.
 */
const REMEMBERED_CHARS = 2_000_000;

/**
 * HTTP validators for the `/v1` reads. Every successful GET under `/v1` carries a strong `ETag`,
 * the hash of its body (so it changes exactly when the body does), and, unless the route set its
 * own, `Cache-Control: private, no-cache`: answers depend on the token (`private`) and clients
 * revalidate before reuse (`no-cache`). A GET whose `If-None-Match` names the current tag answers
 * 304 with no body.
 *
 * Added to the root instance before compression, so the tag is the hash of the uncompressed body
 * and one tag serves every encoding. (`@fastify/etag` tags every method and status and compares a
 * single exact value; `If-None-Match` is a list, compared weakly.) The authenticated reads also
 * know their tag before they run (`addDataValidators`).
 */
export function addETags(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!isV1Read(request)) return payload;
    const known = request.knownAnswer;
    if (reply.statusCode === 304 && known?.tag) {
      validated(reply, known.tag);
      return payload;
    }
    if (reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const tag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    known?.remember(tag);
    validated(reply, tag);
    if (matches(request.headers['if-none-match'], tag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
}

/**
 * Answers the authenticated reads of `scope` whose tag is known before they run: 304 with no
 * query, no answer built and no hash (`*` too: a remembered answer is a 200).
 *
 * An answer is a function of the stored data, the caller and the URL (path and query). So the
 * tag each read answered is remembered by caller and URL with the data version read before its
 * route ran; while the version is the same, the answer is the same, and an `If-None-Match` naming
 * that tag gets its 304 at once. The version is SQLite's:
 * - `total_changes()` counts every row this process's connection inserts, updates or deletes
 *   (triggers, cascades and FTS tables included; rolled back changes too, which at worst costs a
 *   full read), and `data_version` changes when another connection commits (an import into the
 *   same file);
 * - access (members, roles, teams, tokens) is stored data, so a change of it changes the version;
 * - it covers every table, since SQLite counts no changes per table: after a write anywhere,
 *   each read runs once more, and answers 304 by its body's hash when its body is unchanged;
 * - the clock's one effect on stored reads, purging spaces past their restore window, is applied
 *   before the version is read.
 *
 * The tag stays the body's hash rather than a hash of the version: it then survives unrelated
 * writes and restarts, and a read changes tag only when its body changes. The version is read
 * before the route runs: a write that lands while the answer is built leaves it remembered with an
 * older version, which at worst costs a full read, never gives a 304 to a changed body.
 */
export function addDataValidators(scope: FastifyInstance, ws: Workspace): void {
  const answered = new LRUCache<string, { version: string; tag: string }>({
    maxSize: REMEMBERED_CHARS,
    sizeCalculation: (answer, key) => key.length + answer.version.length + answer.tag.length,
  });
  scope.decorateRequest('knownAnswer', null);
  scope.addHook('preHandler', async (request, reply) => {
    if (!isV1Read(request) || request.routeOptions.config.etag === 'body') return;
    const key = `${request.caller.id}\n${request.url}`;
    const version = dataVersion(ws);
    const known = answered.get(key);
    const tag = known?.version === version ? known.tag : undefined;
    request.knownAnswer = { tag, remember: (body) => answered.set(key, { version, tag: body }) };
    if (tag && matches(request.headers['if-none-match'], tag)) return reply.code(304).send();
  });
}

/**
 * The version of the stored data as this process sees it, after the purge every space read does
 * (the clock's one effect on what reads return).
 */
export function dataVersion(ws: Workspace): string {
  purgeExpiredSpaces(ws);
  const row = ws.db
    .prepare('SELECT total_changes() AS changes, data_version AS version FROM pragma_data_version')
    .get() as { changes: number; version: number };
  return `${row.changes}.${row.version}`;
}

function validated(reply: FastifyReply, tag: string): void {
  reply.header('etag', tag);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache');
}

const isV1Read = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && request.url.startsWith('/v1/');

/** `If-None-Match` uses the weak comparison: `W/"x"` matches `"x"`; `*` matches any tag. */
export function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const candidate = part.trim();
    if (candidate === '*') return true;
    if ((candidate.startsWith('W/') ? candidate.slice(2) : candidate) === tag) return true;
  }
  return false;
}
