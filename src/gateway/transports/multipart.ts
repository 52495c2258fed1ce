import type { ExecutionResult } from 'graphql';
import { isAsyncIterable } from 'graphql-yoga';
import { type RequestPart, replaceResultProcessor } from '../plugins/requestPart.ts';
import { publicResult } from './execute.ts';

/** The media-type parameters of the first `multipart/mixed` an `Accept` header names. */
function multipartAccepted(accept: string): { spec: boolean } | undefined {
  for (const range of accept.split(',')) {
    const [type, ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    if (type !== 'multipart/mixed') continue;
    return { spec: params.some((p) => p.replace(/"/g, '') === 'subscriptionspec=1.0') };
  }
  return undefined;
}

/**
 * Subscriptions over multipart HTTP. With `subscriptionSpec=1.0` in `Accept` (Apollo Client's
 * `HttpLink`, Apollo Router), the Apollo multipart subscription protocol: boundary `graphql`,
 * each event as `{"payload": result}`, a `{}` part every `heartbeatMs` while nothing else is
 * sent, and the closing boundary when the subscription ends. Without it, the parts are the
 * results themselves (boundary `-`, as `@defer` answers are), for incremental-delivery clients
 * such as meros. Yoga serves multipart for incremental queries only; a subscription asking for it
 * was refused.
 */
export function multipartPart(heartbeatMs: number): RequestPart {
  const subscriptions = new WeakSet<Request>();
  return {
    name: 'multipart',
    onSubscribe({ args }) {
      const request = (args.contextValue as { request?: Request }).request;
      if (request) subscriptions.add(request);
    },
    onResultProcess(payload) {
      const { request, result } = payload;
      if (!subscriptions.has(request) || !isAsyncIterable(result)) return;
      const accept = request.headers.get('accept') ?? '';
      // An event-stream client is answered by the SSE part.
      if (accept.toLowerCase().includes('text/event-stream')) return;
      const accepted = multipartAccepted(accept);
      if (!accepted) return;
      const { spec } = accepted;
      const boundary = spec ? 'graphql' : '-';
      replaceResultProcessor(payload, 'multipart/mixed', (input, fetchAPI) => {
        const iterator = (input as AsyncIterable<ExecutionResult>)[Symbol.asyncIterator]();
        const encoder = new fetchAPI.TextEncoder();
        const part = (json: string) =>
          encoder.encode(
            `\r\ncontent-type: application/json; charset=utf-8\r\n\r\n${json}\r\n--${boundary}`,
          );
        let heartbeat: NodeJS.Timeout | undefined;
        const stop = () => clearInterval(heartbeat);
        const stream = new fetchAPI.ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(`\r\n--${boundary}`));
            if (!spec) return;
            heartbeat = setInterval(() => {
              if (controller.desiredSize === null) return stop();
              controller.enqueue(part('{}'));
            }, heartbeatMs);
            heartbeat.unref();
          },
          async pull(controller) {
            try {
              const { value, done } = await iterator.next();
              if (value) {
                const json = publicResult(value);
                controller.enqueue(part(JSON.stringify(spec ? { payload: json } : json)));
              }
              if (done) {
                stop();
                controller.enqueue(encoder.encode('--\r\n'));
                controller.close();
              }
            } catch (error) {
              stop();
              controller.error(error);
            }
          },
          async cancel() {
            stop();
            await iterator.return?.();
          },
        });
        const type = spec
          ? 'multipart/mixed;boundary="graphql";subscriptionSpec="1.0"'
          : 'multipart/mixed; boundary="-"';
        return new fetchAPI.Response(stream, {
          status: 200,
          headers: { 'content-type': type, 'cache-control': 'no-cache', connection: 'keep-alive' },
        });
      });
    },
  };
}
