import { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from './errorCatalog.ts';
import { NOT_ACCEPTABLE } from './transports/served.ts';
import { attachWebSockets } from './transports/ws.ts';
import type { Gateway } from './yoga.ts';

/** A GraphQL-over-HTTP error body (`{ errors: [{ message, extensions: { code } }] }`). */
export function graphqlErrorBody(message: string, code: ErrorCode) {
  return { errors: [{ message, extensions: { code } }] };
}

const STATUS_CODE: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  408: 'REQUEST_TIMEOUT',
  405: 'METHOD_NOT_ALLOWED',
  406: 'TRANSPORT_NOT_SERVED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

function onError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, 'unexpected error');
  const message =
    status === 413 ? 'request body is too large' : status >= 500 ? 'internal error' : error.message;
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(graphqlErrorBody(message, STATUS_CODE[status] ?? 'INTERNAL_SERVER_ERROR'));
}

/** A fetch `Headers` of a Node request's headers (repeated ones kept). */
function headersOf(raw: FastifyRequest['headers']): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  return headers;
}

/** Content types of answers produced part by part. */
const STREAMED = /^(multipart\/|text\/event-stream)/i;

/**
 * The body of an incremental answer as a Node stream that writes each part in one piece. Yoga
 * enqueues a part as several small chunks (boundary, headers, JSON, boundary); written one by one
 * they would be as many socket writes, chunked-encoding frames and reads for the client, per part.
 * Chunks read in the same turn of the event loop are joined and pushed at its end
 * (`setImmediate`), so a part still leaves as soon as it is produced.
 */
function coalesced(body: ReadableStream<Uint8Array>, open: Set<() => void>): Readable {
  const reader = body.getReader();
  let pending: Uint8Array[] = [];
  let scheduled = false;
  const out = new Readable({
    read() {},
    destroy(error, callback) {
      open.delete(end);
      reader.cancel(error ?? undefined).catch(() => {});
      callback(error);
    },
  });
  // At shutdown: the body's source is cancelled and the answer ends as a finished one.
  const end = () => {
    reader.cancel().catch(() => {});
  };
  open.add(end);
  const flush = () => {
    scheduled = false;
    if (pending.length === 0 || out.destroyed) return;
    out.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending.push(value);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    }
    flush();
    open.delete(end);
    if (!out.destroyed) out.push(null);
  })().catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/** True when the parsed body holds bytes for Yoga to read. */
const hasBody = (body: unknown): body is Buffer => body instanceof Buffer && body.length > 0;

/**
 * Serves a gateway from a Fastify app at its endpoint. The body is read as bytes up to
 * `bodyLimit` and handed to the gateway, which alone decides what a body means (JSON,
 * `application/graphql`, form-encoded), so an embedded and a standalone gateway answer alike.
 * `getGateway` is read per request, so the gateway may be created after the app listens.
 */
export function mountGateway(
  app: FastifyInstance,
  endpoint: string,
  getGateway: () => Gateway,
  options: { bodyLimit?: number } = {},
) {
  // graphql-ws at the same path, on the same server (the upgrade never reaches a route).
  const sockets = attachWebSockets(app.server, endpoint, getGateway);
  const streams = new Set<() => void>();
  // Open sockets and streams end first, so closing the server does not wait for their clients:
  // sockets close with 1001, subscriptions end (their streams finish with their last part), and
  // streams still open (single-connection event streams) are ended.
  app.addHook('preClose', async () => {
    let gateway: Gateway | undefined;
    try {
      gateway = getGateway();
    } catch {}
    await sockets.close();
    await gateway?.live?.close();
    for (const end of streams) end();
  });
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.setErrorHandler(onError);
    scope.route({
      url: endpoint,
      // PUT and DELETE: graphql-sse's single-connection mode (reserve a stream, stop an operation).
      method: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
      handler: async (request, reply) => {
        // Yoga reads the request from Fastify's (its body already read as bytes within
        // `bodyLimit`) and answers a fetch Response whose body is a stream: it goes to the socket
        // as the execution produces it, through Fastify's own hooks (compression included).
        const gateway = getGateway();
        const response =
          request.method === 'POST' && !hasBody(request.body)
            ? // Fastify has read the (empty) body already: Yoga gets a request that has none.
              await gateway.fetch(`http://${request.host || 'localhost'}${request.url}`, {
                method: 'POST',
                headers: headersOf(request.headers),
              })
            : await gateway.handleNodeRequestAndResponse(request, reply, { req: request, reply });
        // Yoga answers some refusals (415, 405) with no body: give them the GraphQL error body.
        if (response.status >= 400 && !response.headers.get('content-type')) {
          await response.body?.cancel();
          const status = response.status;
          const message =
            status === 415
              ? 'content-type: expected application/json, application/graphql or application/x-www-form-urlencoded'
              : status === 405
                ? `method ${request.method} is not allowed here`
                : status === 406
                  ? NOT_ACCEPTABLE
                  : 'request refused';
          const allow = response.headers.get('allow');
          if (allow) reply.header('allow', allow);
          return reply
            .status(status)
            .type('application/json; charset=utf-8')
            .send(graphqlErrorBody(message, STATUS_CODE[status] ?? 'BAD_REQUEST'));
        }
        response.headers.forEach((value, key) => {
          reply.header(key, value);
        });
        reply.status(response.status);
        // An answer made whole (a JSON result, GraphiQL's page) is sent as its text in one write;
        // an incremental one (multipart parts, server-sent events) streams as it is produced, a
        // part in one write.
        const type = response.headers.get('content-type') ?? '';
        if (STREAMED.test(type) && response.body)
          return reply.send(coalesced(response.body, streams));
        return reply.send(await response.text());
      },
    });
  });
}
