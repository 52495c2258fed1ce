import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/**
 * V8 flags the process was started with, on node's command line and in `NODE_OPTIONS` (given by
 * the caller: the configuration reads the environment): the tuning never overrides one of them.
 */
export function startedWith(nodeOptions: string | undefined): string {
  return `${process.execArgv.join(' ')} ${nodeOptions ?? ''}`;
}

/** Largest size of one semi-space of V8's young generation under the cap, in MB. */
export const YOUNG_GENERATION_CAP_MB = 4;

const MB = 1024 * 1024;

/** The bytes V8's young generation holds now (both semi-spaces). */
function newSpaceBytes(): number {
  return (
    getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0
  );
}

/** Calls `check` after every young-generation collection; returns what stops it. */
function afterScavenges(check: () => void): () => void {
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as { detail?: { kind?: number } }).detail;
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        check();
        return;
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => observer.disconnect();
}

/** What stops the cap of this process (set by `capYoungGeneration`). */
let stopCap: (() => void) | undefined;

/**
 * Lets V8's young generation grow from its starting 1 MB per semi-space up to
 * `YOUNG_GENERATION_CAP_MB`, then holds it there (`--semi-space-growth-factor=1`), where V8 would
 * double it up to 16 MB whenever many objects survive a scavenge: a busy server then holds the
 * grown pages, and the native memory that comes and goes beside them, for good. The growth factor
 * is V8's only young-generation setting that still applies once the heap exists, so the size is
 * read after each scavenge: at the cap, growth stops; below it again (V8 shrinks the young
 * generation of an idle process), growth resumes. Held at 1 MB, scavenges ran so often that they
 * took 15% to 30% of the gateway's busy time (docs/benchmarks.md, Memory); at 4 MB they take about
 * a third of that, for a few MB more. It has to be set before the young generation grows, so the
 * CLI sets it from its first module (`src/boot.ts`), before the others load;
 * `releaseYoungGeneration` gives V8 its default back (`--memory-tuning off`). A semi-space flag
 * given at start is left as given.
 */
export function capYoungGeneration(
  setFlags: (flags: string) => void = setFlagsFromString,
  given = startedWith(undefined),
  options: {
    capMb?: number;
    /** The young generation's size in bytes (default V8's heap statistics). */
    size?: () => number;
    /** Runs `check` after each scavenge and returns what stops it (default a GC observer). */
    watch?: (check: () => void) => () => void;
  } = {},
): void {
  if (given.includes('semi-space')) return;
  const { capMb = YOUNG_GENERATION_CAP_MB, size = newSpaceBytes, watch = afterScavenges } = options;
  // The young generation holds two semi-spaces.
  const cap = 2 * capMb * MB;
  let held = false;
  const check = () => {
    const atCap = size() >= cap;
    if (atCap === held) return;
    held = atCap;
    setFlags(`--semi-space-growth-factor=${held ? 1 : 2}`);
  };
  stopCap?.();
  stopCap = watch(check);
  check();
}

/** Lets the young generation grow as V8 does by default (factor 2, up to 16 MB). */
export function releaseYoungGeneration(
  setFlags: (flags: string) => void = setFlagsFromString,
  given = startedWith(undefined),
): void {
  stopCap?.();
  stopCap = undefined;
  if (!given.includes('semi-space')) setFlags('--semi-space-growth-factor=2');
}

/** The process's memory tuning, told when requests start and end. */
export interface MemoryTuning {
  /** A request starts: V8 goes back to favouring speed at once. */
  begin(): void;
  /** A request ended. */
  end(): void;
  /** Stops watching (and favours speed again). */
  close(): void;
}

/**
 * Tunes V8's heap for a long-running server (the figures are in docs/benchmarks.md, Memory):
 *
 * - The old generation may grow 15% over what the last full collection kept before the next one
 *   (`--heap-growing-percent=15`), where V8 otherwise lets a small heap grow up to 4 times: a burst
 *   of requests then leaves garbage behind that no collection claims until much later.
 * - The young generation grows to at most 4 MB per semi-space (`capYoungGeneration`, from the
 *   CLI's first module).
 * - After `quietMs` with no request in flight, V8 is told to favour memory over speed
 *   (`--optimize-for-size`) until the next request starts. Its memory reducer, which checks
 *   every 8 s, then collects, compacts and shrinks the young generation, returning what a burst
 *   grew; left alone it waits for an allocation rate measured since the last collection to look
 *   low, a minute or more after the burst. Under load the flag is off: it costs about half again
 *   as much CPU per request.
 *
 * A flag given on the command line or in `NODE_OPTIONS` is left as given.
 */
export function tuneMemory(
  options: {
    quietMs?: number;
    /** Where flags go (default `v8.setFlagsFromString`; tests record them). */
    setFlags?: (flags: string) => void;
    /** The flags the process was started with (default its command line; see `startedWith`). */
    given?: string;
  } = {},
): MemoryTuning {
  const {
    quietMs = 2_000,
    setFlags = setFlagsFromString,
    given = startedWith(undefined),
  } = options;
  if (!given.includes('--heap-growing-percent')) setFlags('--heap-growing-percent=15');
  if (given.includes('optimize-for-size')) return { begin() {}, end() {}, close() {} };
  let lean = false;
  let active = 0;
  let quietSince = performance.now();
  const leave = () => {
    if (!lean) return;
    lean = false;
    setFlags('--no-optimize-for-size');
  };
  const watch = setInterval(() => {
    if (lean || active > 0 || performance.now() - quietSince < quietMs) return;
    lean = true;
    setFlags('--optimize-for-size');
  }, 500);
  watch.unref();
  return {
    begin() {
      active += 1;
      leave();
    },
    end() {
      active -= 1;
      if (active === 0) quietSince = performance.now();
    },
    close() {
      clearInterval(watch);
      leave();
    },
  };
}
