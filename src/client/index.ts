import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import {
  configureDocsGraph,
  type DocsGraphClientConfig,
  docsGraphConfig,
  requestDocsGraph,
} from './fetcher.ts';

export {
  configureDocsGraph,
  type DocsGraphClientConfig,
  DocsGraphError,
  type DocumentInput,
  docsGraphConfig,
  docsGraphFetcher,
  requestDocsGraph,
} from './fetcher.ts';
export * from './generated/hooks.ts';
export {
  type SubscribeOptions,
  type SubscriptionHookOptions,
  subscribeDocsGraph,
  useDocsGraphSubscription,
} from './live.ts';

/** A generated document (`XxxDocument`) or any typed document string. */
export type TypedDocument<TData, TVariables> = DocumentTypeDecoration<TData, TVariables> & {
  toString(): string;
  /** Generated documents carry the hash of their text (sent instead of the text). */
  __meta__?: { hash?: unknown } | undefined;
};

/** A docs-graph endpoint with a token; the generated hooks send their operations through it. */
export interface DocsGraphClient {
  /** The endpoint, token and headers in use. */
  readonly config: Readonly<DocsGraphClientConfig>;
  /** Runs a generated document outside React, typed by the document. */
  request<TData, TVariables>(
    document: TypedDocument<TData, TVariables>,
    variables?: TVariables,
  ): Promise<TData>;
  /** Replaces the bearer token (an empty value sends none); the hooks use it from then on. */
  setToken(token: string | undefined): void;
  /** Makes this client the one the generated hooks use (done by the factory). */
  activate(): void;
}

/**
 * A client for `endpoint` (absolute, or relative such as `/graphql` in a browser) sending
 * `Authorization: Bearer <token>`. The generated hooks are module-level, so the most recently
 * created or activated client is the one they use.
 */
export function createDocsGraphClient(config: DocsGraphClientConfig): DocsGraphClient {
  let own: DocsGraphClientConfig = { ...config };
  const client: DocsGraphClient = {
    get config() {
      return own;
    },
    request: (document, variables) => requestDocsGraph(own, document, variables),
    setToken(token) {
      own = { ...own, token };
      if (docsGraphConfig() === active) client.activate();
    },
    activate() {
      configureDocsGraph(own);
      active = docsGraphConfig();
    },
  };
  let active: Readonly<DocsGraphClientConfig> | undefined;
  client.activate();
  return client;
}
