import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tuneMemory } from '../../src/gateway/ops/memory.ts';

describe('memory tuning', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('caps heap growth once, and never toggles V8 between memory and speed', () => {
    const flags: string[] = [];
    tuneMemory({ setFlags: (f) => flags.push(f), given: '' });
    expect(flags).toEqual(['--heap-growing-percent=15']);
    // Quiet spells change no flag: a process once switched to `--optimize-for-size` and back
    // stayed slower (docs/benchmarks.md, Memory).
    vi.advanceTimersByTime(60_000);
    expect(flags).toEqual(['--heap-growing-percent=15']);
  });

  it('leaves the flags the process was started with as they are', () => {
    const flags: string[] = [];
    tuneMemory({ setFlags: (f) => flags.push(f), given: '--heap-growing-percent=50' });
    vi.advanceTimersByTime(10_000);
    expect(flags).toEqual([]);
  });
});

describe('the CLI', () => {
  it('evaluates src/boot.ts before any other module, built (src/entry.ts) or run through tsx', () => {
    for (const entry of ['entry.ts', 'cli.ts']) {
      const source = readFileSync(new URL(`../../src/${entry}`, import.meta.url), 'utf8');
      const first = source.split('\n').find((line) => line.startsWith('import'));
      expect(first, entry).toBe("import './boot.ts';");
    }
  });
});
