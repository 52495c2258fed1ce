import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tuneMemory } from '../../src/gateway/ops/memory.ts';

describe('memory tuning', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('caps heap growth, favours memory once quiet and speed again when a request starts', () => {
    const flags: string[] = [];
    const memory = tuneMemory({ quietMs: 2_000, setFlags: (f) => flags.push(f), given: '' });
    expect(flags).toEqual(['--heap-growing-percent=30']);

    memory.begin();
    vi.advanceTimersByTime(5_000);
    expect(flags).toHaveLength(1); // a request is in flight: never idle
    memory.end();
    vi.advanceTimersByTime(1_000);
    expect(flags).toHaveLength(1); // quiet for less than 2 s
    vi.advanceTimersByTime(1_500);
    expect(flags).toEqual(['--heap-growing-percent=30', '--optimize-for-size']);
    vi.advanceTimersByTime(10_000);
    expect(flags).toHaveLength(2); // set once per quiet spell

    memory.begin();
    memory.begin();
    expect(flags.at(-1)).toBe('--no-optimize-for-size');
    memory.end();
    vi.advanceTimersByTime(5_000);
    expect(flags).toHaveLength(3); // one request still in flight
    memory.end();
    vi.advanceTimersByTime(2_500);
    expect(flags.at(-1)).toBe('--optimize-for-size');
    memory.close();
    expect(flags.at(-1)).toBe('--no-optimize-for-size');
    expect(flags).toHaveLength(5);
  });

  it('leaves the flags the process was started with as they are', () => {
    const flags: string[] = [];
    const memory = tuneMemory({
      setFlags: (f) => flags.push(f),
      given: '--heap-growing-percent=50 --optimize-for-size',
    });
    vi.advanceTimersByTime(10_000);
    memory.begin();
    memory.end();
    memory.close();
    expect(flags).toEqual([]);
  });
});
