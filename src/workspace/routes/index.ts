import type { RouteModule } from '../context.ts';
import { changeRequestRoutes } from './changeRequests.ts';
import { collectionsRoutes } from './collections.ts';
import { commentsRoutes } from './comments.ts';
import { contentRoutes } from './content.ts';
import { conversationsRoutes } from './conversations.ts';
import { membersRoutes } from './members.ts';
import { openapiRoutes } from './openapi.ts';
import { organizationsRoutes } from './organizations.ts';
import { revisionRoutes } from './revisions.ts';
import { samlRoutes } from './saml.ts';
import { searchRoutes } from './search.ts';
import { siteRoutes } from './sites.ts';
import { spacesRoutes } from './spaces.ts';
import { teamRoutes } from './teams.ts';
import { translationRoutes } from './translations.ts';

/** Every domain's routes, registered by the app in this order. */
export const routeModules: RouteModule[] = [
  organizationsRoutes,
  membersRoutes,
  collectionsRoutes,
  spacesRoutes,
  contentRoutes,
  revisionRoutes,
  changeRequestRoutes,
  searchRoutes,
  commentsRoutes,
  openapiRoutes,
  conversationsRoutes,
  teamRoutes,
  samlRoutes,
  siteRoutes,
  translationRoutes,
];
