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
  it('grows to the cap, is held there, grows again below it, and can be released', () => {
    const flags: string[] = [];
    const record = (f: string) => flags.push(f);
    let bytes = 2 * 1024 * 1024;
    let check: (() => void) | undefined;
    let stopped = 0;
    const watch = (c: () => void) => {
      check = c;
      return () => {
        stopped += 1;
      };
    };
    capYoungGeneration(record, '', { capMb: 4, size: () => bytes, watch });
    expect(flags).toEqual([]);
    bytes = 8 * 1024 * 1024; // two semi-spaces of 4 MB
    check?.();
    check?.();
    expect(flags).toEqual(['--semi-space-growth-factor=1']);
    bytes = 2 * 1024 * 1024; // V8 shrank it while idle
    check?.();
    expect(flags).toEqual(['--semi-space-growth-factor=1', '--semi-space-growth-factor=2']);
    releaseYoungGeneration(record, '');
    expect(stopped).toBe(1);
    expect(flags.at(-1)).toBe('--semi-space-growth-factor=2');
  });

  it('is left as given when a semi-space flag was given at start', () => {
    const flags: string[] = [];
    const record = (f: string) => flags.push(f);
    let watched = false;
    capYoungGeneration(record, '--max-semi-space-size=32', {
      size: () => 64 * 1024 * 1024,
      watch: () => {
        watched = true;
        return () => {};
      },
    });
    releaseYoungGeneration(record, '--max-semi-space-size=32');
    expect(flags).toEqual([]);
    expect(watched).toBe(false);
  });

  it('holds a real young generation at the cap', async () => {
    const { execFileSync } = await import('node:child_process');
    const script = `
      import { capYoungGeneration } from ${JSON.stringify(new URL('../../src/gateway/ops/memory.ts', import.meta.url).pathname)};
      import { getHeapSpaceStatistics } from 'node:v8';
      capYoungGeneration();
      let keep = [];
      // A server's allocations come a turn of the event loop at a time (the cap is read between them).
      for (let round = 0; round < 1500; round++) {
        for (let i = 0; i < 2000; i++) { keep.push({ i, list: [i] }); if (keep.length > 30000) keep = []; }
        await new Promise((resolve) => setImmediate(resolve));
      }
      const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
      console.log(space.space_size);
    `;
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    // Two semi-spaces of at most 4 MB: V8 alone would have grown them to 16 MB each.
    expect(Number(out.trim())).toBeLessThanOrEqual(8 * 1024 * 1024);
    // It did grow past its starting 1 MB per semi-space.
    expect(Number(out.trim())).toBeGreaterThan(2 * 1024 * 1024);
  });

  it('is capped by the first module of the CLI, built (src/entry.ts) or run through tsx', () => {
    for (const entry of ['entry.ts', 'cli.ts']) {
      const source = readFileSync(new URL(`../../src/${entry}`, import.meta.url), 'utf8');
      const first = source.split('\n').find((line) => line.startsWith('import'));
      expect(first, entry).toBe("import './boot.ts';");
    }
  });
});
