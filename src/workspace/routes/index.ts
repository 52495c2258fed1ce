import type { RouteModule } from '../context.ts';
import { conversationsRoutes } from './conversations.ts';
import { openapiRoutes } from './openapi.ts';
import { samlRoutes } from './saml.ts';
import { teamRoutes } from './teams.ts';
import { translationRoutes } from './translations.ts';

/** Every domain's routes, registered by the app in this order. */
export const routeModules: RouteModule[] = [
  openapiRoutes,
  conversationsRoutes,
  teamRoutes,
  samlRoutes,
  translationRoutes,
];
