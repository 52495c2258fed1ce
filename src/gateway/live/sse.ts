import type { ExecutionResult } from 'graphql';
import { isAsyncIterable } from 'graphql-yoga';
import { type RequestPart, replaceResultProcessor } from '../plugins/requestPart.ts';
import type { LiveRequest } from './request.ts';

/** `extensions` without the keys Yoga keeps for itself; undefined when nothing else is left. */
function publicExtensions(extensions: unknown): Record<string, unknown> | undefined {
  if (!extensions || typeof extensions !== 'object') return undefined;
  const { http: _http, unexpected: _unexpected, ...rest } = extensions as Record<string, unknown>;
  return Object.keys(rest).length > 0 ? rest : undefined;
}

/**
 * The JSON of one event's result, as Yoga serializes a response: neither the result's
 * `extensions.http` (the status Yoga would answer) nor any error's `http` or `unexpected` (the
 * mark of a masked error) reaches the client.
 */
export function serializeResult(result: ExecutionResult): string {
  const { http: _http, ...extensions } = (result.extensions ?? {}) as Record<string, unknown>;
  return JSON.stringify({
    ...result,
    errors: result.errors?.map((error) => {
      const json = (typeof error.toJSON === 'function' ? error.toJSON() : { ...error }) as {
        extensions?: unknown;
      };
      return { ...json, extensions: publicExtensions(json.extensions) };
    }),
    extensions: Object.keys(extensions).length > 0 ? extensions : undefined,
  });
}

/**
 * Subscriptions over Server-Sent Events, in the distinct-connections mode of the graphql-sse
 * protocol (`event: next` messages, then `event: complete`), as Yoga serves them, with two
 * additions: every event carries the `id:` a client sends back as `Last-Event-ID` when it
 * reconnects, and a heartbeat comment is written every `heartbeatMs`.
 */
export function liveSsePart(
  heartbeatMs: number,
  liveOf: (request: Request) => LiveRequest | undefined,
): RequestPart {
  const subscriptions = new WeakSet<Request>();
  return {
    name: 'liveSse',
    onSubscribe({ args }) {
      const request = (args.contextValue as { request?: Request }).request;
      if (request) subscriptions.add(request);
    },
    onResultProcess(payload) {
      const { request, result } = payload;
      if (!subscriptions.has(request) || !isAsyncIterable(result)) return;
      if (!(request.headers.get('accept') ?? '').includes('text/event-stream')) return;
      const live = liveOf(request);
      replaceResultProcessor(payload, 'text/event-stream', (input, fetchAPI) => {
        const iterator = (input as AsyncIterable<ExecutionResult>)[Symbol.asyncIterator]();
        const encoder = new fetchAPI.TextEncoder();
        let heartbeat: NodeJS.Timeout | undefined;
        const stream = new fetchAPI.ReadableStream<Uint8Array>({
          start(controller) {
            // A first comment flushes the headers (some browsers wait for a first byte).
            controller.enqueue(encoder.encode(':\n\n'));
            heartbeat = setInterval(() => {
              if (controller.desiredSize === null) return clearInterval(heartbeat);
              controller.enqueue(encoder.encode(':\n\n'));
            }, heartbeatMs);
            heartbeat.unref();
          },
          async pull(controller) {
            try {
              const { value, done } = await iterator.next();
              if (value) {
                const id = live?.eventId;
                controller.enqueue(
                  encoder.encode(
                    `${id ? `id: ${id}\n` : ''}event: next\ndata: ${serializeResult(value)}\n\n`,
                  ),
                );
              }
              if (done) {
                controller.enqueue(encoder.encode('event: complete\ndata:\n\n'));
                clearInterval(heartbeat);
                controller.close();
              }
            } catch (error) {
              clearInterval(heartbeat);
              controller.error(error);
            }
          },
          async cancel() {
            clearInterval(heartbeat);
            await iterator.return?.();
          },
        });
        return new fetchAPI.Response(stream, {
          status: 200,
          headers: {
            'content-type': 'text/event-stream',
            'cache-control': 'no-cache',
            connection: 'keep-alive',
            'content-encoding': 'none',
          },
        });
      });
    },
  };
}
