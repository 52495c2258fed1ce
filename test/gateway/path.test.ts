import { describe, expect, it } from 'vitest';
import '../../src/gateway/schema/index.ts';
import { resourceOf } from '../../src/gateway/resources/resource.ts';
import { SpaceResource } from '../../src/gateway/schema/space/resource.ts';
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

describe('input ids with the hostile ids of the corpus', () => {
  const resource = (typename: string) => {
    const found = resourceOf(typename);
    if (!found) throw new Error(`no resource ${typename}`);
    return found;
  };

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
    expect(() => resource(typename).parseInput(id)).toThrowError(
      expect.objectContaining({
        message: `id: not a valid ${typename} ID`,
        extensions: { code: 'BAD_USER_INPUT' },
      }),
    );
  });

  it('composite addresses are refused when any segment is a dot segment', () => {
    expect(() => resource('ChangeRequest').parseInput(b64('ChangeRequest:../1'))).toThrowError(
      'id: not a valid ChangeRequest ID',
    );
    expect(resource('ChangeRequest').parseInput(b64('ChangeRequest:s1/7'))).toEqual({
      space: 's1',
      id: '7',
    });
  });

  it('odd but well-formed REST ids pass through to be encoded', () => {
    const { id } = SpaceResource.parseInput('../../orgs');
    expect(id).toBe('../../orgs');
    expect(restPath`/spaces/${id}`).toBe('/spaces/..%2F..%2Forgs');
  });
});
