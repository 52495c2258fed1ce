import { describe, expect, it } from 'vitest';
import type { UpstreamRequest } from '../../src/gateway/upstream/client.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';
import { globalId } from '../support/ids.ts';

const PAGE_SIZE = 3;

const space = (n: number) => ({
  object: 'space',
  id: `s${String(n).padStart(3, '0')}`,
  title: `Space ${n}`,
  emoji: '📘',
  visibility: 'private',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  mergeRules: { type: 'inherit' },
  organization: 'o1',
  revision: 'r1',
  defaultLevel: null,
  comments: 0,
  changeRequests: 0,
  changeRequestsOpen: 0,
  changeRequestsDraft: 0,
});

/**
 * A keyset-paged `/orgs/o1/spaces` (and `/collections/c1/spaces`) that never returns more than
 * 3 items per page, whatever `limit` asks: the token is the id of the last item served.
 */
function pagedUpstream(spaces: Array<ReturnType<typeof space>>) {
  const handler = (req: UpstreamRequest) => {
    const url = new URL(req.path, 'http://x');
    if (url.pathname !== '/orgs/o1/spaces' && url.pathname !== '/collections/c1/spaces') {
      return undefined;
    }
    const after = url.searchParams.get('page');
    const limit = Number(url.searchParams.get('limit'));
    const sorted = [...spaces].sort((a, b) => a.id.localeCompare(b.id));
    const rest = after
      ? sorted.filter((s) => s.id > Buffer.from(after, 'base64url').toString())
      : sorted;
    const items = rest.slice(0, Math.min(limit, PAGE_SIZE));
    const last = items[items.length - 1];
    return {
      body: {
        count: spaces.length,
        items,
        ...(rest.length > items.length && last
          ? { next: { page: Buffer.from(last.id).toString('base64url') } }
          : {}),
      },
    };
  };
  return new FakeUpstream(
    {
      '/orgs/o1': {
        object: 'organization',
        id: 'o1',
        title: 'Org',
        createdAt: '2024-01-01T00:00:00.000Z',
        emailDomains: [],
        type: 'business',
        inviteLinks: false,
        plan: 'free',
        mergeRules: { type: 'rules', rules: [] },
      },
      '/collections/c1': {
        object: 'collection',
        id: 'c1',
        title: 'C',
        organization: 'o1',
        defaultLevel: null,
      },
    },
    handler,
  );
}

const QUERY = `query($first: Int, $after: String) { organization(id: "o1") {
  spaces(first: $first, after: $after) {
    totalCount pageInfo { hasNextPage hasPreviousPage endCursor startCursor }
    edges { cursor node { id } } nodes { id } } } }`;

type Conn = {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: Array<{ cursor: string; node: { id: string } }>;
  nodes: Array<{ id: string }>;
};

async function spacesPage(
  up: FakeUpstream,
  variables: Record<string, unknown>,
): Promise<{ conn: Conn | null; errors: readonly { message: string; extensions?: unknown }[] }> {
  const result = await runSchema(up, QUERY, variables);
  const org = result.data?.organization as { spaces: Conn | null } | null;
  return { conn: org?.spaces ?? null, errors: result.errors ?? [] };
}

async function walk(up: FakeUpstream, first: number, between?: (round: number) => void) {
  const seen: string[] = [];
  let after: string | null = null;
  for (let round = 0; round < 100; round++) {
    const { conn, errors } = await spacesPage(up, { first, after });
    expect(errors).toEqual([]);
    if (!conn) throw new Error('no connection');
    expect(conn.nodes).toEqual(conn.edges.map((e) => e.node));
    seen.push(...conn.nodes.map((n) => n.id));
    if (!conn.pageInfo.hasNextPage) return seen;
    after = conn.pageInfo.endCursor;
    between?.(round);
  }
  throw new Error('did not end');
}

describe('Relay connections over REST pages (organization spaces, pages of 3)', () => {
  const ten = Array.from({ length: 10 }, (_, i) => space(i + 1));
  const ids = ten.map((s) => globalId('Space', s.id));

  it('walks every item exactly once for any page size, across REST page boundaries', async () => {
    for (const first of [1, 2, 3, 4, 5, 7, 9, 10, 11, 1000]) {
      const up = pagedUpstream(ten);
      expect(await walk(up, first)).toEqual(ids);
    }
  });

  it('first is exact at any edge; totalCount is the REST count; hasNextPage is right', async () => {
    const up = pagedUpstream(ten);
    const one = await spacesPage(up, { first: 4 });
    expect(one.conn?.nodes.map((n) => n.id)).toEqual(ids.slice(0, 4));
    expect(one.conn?.totalCount).toBe(10);
    expect(one.conn?.pageInfo.hasNextPage).toBe(true);
    // Continue from the middle of the second REST page.
    const two = await spacesPage(up, { first: 5, after: one.conn?.pageInfo.endCursor });
    expect(two.conn?.nodes.map((n) => n.id)).toEqual(ids.slice(4, 9));
    expect(two.conn?.pageInfo.hasNextPage).toBe(true);
    // Continue from any edge's cursor, not only the end cursor.
    const mid = two.conn?.edges[1]?.cursor;
    const three = await spacesPage(up, { first: 100, after: mid });
    expect(three.conn?.nodes.map((n) => n.id)).toEqual(ids.slice(6));
    expect(three.conn?.pageInfo.hasNextPage).toBe(false);
    const exact = await spacesPage(up, { first: 10 });
    expect(exact.conn?.nodes).toHaveLength(10);
    expect(exact.conn?.pageInfo.hasNextPage).toBe(false);
  });

  it('reads only the REST pages it needs', async () => {
    const up = pagedUpstream(ten);
    await spacesPage(up, { first: 2 });
    // One page of up to 3 answers 2 items and shows there is more; the organization is not read.
    expect(up.paths).toEqual(['/orgs/o1/spaces?limit=3']);
  });

  it('items inserted between requests appear once, nothing is skipped or repeated', async () => {
    const spaces = [...ten];
    const up = pagedUpstream(spaces);
    let next = 11;
    const seen = await walk(up, 2, () => {
      spaces.push(space(next++));
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(
      spaces
        .map((s) => s.id)
        .sort()
        .map((id) => globalId('Space', id)),
    );
    expect(seen.length).toBeGreaterThan(10);
  });

  it('last/before answer a clear BAD_USER_INPUT error', async () => {
    const up = pagedUpstream(ten);
    for (const args of ['last: 2', 'before: "x"']) {
      const result = await runSchema(
        up,
        `{ organization(id: "o1") { spaces(${args}) { totalCount } } }`,
      );
      expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message).toMatch(/forward only/);
    }
  });

  it('first outside 1..1000 is BAD_USER_INPUT', async () => {
    const up = pagedUpstream(ten);
    for (const first of [0, -1, 1001]) {
      const { conn, errors } = await spacesPage(up, { first });
      expect(conn).toBeNull();
      expect(errors.map((e) => (e.extensions as { code?: string }).code)).toEqual([
        'BAD_USER_INPUT',
      ]);
    }
    // Refused before any call: the organization is not read either.
    expect(up.paths).toEqual([]);
  });

  it('malformed and foreign cursors are BAD_USER_INPUT', async () => {
    const up = pagedUpstream(ten);
    const collection = await runSchema(
      up,
      '{ collection(id: "c1") { spaces(first: 1) { pageInfo { endCursor } } } }',
    );
    const data = collection.data as { collection: { spaces: Conn } };
    const foreign = data.collection.spaces.pageInfo.endCursor;
    expect(foreign).toEqual(expect.any(String));
    for (const after of ['not-a-cursor', 'W10', foreign]) {
      const { conn, errors } = await spacesPage(up, { first: 2, after });
      expect(conn).toBeNull();
      expect(errors.map((e) => (e.extensions as { code?: string }).code)).toEqual([
        'BAD_USER_INPUT',
      ]);
    }
  });
});
