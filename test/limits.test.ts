import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, limitsWith, parseLimits } from '../src/config.ts';
import { shortPath, tooDeep } from '../src/http/limits.ts';

describe('limits', () => {
  it('finds the path of a value nested deeper than the limit, without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const path = tooDeep({ doc: deep }, 100);
    expect(path?.length).toBe(100);
    expect(shortPath(path ?? [])).toBe('doc.a.a.a...');
    expect(tooDeep({ a: [{ b: 1 }] }, 3)).toBeUndefined();
    expect(tooDeep({ a: [{ b: {} }] }, 3)).toEqual(['a', '0', 'b']);
  });

  it('parses --limits overrides and refuses unknown names and bad values', () => {
    expect(limitsWith(parseLimits('jsonDepth=20, graphqlBodyBytes=2_000_000'))).toEqual({
      ...DEFAULT_LIMITS,
      jsonDepth: 20,
      graphqlBodyBytes: 2_000_000,
    });
    expect(() => parseLimits('depth=3')).toThrow(/unknown limit "depth"/);
    expect(() => parseLimits('jsonDepth=0')).toThrow(/positive whole number/);
    expect(() => parseLimits('jsonDepth=x')).toThrow(/positive whole number/);
  });
});
