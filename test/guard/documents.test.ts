import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentHash, PERSISTED_DOCUMENTS, persistedDocuments } from '../../codegen.ts';
import * as client from '../../src/client/index.ts';
import {
  createDocsGraphClient,
  type DocsGraphError,
  OrganizationDashboardDocument,
  OrganizationsDocument,
} from '../../src/client/index.ts';
import { CSRF_HEADERS, CSRF_REFUSAL } from '../../src/gateway/guard/csrf.ts';
import { memoryAPQStore, readPersistedDocuments } from '../../src/gateway/guard/documents.ts';
import { createGateway } from '../../src/gateway/yoga.ts';
import { type RunningStack, startStack } from '../../src/stack.ts';
import { listPage, restOrganization } from '../support/fixtures.ts';
import { FakeUpstream } from '../support/gateway.ts';
import { testRedis } from './redis.ts';

const root = resolve(import.meta.dirname, '../..');
const manifestPath = resolve(root, PERSISTED_DOCUMENTS);

/** A fetch that records what the client sent and the codes it got back. */
function recording() {
  const sent: Array<{ hash?: string; query?: string; codes: unknown[] }> = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const request = JSON.parse(String(init?.body)) as {
      query?: string;
      extensions?: { persistedQuery?: { sha256Hash?: string } };
    };
    const body = (await response.clone().json()) as {
      errors?: Array<{ extensions?: { code?: string } }>;
    };
    sent.push({
      ...(request.extensions?.persistedQuery?.sha256Hash
        ? { hash: request.extensions.persistedQuery.sha256Hash }
        : {}),
      ...(request.query ? { query: request.query } : {}),
      codes: body.errors?.map((e) => e.extensions?.code) ?? [],
    });
    return response;
  };
  return { sent, fetch: fetchFn };
}

async function post(url: string, body: Record<string, unknown>) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer dg_demo_admin' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: unknown;
      errors?: Array<{ message: string; extensions?: { code?: string } }>;
    },
  };
}

describe('persisted documents of the client operations', () => {
  it('the committed manifest holds every generated operation, by the hash of its text', async () => {
    const hooks = await readFile(resolve(root, 'src/client/generated/hooks.ts'), 'utf8');
    const manifest = readPersistedDocuments(manifestPath);
    expect(manifest).toEqual(persistedDocuments(hooks));
    const documents = Object.entries(client).filter(
      ([name, value]) => name.endsWith('Document') && !name.endsWith('FragmentDoc') && value,
    );
    expect(documents.length).toBe(Object.keys(manifest).length);
    for (const [name, document] of documents) {
      const hash = (document as { __meta__?: { hash?: string } }).__meta__?.hash ?? '';
      expect(documentHash(String(document)), name).toBe(hash);
      expect(manifest[hash], name).toBe(String(document));
    }
  });
});

describe('trusted documents: only the manifest runs', () => {
  let stack: RunningStack;
  beforeAll(async () => {
    stack = await startStack({
      port: 0,
      host: '127.0.0.1',
      dbPath: ':memory:',
      gateway: true,
      guard: { trustedDocuments: readPersistedDocuments(manifestPath) },
    });
  });
  afterAll(() => stack?.close());

  it('the generated client sends hashes only, and works', async () => {
    const { sent, fetch } = recording();
    const docs = createDocsGraphClient({
      endpoint: `${stack.url}/graphql`,
      token: 'dg_demo_admin',
      fetch,
    });
    const orgs = await docs.request(OrganizationsDocument, { first: 5 });
    const acme = orgs.organizations?.nodes?.find((o) => o?.title === 'Acme Docs');
    const dashboard = await docs.request(OrganizationDashboardDocument, { id: acme?.id ?? '' });
    expect(dashboard.organization?.title).toBe('Acme Docs');
    expect(sent).toEqual([
      { hash: OrganizationsDocument.__meta__?.hash, codes: [] },
      { hash: OrganizationDashboardDocument.__meta__?.hash, codes: [] },
    ]);
  });

  it('an unknown hash and query text are refused with clear errors', async () => {
    const unknown = await post(stack.url, {
      extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } },
    });
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('TRUSTED_DOCUMENT_NOT_FOUND');
    expect(unknown.body.errors?.[0]?.message).toMatch(/only trusted documents/);
    const text = await post(stack.url, { query: '{ organizations { totalCount } }' });
    expect(text.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');
    expect(text.body.data ?? null).toBeNull();
    const docs = createDocsGraphClient({
      endpoint: `${stack.url}/graphql`,
      token: 'dg_demo_admin',
      persisted: false,
    });
    const error = await docs.request(OrganizationsDocument, {}).catch((e: unknown) => e);
    expect((error as DocsGraphError).errors[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');
  });
});

describe('automatic persisted queries (APQ) and CSRF prevention, by default', () => {
  let stack: RunningStack;
  beforeAll(async () => {
    stack = await startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:', gateway: true });
  });
  afterAll(() => stack?.close());

  it('the client sends the hash, then the text once on a miss, then the hash alone', async () => {
    const { sent, fetch } = recording();
    const docs = createDocsGraphClient({
      endpoint: `${stack.url}/graphql`,
      token: 'dg_demo_admin',
      fetch,
    });
    await docs.request(OrganizationsDocument, { first: 5 });
    await docs.request(OrganizationsDocument, { first: 6 });
    const hash = OrganizationsDocument.__meta__?.hash;
    expect(sent).toEqual([
      { hash, codes: ['PERSISTED_QUERY_NOT_FOUND'] },
      { hash, query: String(OrganizationsDocument), codes: [] },
      { hash, codes: [] },
    ]);
  });

  it('any client may register a document; a wrong hash is refused', async () => {
    const query = '{ organizations(first: 1) { totalCount } }';
    const sha256Hash = documentHash(query);
    const persistedQuery = { version: 1, sha256Hash };
    expect(
      (await post(stack.url, { extensions: { persistedQuery } })).body.errors?.[0]?.extensions
        ?.code,
    ).toBe('PERSISTED_QUERY_NOT_FOUND');
    // The admin of the demo data belongs to Acme Docs and Globex Handbook.
    const answer = { organizations: { totalCount: 2 } };
    expect((await post(stack.url, { query, extensions: { persistedQuery } })).body.data).toEqual(
      answer,
    );
    expect((await post(stack.url, { extensions: { persistedQuery } })).body.data).toEqual(answer);
    const wrong = await post(stack.url, {
      query,
      extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } },
    });
    expect(wrong.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_MISMATCH');
  });

  it('keeps no text the length limit refuses', async () => {
    const query = `{ __typename }${' '.repeat(100_001)}`;
    const persistedQuery = { version: 1, sha256Hash: documentHash(query) };
    const sent = await post(stack.url, { query, extensions: { persistedQuery } });
    expect(sent.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_LARGE');
    const named = await post(stack.url, { extensions: { persistedQuery } });
    expect(named.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('holds documents in memory up to a total length, dropping the least recently used', async () => {
    const store = memoryAPQStore(1_000);
    for (let i = 0; i < 5; i++) await store.set(`h${i}`, `${i}`.repeat(300));
    expect(await store.get('h0')).toBeNull();
    expect(await store.get('h1')).toBeNull();
    expect(await store.get('h4')).toBe('4'.repeat(300));
    expect(await store.get('h2')).toBe('2'.repeat(300));
  });

  it('CSRF: a GET or a simple POST without the header is refused; JSON POSTs and GraphiQL work', async () => {
    const url = `${stack.url}/graphql?query=${encodeURIComponent('{ __typename }')}`;
    const bare = await fetch(url);
    expect(bare.status).toBe(403);
    const refusal = ((await bare.json()) as { errors: Array<{ message: string }> }).errors[0];
    expect(refusal?.message).toBe(CSRF_REFUSAL);
    // The refusal names the fix: the JSON content type, or one of the accepted headers.
    for (const fix of ['content-type: application/json', ...CSRF_HEADERS]) {
      expect(refusal?.message).toContain(fix);
    }
    expect((await fetch(url, { headers: { 'x-graphql-yoga-csrf': '1' } })).status).toBe(200);
    const simple = await fetch(`${stack.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(simple.status).toBe(403);
    // What `curl -d` sends: a form content type.
    const curl = await fetch(`${stack.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(curl.status).toBe(403);
    expect(JSON.stringify(await curl.json())).toContain('content-type: application/json');
    const json = await post(stack.url, { query: '{ __typename }' });
    expect(json.body).toMatchObject({ data: { __typename: 'Query' } });
    const graphiql = await fetch(`${stack.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(graphiql.status).toBe(200);
    expect(await graphiql.text()).toContain('GraphiQL');
  });
});

const shared = await testRedis('apq');

describe.skipIf(!shared)('APQ documents in Redis are shared by replicas', () => {
  afterAll(() => shared?.cleanup());

  it('a document registered on one gateway runs by hash on another', async () => {
    const upstream = new FakeUpstream({ '/orgs?limit=2': listPage([restOrganization('o1')]) });
    const redis = shared?.redis;
    const one = createGateway({ upstream, ...(redis ? { redis } : {}) });
    const two = createGateway({ upstream, ...(redis ? { redis } : {}) });
    const query = '{ organizations(first: 1) { nodes { title } } }';
    const persistedQuery = { version: 1, sha256Hash: documentHash(query) };
    const ask = async (gateway: typeof one, body: Record<string, unknown>) => {
      const response = await gateway.fetch('http://gateway.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { data?: unknown; errors?: unknown[] };
    };
    expect((await ask(one, { query, extensions: { persistedQuery } })).data).toEqual({
      organizations: { nodes: [{ title: 'Org o1' }] },
    });
    expect((await ask(two, { extensions: { persistedQuery } })).data).toEqual({
      organizations: { nodes: [{ title: 'Org o1' }] },
    });
    expect(
      (await shared?.keys())?.some((k) => k.endsWith(`apq:${persistedQuery.sha256Hash}`)),
    ).toBe(true);
  });
});
