export {
  type Config,
  ConfigError,
  DEFAULT_LIMITS,
  type GatewayConfig,
  LIMITS,
  type Limits,
  limitsWith,
  loadConfig,
} from './config.ts';
export type { GuardOptions } from './gateway/guard/plugins.ts';
export { mountGateway } from './gateway/mount.ts';
export type { CacheOptions } from './gateway/ops/cache.ts';
export type { OpsOptions } from './gateway/ops/gateway.ts';
export { createLogger } from './gateway/ops/logging.ts';
export { createMetrics, type GatewayMetrics } from './gateway/ops/metrics.ts';
export { registerTracing } from './gateway/ops/tracing.ts';
export { createRedis } from './gateway/redis.ts';
export { UpstreamClient, type UpstreamOptions } from './gateway/upstream/client.ts';
export {
  createGateway,
  EXAMPLE_QUERY,
  type Gateway,
  type GatewayOptions,
  type GatewaySettings,
} from './gateway/yoga.ts';
