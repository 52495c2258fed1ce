import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { serializeResult } from '../../src/gateway/live/sse.ts';

describe('the JSON of an event', () => {
  it('keeps neither http nor unexpected, in the result or in any error', () => {
    const masked = new GraphQLError('Unexpected error.', {
      extensions: { code: 'INTERNAL_SERVER_ERROR', unexpected: true },
    });
    const refused = new GraphQLError('no access', {
      path: ['changeRequestChanged'],
      extensions: { code: 'FORBIDDEN', status: 403, http: { status: 403 } },
    });
    const bare = new GraphQLError('internal only', { extensions: { http: { status: 500 } } });
    const json = JSON.parse(
      serializeResult({
        data: null,
        errors: [masked, refused, bare],
        extensions: { http: { status: 500 }, cost: { requested: 1 } },
      }),
    );
    expect(json).toEqual({
      data: null,
      errors: [
        { message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
        {
          message: 'no access',
          path: ['changeRequestChanged'],
          extensions: { code: 'FORBIDDEN', status: 403 },
        },
        { message: 'internal only' },
      ],
      extensions: { cost: { requested: 1 } },
    });
  });

  it('leaves out extensions that only held http', () => {
    expect(JSON.parse(serializeResult({ data: { a: 1 }, extensions: { http: {} } }))).toEqual({
      data: { a: 1 },
    });
  });
});
