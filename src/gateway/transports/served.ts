/** The subscription transports the gateway serves at its endpoint, and the refusal naming them. */
import { isAsyncIterable } from 'graphql-yoga';
import type { RequestPart } from '../plugins/requestPart.ts';

/** One transport: how a client asks for it, and the client libraries that speak it. */
export interface Transport {
  name: string;
  request: string;
}

/** Every way to subscribe at the endpoint, as a refusal names them. */
export const TRANSPORTS: readonly Transport[] = [
  {
    name: 'graphql-sse, distinct connections',
    request: 'POST or GET with "accept: text/event-stream"',
  },
  {
    name: 'graphql-sse, single connection',
    request: 'PUT for a stream token, then requests with "x-graphql-event-stream-token"',
  },
  {
    name: 'graphql-ws',
    request: 'a WebSocket upgrade with the subprotocol "graphql-transport-ws"',
  },
  {
    name: 'multipart HTTP (Apollo)',
    request: 'POST with "accept: multipart/mixed;subscriptionSpec=1.0"',
  },
];

/** The transports in one sentence. */
export const SERVED = TRANSPORTS.map((t) => `${t.name} (${t.request})`).join('; ');

/**
 * What a request whose `Accept` header names no answer the gateway makes is told: what it serves
 * for queries and for subscriptions.
 */
export const NOT_ACCEPTABLE = `no answer in a media type this request accepts: queries and mutations are answered as application/graphql-response+json or application/json (incremental @defer/@stream answers as multipart/mixed or text/event-stream); subscriptions are served over ${SERVED}`;

/** What a WebSocket upgrade in another subprotocol (or none) is told. */
export const NOT_A_SERVED_SUBPROTOCOL = `WebSocket subscriptions speak the subprotocol "graphql-transport-ws" only (the graphql-ws library; the older "graphql-ws" subprotocol of subscriptions-transport-ws is not served); subscriptions are served over ${SERVED}`;

/**
 * Ends a subscription no transport took: when no result processor accepts the request (Yoga then
 * answers 406), the subscription already opened would otherwise stay open in the hub. The last
 * part of the gateway, so it sees the processor every other part and plugin chose.
 */
export const endUnservedPart: RequestPart = {
  name: 'endUnserved',
  onResultProcess({ result, resultProcessor }) {
    if (resultProcessor || !isAsyncIterable(result)) return;
    void result[Symbol.asyncIterator]()
      .return?.()
      ?.catch(() => {});
  },
};
