import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, onRequestHookHandler, onSendHookHandler } from 'fastify';

/**
 * Compressed HTTP for a Fastify app (`/graphql`, GraphiQL's page, `/v1`, the example frontend;
 * `@fastify/compress`). Answers of at least 1 KB of a compressible type are compressed with the
 * best encoding the client accepts: br (quality 4, a 256 KB window), gzip or deflate. Request bodies sent with a
 * `content-encoding` of those are inflated before parsing, and the body limits count the inflated
 * bytes, so a small compressed body cannot grow past them (413); another encoding is 415.
 * Routes made in plugins registered after this are covered. A request without `Accept-Encoding`
 * costs nothing: the compression hook returns before looking at the answer.
 */
export function compressAnswers(app: FastifyInstance): void {
  // The hooks the plugin adds to a route are those present after its `onRoute` hook ran and not
  // before: ours run on either side of it.
  const before = new WeakMap<object, { onRequest: Set<unknown>; onSend: Set<unknown> }>();
  const asArray = (hooks: unknown): unknown[] =>
    Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
  // Queued as the plugins are: after those registered before, just before this one.
  app.after(() => {
    app.addHook('onRoute', (route) => {
      before.set(route, {
        onRequest: new Set(asArray(route.onRequest)),
        onSend: new Set(asArray(route.onSend)),
      });
    });
  });
  app
    .register(compress, {
      global: true,
      // A 256 KB window rather than brotli's 4 MB: each answer compressed at once holds one, and
      // the native memory they take stays with the process after a burst.
      brotliOptions: {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 },
      },
    })
    .after(() => {
      app.addHook('onRoute', (route) => {
        const seen = before.get(route);
        if (!seen) return;
        // `reply.compress()` is not used here: its per-request decoration is left out.
        const onRequest = asArray(route.onRequest).filter((h) => seen.onRequest.has(h));
        route.onRequest = onRequest as onRequestHookHandler[];
        route.onSend = asArray(route.onSend).map((hook) =>
          seen.onSend.has(hook) ? hook : onlyWhenAccepted(hook as onSendHookHandler),
        ) as onSendHookHandler[];
      });
    });
}

/**
 * The plugin's answer hook, run only for a request that names an encoding: without
 * `Accept-Encoding` it leaves every answer as it is (it sets no `Vary` then either).
 */
function onlyWhenAccepted(hook: onSendHookHandler): onSendHookHandler {
  return function onSendWhenAccepted(this: FastifyInstance, request, reply, payload, done) {
    if (request.headers['accept-encoding'] === undefined) return done(null, payload);
    return hook.call(this, request, reply, payload, done);
  } as onSendHookHandler;
}
