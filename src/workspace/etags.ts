import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * HTTP validators for the `/v1` reads. Every successful GET under `/v1` carries a strong `ETag`
 * (a hash of its body, so it changes exactly when the body does) and, unless the route set its
 * own, `Cache-Control: private, no-cache`: answers depend on the token (`private`) and clients
 * revalidate before reuse (`no-cache`). A GET whose `If-None-Match` names the current tag answers
 * 304 with no body.
 *
 * Added to the root instance before compression, so the tag is the hash of the uncompressed body
 * and one tag serves every encoding. (`@fastify/etag` tags every method and status and compares a
 * single exact value; `If-None-Match` is a list, compared weakly.)
 */
export function addETags(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!isV1Read(request) || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const tag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', tag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache');
    if (matches(request.headers['if-none-match'], tag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
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
