// The options of live data and their defaults, which `src/config/live.ts` imports.

/** The limits and timings of live data (the `--live-*` options). */
export interface LiveOptions {
  /** Between two polls of a watched object, across replicas. */
  pollIntervalMs: number;
  maxPerToken: number;
  maxPerConnection: number;
  maxTotal: number;
  /** How long what a token was sent is held for a reconnect (`Last-Event-ID`). */
  bufferMs: number;
  /** Between two heartbeat comments of an event stream. */
  heartbeatMs: number;
}

export const DEFAULT_LIVE: LiveOptions = {
  pollIntervalMs: 5_000,
  maxPerToken: 50,
  maxPerConnection: 10,
  maxTotal: 10_000,
  bufferMs: 300_000,
  heartbeatMs: 15_000,
};

/**
 * A lease lasts this many poll intervals and is renewed every half interval, so a replica that
 * dies holding it (and never gives it back) loses it within 1.5 intervals; the others try every
 * half interval, so one of them polls within two intervals of the death.
 */
export const LEASE_INTERVALS = 1.5;
