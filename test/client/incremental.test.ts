import { describe, expect, it } from 'vitest';
import { DocsGraphError, requestDocsGraph } from '../../src/client/fetcher.ts';
import { type AnswerPart, applyPart } from '../../src/client/incremental.ts';

// The client's reading of a `multipart/mixed` answer: each part merged into the data so far, fed
// one part at a time from a Response built here (the framing graphql-yoga writes).

/** A multipart answer whose parts are released one by one by `next()`. */
function multipart(parts: AnswerPart[]) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(encoder.encode('\r\n---'));
    },
  });
  let sent = 0;
  return {
    response: new Response(body, {
      headers: { 'content-type': 'multipart/mixed; boundary="-"' },
    }),
    next() {
      const part = parts[sent++];
      if (!part) throw new Error('no part left');
      const json = JSON.stringify(part);
      controller.enqueue(
        encoder.encode(
          `\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${encoder.encode(json).byteLength}\r\n\r\n${json}\r\n---`,
        ),
      );
      if (sent === parts.length) {
        controller.enqueue(encoder.encode('--\r\n'));
        controller.close();
      }
    },
  };
}

const QUERY = `query Page($spaceId: ID!, $pageId: ID!) {
  space(id: $spaceId) { id title ... @defer(label: "PageBody") { page(id: $pageId) { id markdown } } }
  changeRequest(spaceId: $spaceId, idOrNumber: "1") { id pages @stream(initialCount: 0) { id } }
}`;

const PARTS: AnswerPart[] = [
  {
    data: { space: { id: 's1', title: 'Space' }, changeRequest: { id: 'c1', pages: [] } },
    hasNext: true,
  },
  { incremental: [{ items: [{ id: 'p1' }], path: ['changeRequest', 'pages', 0] }], hasNext: true },
  {
    incremental: [
      { data: { page: { id: 'p1', markdown: '# One' } }, path: ['space'], label: 'PageBody' },
      { items: [{ id: 'p2' }, { id: 'p3' }], path: ['changeRequest', 'pages', 1] },
    ],
    hasNext: true,
  },
  { hasNext: false, extensions: { cost: { actual: 4 } } },
];

/** Waits until `check` passes (the reader runs on its own between parts). */
async function until(check: () => void) {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (error) {
      if (i > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

describe('the client reading a multipart answer', () => {
  it('merges each part into the data so far, in order, and resolves with the whole', async () => {
    const answer = multipart(PARTS);
    const seen: unknown[] = [];
    const requests: RequestInit[] = [];
    const done = requestDocsGraph(
      {
        endpoint: 'http://gateway/graphql',
        fetch: async (_url, init) => {
          requests.push(init ?? {});
          return answer.response;
        },
      },
      QUERY,
      { spaceId: 's1', pageId: 'p1' },
      { onPart: (data) => seen.push(data) },
    );
    await until(() => expect(requests).toHaveLength(1));
    expect(new Headers(requests[0]?.headers).get('accept')).toMatch(/^multipart\/mixed/);

    answer.next();
    await until(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual({
      space: { id: 's1', title: 'Space' },
      changeRequest: { id: 'c1', pages: [] },
    });

    answer.next();
    await until(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toEqual({
      space: { id: 's1', title: 'Space' },
      changeRequest: { id: 'c1', pages: [{ id: 'p1' }] },
    });

    answer.next();
    await until(() => expect(seen).toHaveLength(3));
    const whole = {
      space: { id: 's1', title: 'Space', page: { id: 'p1', markdown: '# One' } },
      changeRequest: { id: 'c1', pages: [{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }] },
    };
    expect(seen[2]).toEqual(whole);
    // Earlier snapshots are new objects, never changed by later parts.
    expect(seen[0]).toEqual({
      space: { id: 's1', title: 'Space' },
      changeRequest: { id: 'c1', pages: [] },
    });

    answer.next();
    await expect(done).resolves.toEqual(whole);
    // The last part (`hasNext: false`) is not reported as a part still growing.
    expect(seen).toHaveLength(3);
  });

  it('keeps an error of a deferred fragment with its path and rejects once the last part is in', async () => {
    const answer = multipart([
      { data: { space: { id: 's1', title: 'Space' } }, hasNext: true },
      {
        incremental: [
          {
            data: { page: null },
            path: ['space'],
            errors: [
              {
                message: 'page not found',
                path: ['space', 'page'],
                extensions: { code: 'NOT_FOUND' },
              },
            ],
          },
        ],
        hasNext: false,
      },
    ]);
    const seen: unknown[] = [];
    const done = requestDocsGraph(
      { endpoint: 'http://gateway/graphql', fetch: async () => answer.response },
      QUERY,
      {},
      { onPart: (data) => seen.push(data) },
    );
    answer.next();
    await until(() => expect(seen).toEqual([{ space: { id: 's1', title: 'Space' } }]));
    answer.next();
    const error = await done.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DocsGraphError);
    expect((error as DocsGraphError).message).toBe('page not found');
  });

  it('applies parts: a deferred fragment merged at its path, streamed items at their index', () => {
    let so = applyPart(undefined, PARTS[0] as AnswerPart);
    expect(so.hasNext).toBe(true);
    const before = so.data;
    so = applyPart(so, PARTS[1] as AnswerPart);
    so = applyPart(so, PARTS[2] as AnswerPart);
    so = applyPart(so, PARTS[3] as AnswerPart);
    expect(so).toEqual({
      data: {
        space: { id: 's1', title: 'Space', page: { id: 'p1', markdown: '# One' } },
        changeRequest: { id: 'c1', pages: [{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }] },
      },
      extensions: { cost: { actual: 4 } },
      hasNext: false,
    });
    expect(before).toEqual(PARTS[0]?.data);
    // A part whose path leads through a value that failed (null) changes nothing.
    const failed = applyPart(
      { data: { space: null }, hasNext: true },
      { incremental: [{ data: { page: { id: 'p1' } }, path: ['space'] }], hasNext: false },
    );
    expect(failed.data).toEqual({ space: null });
  });
});
