import { describe, expect, it } from 'vitest';
import { messages, subscribeDocsGraph } from '../../src/client/live.ts';

// The client's event-stream reader: a tested parser (line endings split across chunks stay one
// line ending), and the reconnection that resumes from the last event id.

/** A body that yields `chunks` one read at a time, then ends. */
function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    pull(controller) {
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
}

async function all(stream: ReadableStream<Uint8Array>) {
  const out = [];
  for await (const message of messages(stream)) out.push(message);
  return out;
}

describe('the event-stream reader', () => {
  it('reads a CRLF split across two chunks as one line ending, not a blank line', async () => {
    const read = await all(
      body([
        ':\r\n\r\n',
        'id: e1.7\r',
        '\nevent: next\r',
        '\ndata: {"data":{"n":1}}\r',
        '\n\r',
        '\nevent: complete\r\ndata:\r\n\r\n',
      ]),
    );
    expect(read).toEqual([
      { id: 'e1.7', event: 'next', data: '{"data":{"n":1}}' },
      { id: undefined, event: 'complete', data: '' },
    ]);
  });

  it('joins multi-line data and reads a multi-byte character split across chunks', async () => {
    const bytes = new TextEncoder().encode('event: next\ndata: {"a":\ndata: "é"}\n\n');
    const at = bytes.indexOf(0xc3) + 1;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, at));
        controller.enqueue(bytes.slice(at));
        controller.close();
      },
    });
    expect(await all(stream)).toEqual([{ id: undefined, event: 'next', data: '{"a":\n"é"}' }]);
  });
});

describe('subscribeDocsGraph', () => {
  it('reconnects after a lost stream with Last-Event-ID, and stops at complete', async () => {
    const sent: (string | null)[] = [];
    const answers = [
      // The first stream is cut after one event (no `complete`).
      ['id: e1.1\r', '\nevent: next\r\ndata: {"data":{"n":1}}\r\n\r\n'],
      ['id: e1.2\nevent: next\ndata: {"data":{"n":2}}\n\n', 'event: complete\ndata:\n\n'],
    ];
    const fake: typeof fetch = async (_input, init) => {
      sent.push(new Headers(init?.headers).get('last-event-id'));
      const chunks = answers.shift() ?? [];
      return new Response(body(chunks), {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
      });
    };
    const received: unknown[] = [];
    await new Promise<void>((resolve) => {
      subscribeDocsGraph(
        { endpoint: 'http://gateway.test/graphql', fetch: fake },
        'subscription { n }',
        {},
        {
          onData: (data) => {
            received.push(data);
            if (received.length === 2) resolve();
          },
        },
      );
    });
    expect(received).toEqual([{ n: 1 }, { n: 2 }]);
    expect(sent).toEqual([null, 'e1.1']);
  });
});
