import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_LIMITS } from '../../src/http/limits.ts';
import { createTestWorkspace, expectError, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;
let org: string;
beforeAll(async () => {
  t = await createTestWorkspace();
  org = t.demo.organizationId;
});
afterAll(() => t.close());

const createSpace = (body: string) => t.request('POST', `/v1/orgs/${org}/spaces`, { body });
const spaceCount = () =>
  (t.ws.db.prepare('SELECT count(*) AS n FROM spaces').get() as { n: number }).n;

describe('JSON request bodies of /v1', () => {
  it('refuses a `__proto__` key anywhere in the body, in the error shape, creating nothing', async () => {
    const before = spaceCount();
    for (const body of [
      '{"title":"Poisoned","__proto__":{"isAdmin":true}}',
      '{"title":"Poisoned","nested":[{"a":{"__proto__":{"x":1}}}]}',
    ]) {
      const res = await createSpace(body);
      expectError(res, 400, 'body: invalid JSON (Object contains forbidden prototype property)');
    }
    expect(spaceCount()).toBe(before);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuses a `constructor.prototype` payload', async () => {
    const res = await createSpace('{"title":"Poisoned","constructor":{"prototype":{"x":1}}}');
    expectError(res, 400, 'body: invalid JSON (Object contains forbidden prototype property)');
  });

  it('still accepts the words as plain values', async () => {
    const res = await createSpace('{"title":"__proto__ and constructor"}');
    expect(res.status).toBe(201);
    expect((res.body as { title: string }).title).toBe('__proto__ and constructor');
  });

  it('answers malformed JSON with 400 naming the body', async () => {
    const res = await createSpace('{"title":');
    expectError(res, 400, 'body: invalid JSON');
  });

  it('refuses a value nested deeper than the limit, naming its field', async () => {
    const depth = DEFAULT_HTTP_LIMITS.jsonDepth + 1;
    const deep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const res = await createSpace(`{"title":"Deep","extra":${deep}}`);
    expectError(
      res,
      400,
      `extra.a.a.a...: nested deeper than ${DEFAULT_HTTP_LIMITS.jsonDepth} levels`,
    );
  });

  it('takes an empty body with a JSON content type as no body', async () => {
    // A space needs nothing but its organization: no body is a valid request, not invalid JSON.
    const res = await createSpace('');
    expect(res.status).toBe(201);
  });
});
