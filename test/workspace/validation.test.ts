import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, errorOf, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;
beforeAll(async () => {
  t = await createTestWorkspace();
});
afterAll(() => t.close());

/** The status and message of an error response. */
async function failure(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
  const res = await t.request(method, url, body === undefined ? {} : { body });
  return { status: res.status, message: errorOf(res).message };
}

describe('the schemas each /v1 route declares', () => {
  it('check path parameters, naming the parameter and the rule', async () => {
    const url = `/v1/spaces/${t.demo.spaceIds[0]}/change-requests/${'a'.repeat(201)}`;
    expect(await failure('GET', url)).toEqual({
      status: 400,
      message: 'changeRequestId: Too big: expected string to have <=200 characters',
    });
  });

  it('check the query, naming each parameter at fault', async () => {
    const url = `/v1/orgs/${t.demo.organizationId}/spaces?limit=abc&page=`;
    expect(await failure('GET', url)).toEqual({
      status: 400,
      message:
        'page: Too small: expected string to have >=1 characters; limit: Invalid input: expected number, received NaN',
    });
  });

  it('hand the parsed query to the route (limit as a number)', async () => {
    const res = await t.request('GET', `/v1/orgs/${t.demo.organizationId}/spaces?limit=1`);
    expect(res.status).toBe(200);
    expect((res.body as { items: unknown[] }).items).toHaveLength(1);
  });

  it('name the body when the whole body is at fault, and refuse unknown keys', async () => {
    const url = `/v1/orgs/${t.demo.organizationId}/spaces`;
    expect(await failure('POST', url, [])).toEqual({
      status: 400,
      message: 'body: Invalid input: expected object, received array',
    });
    expect(await failure('POST', url, { title: 'T', zz: 1 })).toEqual({
      status: 400,
      message: 'body: Unrecognized key: "zz"',
    });
  });

  it('validate a missing or null body as an empty one', async () => {
    const url = `/v1/orgs/${t.demo.organizationId}/conversations-clusters/nope`;
    const expected = {
      status: 400,
      message: 'muted: Invalid input: expected boolean, received undefined',
    };
    expect(await failure('PATCH', url)).toEqual(expected);
    expect(await failure('PATCH', url, 'null')).toEqual(expected);
  });

  it('are checked before anything is looked up, so a malformed request is a 400 first', async () => {
    expect(await failure('POST', '/v1/orgs/nope/spaces', { title: 5 })).toEqual({
      status: 400,
      message: 'title: Invalid input: expected string, received number',
    });
    expect(await failure('POST', '/v1/orgs/nope/spaces', { title: 'T' })).toEqual({
      status: 404,
      message: 'organization not found',
    });
  });
});
