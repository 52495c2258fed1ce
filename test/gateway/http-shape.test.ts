// Damaged and malformed upstream answers, through `yoga.fetch`: the HTTP status, the coded errors,
// the debug listing of deviations and the deviation metric.
import type { ExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/gateway/ops/metrics.ts';
import { createGateway } from '../../src/gateway/yoga.ts';
import { listPage, restComment, restSpace } from '../support/fixtures.ts';
import { FakeUpstream } from '../support/gateway.ts';
import { errorCodes, errorPaths } from '../support/graph.ts';
import { addressId, globalId } from '../support/ids.ts';

type Json = Record<string, unknown>;

describe('damaged upstream answers over HTTP', () => {
  it('answers 200 with located errors, counts deviations and lists them in debug mode', async () => {
    const metrics = createMetrics();
    const items = [
      restComment('k1', { markdown: 'ok' }),
      restComment('k2', 42),
      { object: 'comment' },
    ];
    const upstream = new FakeUpstream({
      '/spaces/s1': restSpace('s1', { title: { not: 'a string' } }),
      '/spaces/s1/comments?limit=51': listPage(items),
    });
    const gateway = createGateway({ upstream, metrics, debug: true });
    const response = await gateway.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: JSON.stringify({
        query: `query($s: ID!) { node(id: $s) { ... on Space { title emoji
          comments { nodes { id body { markdown raw } } } } } }`,
        variables: { s: globalId('Space', 's1') },
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ExecutionResult & {
      extensions: { upstream: Array<{ path: string; deviations?: Json[] }> };
    };
    expect(body.data).toEqual({
      node: {
        title: null,
        emoji: '📘',
        comments: {
          nodes: [
            {
              id: globalId('Comment', addressId('s1', 'k1')),
              body: { markdown: 'ok', raw: { markdown: 'ok' } },
            },
            { id: globalId('Comment', addressId('s1', 'k2')), body: { markdown: null, raw: 42 } },
          ],
        },
      },
    });
    expect(errorPaths(body.errors)).toEqual(['node.title', 'node.comments']);
    expect(errorCodes(body.errors)).toEqual(['UPSTREAM_SHAPE', 'UPSTREAM_SHAPE']);
    const deviations = body.extensions.upstream.flatMap((call) =>
      (call.deviations ?? []).map((d) => `${call.path} ${d.field} ${d.kind}`),
    );
    expect(deviations).toContain('/spaces/s1 title invalid');
    expect(deviations).toContain('/spaces/s1/comments?limit=51 items.1.body alternative');
    const text = await metrics.registry.getSingleMetricAsString(
      'docs_graph_upstream_shape_deviations_total',
    );
    expect(text).toContain('path="/spaces/{spaceId}",field="title",kind="invalid"} 1');
    expect(text).toContain(
      'path="/spaces/{spaceId}/comments",field="items[].body",kind="alternative"} 1',
    );
    expect(text).toContain(
      'path="/spaces/{spaceId}/comments",field="items[].id",kind="missing"} 1',
    );
  });

  it('answers 200 with coded errors whatever JSON the upstream answers', async () => {
    const bodies: unknown[] = ['text', 42, true, null, [], [{}], {}, { items: 'x', count: '7' }];
    const query = `{ organizations(first: 2) { totalCount pageInfo { hasNextPage } nodes {
      id title plan billing { endDate } spaces(first: 2) { totalCount nodes { id title
        comments(first: 2) { nodes { id body { markdown raw } } } pages { id slug } } } } } }`;
    for (const body of bodies) {
      const upstream = new FakeUpstream({}, () => ({ body }));
      const gateway = createGateway({ upstream });
      const response = await gateway.fetch('http://gateway.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
        body: JSON.stringify({ query }),
      });
      expect(response.status, JSON.stringify(body)).toBe(200);
      const result = (await response.json()) as ExecutionResult;
      for (const error of result.errors ?? []) {
        expect(error.extensions?.code, `${JSON.stringify(body)}: ${error.message}`).toBe(
          'UPSTREAM_SHAPE',
        );
      }
    }
  });
});
