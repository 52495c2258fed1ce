import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags the process was started with, on node's command line and in `NODE_OPTIONS` (given by
 * the caller: the configuration reads the environment): the tuning never overrides one of them.
 */
export function startedWith(nodeOptions: string | undefined): string {
  return `${process.execArgv.join(' ')} ${nodeOptions ?? ''}`;
}

/**
 * Tunes V8's heap for a long-running server (the figures are in docs/benchmarks.md, Memory): the
 * old generation may grow 15% over what the last full collection kept before the next one
 * (`--heap-growing-percent=15`), where V8 otherwise lets a small heap grow up to 4 times, so that
 * a burst of requests (or of hostile documents) leaves no garbage behind that no collection
 * claims until much later. With it, `bench/memory.ts` peaks at 233 MB where V8's own sizing
 * peaks at 339 MB.
 *
 * The young generation is left to V8 (it grows to 16 MB semi-spaces under load): the bench chose
 * it over semi-spaces held at 1, 4 or 8 MB, which collect more often and cost throughput (a
 * third of the busy time under a list query at 1 MB). A memory-capped container can hold it
 * smaller with `--max-semi-space-size` (docs/operations.md). V8's `--optimize-for-size` is not
 * used: a process once switched to it stayed slower after it was switched back.
 *
 * A flag given on the command line or in `NODE_OPTIONS` is left as given.
 */
export function tuneMemory(
  options: {
    /** Where flags go (default `v8.setFlagsFromString`; tests record them). */
    setFlags?: (flags: string) => void;
    /** The flags the process was started with (default its command line; see `startedWith`). */
    given?: string;
  } = {},
): void {
  const { setFlags = setFlagsFromString, given = startedWith(undefined) } = options;
  if (!given.includes('--heap-growing-percent')) setFlags('--heap-growing-percent=15');
}
