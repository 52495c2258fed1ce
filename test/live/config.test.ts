import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('live data options', () => {
  it('reads the poll interval and limits, and refuses an interval below the minimum', () => {
    const config = loadConfig({
      command: 'gateway',
      env: {},
      flags: { 'live-poll-interval': '1000', 'live-max-per-token': '5', 'live-buffer': '60' },
    });
    expect(config.gateway.ops.live).toMatchObject({
      pollIntervalMs: 1000,
      maxPerToken: 5,
      bufferMs: 60_000,
    });
    expect(() =>
      loadConfig({ command: 'gateway', env: {}, flags: { 'live-poll-interval': '10' } }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ command: 'gateway', env: { DOCS_GRAPH_LIVE_POLL_INTERVAL: '10' } }),
    ).toThrow(/--live-poll-interval \(DOCS_GRAPH_LIVE_POLL_INTERVAL\) .*250/);
  });
});
