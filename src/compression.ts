import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compressed HTTP for a Fastify app (`/graphql`, GraphiQL's page, `/v1`, the example frontend;
 * `@fastify/compress`). Answers of at least 1 KB of a compressible type are compressed with the
 * best encoding the client accepts: br (quality 4), gzip or deflate. Request bodies sent with a
 * `content-encoding` of those are inflated before parsing, and the body limits count the inflated
 * bytes, so a small compressed body cannot grow past them (413); another encoding is 415.
 * Routes made in plugins registered after this are covered.
 */
export function compressAnswers(app: FastifyInstance): void {
  app.register(compress, { global: true });
}
