import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  capYoungGeneration,
  releaseYoungGeneration,
  tuneMemory,
} from '../../src/gateway/ops/memory.ts';

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
    expect(flags).toEqual(['--heap-growing-percent=15']);

    memory.begin();
    vi.advanceTimersByTime(5_000);
    expect(flags).toHaveLength(1); // a request is in flight: never idle
    memory.end();
    vi.advanceTimersByTime(1_000);
    expect(flags).toHaveLength(1); // quiet for less than 2 s
    vi.advanceTimersByTime(1_500);
    expect(flags).toEqual(['--heap-growing-percent=15', '--optimize-for-size']);
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

describe('young generation', () => {
  it('stays at its starting size, unless a semi-space flag was given, and can be released', () => {
    const flags: string[] = [];
    const record = (f: string) => flags.push(f);
    capYoungGeneration(record, '');
    releaseYoungGeneration(record, '');
    capYoungGeneration(record, '--max-semi-space-size=32');
    releaseYoungGeneration(record, '--max-semi-space-size=32');
    expect(flags).toEqual(['--semi-space-growth-factor=1', '--semi-space-growth-factor=2']);
  });

  it('is capped by the first module of the CLI, built (src/entry.ts) or run through tsx', () => {
    for (const entry of ['entry.ts', 'cli.ts']) {
      const source = readFileSync(new URL(`../../src/${entry}`, import.meta.url), 'utf8');
      const first = source.split('\n').find((line) => line.startsWith('import'));
      expect(first, entry).toBe("import './boot.ts';");
    }
  });
});
