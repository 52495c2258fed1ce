import { describe, expect, it } from 'vitest';
import { toRestId } from '../../src/gateway/ids.ts';
import { restPath, segment } from '../../src/gateway/upstream/path.ts';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('restPath', () => {
  it('encodes every interpolation as one opaque segment', () => {
    expect(restPath`/spaces/${'a/b?c#d'}/change-requests/${'%2e%2e'}`).toBe(
      '/spaces/a%2Fb%3Fc%23d/change-requests/%252e%252e',
    );
    expect(restPath`/orgs/${'✓ x'}/teams`).toBe('/orgs/%E2%9C%93%20x/teams');
  });

  it.each([
    ['..', 'is a dot segment'],
    ['.', 'is a dot segment'],
    ['', 'is empty'],
    ['a'.repeat(201), 'is longer than 200 characters'],
    ['\uD800', 'is not well-formed Unicode'],
    [42, 'is not a string'],
  ])('refuses %j with BAD_USER_INPUT before any call', (value, problem) => {
    expect(() => restPath`/spaces/${value}`).toThrowError(
      expect.objectContaining({
        message: `id ${problem}: not a valid path segment`,
        extensions: { code: 'BAD_USER_INPUT' },
      }),
    );
  });

  it('keeps NUL bytes, slashes and percent signs inside one segment', () => {
    expect(segment('\u0000/..%')).toBe('%00%2F..%25');
  });
});

describe('toRestId with the hostile ids of the corpus', () => {
  it.each([
    ['base64 of Collection:%', 'Q29sbGVjdGlvbjol', 'Collection'],
    ['Space:..', b64('Space:..'), 'Space'],
    ['Space:.', b64('Space:.'), 'Space'],
    ['Space: (empty)', b64('Space:'), 'Space'],
    ['ChangeRequest:<space>/..', b64('ChangeRequest:s1/..'), 'ChangeRequest'],
    ['Team:../..', b64('Team:../..'), 'Team'],
    ['Team:%2E%2E', b64('Team:%2E%2E'), 'Team'],
    ['Space:%E0%A4%A', b64('Space:%E0%A4%A'), 'Space'],
    ['a REST id ..', '..', 'Space'],
    ['a 500 KB REST id', 'a'.repeat(500_000), 'Space'],
  ])('%s is BAD_USER_INPUT, never a path', (_name, id, typename) => {
    expect(() => toRestId(id, typename)).toThrowError(
      expect.objectContaining({
        message: `id: not a valid ${typename} ID`,
        extensions: { code: 'BAD_USER_INPUT' },
      }),
    );
  });

  it('composite addresses are refused when any segment is a dot segment', () => {
    expect(() => toRestId(b64('ChangeRequest:../1'), 'ChangeRequest', true)).toThrowError(
      'id: not a valid ChangeRequest ID',
    );
    expect(toRestId(b64('ChangeRequest:s1/7'), 'ChangeRequest', true)).toBe('s1/7');
  });

  it('odd but well-formed REST ids pass through to be encoded', () => {
    expect(toRestId('../../orgs', 'Space')).toBe('../../orgs');
    expect(restPath`/spaces/${toRestId('../../orgs', 'Space')}`).toBe('/spaces/..%2F..%2Forgs');
  });
});
