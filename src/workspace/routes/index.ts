import type { RouteModule } from '../context.ts';

/** Every domain's routes, registered by the app in this order. */
export const routeModules: RouteModule[] = [];
