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

/**
 * Sends one operation; GraphQL errors reject with a `DocsGraphError`, except `UPSTREAM_SHAPE`
 * errors beside data: a value the workspace sent in an unexpected shape costs only its field,
 * which is null in the data the promise resolves to.
 */
export async function requestDocsGraph<TData, TVariables>(
  config: DocsGraphClientConfig,
  document: DocumentInput,
  variables?: TVariables,
): Promise<TData> {
  const doFetch = config.fetch ?? fetch;
  const query = document.toString();
  const hash = typeof document === 'string' ? undefined : document.__meta__?.hash;
  const send = async (payload: Record<string, unknown>) => {
    const response = await doFetch(config.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
        ...config.headers,
      },
      body: JSON.stringify({ ...payload, variables: variables ?? {} }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      data?: TData;
      errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
    };
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
  const { response, body } = answer;
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
  return body.data;
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
): () => Promise<TData> {
  return () => {
    const extra = headers ? Object.fromEntries(new Headers(headers).entries()) : {};
    const config = headers ? { ...current, headers: { ...current.headers, ...extra } } : current;
    return requestDocsGraph<TData, TVariables>(config, query, variables);
  };
}
