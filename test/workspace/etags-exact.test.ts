import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/workspace/clock.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { createTestWorkspace, type TestWorkspace } from '../support/workspace.ts';
import {
  ALWAYS_RUN,
  preparedDuring,
  type ReadRoute,
  readRoutes,
  taggingStatements,
  WRITING_READ,
} from './etags.fixture.ts';

interface Answer {
  status: number;
  body: string;
  etag: string | undefined;
}

describe('/v1 validators over every read', () => {
  let t: TestWorkspace;
  let routes: ReadRoute[];
  /** The last answer of each route, by path. */
  const last = new Map<string, Answer>();

  beforeAll(async () => {
    t = await createTestWorkspace();
    routes = await readRoutes(t);
  });
  afterAll(() => t.close());

  const read = async (url: string, ifNoneMatch?: string): Promise<Answer> => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${DEMO_TOKENS.admin}`,
        ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
      },
    });
    const etag = response.headers.etag;
    return { status: response.statusCode, body: response.body, etag: etag as string | undefined };
  };

  /** Reads every route: fresh answers for all, and a 304 to nothing but an unchanged body. */
  const revalidateAll = async (of = routes): Promise<Set<string>> => {
    const changed = new Set<string>();
    for (const route of of) {
      const before = last.get(route.path) as Answer;
      const conditional = await read(route.url, before.etag);
      const now = conditional.status === 304 ? await read(route.url) : conditional;
      expect(now.status, route.url).toBe(200);
      if (conditional.status === 304) {
        expect(conditional.etag, route.url).toBe(before.etag);
        expect(now.body, `${route.url} answered 304 to a changed body`).toBe(before.body);
      }
      if (now.body !== before.body) {
        changed.add(route.path);
        expect(now.etag, `${route.url} kept its tag for a changed body`).not.toBe(before.etag);
      } else {
        // The tag is the body's: an unrelated write leaves it.
        expect(conditional.status, route.url).toBe(304);
      }
      last.set(route.path, now);
    }
    return changed;
  };

  it('reaches every GET route the OpenAPI document lists with demo values', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(70);
    // The first reads also build what reads derive lazily (the search index of a revision).
    for (const route of routes) {
      const answer = await read(route.url);
      expect(answer.status, route.url).toBe(200);
      expect(answer.etag, route.url).toMatch(/^"[\w-]{27}"$/);
    }
  });

  it('gives a second read with no write between the same body and tag, and a 304', async () => {
    const tagging = await taggingStatements(t);
    for (const route of routes) {
      const first = await read(route.url);
      const second = await read(route.url);
      let conditional = second;
      const prepared = await preparedDuring(t, async () => {
        conditional = await read(route.url, first.etag);
      });
      if (route.path === WRITING_READ) {
        // The PDF link is new at every read: its tag follows.
        expect(second.body, route.url).not.toBe(first.body);
        expect(second.etag, route.url).not.toBe(first.etag);
        expect(conditional.status, route.url).toBe(200);
      } else {
        expect(second.body, route.url).toBe(first.body);
        expect(second.etag, route.url).toBe(first.etag);
        expect(conditional.status, route.url).toBe(304);
        expect(conditional.body, route.url).toBe('');
        expect(conditional.etag, route.url).toBe(first.etag);
      }
      if (ALWAYS_RUN.has(route.path)) expect(prepared.length).toBeGreaterThan(tagging.length);
      // Answered before the route ran.
      else expect(prepared, route.url).toEqual(tagging);
      last.set(route.path, second);
    }
  });

  it('changes the tag of every answer a write changes, and no 304 ever hides one', async () => {
    const { organizationId } = t.demo;
    const url = (path: string) => (routes.find((r) => r.path === path) as ReadRoute).url;
    const space = url('/v1/spaces/{spaceId}');
    const comment = url('/v1/spaces/{spaceId}/comments/{commentId}');
    const cluster = url('/v1/orgs/{organizationId}/conversations-clusters/{id}');
    const member = url('/v1/orgs/{organizationId}/members/{userId}');
    const muted = (JSON.parse((await read(cluster)).body) as { muted: boolean }).muted;
    const writes: Array<{ target: string; write: () => Promise<{ status: number }> }> = [
      {
        target: '/v1/spaces/{spaceId}',
        write: () => t.request('PATCH', space, { body: { title: 'Retitled for the tags' } }),
      },
      {
        target: '/v1/spaces/{spaceId}/comments/{commentId}',
        write: () => t.request('PUT', comment, { body: { addedReactions: ['🎉'] } }),
      },
      {
        target: '/v1/orgs/{organizationId}/conversations-clusters/{id}',
        write: () => t.request('PATCH', cluster, { body: { muted: !muted } }),
      },
      {
        target: '/v1/orgs/{organizationId}/members/{userId}',
        write: () => t.request('PATCH', member, { body: { role: 'review' } }),
      },
      {
        target: '/v1/orgs/{organizationId}',
        write: () =>
          t.request('PATCH', `/v1/orgs/${organizationId}`, { body: { title: 'Acme Docs Two' } }),
      },
    ];
    for (const { target, write } of writes) {
      expect((await write()).status, target).toBeLessThan(300);
      const changed = await revalidateAll();
      expect([...changed], target).toContain(target);
    }
  });

  it('keeps every tag through a refused write, which changes nothing', async () => {
    const cheap = routes.filter((route) => !ALWAYS_RUN.has(route.path));
    const tags = new Map<string, string | undefined>();
    for (const route of cheap) tags.set(route.url, (await read(route.url)).etag);
    const refused = await t.request('PATCH', `/v1/orgs/${t.demo.organizationId}`, {
      as: 'read',
      body: { title: 'Not allowed' },
    });
    expect(refused.status).toBe(403);
    const tagging = await taggingStatements(t);
    for (const route of cheap) {
      let status = 0;
      const prepared = await preparedDuring(t, async () => {
        status = (await read(route.url, tags.get(route.url))).status;
      });
      expect(status, route.url).toBe(304);
      expect(prepared, route.url).toEqual(tagging);
    }
  });

  it('follows the clock where answers do: purged spaces, weekly counts', async () => {
    const deleted = t.ws.db.prepare('SELECT id FROM spaces WHERE deleted_at IS NOT NULL').get() as {
      id: string;
    };
    const trashed = await read(`/v1/spaces/${deleted.id}`);
    expect(trashed.status).toBe(200);
    // Past the restore window: the space is purged before its tag is computed.
    t.clock.advance(8 * DAY_MS);
    const purged = await read(`/v1/spaces/${deleted.id}`, trashed.etag);
    expect(purged.status).toBe(404);

    // With no write between two passes, every tag computed before the handler answers 304.
    const reads = routes.filter((route) => route.path !== WRITING_READ);
    await revalidateAll(reads);
    t.clock.advance(30 * DAY_MS);
    const changed = await revalidateAll(reads);
    // A cluster's weekly counts move with the clock; nothing else does.
    expect([...changed].sort()).toEqual([
      '/v1/orgs/{organizationId}/conversations-clusters',
      '/v1/orgs/{organizationId}/conversations-clusters/{id}',
    ]);
  });
});
