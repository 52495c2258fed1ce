import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  CURSOR_SLACK,
  DEFAULT_FIRST,
  decodeCursor,
  encodeCursor,
  MAX_FIRST,
  peekCursor,
  REST_PAGE_SIZE,
} from '../../src/gateway/connections/cursor.ts';
import { ERROR_CODES, hasErrorCode, InputError } from '../../src/gateway/errorCatalog.ts';
import { pagesFor } from '../../src/gateway/guard/listPages.ts';
import { MAX_KEY_LENGTH, operationKey } from '../../src/gateway/guard/operationKey.ts';
import {
  decodeGlobalId,
  decodeGlobalIdLenient,
  INVALID_ID,
} from '../../src/gateway/resources/globalId.ts';
import { globalId } from '../support/ids.ts';

describe('the global-ID codec', () => {
  it('decodes a canonical ID strictly and marks anything else invalid, never throwing', () => {
    expect(decodeGlobalId(globalId('Space', 'abc'))).toEqual({ typename: 'Space', id: 'abc' });
    // `U3BhY2U6YWI=` is `Space:ab`; the same bytes with unused bits set are not canonical.
    const loose = globalId('Space', 'ab').replace(/I=$/, 'J=');
    expect(loose).not.toBe(globalId('Space', 'ab'));
    for (const value of [loose, 'not base64!!', globalId('Space', ''), globalId('9x', 'a')]) {
      expect(decodeGlobalId(value).typename).toBe(INVALID_ID);
    }
  });

  it('has a lenient entry point that reads any base64 with a type before a colon', () => {
    expect(decodeGlobalIdLenient(globalId('Space', 'abc'))).toEqual({
      typename: 'Space',
      id: 'abc',
    });
    expect(decodeGlobalIdLenient(globalId('9x', 'a'))).toEqual({ typename: '9x', id: 'a' });
    expect(decodeGlobalIdLenient(globalId('Space', ''))).toEqual({ typename: 'Space', id: '' });
    expect(decodeGlobalIdLenient('not base64!!')).toBeUndefined();
    expect(decodeGlobalIdLenient(42)).toBeUndefined();
  });
});

describe('the cursor codec', () => {
  const cursor = { token: 'p2', offset: 7, key: 'item7' };

  it('reads back what it encodes, in the connection it was made for', () => {
    expect(decodeCursor('scope', encodeCursor('scope', cursor))).toEqual(cursor);
    expect(peekCursor(encodeCursor('other', cursor))).toEqual(cursor);
  });

  it('refuses a malformed cursor or one of another connection as BAD_USER_INPUT at after', () => {
    const refusal = (after: string) => {
      try {
        decodeCursor('scope', after);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const malformed = refusal('bm90IGpzb24');
    expect(malformed).toBeInstanceOf(InputError);
    expect((malformed as InputError).message).toBe('after: malformed cursor');
    expect(hasErrorCode(malformed, 'BAD_USER_INPUT')).toBe(true);
    expect((refusal(encodeCursor('other', cursor)) as Error).message).toBe(
      'after: the cursor belongs to another connection',
    );
    expect(peekCursor('bm90IGpzb24')).toBeUndefined();
  });

  it('says the page sizes once, as the contract gives them', () => {
    expect([DEFAULT_FIRST, REST_PAGE_SIZE, MAX_FIRST, CURSOR_SLACK]).toEqual([50, 1000, 1000, 25]);
  });

  it('bounds the pages the estimate counts past a cursor by its offset and key', () => {
    const near = encodeCursor('s', { token: null, offset: 10, key: null });
    const keyed = encodeCursor('s', { token: null, offset: 970, key: 'k' });
    expect(pagesFor(50, near)).toBe(1);
    // 970 + 10 + 1 + the slack of a keyed cursor crosses into a second page.
    expect(pagesFor(10, keyed)).toBe(2);
    expect(pagesFor(10, 'malformed')).toBe(2);
  });
});

describe('the error catalog', () => {
  it('names each code once, with what it means', () => {
    const codes = Object.keys(ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const meaning of Object.values(ERROR_CODES)) expect(meaning.length).toBeGreaterThan(10);
  });

  it('tells codes apart', () => {
    const error = new GraphQLError('x', { extensions: { code: 'THROTTLED' } });
    expect(hasErrorCode(error, 'THROTTLED')).toBe(true);
    expect(hasErrorCode(error, 'SUBSCRIPTION_LIMIT')).toBe(false);
    expect(hasErrorCode(new Error('x'), 'THROTTLED')).toBe(false);
  });
});

describe('the key of an operation and its variables', () => {
  it('is kept up to MAX_KEY_LENGTH, and not for variables too deep to serialise', () => {
    expect(operationKey('Q', { a: 1 })).toBe('Q\u0000{"a":1}');
    expect(operationKey(undefined, undefined)).toBe('\u0000');
    expect(operationKey('Q', { text: 'x'.repeat(MAX_KEY_LENGTH) })).toBeUndefined();
    const deep: Record<string, unknown> = {};
    deep.self = deep;
    expect(operationKey('Q', deep)).toBeUndefined();
  });
});
