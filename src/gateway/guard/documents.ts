import { readFileSync } from 'node:fs';
import { type APQStore, useAPQ } from '@graphql-yoga/plugin-apq';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { Plugin } from 'graphql-yoga';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { extensionsOf } from '../errorCatalog.ts';
import { type RequestStep, replaceParams } from '../plugins/requestPart.ts';
import { csrfPart } from './csrf.ts';

/** A persisted-documents manifest: SHA-256 (hex) of a document's text -> the text. */
export type PersistedDocuments = Readonly<Record<string, string>>;

/** Reads a manifest (`{ "<sha256>": "<document>" }`), with a clear error when it is not one. */
export function readPersistedDocuments(path: string): PersistedDocuments {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`trusted documents: cannot read ${path}: ${(error as Error).message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`trusted documents: ${path} is not a { "<sha256>": "<document>" } object`);
  }
  for (const [hash, text] of Object.entries(value)) {
    if (!/^[0-9a-f]{64}$/.test(hash) || typeof text !== 'string') {
      throw new Error(
        `trusted documents: ${path} has an entry that is not "<sha256>": "<document>"`,
      );
    }
  }
  return value as PersistedDocuments;
}

/**
 * APQ documents in memory for a day, bounded by the total length of their texts (8 MB) as well as
 * by count: APQ stores a text before the limits read it, so 5,000 texts of 1 MB could stay.
 */
export function memoryAPQStore(maxSize = 8_000_000): APQStore {
  const documents = new LRUCache<string, string>({
    max: 5_000,
    maxSize,
    sizeCalculation: (text) => Math.max(1, text.length),
    ttl: 86_400_000,
  });
  return {
    get: (hash) => documents.get(hash) ?? null,
    set: (hash, text) => {
      documents.set(hash, text);
    },
  };
}

/** APQ documents in Redis for a day, so replicas share what one of them learnt. */
export function redisAPQStore(redis: Redis, prefix = 'apq:', ttlSeconds = 86_400): APQStore {
  return {
    get: async (hash) => {
      try {
        return await redis.get(`${prefix}${hash}`);
      } catch {
        // Redis down: the client resends the text, as after an eviction.
        return null;
      }
    },
    set: async (hash, text) => {
      try {
        await redis.set(`${prefix}${hash}`, text, 'EX', ttlSeconds);
      } catch {
        // Not stored: the next request with this hash sends its text again.
      }
    },
  };
}

export interface DocumentOptions {
  /** Accept only these documents, by hash (`extensions.persistedQuery.sha256Hash` or `documentId`). */
  trustedDocuments?: PersistedDocuments | undefined;
  /** Automatic persisted queries for other clients when not in trusted mode (default on). */
  apq?: boolean | undefined;
  /** Refuse requests a browser may send cross-site without a preflight (default on). */
  csrf?: boolean | undefined;
}

/**
 * CSRF prevention, then either trusted documents (only the manifest's hashes run: Yoga's plugin,
 * kept whole) or automatic persisted queries (any client may register a document by hash; the
 * store is in Redis when the gateway has one, else in memory).
 */
export function documentSteps(
  options: DocumentOptions,
  redis: Redis | undefined,
  /** The longest query text the limits accept (`documentLength`). */
  maxLength: number,
): RequestStep[] {
  const steps: RequestStep[] = [];
  if (options.csrf !== false) {
    // JSON POSTs are preflighted by browsers; a GET or a form POST must carry this header.
    steps.push(csrfPart());
  }
  const trusted = options.trustedDocuments;
  if (trusted) {
    const library = usePersistedOperations({
      getPersistedOperation: (hash) => trusted[hash] ?? null,
      allowArbitraryOperations: false,
      extractPersistedOperationId: (params) => {
        const ext = params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined;
        const hash =
          ext?.persistedQuery?.sha256Hash ?? (params as { documentId?: unknown }).documentId;
        return typeof hash === 'string' ? hash : null;
      },
      customErrors: {
        notFound: {
          message:
            'This gateway runs only trusted documents, and this hash names none of them: regenerate the client or deploy its manifest.',
          extensions: extensionsOf('TRUSTED_DOCUMENT_NOT_FOUND', { http: { status: 400 } }),
        },
        persistedQueryOnly: {
          message:
            'This gateway runs only trusted documents: send the hash of a document of its manifest (extensions.persistedQuery.sha256Hash), not query text.',
          extensions: extensionsOf('PERSISTED_QUERY_ONLY', { http: { status: 400 } }),
        },
        keyNotFound: {
          message:
            'This gateway runs only trusted documents: send the hash of a document of its manifest (extensions.persistedQuery.sha256Hash).',
          extensions: extensionsOf('PERSISTED_QUERY_ONLY', { http: { status: 400 } }),
        },
      },
    }) as Plugin;
    steps.push({ library });
  } else if (options.apq !== false) {
    const store = redis ? redisAPQStore(redis) : memoryAPQStore();
    // A text the length limit refuses is never kept (it would be refused every time it is named).
    const bounded: APQStore = {
      get: (hash) => store.get(hash),
      set: (hash, text) => (text.length > maxLength ? undefined : store.set(hash, text)),
    };
    // A miss answers 200 with PERSISTED_QUERY_NOT_FOUND, so browsers log no failed request
    // before the client sends the text.
    const apq = useAPQ({ store: bounded, responseConfig: { forceStatusCodeOk: true } }) as Plugin;
    // Asked only of requests that name a persisted query: its hook is asynchronous, and awaiting
    // it would add a turn of the event loop to every other request. The text it finds for a hash
    // becomes the params the parts after this one read.
    steps.push({
      name: 'apq',
      onParams: (payload) =>
        (payload.params.extensions as { persistedQuery?: unknown } | undefined)?.persistedQuery ===
        undefined
          ? undefined
          : apq.onParams?.({ ...payload, setParams: (params) => replaceParams(payload, params) }),
    });
  }
  return steps;
}
