import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OpenAPISpec,
  OpenAPISpecList,
  OpenAPISpecVersion,
  OpenAPISpecVersionContent,
  OpenAPISpecVersionList,
} from '../../src/contract/openapi.ts';
import { acmeApiDocument } from '../../src/workspace/demo/acme-api.ts';
import { REST_ID } from '../support/ids.ts';
import {
  createTestWorkspace,
  expectError,
  PAGE_TOKEN,
  type TestWorkspace,
} from '../support/workspace.ts';

let t: TestWorkspace;
let org: string;
let base: string;

/** A local source server whose answers the tests change. */
const files = new Map<string, { status?: number; type?: string; body: string }>();
let source: Server;
let sourceUrl: string;
const hanging = new Set<import('node:http').ServerResponse>();

function apiDoc(title: string, paths: string[]) {
  return {
    openapi: '3.0.3',
    info: { title, version: '1.0.0' },
    paths: Object.fromEntries(
      paths.map((path) => [path, { get: { responses: { '200': { description: 'OK' } } } }]),
    ),
  };
}

beforeAll(async () => {
  t = await createTestWorkspace();
  org = t.demo.organizationId;
  base = `/v1/orgs/${org}/openapi`;
  source = createServer((request, response) => {
    if (request.url === '/hang') {
      hanging.add(response);
      return;
    }
    const file = files.get(request.url ?? '');
    if (!file) {
      response.writeHead(404).end('not found');
      return;
    }
    response
      .writeHead(file.status ?? 200, { 'content-type': file.type ?? 'application/json' })
      .end(file.body);
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  await t.close();
  await new Promise((resolve) => source.close(resolve));
});

async function spec(slug: string, as: 'admin' | 'read' = 'admin') {
  const res = await t.request('GET', `${base}/${slug}`, { as });
  expect(res.status).toBe(200);
  return OpenAPISpec.parse(res.body);
}

async function versions(slug: string) {
  const res = await t.request('GET', `${base}/${slug}/versions?limit=1000`);
  expect(res.status).toBe(200);
  return OpenAPISpecVersionList.parse(res.body);
}

describe('demo specs', () => {
  it('lists the three demo specs to members, with permissions for the caller', async () => {
    const asRead = await t.request('GET', base, { as: 'read' });
    expect(asRead.status).toBe(200);
    const page = OpenAPISpecList.parse(asRead.body);
    expect(page.items.map((s) => s.slug).sort()).toEqual(['acme-api', 'payments', 'webhooks']);
    expect(page.count).toBe(3);
    expect(page.items.every((s) => s.permissions?.edit === false)).toBe(true);
    const asAdmin = OpenAPISpecList.parse((await t.request('GET', base)).body);
    expect(asAdmin.items.every((s) => s.permissions?.edit === true)).toBe(true);
  });

  it('serves the acme-api spec from the embedded server, with one complete version', async () => {
    const acme = await spec('acme-api');
    expect(acme.processingState).toBe('complete');
    expect(acme.sourceURL).toBe(`${t.ws.publicUrl}/demo/openapi/acme-api.json`);
    expect(acme.visibility).toBe('public');
    expect(acme.urls?.published).toBe(`${t.ws.publicUrl}/public/openapi/${org}/acme-api`);
    expect(acme.lastProcessErrorCode).toBeUndefined();
    const list = await versions('acme-api');
    expect(list.items).toHaveLength(1);
    expect(list.items[0]?.id).toBe(acme.lastVersion);

    const served = await t.request('GET', '/demo/openapi/acme-api.json', { as: null });
    expect(served.status).toBe(200);
    const document = served.body as { openapi: string; paths: Record<string, object> };
    expect(document.openapi).toBe('3.0.3');
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.keys(item).filter((k) => k !== 'parameters'),
    );
    expect(operations.length).toBeGreaterThanOrEqual(10);
  });

  it('keeps the last good version of the webhooks spec next to its PARSE_ERROR', async () => {
    const webhooks = await spec('webhooks');
    expect(webhooks.lastProcessErrorCode).toBe('PARSE_ERROR');
    expect(webhooks.lastProcessedErrors?.length).toBeGreaterThan(0);
    expect(webhooks.lastVersion).toMatch(REST_ID);
    expect((await versions('webhooks')).items.map((v) => v.id)).toEqual([webhooks.lastVersion]);
    const payments = await versions('payments');
    expect(payments.items).toHaveLength(2);
  });

  it('publishes public specs outside /v1 and hides private ones', async () => {
    const acme = await t.request('GET', `/public/openapi/${org}/acme-api`, { as: null });
    expect(acme.status).toBe(200);
    expect((acme.body as { info: { title: string } }).info.title).toBe('Acme API');
    const payments = await t.request('GET', `/public/openapi/${org}/payments`, { as: null });
    expectError(payments, 404);
  });

  it('re-fetches the demo document on PUT, and stores no new version for the same content', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const previous = t.ws.publicUrl;
    t.ws.publicUrl = address;
    try {
      const before = await spec('acme-api');
      const res = await t.request('PUT', `${base}/acme-api`, {
        body: { source: { url: `${address}/demo/openapi/acme-api.json` } },
      });
      expect(res.status).toBe(200);
      expect(OpenAPISpec.parse(res.body).processingState).toBe('pending');
      await t.ws.jobs.idle();
      const after = await spec('acme-api');
      expect(after.processingState).toBe('complete');
      expect(after.lastProcessErrorCode).toBeUndefined();
      expect(after.lastVersion).toBe(before.lastVersion);
      // The test clock stands still: processed at its present.
      expect(after.lastProcessedAt).toBe(t.ws.now());
      expect((await versions('acme-api')).items).toHaveLength(1);
    } finally {
      t.ws.publicUrl = previous;
    }
  });
});

describe('processing', () => {
  it('creates a spec in pending, then fetches, validates and stores a version', async () => {
    files.set('/orders.json', { body: JSON.stringify(apiDoc('Orders', ['/orders'])) });
    const res = await t.request('POST', base, {
      body: { slug: 'orders', source: { url: `${sourceUrl}/orders.json` } },
    });
    expect(res.status).toBe(201);
    const created = OpenAPISpec.parse(res.body);
    expect(created.processingState).toBe('pending');
    expect(created.lastVersion).toBeUndefined();
    expect(created.visibility).toBe('private');
    expect(created.urls?.published).toBeUndefined();
    await t.ws.jobs.idle();

    const done = await spec('orders');
    expect(done.processingState).toBe('complete');
    expect(done.lastProcessErrorCode).toBeUndefined();
    expect(done.lastProcessedErrors).toEqual([]);
    expect(done.lastVersion).toMatch(REST_ID);

    const latest = await t.request('GET', `${base}/orders/versions/latest`, { as: 'read' });
    expect(latest.status).toBe(200);
    const version = OpenAPISpecVersion.parse(latest.body);
    expect(version.id).toBe(done.lastVersion);
    expect(version.url).toBe(`${t.ws.publicUrl}${base}/orders/versions/${version.id}/content`);

    const content = await t.request('GET', `${base}/orders/versions/${version.id}/content`);
    expect(content.status).toBe(200);
    const parsed = OpenAPISpecVersionContent.parse(content.body);
    expect(parsed.filesystem['orders.json']).toEqual(apiDoc('Orders', ['/orders']));
    expect(parsed.url).toBe(version.url);
    const latestContent = await t.request('GET', `${base}/orders/versions/latest/content`);
    expect(OpenAPISpecVersionContent.parse(latestContent.body)).toEqual(parsed);
  });

  it('stores no new version when the content did not change, and one when it did', async () => {
    const before = await spec('orders');
    const same = await t.request('PUT', `${base}/orders`, {
      body: { source: { url: `${sourceUrl}/orders.json` } },
    });
    expect(same.status).toBe(200);
    await t.ws.jobs.idle();
    expect((await spec('orders')).lastVersion).toBe(before.lastVersion);
    expect((await versions('orders')).items).toHaveLength(1);

    files.set('/orders.json', { body: JSON.stringify(apiDoc('Orders', ['/orders', '/refunds'])) });
    await t.request('PUT', `${base}/orders`, {
      body: { source: { url: `${sourceUrl}/orders.json` } },
    });
    await t.ws.jobs.idle();
    const after = await spec('orders');
    expect(after.lastVersion).not.toBe(before.lastVersion);
    const list = await versions('orders');
    expect(list.items.map((v) => v.id)).toEqual([after.lastVersion, before.lastVersion]);
  });

  it('parses YAML and Swagger 2.0 sources', async () => {
    files.set('/billing.yaml', {
      type: 'application/yaml',
      body: "openapi: 3.0.3\ninfo:\n  title: Billing\n  version: '2'\npaths:\n  /invoices:\n    get:\n      responses:\n        '200':\n          description: OK\n",
    });
    files.set('/legacy.json', {
      body: JSON.stringify({
        swagger: '2.0',
        info: { title: 'Legacy', version: '1' },
        paths: { '/ping': { get: { responses: { '200': { description: 'OK' } } } } },
      }),
    });
    for (const [slug, file] of [
      ['billing', 'billing.yaml'],
      ['legacy', 'legacy.json'],
    ] as const) {
      const res = await t.request('PUT', `${base}/${slug}`, {
        body: { source: { url: `${sourceUrl}/${file}` } },
      });
      expect(res.status).toBe(200);
    }
    await t.ws.jobs.idle();
    const billing = await spec('billing');
    expect(billing.lastProcessErrorCode).toBeUndefined();
    const content = OpenAPISpecVersionContent.parse(
      (await t.request('GET', `${base}/billing/versions/latest/content`)).body,
    );
    expect(content.filesystem['billing.yaml']).toMatchObject({ info: { title: 'Billing' } });
    const legacy = await spec('legacy');
    expect(legacy.lastVersion).toMatch(REST_ID);
    expect((await versions('legacy')).items.map((v) => v.id)).toEqual([legacy.lastVersion]);
  });

  it('records PARSE_ERROR for an invalid document and keeps the last good version', async () => {
    const before = await spec('orders');
    const cases: Array<[body: string, message: string]> = [
      [
        '{"openapi": "3.0.3", "info": {}}',
        `REQUIRED must have required property 'paths'\n\n> 1 | {\n    | ^ paths is missing here!\n  2 |   "openapi": "3.0.3",\n  3 |   "info": {}\n  4 | }`,
      ],
      [
        'not: [valid',
        'the document is neither JSON nor YAML: Error parsing it: unexpected end of the stream within a flow collection (1:12)',
      ],
      ['{"hello": "world"}', 'Supplied schema is not a valid API definition.'],
    ];
    for (const [body, message] of cases) {
      files.set('/orders.json', { body });
      await t.request('PUT', `${base}/orders`, {
        body: { source: { url: `${sourceUrl}/orders.json` } },
      });
      await t.ws.jobs.idle();
      const after = await spec('orders');
      expect(after.processingState).toBe('complete');
      expect(after.lastProcessErrorCode).toBe('PARSE_ERROR');
      expect(after.lastProcessedErrors?.[0]?.message).toBe(message);
      expect(after.lastVersion).toBe(before.lastVersion);
    }
    expect((await versions('orders')).items).toHaveLength(2);
  });

  it('records FETCH_TIMEOUT for a server that never answers', async () => {
    const before = await spec('orders');
    await t.request('PUT', `${base}/orders`, { body: { source: { url: `${sourceUrl}/hang` } } });
    await t.ws.jobs.idle();
    const after = await spec('orders');
    expect(after.processingState).toBe('complete');
    expect(after.lastProcessErrorCode).toBe('FETCH_TIMEOUT');
    expect(after.lastProcessedErrors?.[0]?.message).toContain('500 ms');
    expect(after.lastVersion).toMatch(REST_ID);
    expect(after.lastVersion).toBe(before.lastVersion);
  });

  it('records FETCH_ERROR for a refused connection and for a non-2xx answer', async () => {
    const before = await spec('orders');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await t.request('PUT', `${base}/orders`, {
      body: { source: { url: `http://127.0.0.1:${port}/openapi.json` } },
    });
    await t.ws.jobs.idle();
    const refused = await spec('orders');
    expect(refused.lastProcessErrorCode).toBe('FETCH_ERROR');
    expect(refused.lastProcessedErrors?.[0]?.code).toBe('ECONNREFUSED');

    files.set('/broken.json', { status: 500, body: 'oops' });
    await t.request('PUT', `${base}/orders`, {
      body: { source: { url: `${sourceUrl}/broken.json` } },
    });
    await t.ws.jobs.idle();
    const failed = await spec('orders');
    expect(failed.lastProcessErrorCode).toBe('FETCH_ERROR');
    expect(failed.lastProcessedErrors?.[0]?.code).toBe('HTTP_500');
    expect(failed.lastVersion).toMatch(REST_ID);
    expect(failed.lastVersion).toBe(before.lastVersion);
  });

  it('clears the error after a successful processing', async () => {
    files.set('/orders.json', { body: JSON.stringify(apiDoc('Orders', ['/orders'])) });
    await t.request('PUT', `${base}/orders`, {
      body: { source: { url: `${sourceUrl}/orders.json` } },
    });
    await t.ws.jobs.idle();
    const after = await spec('orders');
    expect(after.lastProcessErrorCode).toBeUndefined();
    expect(after.lastProcessedErrors).toEqual([]);
    expect((await versions('orders')).items).toHaveLength(3);
  });

  it('ends quietly when the spec is deleted while it is processed', async () => {
    files.set('/gone.json', { body: JSON.stringify(acmeApiDocument) });
    const res = await t.request('POST', base, {
      body: { slug: 'gone', source: { url: `${sourceUrl}/gone.json` } },
    });
    expect(res.status).toBe(201);
    expect((await t.request('DELETE', `${base}/gone`)).status).toBe(204);
    await t.ws.jobs.idle();
    expectError(await t.request('GET', `${base}/gone`), 404);
  });
});

describe('writes and validation', () => {
  it('answers 409 for a slug that is taken', async () => {
    const res = await t.request('POST', base, {
      body: { slug: 'payments', source: { url: 'https://example.test/x.json' } },
    });
    expectError(res, 409, 'slug');
  });

  it('validates the create body, naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ source: { url: 'https://example.test/a.json' } }, 'slug'],
      [{ slug: 'bad slug', source: { url: 'https://example.test/a.json' } }, 'slug'],
      [{ slug: '-a', source: { url: 'https://example.test/a.json' } }, 'slug'],
      [{ slug: 'a'.repeat(101), source: { url: 'https://example.test/a.json' } }, 'slug'],
      [{ slug: 'ok' }, 'source'],
      [{ slug: 'ok', source: { url: 'ftp://example.test/a.json' } }, 'source.url'],
      [{ slug: 'ok', source: { url: 'not a url' } }, 'source.url'],
      [{ slug: 'ok', source: { url: `https://example.test/${'a'.repeat(2048)}` } }, 'source.url'],
      [{ slug: 'ok', source: { url: 'https://example.test/a.json', extra: 1 } }, 'source'],
      [{ slug: 42, source: { url: 'https://example.test/a.json' } }, 'slug'],
      [{ slug: 'ok', source: 'https://example.test/a.json' }, 'source'],
      [[1, 2], 'body'],
    ];
    for (const [body, field] of cases) {
      expectError(await t.request('POST', base, { body }), 400, field);
    }
    expectError(await t.request('POST', base, { body: '{"slug": ' }), 400);
  });

  it('accepts a slug of 100 characters and creates on PUT (200)', async () => {
    const slug = `a${'-b'.repeat(49)}c`;
    expect(slug).toHaveLength(100);
    const res = await t.request('PUT', `${base}/${slug}`, {
      body: { source: { url: `${sourceUrl}/missing.json` } },
    });
    expect(res.status).toBe(200);
    expect(OpenAPISpec.parse(res.body).slug).toBe(slug);
    await t.ws.jobs.idle();
    expect((await spec(slug)).lastProcessErrorCode).toBe('FETCH_ERROR');
  });

  it('rejects a PUT with an invalid slug or without a source', async () => {
    expectError(
      await t.request('PUT', `${base}/bad_slug`, { body: { source: { url: sourceUrl } } }),
      400,
      'specSlug',
    );
    expectError(await t.request('PUT', `${base}/payments`, { body: {} }), 400, 'source');
    expectError(
      await t.request('PUT', `${base}/payments`, { body: { source: { url: 'x' } } }),
      400,
      'source.url',
    );
  });

  it('changes visibility with PATCH', async () => {
    const res = await t.request('PATCH', `${base}/payments`, { body: { visibility: 'public' } });
    expect(res.status).toBe(200);
    const patched = OpenAPISpec.parse(res.body);
    expect(patched.visibility).toBe('public');
    expect(patched.urls?.published).toContain('/public/openapi/');
    const published = await t.request('GET', `/public/openapi/${org}/payments`, { as: null });
    expect(published.status).toBe(200);
    await t.request('PATCH', `${base}/payments`, { body: { visibility: 'private' } });
    expect((await spec('payments')).visibility).toBe('private');

    expectError(await t.request('PATCH', `${base}/payments`, { body: {} }), 400, 'visibility');
    expectError(
      await t.request('PATCH', `${base}/payments`, { body: { visibility: 'unlisted' } }),
      400,
      'visibility',
    );
    expectError(
      await t.request('PATCH', `${base}/nothing`, { body: { visibility: 'public' } }),
      404,
    );
  });

  it('deletes a spec with its versions, and answers 204 when it is absent', async () => {
    files.set('/temp.json', { body: JSON.stringify(apiDoc('Temp', ['/t'])) });
    await t.request('POST', base, {
      body: { slug: 'temp', source: { url: `${sourceUrl}/temp.json` } },
    });
    await t.ws.jobs.idle();
    const version = (await spec('temp')).lastVersion;
    expect(version).toMatch(REST_ID);
    expect((await t.request('DELETE', `${base}/temp`)).status).toBe(204);
    expectError(await t.request('GET', `${base}/temp`), 404);
    expectError(await t.request('GET', `${base}/temp/versions/${version}`), 404);
    expect((await t.request('DELETE', `${base}/temp`)).status).toBe(204);
  });
});

describe('versions', () => {
  it('pages versions newest first and rejects bad page tokens', async () => {
    const first = await t.request('GET', `${base}/orders/versions?limit=2`);
    expect(first.status).toBe(200);
    const page1 = OpenAPISpecVersionList.parse(first.body);
    expect(page1.count).toBe(3);
    expect(page1.items).toHaveLength(2);
    expect(page1.next).toEqual({ page: expect.stringMatching(PAGE_TOKEN) });
    const second = OpenAPISpecVersionList.parse(
      (await t.request('GET', `${base}/orders/versions?limit=2&page=${page1.next?.page}`)).body,
    );
    expect(second.items).toHaveLength(1);
    expect(second.next).toBeUndefined();
    const all = [...page1.items, ...second.items];
    expect(new Set(all.map((v) => v.id)).size).toBe(3);
    const times = all.map((v) => v.createdAt ?? '');
    expect([...times].sort().reverse()).toEqual(times);

    expectError(await t.request('GET', `${base}/orders/versions?page=garbage`), 400, 'page');
    const otherList = OpenAPISpecVersionList.parse(
      (await t.request('GET', `${base}/payments/versions?limit=1`)).body,
    );
    expectError(
      await t.request('GET', `${base}/orders/versions?page=${otherList.next?.page}`),
      400,
      'page',
    );
    expectError(await t.request('GET', `${base}/orders/versions?limit=0`), 400, 'limit');
    expectError(await t.request('GET', `${base}/orders/versions?limit=1001`), 400, 'limit');
    expectError(await t.request('GET', `${base}?limit=abc`), 400, 'limit');
  });

  it('answers 404 for unknown versions and specs', async () => {
    expectError(await t.request('GET', `${base}/orders/versions/nope`), 404);
    expectError(await t.request('GET', `${base}/orders/versions/nope/content`), 404);
    expectError(await t.request('GET', `${base}/nope/versions`), 404);
    expectError(await t.request('GET', `${base}/nope/versions/latest`), 404);
  });

  it('answers 404 for latest when a spec has no version yet', async () => {
    await t.request('POST', base, {
      body: { slug: 'empty', source: { url: `${sourceUrl}/missing.json` } },
    });
    await t.ws.jobs.idle();
    expectError(await t.request('GET', `${base}/empty/versions/latest`), 404);
    expectError(await t.request('GET', `${base}/empty/versions/latest/content`), 404);
    const list = OpenAPISpecVersionList.parse(
      (await t.request('GET', `${base}/empty/versions`)).body,
    );
    expect(list).toEqual({ count: 0, items: [] });
  });
});

describe('access', () => {
  const writes = (slug: string) =>
    [
      ['POST', base, { slug: `new-${slug}`, source: { url: 'https://example.test/a.json' } }],
      ['PUT', `${base}/payments`, { source: { url: 'https://example.test/a.json' } }],
      ['PATCH', `${base}/payments`, { visibility: 'public' }],
      ['DELETE', `${base}/payments`, undefined],
    ] as const;

  it('lets every member read, and only admins write (403 for other members)', async () => {
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      expect((await t.request('GET', base, { as: role })).status).toBe(200);
      expect((await t.request('GET', `${base}/payments`, { as: role })).status).toBe(200);
      expect((await t.request('GET', `${base}/payments/versions`, { as: role })).status).toBe(200);
      for (const [method, url, body] of writes(role)) {
        expectError(await t.request(method, url, { as: role, body }), 403);
      }
    }
    expect((await spec('payments')).visibility).toBe('private');
  });

  it('hides everything from outsiders (404) and answers 401 without a token', async () => {
    for (const url of [base, `${base}/payments`, `${base}/payments/versions/latest`]) {
      expectError(await t.request('GET', url, { as: 'outsider' }), 404);
      expectError(await t.request('GET', url, { as: null }), 401);
    }
    for (const [method, url, body] of writes('outsider')) {
      expectError(await t.request(method, url, { as: 'outsider', body }), 404);
      expectError(await t.request(method, url, { as: null, body }), 401);
    }
    expectError(await t.request('GET', '/v1/orgs/unknown-org/openapi'), 404);
  });
});
