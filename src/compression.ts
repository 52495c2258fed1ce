import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compressed HTTP for a Fastify app (`/graphql`, GraphiQL's page, `/v1`, the example frontend;
 * `@fastify/compress`). Answers of at least 1 KB of a compressible type are compressed with the
 * best encoding the client accepts: br (quality 4, a 256 KB window), gzip or deflate. Request bodies sent with a
 * `content-encoding` of those are inflated before parsing, and the body limits count the inflated
 * bytes, so a small compressed body cannot grow past them (413); another encoding is 415.
 * Routes made in plugins registered after this are covered.
 */
export function compressAnswers(app: FastifyInstance): void {
  app.register(compress, {
    global: true,
    // A 256 KB window rather than brotli's 4 MB: each answer compressed at once holds one, and
    // the native memory they take stays with the process after a burst.
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 },
    },
  });
}
