import { setFlagsFromString } from 'node:v8';

/** V8 flags the process was started with: the tuning never overrides one of them. */
const startedWith = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;

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
 * Tunes V8's heap for a long-running server (the figures are in the README's Memory section):
 *
 * - The old generation may grow 30% over what the last full collection kept before the next one
 *   (`--heap-growing-percent=30`), where V8 otherwise lets a small heap grow up to 4 times: a burst
 *   of requests then leaves garbage behind that no collection claims until much later.
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
    /** The flags the process was started with (default its command line and `NODE_OPTIONS`). */
    given?: string;
  } = {},
): MemoryTuning {
  const { quietMs = 2_000, setFlags = setFlagsFromString, given = startedWith } = options;
  if (!given.includes('--heap-growing-percent')) setFlags('--heap-growing-percent=30');
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
