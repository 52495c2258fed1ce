import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/contract/common.ts';
import { createTestWorkspace, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;
beforeAll(async () => {
  t = await createTestWorkspace();
});
afterAll(() => t.close());

describe('the /v1 app', () => {
  it('answers 401 in the decided shape without a token', async () => {
    const res = await t.request('GET', '/v1/orgs', { as: null });
    expect(res.status).toBe(401);
    expect(ErrorBody.parse(res.body).error).toEqual({ code: 401, message: 'missing bearer token' });
  });

  it('answers 401 for an unknown token', async () => {
    const res = await t.request('GET', '/v1/orgs', {
      as: null,
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.status).toBe(401);
    expect(ErrorBody.parse(res.body).error.message).toBe('unknown bearer token');
  });

  it('answers 404 in the decided shape for an unknown route', async () => {
    const res = await t.request('GET', '/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.body).error.code).toBe(404);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await t.request('POST', '/v1/orgs', {
      body: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([404, 415]).toContain(res.status);
    expect(ErrorBody.parse(res.body).error.code).toBe(res.status);
  });
});
