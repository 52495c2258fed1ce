import type { FastifyInstance } from 'fastify';
import type { Gateway } from './server.ts';

/**
 * Serves a gateway from a Fastify app at its endpoint. `getGateway` is read per request, so the
 * gateway may be created after the app listens (when its own URL is the upstream).
 */
export function mountGateway(app: FastifyInstance, endpoint: string, getGateway: () => Gateway) {
  app.route({
    url: endpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (request, reply) => {
      const response = await getGateway().handleNodeRequestAndResponse(request, reply, {});
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}
