import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../src/workspace/etags.ts';
import { createTestWorkspace, type TestWorkspace } from '../support/workspace.ts';

describe('/v1 validators', () => {
  let t: TestWorkspace;
  let spaceId = '';
  beforeAll(async () => {
    t = await createTestWorkspace();
    spaceId = t.demo.spaceIds[0] as string;
  });
  afterAll(() => t.close());

  it('tags a read with a strong ETag, private and revalidated', async () => {
    const read = await t.request('GET', `/v1/spaces/${spaceId}`);
    expect(read.status).toBe(200);
    expect(read.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(read.headers['cache-control']).toBe('private, no-cache');
    const again = await t.request('GET', `/v1/spaces/${spaceId}`);
    expect(again.headers.etag).toBe(read.headers.etag);
  });

  it('answers 304 with no body to a matching If-None-Match, weak or in a list', async () => {
    const { headers } = await t.request('GET', `/v1/spaces/${spaceId}`);
    const tag = String(headers.etag);
    for (const header of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
      const conditional = await t.request('GET', `/v1/spaces/${spaceId}`, {
        headers: { 'if-none-match': header },
      });
      expect(conditional.status).toBe(304);
      expect(conditional.body).toBe('');
      expect(conditional.headers.etag).toBe(tag);
    }
    const stale = await t.request('GET', `/v1/spaces/${spaceId}`, {
      headers: { 'if-none-match': '"stale"' },
    });
    expect(stale.status).toBe(200);
  });

  it('changes the tag when the body changes', async () => {
    const before = await t.request('GET', `/v1/spaces/${spaceId}`);
    const patch = await t.request('PATCH', `/v1/spaces/${spaceId}`, {
      body: { title: 'Getting Started, retitled' },
    });
    expect(patch.status).toBe(200);
    expect(patch.headers.etag).toBeUndefined();
    const after = await t.request('GET', `/v1/spaces/${spaceId}`, {
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('tags neither errors nor answers outside /v1', async () => {
    const missing = await t.request('GET', '/v1/spaces/nope');
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const anonymous = await t.request('GET', `/v1/spaces/${spaceId}`, { as: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.etag).toBeUndefined();
  });

  it('compares If-None-Match weakly, as a list', () => {
    expect(matches(undefined, '"a"')).toBe(false);
    expect(matches('"b" , W/"a"', '"a"')).toBe(true);
    expect(matches('"ab"', '"a"')).toBe(false);
  });
});
