import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from './auth.ts';
import type { Workspace } from './context.ts';
import { errorBody, handleError } from './errors.ts';
import { routeModules } from './routes/index.ts';
import { validatorCompiler } from './validation.ts';

export interface WorkspaceAppOptions {
  logger?: boolean;
  /** Largest accepted request body, in bytes. */
  bodyLimit?: number;
}

/** The embedded `/v1` server as a Fastify instance (not listening). */
export function createWorkspaceApp(
  ws: Workspace,
  options: WorkspaceAppOptions = {},
): FastifyInstance {
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    bodyLimit: options.bodyLimit ?? 1_048_576,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });

  // An empty JSON body (POST .../merge sent with a content type) means no body, not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(errorBody(404, `no route for ${request.method} ${request.url.split('?')[0]}`));
  });

  for (const module of routeModules) module.root?.(app.withTypeProvider<ZodTypeProvider>(), ws);
  app.register(
    async (v1) => {
      v1.decorateRequest('caller', null as never);
      v1.addHook('onRequest', async (request) => {
        request.caller = authenticate(ws.db, request);
      });
      // Unknown /v1 paths answer 401 before 404, so routes are not discoverable without a token.
      v1.setNotFoundHandler((request, reply) => {
        authenticate(ws.db, request);
        reply
          .code(404)
          .send(errorBody(404, `no route for ${request.method} ${request.url.split('?')[0]}`));
      });
      for (const module of routeModules) module.v1?.(v1.withTypeProvider<ZodTypeProvider>(), ws);
    },
    { prefix: '/v1' },
  );
  return app;
}
