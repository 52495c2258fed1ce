import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { useEffect, useRef } from 'react';
import {
  type DocsGraphClientConfig,
  DocsGraphError,
  type DocumentInput,
  docsGraphConfig,
} from './fetcher.ts';

/** How a subscription is followed. */
export interface SubscribeOptions<TData> {
  /** Each event's data. */
  onData(data: TData): void;
  /** An error the gateway answered (the subscription has ended); network losses are retried. */
  onError?(error: DocsGraphError): void;
  /** Longest wait between two reconnections (default 10 s). */
  maxRetryMs?: number;
}

/**
 * The messages of an event stream as they arrive, parsed by eventsource-parser (comments, the
 * heartbeats, are skipped; a line ending split across two chunks is one line ending).
 */
export async function* messages(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<EventSourceMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const ready: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => ready.push(message) });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        parser.feed(decoder.decode());
        return;
      }
      parser.feed(decoder.decode(value, { stream: true }));
      while (ready.length > 0) yield ready.shift() as EventSourceMessage;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Follows a subscription over Server-Sent Events (the graphql-sse distinct-connections mode the
 * gateway serves). A lost connection is made again with `Last-Event-ID`, so what changed
 * meanwhile arrives; returns a function that ends the subscription.
 */
export function subscribeDocsGraph<TData, TVariables>(
  config: DocsGraphClientConfig,
  document: DocumentInput,
  variables: TVariables,
  options: SubscribeOptions<TData>,
): () => void {
  const controller = new AbortController();
  const doFetch = config.fetch ?? fetch;
  let lastEventId: string | undefined;
  let retry = 500;
  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const response = await doFetch(config.endpoint, {
          method: 'POST',
          signal: controller.signal,
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
            ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
            ...config.headers,
          },
          body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
        });
        if (!response.ok || !response.body) {
          throw new DocsGraphError(`the gateway answered ${response.status}`, [], response.status);
        }
        for await (const message of messages(response.body)) {
          if (message.event === 'complete') return;
          if (message.event !== 'next' || !message.data) continue;
          retry = 500;
          const result = JSON.parse(message.data) as {
            data?: TData | null;
            errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
          };
          if (result.errors?.length && !result.data) {
            options.onError?.(
              new DocsGraphError(
                result.errors.map((e) => e.message).join('; '),
                result.errors,
                200,
              ),
            );
            return;
          }
          if (message.id) lastEventId = message.id;
          if (result.data) options.onData(result.data);
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof DocsGraphError && error.status >= 400 && error.status < 500) {
          options.onError?.(error);
          return;
        }
      }
      // The stream ended without `complete` (the server stopped, the network dropped): again.
      await new Promise((resolve) => setTimeout(resolve, retry));
      retry = Math.min(retry * 2, options.maxRetryMs ?? 10_000);
    }
  };
  void run();
  return () => controller.abort();
}

/** What a generated subscription hook does with each event. */
export interface SubscriptionHookOptions<TData> {
  /** Writes the event into the query cache (e.g. `setQueryData` of the query it updates). */
  update?(queryClient: QueryClient, data: TData): void;
  /** Queries refetched after each event (by key prefix). */
  invalidate?: readonly QueryKey[];
  onData?(data: TData): void;
  onError?(error: DocsGraphError): void;
  /** False: not subscribed (default true). */
  enabled?: boolean;
}

/**
 * Subscribes while mounted (again when the variables or the token change) and updates the
 * TanStack Query cache with each event; the generated `useXxxSubscription` hooks call it.
 */
export function useDocsGraphSubscription<TData, TVariables>(
  document: DocumentInput,
  variables: TVariables,
  options: SubscriptionHookOptions<TData> = {},
): void {
  const queryClient = useQueryClient();
  const latest = useRef(options);
  latest.current = options;
  const config = docsGraphConfig();
  const key = JSON.stringify(variables ?? {});
  const enabled = options.enabled !== false;
  useEffect(() => {
    if (!enabled) return;
    return subscribeDocsGraph<TData, TVariables>(config, document, variables, {
      onData(data) {
        const { update, invalidate, onData } = latest.current;
        update?.(queryClient, data);
        for (const queryKey of invalidate ?? []) void queryClient.invalidateQueries({ queryKey });
        onData?.(data);
      },
      onError: (error) => latest.current.onError?.(error),
    });
  }, [config, document, key, enabled, queryClient]);
}
