import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConversationDetail,
  ConversationIssueEntry,
  ConversationIssueList,
  ConversationList,
  IssuesCluster,
  IssuesClusterList,
} from '../../src/contract/conversations.ts';
import { DAY_MS, ManualClock } from '../../src/workspace/clock.ts';
import { createWorkspace } from '../../src/workspace/context.ts';
import { openDatabase } from '../../src/workspace/db.ts';
import { DEMO_CONVERSATIONS, demoConversation } from '../../src/workspace/demo/conversations.ts';
import { seededIds } from '../../src/workspace/ids.ts';
import {
  bestCluster,
  dominantImpact,
  extractIssues,
  impactOf,
  jaccard,
  stem,
  weeklyPulse,
  wordSet,
} from '../../src/workspace/store/clustering.ts';
import { listClusters, listIssues } from '../../src/workspace/store/conversationIssues.ts';
import { ingestConversation } from '../../src/workspace/store/conversations.ts';
import { createTestWorkspace, expectError, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;
let org: string;
let base: string;

beforeAll(async () => {
  t = await createTestWorkspace();
  org = t.demo.organizationId;
  base = `/v1/orgs/${org}`;
});
afterAll(() => t.close());

async function allPages<T>(
  url: string,
  parse: (body: unknown) => { items: T[]; next?: { page: string }; count: number },
) {
  const items: T[] = [];
  let page: string | undefined;
  let count = -1;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await t.request('GET', page ? `${url}${sep}page=${page}` : url);
    expect(res.status).toBe(200);
    const parsed = parse(res.body);
    count = parsed.count;
    items.push(...parsed.items);
    page = parsed.next?.page;
  } while (page);
  return { items, count };
}

function ingest(body: unknown, as: 'admin' | 'edit' | 'read' | 'outsider' | null = 'admin') {
  return t.request('POST', `${base}/conversations`, { as, body });
}

async function clusterOfConversation(id: string) {
  const issues = ConversationIssueList.parse(
    (await t.request('GET', `${base}/conversations-issues?conversation=${id}`)).body,
  );
  return issues;
}

describe('the clustering method', () => {
  it('stems and normalizes word sets', () => {
    expect(stem('exporting')).toBe('export');
    expect(stem('exported')).toBe('export');
    expect(stem('pages')).toBe(stem('page'));
    expect(stem('queries')).toBe('query');
    expect(wordSet("Hi, I can't export pages to PDF!")).toEqual(['export', 'pag', 'pdf']);
    expect(wordSet('It is broken')).toEqual(['broken']);
    expect(jaccard(['a', 'b'], ['b', 'c'])).toBeCloseTo(1 / 3);
    expect(jaccard([], [])).toBe(0);
    expect(
      bestCluster(
        ['a', 'b'],
        [{ words: ['c'] }, { words: ['a', 'b', 'c'] }, { words: ['a', 'b'] }],
      ),
    ).toBe(2);
    expect(bestCluster(['a', 'b'], [{ words: ['a', 'c', 'd'] }])).toBe(-1);
  });

  it('extracts problem sentences of customer messages only', () => {
    const issues = extractIssues([
      {
        role: 'user',
        body: 'Hello, the export to PDF fails. Otherwise all good! How do I rotate my API token?',
      },
      { role: 'assistant', body: 'There is an error on our side, sorry.' },
      { role: 'Customer', body: 'The export to PDF fails!' },
    ]);
    expect(issues.map((i) => i.title)).toEqual([
      'The export to PDF fails',
      'How do I rotate my API token',
    ]);
    expect(issues.map((i) => i.impact)).toEqual(['medium', 'low']);
  });

  it('rates impact from keywords and takes the most frequent impact, ties upward', () => {
    expect(impactOf('We are blocked by this')).toBe('high');
    expect(impactOf('The import fails')).toBe('medium');
    expect(impactOf('The docs are unclear')).toBe('low');
    expect(dominantImpact(['low', 'low', 'high'])).toBe('low');
    expect(dominantImpact(['low', 'high'])).toBe('high');
    expect(dominantImpact(['medium', 'low', 'medium', 'high', 'high'])).toBe('high');
  });

  it('counts 13 weeks ending with the current week, oldest first', () => {
    const now = new Date('2026-11-04T12:00:00Z'); // a Wednesday
    const pulse = weeklyPulse(
      [
        '2026-11-02T00:00:00Z', // Monday of this week
        '2026-11-01T23:59:59Z', // Sunday of last week
        new Date(now.getTime() - 12 * 7 * DAY_MS).toISOString(), // oldest week
        new Date(now.getTime() - 13 * 7 * DAY_MS).toISOString(), // before the window
        '2026-11-09T00:00:00Z', // next week
      ],
      now,
      13,
    );
    expect(pulse).toHaveLength(13);
    expect(pulse[12]).toBe(1);
    expect(pulse[11]).toBe(1);
    expect(pulse[0]).toBe(1);
    expect(pulse.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('gives the same clusters for the same input, every time', () => {
    function run() {
      const clock = new ManualClock('2026-11-01T10:00:00.000Z');
      const ws = createWorkspace({ db: openDatabase(':memory:'), clock, ids: seededIds(42) });
      ws.db
        .prepare("INSERT INTO organizations (id, title, created_at) VALUES ('o', 'O', ?)")
        .run(ws.now());
      for (let i = 0; i < 60; i++)
        ingestConversation(ws, 'o', demoConversation(i, 60, clock.now()));
      const clusters = listClusters(ws, 'o', { order: 'asc', orderBy: 'createdAt', limit: 1000 });
      const issues = listIssues(ws, 'o', { limit: 1000 });
      const result = {
        clusters: clusters.items.map((c) => [c.label, c.impact, c.stats, c.weeklyPulse]),
        membership: issues.items.map((e) => [e.issue.title, e.issue.conversation, e.issue.cluster]),
      };
      ws.db.close();
      return result;
    }
    const first = run();
    expect(first.clusters.length).toBeGreaterThan(3);
    expect(run()).toEqual(first);
  });
});

describe('demo conversations', () => {
  it('lists at least 200 conversations, newest first, across pages without repeats', async () => {
    const { items, count } = await allPages(`${base}/conversations?limit=70`, (b) =>
      ConversationList.parse(b),
    );
    expect(count).toBeGreaterThanOrEqual(DEMO_CONVERSATIONS);
    expect(items).toHaveLength(count);
    expect(new Set(items.map((c) => c.id)).size).toBe(count);
    const times = items.map((c) => c.createdAt ?? '');
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(items.map((c) => c.source))).toEqual(
      new Set(['intercom', 'zendesk', 'slack', 'community.acme.test']),
    );
  });

  it('filters conversations by source', async () => {
    const { items, count } = await allPages(
      `${base}/conversations?source=zendesk&limit=1000`,
      (b) => ConversationList.parse(b),
    );
    expect(count).toBeGreaterThan(0);
    expect(items.every((c) => c.source === 'zendesk')).toBe(true);
    const none = ConversationList.parse(
      (await t.request('GET', `${base}/conversations?source=nowhere`)).body,
    );
    expect(none).toEqual({ count: 0, items: [] });
  });

  it('has clusters of every impact, one of them muted, with 13-week pulses', async () => {
    const { items } = await allPages(`${base}/conversations-clusters?limit=1000`, (b) =>
      IssuesClusterList.parse(b),
    );
    expect(new Set(items.map((c) => c.impact))).toEqual(new Set(['low', 'medium', 'high']));
    expect(items.filter((c) => c.muted)).toHaveLength(1);
    for (const cluster of items) {
      expect(cluster.weeklyPulse).toHaveLength(13);
      expect(cluster.stats?.issues).toBeGreaterThan(0);
      const total = Object.values(cluster.sources ?? {}).reduce((a, b) => a + b, 0);
      expect(total).toBe(cluster.stats?.conversations);
      expect(cluster.summary?.object).toBe('document');
    }
  });
});

describe('ingest', () => {
  const now = () => t.clock.now().toISOString();

  it('ingests a conversation (204) and extracts its issues into a new cluster', async () => {
    const res = await ingest({
      id: 'zebra-1',
      subject: 'Zebra widget',
      metadata: {
        url: 'https://help.example.test/tickets/1',
        attributes: { source: 'intercom', plan: 'pro' },
        createdAt: now(),
      },
      parts: [
        {
          type: 'message',
          role: 'user',
          body: 'Hi there, the zebra widget fails to render. Thanks',
        },
        { type: 'message', role: 'assistant', body: 'We see an error, we are on it.' },
      ],
    });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');

    const detail = await t.request('GET', `${base}/conversations/zebra-1`, { as: 'read' });
    expect(detail.status).toBe(200);
    const parsed = ConversationDetail.parse(detail.body);
    expect(parsed.conversation).toMatchObject({
      id: 'zebra-1',
      subject: 'Zebra widget',
      source: 'intercom',
      impact: 'medium',
      processedAt: now(),
    });
    expect(parsed.conversation.urls?.source).toBe('https://help.example.test/tickets/1');
    expect(parsed.parts).toHaveLength(2);
    expect(parsed.metadata.attributes).toEqual({ source: 'intercom', plan: 'pro' });

    const issues = await clusterOfConversation('zebra-1');
    expect(issues.count).toBe(1);
    const entry = issues.items[0] as ConversationIssueEntry;
    expect(entry.issue.title).toBe('The zebra widget fails to render');
    expect(entry.issue.impact).toBe('medium');
    expect(entry.conversation.id).toBe('zebra-1');

    const one = await t.request('GET', `${base}/conversations-issues/${entry.issue.id}`);
    expect(one.status).toBe(200);
    expect(ConversationIssueEntry.parse(one.body)).toEqual(entry);

    const cluster = IssuesCluster.parse(
      (await t.request('GET', `${base}/conversations-clusters/${entry.issue.cluster}`)).body,
    );
    expect(cluster.label).toBe('The zebra widget fails to render');
    expect(cluster.stats).toEqual({ issues: 1, conversations: 1 });
    expect(cluster.sources).toEqual({ intercom: 1 });
    expect(cluster.muted).toBe(false);
  });

  it('puts similar issues in the same cluster and computes stats, sources and pulse', async () => {
    const week = 7 * DAY_MS;
    const at = (ms: number) => new Date(t.clock.now().getTime() - ms).toISOString();
    await ingest({
      id: 'zebra-2',
      metadata: { url: 'https://chat.example.test/c/2', createdAt: at(3 * week) },
      parts: [{ type: 'message', role: 'user', body: 'Zebra widget fails to render on mobile!' }],
    });
    await ingest({
      id: 'zebra-3',
      metadata: { createdAt: at(20 * week) },
      parts: [{ type: 'message', role: 'user', body: 'Urgent: the zebra widget cannot render.' }],
    });
    const ids: Array<string | undefined> = [];
    for (const id of ['zebra-1', 'zebra-2', 'zebra-3']) {
      const issues = await clusterOfConversation(id);
      ids.push(issues.items[0]?.issue.cluster);
    }
    expect(new Set(ids).size).toBe(1);
    const clusterRes = await t.request('GET', `${base}/conversations-clusters/${ids[0]}`);
    const cluster = IssuesCluster.parse(clusterRes.body);
    expect(cluster.stats).toEqual({ issues: 3, conversations: 3 });
    expect(cluster.sources).toEqual({ intercom: 1, 'chat.example.test': 1, api: 1 });
    expect(cluster.impact).toBe('medium');
    expect(cluster.weeklyPulse).toHaveLength(13);
    expect(cluster.weeklyPulse?.[12]).toBe(1);
    expect(cluster.weeklyPulse?.[9]).toBe(1);
    expect(cluster.weeklyPulse?.reduce((a, b) => a + b, 0)).toBe(2);

    const filtered = ConversationIssueList.parse(
      (await t.request('GET', `${base}/conversations-issues?cluster=${ids[0]}`)).body,
    );
    expect(filtered.count).toBe(3);
    expect(filtered.items.every((e) => e.issue.cluster === ids[0])).toBe(true);
    const both = ConversationIssueList.parse(
      (
        await t.request(
          'GET',
          `${base}/conversations-issues?cluster=${ids[0]}&conversation=zebra-2`,
        )
      ).body,
    );
    expect(both.items.map((e) => e.conversation.id)).toEqual(['zebra-2']);

    // A week later, the pulse has moved one week to the left.
    t.clock.advance(week);
    try {
      const later = IssuesCluster.parse(
        (await t.request('GET', `${base}/conversations-clusters/${ids[0]}`)).body,
      );
      expect(later.weeklyPulse?.[11]).toBe(1);
      expect(later.weeklyPulse?.[8]).toBe(1);
      expect(later.weeklyPulse?.[12]).toBe(0);
    } finally {
      t.clock.advance(-week);
    }
  });

  it('replaces a conversation re-ingested with the same id, removing emptied clusters', async () => {
    await ingest({
      id: 'quokka-1',
      parts: [{ type: 'message', role: 'user', body: 'The quokka importer is broken.' }],
    });
    const before = await clusterOfConversation('quokka-1');
    const clusterId = before.items[0]?.issue.cluster;
    expect((await t.request('GET', `${base}/conversations-clusters/${clusterId}`)).status).toBe(
      200,
    );

    expect(
      (
        await ingest({
          id: 'quokka-1',
          subject: 'Resolved',
          parts: [{ type: 'message', role: 'user', body: 'All good now, thank you.' }],
        })
      ).status,
    ).toBe(204);
    expect((await clusterOfConversation('quokka-1')).count).toBe(0);
    expectError(await t.request('GET', `${base}/conversations-clusters/${clusterId}`), 404);
    const detail = ConversationDetail.parse(
      (await t.request('GET', `${base}/conversations/quokka-1`)).body,
    );
    expect(detail.conversation.subject).toBe('Resolved');
    expect(detail.conversation.impact).toBeUndefined();
    expect(detail.conversation.source).toBe('api');
    const list = ConversationList.parse(
      (await t.request('GET', `${base}/conversations?source=api&limit=1000`)).body,
    );
    expect(list.items.filter((c) => c.id === 'quokka-1')).toHaveLength(1);
  });

  it('accepts bodies larger than the default limit, up to the parts limits', async () => {
    const body = `${'The walrus uploader fails. '.repeat(4_000)}`.slice(0, 100_000);
    const res = await ingest({
      id: 'walrus-1',
      parts: Array.from({ length: 20 }, () => ({ type: 'message', role: 'user', body })),
    });
    expect(res.status).toBe(204);
    const detail = ConversationDetail.parse(
      (await t.request('GET', `${base}/conversations/walrus-1`)).body,
    );
    expect(detail.parts).toHaveLength(20);
    expect(detail.parts[0]?.body).toHaveLength(100_000);
    expect((await clusterOfConversation('walrus-1')).count).toBe(1);
  });

  it('generates an id when none is given', async () => {
    const before = ConversationList.parse(
      (await t.request('GET', `${base}/conversations?limit=1`)).body,
    ).count;
    expect(
      (await ingest({ parts: [{ type: 'message', role: 'user', body: 'hello' }] })).status,
    ).toBe(204);
    const after = ConversationList.parse(
      (await t.request('GET', `${base}/conversations?limit=1`)).body,
    );
    expect(after.count).toBe(before + 1);
  });

  it('validates the body, naming the field, and never answers 500', async () => {
    const part = { type: 'message', role: 'user', body: 'x' };
    const cases: Array<[unknown, string]> = [
      [{}, 'parts'],
      [{ parts: [] }, 'parts'],
      [{ parts: Array.from({ length: 501 }, () => part) }, 'parts'],
      [{ parts: [{ ...part, type: 'note' }] }, 'parts.0.type'],
      [{ parts: [{ ...part, body: 'x'.repeat(100_001) }] }, 'parts.0.body'],
      [{ parts: [{ type: 'message', body: 'x' }] }, 'parts.0.role'],
      [{ parts: [{ ...part, extra: true }] }, 'parts.0'],
      [{ parts: [part], id: 'a/b' }, 'id'],
      [{ parts: [part], id: '' }, 'id'],
      [{ parts: [part], id: 42 }, 'id'],
      [{ parts: [part], subject: 'x'.repeat(501) }, 'subject'],
      [{ parts: [part], metadata: { url: 'javascript:alert(1)' } }, 'metadata.url'],
      [{ parts: [part], metadata: { attributes: { source: 1 } } }, 'metadata.attributes.source'],
      [{ parts: [part], metadata: { createdAt: 'yesterday' } }, 'metadata.createdAt'],
      [{ parts: [part], metadata: { other: 1 } }, 'metadata'],
      [{ parts: 'hello' }, 'parts'],
      [{ parts: [part], unknown: 1 }, 'body'],
      ['[]', 'body'],
    ];
    for (const [body, field] of cases) expectError(await ingest(body), 400, field);
    expectError(await ingest('{"parts": ['), 400);
    expectError(await ingest('null'), 400);
  });

  it('answers 403 to non-admin members, 404 to outsiders and 401 without a token', async () => {
    const body = { parts: [{ type: 'message', role: 'user', body: 'The export fails' }] };
    expectError(await ingest(body, 'edit'), 403);
    expectError(await ingest(body, 'read'), 403);
    expectError(await ingest(body, 'outsider'), 404);
    expectError(await ingest(body, null), 401);
  });
});

describe('reads', () => {
  it('answers 404 for unknown conversations, issues and clusters', async () => {
    expectError(await t.request('GET', `${base}/conversations/nope`), 404);
    expectError(await t.request('GET', `${base}/conversations-issues/nope`), 404);
    expectError(await t.request('GET', `${base}/conversations-clusters/nope`), 404);
    expectError(
      await t.request('PATCH', `${base}/conversations-clusters/nope`, { body: { muted: true } }),
      404,
    );
  });

  it('lets every member read and hides everything from outsiders', async () => {
    const urls = [
      `${base}/conversations`,
      `${base}/conversations/zebra-1`,
      `${base}/conversations-issues`,
      `${base}/conversations-clusters`,
    ];
    for (const url of urls) {
      for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
        expect((await t.request('GET', url, { as: role })).status).toBe(200);
      }
      expectError(await t.request('GET', url, { as: 'outsider' }), 404);
      expectError(await t.request('GET', url, { as: null }), 401);
    }
  });

  it('orders clusters by updatedAt, createdAt or impact, in either direction', async () => {
    const get = async (query: string) =>
      IssuesClusterList.parse(
        (await t.request('GET', `${base}/conversations-clusters?limit=1000&${query}`)).body,
      ).items;
    const byDefault = await get('');
    const updatedDesc = await get('orderBy=updatedAt&order=desc');
    expect(byDefault).toEqual(updatedDesc);
    const updated = updatedDesc.map((c) => c.updatedAt ?? '');
    expect([...updated].sort().reverse()).toEqual(updated);
    const updatedAsc = await get('orderBy=updatedAt&order=asc');
    expect(updatedAsc.map((c) => c.id)).toEqual(updatedDesc.map((c) => c.id).reverse());
    const created = (await get('orderBy=createdAt&order=asc')).map((c) => c.createdAt ?? '');
    expect([...created].sort()).toEqual(created);
    const rank = { high: 3, medium: 2, low: 1 } as Record<string, number>;
    const impacts = (await get('orderBy=impact')).map((c) => rank[c.impact ?? 'low'] ?? 0);
    expect([...impacts].sort().reverse()).toEqual(impacts);

    expectError(await t.request('GET', `${base}/conversations-clusters?order=up`), 400, 'order');
    expectError(
      await t.request('GET', `${base}/conversations-clusters?orderBy=label`),
      400,
      'orderBy',
    );
  });

  it('pages clusters and issues with keyset tokens, rejecting bad or foreign ones', async () => {
    const clusters = await allPages(`${base}/conversations-clusters?limit=3&orderBy=impact`, (b) =>
      IssuesClusterList.parse(b),
    );
    expect(new Set(clusters.items.map((c) => c.id)).size).toBe(clusters.count);
    const issues = await allPages(`${base}/conversations-issues?limit=100`, (b) =>
      ConversationIssueList.parse(b),
    );
    expect(issues.items).toHaveLength(issues.count);
    expect(new Set(issues.items.map((e) => e.issue.id)).size).toBe(issues.count);

    const first = IssuesClusterList.parse(
      (await t.request('GET', `${base}/conversations-clusters?limit=1`)).body,
    );
    expectError(
      await t.request(
        'GET',
        `${base}/conversations-clusters?orderBy=createdAt&page=${first.next?.page}`,
      ),
      400,
      'page',
    );
    expectError(await t.request('GET', `${base}/conversations?page=%%%`), 400);
    expectError(await t.request('GET', `${base}/conversations-issues?page=e30`), 400, 'page');
    expectError(await t.request('GET', `${base}/conversations?limit=-1`), 400, 'limit');
  });
});

describe('mute', () => {
  it('mutes and unmutes a cluster (admin only)', async () => {
    const cluster = IssuesClusterList.parse(
      (await t.request('GET', `${base}/conversations-clusters?limit=1`)).body,
    ).items[0] as IssuesCluster;
    const url = `${base}/conversations-clusters/${cluster.id}`;
    const muted = await t.request('PATCH', url, { body: { muted: !cluster.muted } });
    expect(muted.status).toBe(200);
    expect(IssuesCluster.parse(muted.body).muted).toBe(!cluster.muted);
    expect(IssuesCluster.parse((await t.request('GET', url)).body).muted).toBe(!cluster.muted);
    const back = await t.request('PATCH', url, { body: { muted: cluster.muted } });
    expect(IssuesCluster.parse(back.body).muted).toBe(cluster.muted);

    expectError(await t.request('PATCH', url, { body: {} }), 400, 'muted');
    expectError(await t.request('PATCH', url, { body: { muted: 'yes' } }), 400, 'muted');
    expectError(await t.request('PATCH', url, { body: { muted: true, label: 'x' } }), 400);
    expectError(await t.request('PATCH', url, { as: 'edit', body: { muted: true } }), 403);
    expectError(await t.request('PATCH', url, { as: 'outsider', body: { muted: true } }), 404);
    expectError(await t.request('PATCH', url, { as: null, body: { muted: true } }), 401);
  });
});
