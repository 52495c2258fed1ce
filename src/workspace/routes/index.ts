import type { RouteModule } from '../context.ts';
import { samlRoutes } from './saml.ts';
import { teamRoutes } from './teams.ts';
import { translationRoutes } from './translations.ts';

/** Every domain's routes, registered by the app in this order. */
export const routeModules: RouteModule[] = [teamRoutes, samlRoutes, translationRoutes];
