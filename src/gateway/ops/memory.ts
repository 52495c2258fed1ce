import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags the process was started with, on node's command line and in `NODE_OPTIONS` (given by
 * the caller: the configuration reads the environment): the tuning never overrides one of them.
 */
export function startedWith(nodeOptions: string | undefined): string {
  return `${process.execArgv.join(' ')} ${nodeOptions ?? ''}`;
}

/**
 * Keeps V8's young generation at its starting size (`--semi-space-growth-factor=1`: semi-spaces
 * of 1 MB), where V8 otherwise doubles it, up to 16 MB per semi-space, whenever many objects
 * survive a scavenge: a busy server then holds the grown pages, and the native memory that comes
 * and goes beside them, for good. Scavenges run more often and promote a little more; measured
 * with `bench/memory.ts`, the gateway's peak RSS is 60 to 75 MB lower for about 3% fewer requests
 * per second. It has to be set before the young generation grows, so the CLI sets it from its
 * first module (`src/boot.ts`), before the others load; `releaseYoungGeneration` gives V8 its
 * default back (`--memory-tuning off`). A semi-space flag given at start is left as given.
 */
export function capYoungGeneration(
  setFlags: (flags: string) => void = setFlagsFromString,
  given = startedWith(undefined),
): void {
  if (!given.includes('semi-space')) setFlags('--semi-space-growth-factor=1');
}

/** Lets the young generation grow as V8 does by default (factor 2). */
export function releaseYoungGeneration(
  setFlags: (flags: string) => void = setFlagsFromString,
  given = startedWith(undefined),
): void {
  if (!given.includes('semi-space')) setFlags('--semi-space-growth-factor=2');
}

/**
 * Tunes V8's heap for a long-running server (the figures are in docs/benchmarks.md, Memory):
 *
 * - The old generation may grow 15% over what the last full collection kept before the next one
 *   (`--heap-growing-percent=15`), where V8 otherwise lets a small heap grow up to 4 times: a burst
 *   of requests then leaves garbage behind that no collection claims until much later.
 * - The young generation stays at its starting size (`capYoungGeneration`, from the CLI's first
 *   module).
 *
 * What a burst grew is returned by V8's own memory reducer, which runs about 8 s after the
 * allocation rate drops. An earlier version also told V8 to favour memory over speed
 * (`--optimize-for-size`) after 2 s without a request and back at the next one: it returned no
 * more memory in `bench/memory.ts`, and a process that had once been quiet stayed slower after
 * the flag was turned off again (7% more CPU per request with a 1 MB young generation, 74% with a
 * grown one; docs/benchmarks.md, Memory).
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
