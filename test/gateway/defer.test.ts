import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { meros } from 'meros/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerPart } from '../../src/client/incremental.ts';
import { mountGateway } from '../../src/gateway/mount.ts';
import { restIdOf } from '../support/ids.ts';
import { type DeferStack, incrementalRequest, partsOf, startDeferStack } from './defer.support.ts';

// @defer and @stream over HTTP (multipart/mixed), against the embedded /v1 behind an upstream
// whose slow branch the test holds and releases: order and counts, never time.

let stack: DeferStack;
let spaceId: string;
let pageId: string;
/** The REST id of the page (the last segment of its upstream path). */
let pageRestId: string;
/** The first organization (its open change requests, across its spaces). */
let organizationId: string;

// The page view: the space and its tree first, the page (read with its Markdown) deferred.
const PAGE = `query Page($spaceId: ID!, $pageId: ID!) {
  space(id: $spaceId) {
    id
    title
    pages { id title }
    ... @defer(label: "body") { page(id: $pageId) { id title markdown } }
  }
}`;
const PAGE_WHOLE = PAGE.replace('... @defer(label: "body") { page', '... { page');

beforeAll(async () => {
  stack = await startDeferStack();
  const { gateway } = stack.gateway();
  const response = await gateway.fetch(
    'http://gateway/graphql',
    incrementalRequest({
      query: `{ organizations(first: 1) { nodes { id spaces(first: 1) { nodes { id pages { id } } } } } }`,
    }),
  );
  const [answer] = await partsOf(response);
  const spaces = (
    (answer as AnswerPart).data as {
      organizations: {
        nodes: Array<{
          id: string;
          spaces: { nodes: Array<{ id: string; pages: Array<{ id: string }> }> };
        }>;
      };
    }
  ).organizations.nodes[0];
  organizationId = spaces?.id as string;
  const space = spaces?.spaces.nodes[0];
  if (!space?.pages[0]) throw new Error('no demo page');
  spaceId = space.id;
  pageId = space.pages[0].id;
  pageRestId = restIdOf(pageId);
}, 60_000);
afterAll(() => stack.close());

/** The read of the page with its Markdown (`...?format=markdown`). */
const markdownCall = () => new RegExp(`/content/page/${pageRestId}\\?format=markdown`);

describe('@defer over HTTP', () => {
  it('sends the first part to the socket before the deferred branch’s upstream call returns', async () => {
    const { gateway, upstream } = stack.gateway();
    const app = Fastify();
    mountGateway(app, '/graphql', () => gateway);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      upstream.hold(markdownCall());
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql`;
      const response = await fetch(
        url,
        incrementalRequest({ query: PAGE, variables: { spaceId, pageId } }),
      );
      expect(response.headers.get('content-type')).toMatch(/^multipart\/mixed/);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let seen = '';
      while (!seen.includes('"hasNext":true')) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += decoder.decode(value, { stream: true });
      }
      // The initial payload is on the client: the space and its tree, not the page's Markdown.
      expect(seen).toContain('"hasNext":true');
      expect(seen).toContain('"title"');
      expect(seen).not.toContain('"markdown"');
      // The deferred call started with the initial payload's calls, and is still held.
      const markdown = upstream.calls.find((path) => markdownCall().test(path)) as string;
      expect(markdown).toBeDefined();
      expect(upstream.events).not.toContain(`answer ${markdown}`);
      const firstAnswer = upstream.events.findIndex((e) => e.startsWith('answer '));
      expect(upstream.events.indexOf(`call ${markdown}`)).toBeLessThan(firstAnswer);
      upstream.release();
      while (!seen.includes('"hasNext":false')) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += decoder.decode(value, { stream: true });
      }
      expect(seen).toContain('"markdown"');
      expect(seen).toContain('"label":"body"');
    } finally {
      upstream.release();
      await app.close();
    }
  });

  it('makes the same upstream calls with and without @defer, and reports the cost in the last part', async () => {
    const { gateway, upstream } = stack.gateway();
    const variables = { spaceId, pageId };
    const whole = await partsOf(
      await gateway.fetch(
        'http://gateway/graphql',
        incrementalRequest({ query: PAGE_WHOLE, variables }),
      ),
    );
    const wholeCalls = [...upstream.calls].sort();
    upstream.reset();
    const parts = await partsOf(
      await gateway.fetch('http://gateway/graphql', incrementalRequest({ query: PAGE, variables })),
    );
    expect([...upstream.calls].sort()).toEqual(wholeCalls);
    expect(whole).toHaveLength(1);
    expect(parts).toHaveLength(2);
    const [first, last] = parts as [AnswerPart, AnswerPart];
    expect(first.hasNext).toBe(true);
    expect(first.extensions?.cost).toBeUndefined();
    expect(last.hasNext).toBe(false);
    const cost = last.extensions?.cost as { requested: number; actual: number };
    const wholeCost = whole[0]?.extensions?.cost as { requested: number; actual: number };
    expect(cost.actual).toBe(wholeCalls.length);
    expect(cost).toEqual(wholeCost);
    expect(last.incremental?.[0]).toMatchObject({
      label: 'body',
      path: ['space'],
      data: { page: { markdown: expect.stringContaining('#') } },
    });
  });

  it('keeps an error inside a deferred fragment in that fragment’s part, with its path', async () => {
    const { gateway, upstream } = stack.gateway();
    upstream.failing = markdownCall();
    const parts = await partsOf(
      await gateway.fetch(
        'http://gateway/graphql',
        incrementalRequest({ query: PAGE, variables: { spaceId, pageId } }),
      ),
    );
    const [first, last] = parts as [AnswerPart, AnswerPart];
    expect(first.errors).toBeUndefined();
    expect((first.data as { space: { title: string } }).space.title).toBeTruthy();
    const entry = last.incremental?.[0];
    expect(entry?.path).toEqual(['space']);
    expect(entry?.errors?.map((e) => e.path)).toEqual([['space', 'page']]);
    expect(entry?.errors?.[0]?.extensions?.code).toBe('UPSTREAM_ERROR');
    expect(entry?.data).toEqual({ page: null });
  });

  it('lists every upstream call in the last part in debug mode', async () => {
    const { gateway, upstream } = stack.gateway({ debug: true });
    const parts = await partsOf(
      await gateway.fetch(
        'http://gateway/graphql',
        incrementalRequest({ query: PAGE, variables: { spaceId, pageId } }),
      ),
    );
    expect(parts[0]?.extensions?.upstream).toBeUndefined();
    const listed = parts.at(-1)?.extensions?.upstream as Array<{ path: string }>;
    expect(listed.map((c) => c.path).sort()).toEqual([...upstream.calls].sort());
  });
});

describe('@stream over HTTP', () => {
  it('delivers each item of a connection as its own calls finish', async () => {
    const { gateway, upstream } = stack.gateway();
    const query = `query($id: ID!) { organization(id: $id) {
      changeRequests(first: 3) {
        nodes @stream(initialCount: 0) { id number comments(first: 1) { totalCount } } } } }`;
    const whole = await partsOf(
      await gateway.fetch(
        'http://gateway/graphql',
        incrementalRequest({
          query: query.replace(' @stream(initialCount: 0)', ''),
          variables: { id: organizationId },
        }),
      ),
    );
    expect(whole[0]?.errors).toBeUndefined();
    const nodes = (
      (whole[0] as AnswerPart).data as {
        organization: { changeRequests: { nodes: Array<{ id: string; number: number }> } };
      }
    ).organization.changeRequests.nodes;
    expect(nodes.length).toBeGreaterThanOrEqual(2);
    const callsWithout = [...upstream.calls].sort();
    upstream.reset();
    // The comments of the second change request are held: the first item arrives without them.
    const held = new RegExp(`/change-requests/${restIdOf(nodes[1]?.id as string)}/comments`);
    upstream.hold(held);
    const response = await gateway.fetch(
      'http://gateway/graphql',
      incrementalRequest({ query, variables: { id: organizationId } }),
    );
    const parts = await meros<AnswerPart>(response);
    if (!(Symbol.asyncIterator in parts)) throw new Error('expected a multipart answer');
    const seen: AnswerPart[] = [];
    const items = () => seen.flatMap((part) => part.incremental ?? []).filter((e) => e.items);
    for await (const part of parts) {
      seen.push(part.body);
      if (items().length === 1) {
        // The first item is on the client while the second one's call is still held.
        expect(upstream.calls.some((path) => held.test(path))).toBe(true);
        expect(upstream.events.some((e) => e.startsWith('answer ') && held.test(e))).toBe(false);
        upstream.release();
      }
    }
    expect(seen[0]?.data).toEqual({ organization: { changeRequests: { nodes: [] } } });
    expect(items().map((e) => e.path)).toEqual(
      nodes.map((_n, i) => ['organization', 'changeRequests', 'nodes', i]),
    );
    expect(items().map((e) => (e.items as Array<{ number: number }>)[0]?.number)).toEqual(
      nodes.map((n) => n.number),
    );
    expect([...upstream.calls].sort()).toEqual(callsWithout);
    expect(seen.at(-1)?.hasNext).toBe(false);
  });
});
