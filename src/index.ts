export { mountGateway } from './gateway/mount.ts';
export {
  createGateway,
  EXAMPLE_QUERY,
  type Gateway,
  type GatewayOptions,
} from './gateway/server.ts';
export { UpstreamClient, type UpstreamOptions } from './gateway/upstream/client.ts';
