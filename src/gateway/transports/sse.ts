import type { ExecutionResult } from 'graphql';
import { TOKEN_HEADER_KEY, TOKEN_QUERY_KEY } from 'graphql-sse';
import { createHandler } from 'graphql-sse/lib/use/fetch';
import type { GraphQLParams, YogaServerInstance } from 'graphql-yoga';
import type { ErrorCode } from '../errorCatalog.ts';
import { type RequestPart, STOP } from '../plugins/requestPart.ts';
import { ConnectionRefused, type Connections } from './connections.ts';
import { publicResult, runOperation } from './execute.ts';

/** How long a reserved stream may wait for its client to open it before it is dropped. */
export const RESERVATION_MS = 30_000;

/** One reserved stream: its connection (as the live hub counts it) and the release of its slot. */
interface Reservation {
  connection: object;
  release: () => void;
  expiry: NodeJS.Timeout | undefined;
}

const json = (status: number, message: string, code: ErrorCode) =>
  new Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

/** A requests of the single-connection mode: a reservation, a stream, an operation, a stop. */
function isSingleConnection(request: Request, url: URL): boolean {
  if (request.method === 'PUT' || request.method === 'DELETE') return true;
  if (request.headers.has(TOKEN_HEADER_KEY)) return true;
  // An `EventSource` cannot send headers: it opens its reserved stream with `?token=`. Operations
  // still need the header, so a form a page posts cross-site never reaches the handler.
  return (
    request.method === 'GET' &&
    url.searchParams.has(TOKEN_QUERY_KEY) &&
    (request.headers.get('accept') ?? '').includes('text/event-stream')
  );
}

/** `body` with `done` called once when it ends, fails or is cancelled. */
function onEnd(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done: ended } = await reader.read();
        if (value) controller.enqueue(value);
        if (ended) {
          done();
          controller.close();
        }
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    async cancel(reason) {
      done();
      await reader.cancel(reason);
    },
  });
}

/**
 * graphql-sse's single-connection mode at the gateway's endpoint, with graphql-sse's own handler:
 * a `PUT` reserves a stream (one connection of its token, bounded as WebSockets are), the client
 * opens it with `accept: text/event-stream` and its token, then sends each operation as a `POST`
 * with `x-graphql-event-stream-token`; `DELETE ?operationId=` stops one. Each operation runs the
 * whole request path (`runOperation`) under the `Authorization` of its own request, and its
 * subscriptions count against the stream as their connection. A reservation not opened within
 * `RESERVATION_MS` is dropped. Requests of the distinct-connections mode are left to Yoga.
 */
export function singleConnectionSsePart(connections: Connections): RequestPart {
  let handler: ((request: Request) => Promise<Response>) | undefined;
  const serverContexts = new WeakMap<Request, Record<string, unknown>>();
  const reservations = new Map<string, Reservation>();

  const drop = (token: string) => {
    const reservation = reservations.get(token);
    if (!reservation) return;
    clearTimeout(reservation.expiry);
    reservations.delete(token);
    reservation.release();
  };

  /** Ends a reserved stream that was never opened: opened and cancelled, its operations end. */
  const expire = async (token: string, url: string) => {
    drop(token);
    const opened = await handler?.(
      new Request(url, { headers: { accept: 'text/event-stream', [TOKEN_HEADER_KEY]: token } }),
    );
    await opened?.body?.cancel();
  };

  async function serve(request: Request, url: URL): Promise<Response> {
    if (!handler) return json(503, 'the gateway is starting', 'UNAVAILABLE');
    const authorization = request.headers.get('authorization') ?? undefined;
    if (request.method === 'PUT') {
      let release: () => void;
      try {
        release = connections.open(authorization);
      } catch (error) {
        if (!(error instanceof ConnectionRefused)) throw error;
        return json(429, error.message, 'SUBSCRIPTION_LIMIT');
      }
      const response = await handler(request);
      const token = response.status === 201 ? (await response.clone().text()).trim() : undefined;
      if (!token) {
        release();
        return response;
      }
      const expiry = setTimeout(() => void expire(token, url.href), RESERVATION_MS);
      expiry.unref();
      reservations.set(token, { connection: {}, release, expiry });
      return response;
    }
    const token = request.headers.get(TOKEN_HEADER_KEY) ?? url.searchParams.get(TOKEN_QUERY_KEY);
    const reservation = token ? reservations.get(token) : undefined;
    const response = await handler(request);
    const streaming =
      (response.headers.get('content-type') ?? '').startsWith('text/event-stream') && response.body;
    if (!token || !reservation || !streaming || !response.body) return response;
    // The reserved stream is open: it holds its connection's slot until it ends.
    clearTimeout(reservation.expiry);
    reservation.expiry = undefined;
    return new Response(
      onEnd(response.body, () => drop(token)),
      { status: response.status, headers: response.headers },
    );
  }

  return {
    name: 'singleConnectionSse',
    onYogaInit({ yoga }) {
      const gateway = yoga as unknown as YogaServerInstance<
        Record<string, unknown>,
        Record<string, unknown>
      >;
      handler = createHandler(
        {
          onSubscribe(req, params) {
            const request = req.raw;
            const token = request.headers.get(TOKEN_HEADER_KEY);
            const reservation = token ? reservations.get(token) : undefined;
            const serverContext = Object.create(serverContexts.get(request) ?? {});
            if (reservation) serverContext.liveConnection = reservation.connection;
            return runOperation(gateway, params as GraphQLParams, request, serverContext).then(
              // graphql-sse takes a result for one only when it has `data` (a refusal has none).
              (result) =>
                Symbol.asyncIterator in result || 'data' in result
                  ? result
                  : { data: null, ...result },
            );
          },
          onNext: (_ctx, _req, result) => publicResult(result as ExecutionResult),
        },
        yoga.fetchAPI,
      );
    },
    onRequest({ request, url, endResponse, serverContext }) {
      if (!isSingleConnection(request, url)) return;
      serverContexts.set(request, serverContext as Record<string, unknown>);
      return serve(request, url).then((response) => {
        endResponse(response);
        return STOP;
      });
    },
  };
}
