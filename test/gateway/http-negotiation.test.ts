// Content negotiation and status codes of the GraphQL-over-HTTP answers, through `yoga.fetch`.
import { describe, expect, it } from 'vitest';
import { createGateway } from '../../src/gateway/yoga.ts';
import { listPage, restOrganization } from '../support/fixtures.ts';
import { FakeUpstream } from '../support/gateway.ts';
import { errorCodes } from '../support/graph.ts';

const GRAPHQL_RESPONSE = 'application/graphql-response+json';
const JSON_TYPE = 'application/json';

/** A gateway over an upstream with one organization, and the calls it gets. */
function gateway() {
  const upstream = new FakeUpstream({ '/orgs?limit=51': listPage([restOrganization('o1')]) });
  return { upstream, gateway: createGateway({ upstream }) };
}

async function post(
  target: ReturnType<typeof createGateway>,
  accept: string,
  body: string,
): Promise<{ status: number; type: string | null; text: string }> {
  const response = await target.fetch('http://gateway.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept, authorization: 'Bearer t' },
    body,
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  };
}

const query = (text: string) => JSON.stringify({ query: text });

describe('content negotiation', () => {
  it('answers in the media type the client accepts', async () => {
    const { gateway: target } = gateway();
    for (const accept of [GRAPHQL_RESPONSE, JSON_TYPE]) {
      const answer = await post(target, accept, query('{ organizations { totalCount } }'));
      expect(answer.status).toBe(200);
      expect(answer.type).toBe(`${accept}; charset=utf-8`);
      expect(JSON.parse(answer.text).data).toEqual({ organizations: { totalCount: 1 } });
    }
  });

  it('answers 406 to an Accept it cannot serve', async () => {
    const { gateway: target } = gateway();
    const answer = await post(target, 'text/plain', query('{ organizations { totalCount } }'));
    expect(answer.status).toBe(406);
    expect(answer.text).toBe('');
  });
});

describe('status codes of requests that never execute', () => {
  it.each([
    ['a syntax error', '{ organizations { ', 'GRAPHQL_PARSE_FAILED'],
    ['an unknown field', '{ nope }', 'GRAPHQL_VALIDATION_FAILED'],
  ])(
    'answers %s 400 as graphql-response+json, 200 as application/json',
    async (_name, text, code) => {
      const { gateway: target, upstream } = gateway();
      const strict = await post(target, GRAPHQL_RESPONSE, query(text));
      expect(strict.status).toBe(400);
      expect(errorCodes(JSON.parse(strict.text).errors)).toEqual([code]);
      const legacy = await post(target, JSON_TYPE, query(text));
      expect(legacy.status).toBe(200);
      expect(errorCodes(JSON.parse(legacy.text).errors)).toEqual([code]);
      expect(JSON.parse(legacy.text).data).toBeUndefined();
      expect(upstream.requests).toHaveLength(0);
    },
  );

  it('answers a body that is not JSON with 400 BAD_REQUEST', async () => {
    const { gateway: target, upstream } = gateway();
    const answer = await post(target, JSON_TYPE, '{"query": ');
    expect(answer.status).toBe(400);
    expect(errorCodes(JSON.parse(answer.text).errors)).toEqual(['BAD_REQUEST']);
    expect(upstream.requests).toHaveLength(0);
  });
});
