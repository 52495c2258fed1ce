import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
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
  app.addHook('onRequest', async (_request, reply) => {
    const ops = getOps();
    if (ops) reply.raw.once('close', ops.begin());
  });
}

/** A node:http listener: the operational endpoints, else the gateway; counts requests in flight. */
export function opsListener(ops: Ops, gateway: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const end = ops.begin();
    res.once('close', end);
    const path = req.url?.split('?')[0] ?? '/';
    if (
      req.method === 'GET' &&
      (path === '/health' || path === '/readiness' || path === '/metrics')
    ) {
      void ops.answer(path).then((answer) => {
        if (!answer) return gateway(req, res);
        res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
      });
      return;
    }
    gateway(req, res);
  };
}

/**
 * Stops a node:http server gracefully: no new connections, idle keep-alive connections closed,
 * requests in flight finish within the grace period (then their connections are cut).
 */
export async function closeGracefully(server: Server, ops: Ops): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await ops.drain();
  server.closeAllConnections();
  await closed;
}
