import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { GraphQLError, parse } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { type Extra, useServer } from 'graphql-ws/use/ws';
import type { GraphQLParams, YogaServerInstance } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import { type ErrorCode, subscriptionLimitError } from '../errorCatalog.ts';
import type { Gateway } from '../yoga.ts';
import { ConnectionRefused } from './connections.ts';
import { type OperationResult, publicResult, runOperation } from './execute.ts';
import { NOT_A_SERVED_SUBPROTOCOL } from './served.ts';

/** The one WebSocket subprotocol served: graphql-ws's. */
export const SUBPROTOCOL = 'graphql-transport-ws';

/**
 * The document graphql-ws is handed once an operation has run: it only tells the library to
 * "execute", and `execute` hands back the result the gateway's request path produced.
 */
const RAN = parse('{ __typename }');

/** The context graphql-ws passes back to `execute`: the result the operation already produced. */
interface Ran {
  result: OperationResult;
}

/** What one open socket holds: its caller's credential and its place in the connection count. */
interface Socket {
  authorization: string | undefined;
  release: () => void;
  /** The connection the live hub counts this socket's subscriptions by. */
  connection: object;
}

/** Whether an upgrade's page (its `Origin`) may open a socket: its own origin, or one allowed. */
function originAllowed(request: IncomingMessage, origins: readonly string[]): boolean {
  const origin = request.headers.origin;
  // Not a browser: CSRF needs a browser carrying someone else's credentials.
  if (!origin) return true;
  if (origins.includes('*') || origins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

const STATUS_TEXT: Record<number, string> = {
  403: 'Forbidden',
  404: 'Not Found',
  503: 'Service Unavailable',
};

/** An HTTP refusal of an upgrade, with a GraphQL error body, and the socket closed. */
function refuse(socket: Duplex, status: number, message: string, code: ErrorCode) {
  const body = JSON.stringify({ errors: [{ message, extensions: { code } }] });
  const reason = STATUS_TEXT[status] ?? 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** `Bearer <token>` for a bare token in `connectionParams`, else the value as a header holds it. */
function authorizationOf(params: Record<string, unknown> | undefined): string | undefined {
  const value = params?.authorization ?? params?.Authorization;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return /\s/.test(value.trim()) ? value.trim() : `Bearer ${value.trim()}`;
}

/** The fetch request an operation of `socket` runs as: the upgrade's headers, its credential. */
function requestOf(upgrade: IncomingMessage, endpoint: string, socket: Socket): Request {
  const headers = new Headers({ accept: 'application/json', 'content-type': 'application/json' });
  for (const name of ['x-docs-graph-debug', 'user-agent', 'origin', 'traceparent']) {
    const value = upgrade.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  if (socket.authorization) headers.set('authorization', socket.authorization);
  return new Request(`http://${upgrade.headers.host ?? 'localhost'}${endpoint}`, {
    method: 'POST',
    headers,
  });
}

/**
 * graphql-ws over WebSocket at the gateway's endpoint, on the server that serves its HTTP. The
 * upgrade is refused (an HTTP answer saying why) at another path, in another subprotocol, or from
 * a browser page of an origin the gateway does not allow (CSRF: a cross-site page could open the
 * socket with the user's cookies). The credential is `connectionParams.authorization` (or
 * `Authorization`), else the upgrade's `Authorization` header; each socket counts as one
 * connection of its token (`Connections`), and carries at most `maxPerConnection` operations at
 * once. Every operation runs the gateway's whole request path (`runOperation`). Returns the
 * closing of every socket (code 1001) for shutdown.
 */
export function attachWebSockets(
  server: Server,
  endpoint: string,
  getGateway: () => Gateway,
): { close(): Promise<void> } {
  let wss: WebSocketServer | undefined;
  let dispose: (() => void | Promise<void>) | undefined;
  let closing = false;
  const sockets = new WeakMap<Extra['socket'], Socket>();

  const start = (gateway: Gateway) => {
    const yoga = gateway as unknown as YogaServerInstance<
      Record<string, unknown>,
      Record<string, unknown>
    >;
    const { heartbeatMs } = gateway.live.options;
    // graphql-ws checks that the operation names one; execution is the gateway's (`execute`).
    const { schema } = yoga.getEnveloped({});
    wss = new WebSocketServer({
      noServer: true,
      handleProtocols: (protocols) => (protocols.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
      maxPayload: 1_048_576,
    });
    const served = useServer<Record<string, unknown> | undefined, Partial<Extra>>(
      {
        onConnect(ctx) {
          const { socket, request } = ctx.extra as Extra;
          const authorization =
            authorizationOf(ctx.connectionParams) ?? request.headers.authorization;
          try {
            const release = gateway.transports.connections.open(authorization);
            sockets.set(socket, { authorization, release, connection: {} });
            return true;
          } catch (error) {
            if (!(error instanceof ConnectionRefused)) throw error;
            // 4429 ends the connection for good in graphql-ws's client: no reconnection storm.
            socket.close(CloseCode.TooManyInitialisationRequests, error.message);
            return false;
          }
        },
        onClose(ctx) {
          const socket = sockets.get((ctx.extra as Extra).socket);
          socket?.release();
        },
        async onSubscribe(ctx, _id, payload) {
          const extra = ctx.extra as Extra;
          const socket = sockets.get(extra.socket);
          if (!socket) return [new GraphQLError('the connection is not acknowledged')];
          const { maxPerConnection } = gateway.live.options;
          if (Object.keys(ctx.subscriptions).length > maxPerConnection) {
            return [
              subscriptionLimitError(`at most ${maxPerConnection} operations per connection`),
            ];
          }
          const request = requestOf(extra.request, endpoint, socket);
          const result = await runOperation(yoga, payload as GraphQLParams, request, {
            req: { socket: extra.request.socket },
            liveConnection: socket.connection,
          });
          const ran: Ran = { result };
          return { schema, document: RAN, contextValue: ran };
        },
        execute: (args) => (args.contextValue as Ran).result as never,
        subscribe: (args) => (args.contextValue as Ran).result as never,
        onNext: (_ctx, _id, _payload, _args, result) => publicResult(result) as never,
      },
      wss,
      heartbeatMs,
    );
    dispose = () => served.dispose();
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== endpoint) {
      refuse(
        socket,
        404,
        `no WebSocket endpoint at ${path}; subscriptions are at ${endpoint}`,
        'NOT_FOUND',
      );
      return;
    }
    let gateway: Gateway;
    try {
      gateway = getGateway();
    } catch {
      refuse(socket, 503, 'the gateway is starting', 'UNAVAILABLE');
      return;
    }
    if (closing) {
      refuse(socket, 503, 'the server is shutting down', 'UNAVAILABLE');
      return;
    }
    const offered = (request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim());
    if (!offered.includes(SUBPROTOCOL)) {
      refuse(socket, 400, NOT_A_SERVED_SUBPROTOCOL, 'TRANSPORT_NOT_SERVED');
      return;
    }
    const { csrf, origins } = gateway.transports;
    if (csrf && !originAllowed(request, origins)) {
      refuse(
        socket,
        403,
        `CSRF prevention refused a WebSocket opened by a page of ${request.headers.origin}: only the gateway's own origin and the origins it allows cross-origin calls from may open one`,
        'CSRF_ORIGIN_REFUSED',
      );
      return;
    }
    if (!wss) start(gateway);
    wss?.handleUpgrade(request, socket, head, (ws) => wss?.emit('connection', ws, request));
  };
  server.on('upgrade', onUpgrade);

  return {
    async close() {
      closing = true;
      server.off('upgrade', onUpgrade);
      await dispose?.();
    },
  };
}
