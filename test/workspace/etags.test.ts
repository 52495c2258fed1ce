import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceApp } from '../../src/workspace/app.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { matches } from '../../src/workspace/etags.ts';
import { createTestWorkspace, type TestWorkspace } from '../support/workspace.ts';
import { preparedDuring, taggingStatements } from './etags.fixture.ts';

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

  it("answers a matching read 304 before its handler: no statement but the tag's", async () => {
    const tagging = await taggingStatements(t);
    const { organizationId } = t.demo;
    for (const url of [
      `/v1/spaces/${spaceId}`,
      `/v1/spaces/${spaceId}/content/pages`,
      `/v1/orgs/${organizationId}/members?limit=5`,
      `/v1/orgs/${organizationId}/search?query=install`,
    ]) {
      // The first search of a revision indexes it, a write that changes the version.
      await t.request('GET', url);
      const read = await t.request('GET', url);
      const tag = String(read.headers.etag);
      let answer: { status: number; headers: Record<string, unknown> } | undefined;
      const fresh = await preparedDuring(t, async () => {
        answer = await t.request('GET', url);
      });
      expect(fresh.length, url).toBeGreaterThan(tagging.length);
      for (const method of ['GET', 'HEAD'] as const) {
        const prepared = await preparedDuring(t, async () => {
          answer = await t.request(method, url, { headers: { 'if-none-match': tag } });
        });
        expect(answer?.status, `${method} ${url}`).toBe(304);
        expect(answer?.headers.etag).toBe(tag);
        expect(answer?.headers['cache-control']).toBe('private, no-cache');
        expect(answer?.headers['content-type']).toBeUndefined();
        expect(prepared, `${method} ${url}`).toEqual(tagging);
      }
    }
  });

  it('tags HEAD as GET', async () => {
    const get = await t.request('GET', `/v1/spaces/${spaceId}`);
    const head = await t.request('HEAD', `/v1/spaces/${spaceId}`);
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('answers If-None-Match: * with 304 only when the route has an answer', async () => {
    const any = { headers: { 'if-none-match': '*' } };
    const url = `/v1/orgs/${t.demo.organizationId}/teams`;
    expect((await t.request('GET', url, any)).status).toBe(304);
    // The answer is remembered now: the route does not run again.
    let status = 0;
    const prepared = await preparedDuring(t, async () => {
      status = (await t.request('GET', url, any)).status;
    });
    expect(status).toBe(304);
    expect(prepared).toEqual(await taggingStatements(t));
    expect((await t.request('GET', '/v1/spaces/nope', any)).status).toBe(404);
  });

  it('gives a member who loses access or a role the new answer, not a 304', async () => {
    const { organizationId } = t.demo;
    // The organization's `permissions` are the caller's.
    const url = `/v1/orgs/${organizationId}`;
    const asCreator = await t.request('GET', url, { as: 'create' });
    const creatorTag = { 'if-none-match': String(asCreator.headers.etag) };
    expect((await t.request('GET', url, { as: 'create', headers: creatorTag })).status).toBe(304);

    const creator = `/v1/orgs/${organizationId}/members/${t.demo.users.create}`;
    expect((await t.request('PATCH', creator, { body: { role: 'read' } })).status).toBe(200);
    const demoted = await t.request('GET', url, { as: 'create', headers: creatorTag });
    expect(demoted.status).toBe(200);
    expect(demoted.body).not.toEqual(asCreator.body);

    const spaces = `/v1/orgs/${organizationId}/spaces`;
    const listed = await t.request('GET', spaces, { as: 'create' });
    expect(listed.status).toBe(200);
    expect((await t.request('DELETE', creator)).status).toBe(204);
    const removed = await t.request('GET', spaces, {
      as: 'create',
      headers: { 'if-none-match': String(listed.headers.etag) },
    });
    expect(removed.status).toBe(404);
  });

  it('answers the tag of another process by the body, then before the route runs', async () => {
    const url = `/v1/spaces/${spaceId}`;
    const tagging = await taggingStatements(t);
    const other = createWorkspaceApp(t.ws);
    try {
      const here = await t.request('GET', url);
      const headers = {
        authorization: `Bearer ${DEMO_TOKENS.admin}`,
        'if-none-match': String(here.headers.etag),
      };
      const statuses: number[] = [];
      const runs = [];
      for (let i = 0; i < 2; i++) {
        runs.push(
          await preparedDuring(t, async () => {
            statuses.push((await other.inject({ url, headers })).statusCode);
          }),
        );
      }
      expect(statuses).toEqual([304, 304]);
      expect(runs[0]?.length).toBeGreaterThan(tagging.length);
      expect(runs[1]).toEqual(tagging);
    } finally {
      await other.close();
    }
  });

  it('compares If-None-Match weakly, as a list', () => {
    expect(matches(undefined, '"a"')).toBe(false);
    expect(matches('"b" , W/"a"', '"a"')).toBe(true);
    expect(matches('"ab"', '"a"')).toBe(false);
  });
});
