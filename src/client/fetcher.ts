import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { meros } from 'meros/browser';
import { type AnswerPart, type Assembled, applyPart } from './incremental.ts';

/** Where generated hooks send their operations, and with which token. */
export interface DocsGraphClientConfig {
  /** The gateway's GraphQL endpoint, e.g. `http://127.0.0.1:4000/graphql`. */
  endpoint: string;
  /** Bearer token sent as `Authorization: Bearer <token>`; omitted when empty. */
  token?: string | undefined;
  /** Extra headers for every request. */
  headers?: Record<string, string>;
  /** fetch implementation (defaults to the global one). */
  fetch?: typeof fetch;
  /**
   * Send a generated document's hash instead of its text (default true): the gateway runs it
   * from its trusted documents or its APQ store; on an APQ miss the text follows once.
   */
  persisted?: boolean;
}

/** A document to send: its text, and for generated documents the hash of that text. */
export type DocumentInput = string | { toString(): string; __meta__?: { hash?: unknown } };

/** A GraphQL error as the gateway answers it. */
export class DocsGraphError extends Error {
  constructor(
    message: string,
    readonly errors: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DocsGraphError';
  }
}

let current: DocsGraphClientConfig = { endpoint: '/graphql' };

/** Sets the endpoint and token every generated hook uses. */
export function configureDocsGraph(config: DocsGraphClientConfig): void {
  current = { ...config };
}

/** What an operation asks for with `@defer` or `@stream`: it is answered part by part. */
const INCREMENTAL = /@(defer|stream)\b/;

/** Options of one request. */
export interface RequestOptions<TData> {
  /**
   * Called with the data received so far after each part of an incremental answer (`@defer`,
   * `@stream`) that more parts follow; the promise resolves with the data of the last part.
   */
  onPart?: (data: TData) => void;
  /** Aborts the request (and the reading of its parts). */
  signal?: AbortSignal | undefined;
}

/** Reads an answer: a JSON body, or the parts of a `multipart/mixed` one as they arrive. */
export async function readAnswer(
  response: Response,
  onPart: (so: Assembled) => void = () => {},
): Promise<Assembled> {
  const type = response.headers.get('content-type') ?? '';
  if (!/^multipart\/mixed/i.test(type)) {
    const body = (await response.json().catch(() => ({}))) as AnswerPart;
    return applyPart(undefined, body);
  }
  const parts = await meros<AnswerPart>(response);
  let so: Assembled = { hasNext: true };
  if (!(Symbol.asyncIterator in parts)) return so;
  for await (const part of parts) {
    const body = part.json ? part.body : (JSON.parse(String(part.body)) as AnswerPart);
    so = applyPart(so, body);
    if (so.hasNext) onPart(so);
  }
  return so;
}

/** The data of an answer, or the error it is: see `requestDocsGraph`. */
function dataOf<TData>(response: Response, body: Assembled): TData {
  const fieldsOnly =
    body.data !== undefined &&
    body.data !== null &&
    (body.errors ?? []).every((e) => e.extensions?.code === 'UPSTREAM_SHAPE');
  if (body.errors?.length && !fieldsOnly) {
    throw new DocsGraphError(
      body.errors.map((e) => e.message).join('; '),
      body.errors,
      response.status,
    );
  }
  if (!response.ok || body.data === undefined) {
    throw new DocsGraphError(`the gateway answered ${response.status}`, [], response.status);
  }
  return body.data as TData;
}

/**
 * Sends one operation; GraphQL errors reject with a `DocsGraphError`, except `UPSTREAM_SHAPE`
 * errors beside data: a value the workspace sent in an unexpected shape costs only its field,
 * which is null in the data the promise resolves to. An operation with `@defer` or `@stream` is
 * answered as `multipart/mixed`: `options.onPart` sees the data grow part by part, and an error
 * in a deferred fragment (kept in its part, with its path) rejects once the last part is in.
 */
export async function requestDocsGraph<TData, TVariables>(
  config: DocsGraphClientConfig,
  document: DocumentInput,
  variables?: TVariables,
  options: RequestOptions<TData> = {},
): Promise<TData> {
  const doFetch = config.fetch ?? fetch;
  const query = document.toString();
  const hash = typeof document === 'string' ? undefined : document.__meta__?.hash;
  const incremental = INCREMENTAL.test(query);
  const send = async (payload: Record<string, unknown>) => {
    const response = await doFetch(config.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: incremental
          ? 'multipart/mixed, application/graphql-response+json, application/json'
          : 'application/graphql-response+json, application/json',
        ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
        ...config.headers,
      },
      body: JSON.stringify({ ...payload, variables: variables ?? {} }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const body = await readAnswer(response, (so) => {
      if (so.data) options.onPart?.(so.data as TData);
    });
    return { response, body };
  };
  let answer: Awaited<ReturnType<typeof send>>;
  if (typeof hash === 'string' && config.persisted !== false) {
    const extensions = { persistedQuery: { version: 1, sha256Hash: hash } };
    answer = await send({ extensions });
    // An APQ miss (the gateway has not seen this document yet): send the text with its hash.
    if (answer.body.errors?.some((e) => e.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND')) {
      answer = await send({ query, extensions });
    }
  } else {
    answer = await send({ query });
  }
  return dataOf<TData>(answer.response, answer.body);
}

/** The configuration the generated hooks use now. */
export function docsGraphConfig(): Readonly<DocsGraphClientConfig> {
  return current;
}

/**
 * The fetcher the generated hooks call (configured with `configureDocsGraph`); `query` is a
 * generated typed document (a `String`) or a plain string, `headers` are added to the request.
 */
export function docsGraphFetcher<TData, TVariables>(
  query: DocumentInput,
  variables?: TVariables,
  headers?: RequestInit['headers'],
): (context?: QueryContext) => Promise<TData> {
  return (context) => {
    const extra = headers ? Object.fromEntries(new Headers(headers).entries()) : {};
    const config = headers ? { ...current, headers: { ...current.headers, ...extra } } : current;
    // Called by TanStack Query: each part of an incremental answer becomes the query's data at
    // once (status `success`), while `isFetching` stays true until the last part is in.
    const onPart =
      context?.client && context.queryKey
        ? (data: TData) => context.client?.setQueryData(context.queryKey as QueryKey, data)
        : undefined;
    return requestDocsGraph<TData, TVariables>(config, query, variables, onPart ? { onPart } : {});
  };
}

/** What TanStack Query hands a query function (the fields the fetcher uses). */
export interface QueryContext {
  client?: QueryClient;
  queryKey?: QueryKey;
}
