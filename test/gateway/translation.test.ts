import { describe, expect, it } from 'vitest';
import { FakeUpstream, runSchema } from '../support/gateway.ts';
import { globalId } from '../support/ids.ts';

const translation = (id: string, extra: Record<string, unknown> = {}) => ({
  object: 'translation',
  id,
  status: 'completed',
  source: { space: 's1', language: 'en' },
  language: 'fr',
  result: { space: 's2', revision: 'r1' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('translations (schema level)', () => {
  it('sourceSpace/resultSpace { id } cost nothing; unknown status is UNKNOWN', async () => {
    const upstream = new FakeUpstream({
      '/orgs/o1/translations/t1': translation('t1', { status: 'queued' }),
    });
    const result = await runSchema(
      upstream,
      `{ node(id: "${globalId('Translation', 'o1/t1')}") { ... on Translation {
        status language sourceSpace { id } resultSpace { id } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      node: {
        status: 'UNKNOWN',
        language: 'fr',
        sourceSpace: { id: globalId('Space', 's1') },
        resultSpace: { id: globalId('Space', 's2') },
      },
    });
    expect(upstream.paths).toEqual(['/orgs/o1/translations/t1']);
  });

  it('resultSpace is null before the first run', async () => {
    const upstream = new FakeUpstream({
      '/orgs/o1/translations/t1': translation('t1', { status: 'pending', result: undefined }),
    });
    const result = await runSchema(
      upstream,
      `{ node(id: "${globalId('Translation', 'o1/t1')}") { ... on Translation { status resultSpace { id } } } }`,
    );
    expect(result.data).toEqual({ node: { status: 'PENDING', resultSpace: null } });
  });

  it('createTranslation validates before any call; run posts once and never retries', async () => {
    const upstream = new FakeUpstream({}, (req) =>
      req.method === 'POST' && req.path.endsWith('/run')
        ? { status: 503, body: { error: { code: 503, message: 'busy' } } }
        : undefined,
    );
    const bad = await runSchema(
      upstream,
      `mutation { createTranslation(input: { organizationId: "o1", sourceSpaceId: "s1", language: "xx-yy" }) { __typename } }`,
    );
    expect(bad.data).toEqual({ createTranslation: { __typename: 'ValidationError' } });
    expect(upstream.requests).toHaveLength(0);
    const run = await runSchema(
      upstream,
      `mutation { runTranslation(input: { translationId: "${globalId('Translation', 'o1/t1')}" }) { __typename } }`,
    );
    expect(run.errors).toMatchObject([
      {
        message: 'upstream answered 503 for /orgs/o1/translations/t1/run: busy',
        path: ['runTranslation'],
        extensions: { code: 'UPSTREAM_ERROR', status: 503 },
      },
    ]);
    expect(upstream.paths).toEqual(['POST /orgs/o1/translations/t1/run']);
  });

  it('deleteTranslation answers the deleted global ID', async () => {
    const upstream = new FakeUpstream({ 'DELETE /orgs/o1/translations/t1': null });
    const id = globalId('Translation', 'o1/t1');
    const result = await runSchema(
      upstream,
      `mutation { deleteTranslation(input: { translationId: "${id}" }) {
        __typename ... on DeleteTranslationPayload { deletedId } } }`,
    );
    expect(result.data).toEqual({
      deleteTranslation: { __typename: 'DeleteTranslationPayload', deletedId: id },
    });
  });
});
