/** The options of live data: subscriptions, their polls and the events held for reconnects. */
import { DEFAULT_LIVE } from '../gateway/live/options.ts';
import { option, wholeNumber } from './option.ts';

/** Shortest poll interval accepted: below it a watched object would cost more than it shows. */
export const MIN_POLL_INTERVAL_MS = 250;

/** Subscriptions, polling and resumption. */
export const LIVE = {
  livePollInterval: option({
    flag: 'live-poll-interval',
    arg: '<ms>',
    env: 'DOCS_GRAPH_LIVE_POLL_INTERVAL',
    ...wholeNumber(MIN_POLL_INTERVAL_MS, 3_600_000),
    default: DEFAULT_LIVE.pollIntervalMs,
    description: `milliseconds between two polls of a watched object, across replicas (at least ${MIN_POLL_INTERVAL_MS})`,
  }),
  liveMaxPerToken: option({
    flag: 'live-max-per-token',
    arg: '<n>',
    env: 'DOCS_GRAPH_LIVE_MAX_PER_TOKEN',
    ...wholeNumber(1, 100_000),
    default: DEFAULT_LIVE.maxPerToken,
    description: 'open subscriptions one token may hold on one replica',
  }),
  liveMaxPerConnection: option({
    flag: 'live-max-per-connection',
    arg: '<n>',
    env: 'DOCS_GRAPH_LIVE_MAX_PER_CONNECTION',
    ...wholeNumber(1, 10_000),
    default: DEFAULT_LIVE.maxPerConnection,
    description: 'open subscriptions one client connection may hold',
  }),
  liveMaxTotal: option({
    flag: 'live-max-total',
    arg: '<n>',
    env: 'DOCS_GRAPH_LIVE_MAX_TOTAL',
    ...wholeNumber(1, 1_000_000),
    default: DEFAULT_LIVE.maxTotal,
    description: 'open subscriptions one replica holds in total',
  }),
  liveBuffer: option({
    flag: 'live-buffer',
    arg: '<s>',
    env: 'DOCS_GRAPH_LIVE_BUFFER',
    ...wholeNumber(0, 86_400),
    default: DEFAULT_LIVE.bufferMs / 1000,
    description:
      'seconds what a subscriber was last sent is held, so a reconnect with `Last-Event-ID` misses nothing',
  }),
  liveHeartbeat: option({
    flag: 'live-heartbeat',
    arg: '<s>',
    env: 'DOCS_GRAPH_LIVE_HEARTBEAT',
    ...wholeNumber(1, 3_600),
    default: DEFAULT_LIVE.heartbeatMs / 1000,
    description: 'seconds between two heartbeat comments on an open event stream',
  }),
};
