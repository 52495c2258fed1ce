import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parse as secureJsonParse } from 'secure-json-parse';
import { compressAnswers } from '../compression.ts';
import {
  DEFAULT_HTTP_LIMITS,
  drainRefusedBodies,
  type HttpLimits,
  serverOptions,
  shortPath,
  tooDeep,
} from '../http/limits.ts';
import { authenticate } from './auth.ts';
import type { Workspace } from './context.ts';
import { errorBody, HttpError, handleError } from './errors.ts';
import { addDataValidators, addETags } from './etags.ts';
import { schemaController } from './inputErrors.ts';
import { registerOpenApi } from './openapi.ts';
import { routeModules } from './routes/index.ts';

export interface WorkspaceAppOptions {
  logger?: boolean;
  /** Body size, JSON depth, header size and timeouts (the defaults of `DEFAULT_HTTP_LIMITS`). */
  limits?: HttpLimits;
}

/** The embedded `/v1` server as a Fastify instance (not listening). */
export function createWorkspaceApp(
  ws: Workspace,
  options: WorkspaceAppOptions = {},
): FastifyInstance {
  const limits = options.limits ?? DEFAULT_HTTP_LIMITS;
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    bodyLimit: limits.bodyBytes,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    schemaController,
    ...serverOptions(limits),
    // A malformed percent-encoding or an overlong path parameter, answered in the decided shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const message =
        status === 414
          ? 'a path parameter is longer than 500 characters'
          : 'path: malformed percent-encoding';
      reply.code(status).send(errorBody(status, message));
    },
  });

  // The parser Fastify's own uses (secure-json-parse: a `__proto__` or `constructor.prototype`
  // key is refused, never assigned), wrapped so that an empty body (POST .../merge sent with a
  // content type) means no body, a syntax error is answered naming it, and a value nested too
  // deep is refused naming its field.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let value: unknown;
    try {
      value = secureJsonParse(text, { protoAction: 'error', constructorAction: 'error' });
    } catch (error) {
      return done(error as Error, undefined);
    }
    // Deeper values would overflow the stack of whatever walks them next (zod, SQLite, JSON).
    const deep = tooDeep(value, limits.jsonDepth);
    if (deep) {
      const field = shortPath(deep) || 'body';
      return done(
        new HttpError(400, `${field}: nested deeper than ${limits.jsonDepth} levels`),
        undefined,
      );
    }
    done(null, value);
  });

  drainRefusedBodies(app);
  addETags(app);
  compressAnswers(app);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(errorBody(404, `no route for ${request.method} ${request.url.split('?')[0]}`));
  });

  // Routes are declared in plugins, registered after compression so that it covers them, and in
  // one scope with the OpenAPI document so that it lists them and nothing mounted beside them.
  app.register(async (api) => {
    registerOpenApi(api);
    api.register(async (root) => {
      for (const module of routeModules)
        module.root?.(root.withTypeProvider<ZodTypeProvider>(), ws);
    });
    api.register(
      async (v1) => {
        v1.decorateRequest('caller', null as never);
        v1.addHook('onRequest', async (request) => {
          request.caller = authenticate(ws.db, request);
        });
        addDataValidators(v1, ws);
        // Unknown /v1 paths answer 401 before 404, so routes are not discoverable without a token.
        v1.setNotFoundHandler((request, reply) => {
          authenticate(ws.db, request);
          reply
            .code(404)
            .send(errorBody(404, `no route for ${request.method} ${request.url.split('?')[0]}`));
        });
        for (const module of routeModules)
          module.register?.(v1.withTypeProvider<ZodTypeProvider>(), ws);
      },
      { prefix: '/v1' },
    );
  });
  return app;
}
