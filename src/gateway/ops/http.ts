import type { FastifyInstance } from 'fastify';
import type { Ops } from './runtime.ts';

/** Serves `/health`, `/readiness` and `/metrics` from a Fastify app and counts requests in flight. */
export function serveOpsFastify(app: FastifyInstance, getOps: () => Ops | undefined): void {
  // In a plugin, so that hooks of plugins registered before it (compression) cover the routes.
  app.register(async (scope) => {
    for (const path of ['/health', '/readiness', '/metrics']) {
      scope.get(path, async (_request, reply) => {
        const answer = await getOps()?.answer(path);
        if (!answer) return reply.status(404).send({ error: { code: 404, message: 'not found' } });
        return reply
          .status(answer.status)
          .header('content-type', answer.contentType)
          .send(answer.body);
      });
    }
  });
  // A request is in flight until its response closes: sent in full, or cut short because the
  // client went away or the handler failed (Fastify's `onResponse` does not run for an aborted one).
  // A callback hook, not an async one: it runs on every request, and a promise per request costs.
  app.addHook('onRequest', (_request, reply, done) => {
    const ops = getOps();
    if (ops) reply.raw.once('close', ops.begin());
    done();
  });
}
