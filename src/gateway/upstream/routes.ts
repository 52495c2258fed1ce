/**
 * The `/v1` routes the gateway calls (paths under `/v1`), as templates in the spec's words. Metrics,
 * logs and trace spans name upstream calls by template (`/spaces/{spaceId}/change-requests`), never
 * by raw path, so ids never become label values. The resource descriptors register their routes
 * (`registerRoute`) when they are defined: no list is kept by hand.
 */
const routes: string[] = [];
/** The match tree of `routes`, made again after a registration. */
let tree: Node | undefined;

/** Every registered route template, in registration order. */
export const V1_ROUTES: readonly string[] = routes;

/** Adds a route template (once) to those upstream paths are named by. */
export function registerRoute(template: string): void {
  if (routes.includes(template)) return;
  routes.push(template);
  tree = undefined;
}

const LEGACY_ROUTES: readonly string[] = [
  '/collections/{collectionId}',
  '/collections/{collectionId}/move',
  '/collections/{collectionId}/spaces',
  '/collections/{collectionId}/transfer',
  '/orgs',
  '/orgs/{organizationId}',
  '/orgs/{organizationId}/agent-instructions',
  '/orgs/{organizationId}/change-requests',
  '/orgs/{organizationId}/collections',
  '/orgs/{organizationId}/conversations',
  '/orgs/{organizationId}/conversations-clusters',
  '/orgs/{organizationId}/conversations-clusters/{clusterId}',
  '/orgs/{organizationId}/conversations-issues',
  '/orgs/{organizationId}/conversations-issues/{issueId}',
  '/orgs/{organizationId}/conversations/{conversationId}',
  '/orgs/{organizationId}/join',
  '/orgs/{organizationId}/link-invites/{inviteId}',
  '/orgs/{organizationId}/members',
  '/orgs/{organizationId}/members/{userId}',
  '/orgs/{organizationId}/members/{userId}/spaces',
  '/orgs/{organizationId}/members/{userId}/sso',
  '/orgs/{organizationId}/members/{userId}/teams',
  '/orgs/{organizationId}/openapi',
  '/orgs/{organizationId}/openapi/{specSlug}',
  '/orgs/{organizationId}/openapi/{specSlug}/versions',
  '/orgs/{organizationId}/openapi/{specSlug}/versions/latest',
  '/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content',
  '/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}',
  '/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content',
  '/orgs/{organizationId}/ping',
  '/orgs/{organizationId}/saml',
  '/orgs/{organizationId}/saml/{samlProviderId}',
  '/orgs/{organizationId}/search',
  '/orgs/{organizationId}/sites',
  '/orgs/{organizationId}/sites/{siteId}',
  '/orgs/{organizationId}/sites/{siteId}/adaptive-schema',
  '/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions',
  '/orgs/{organizationId}/sites/{siteId}/publish',
  '/orgs/{organizationId}/sites/{siteId}/published',
  '/orgs/{organizationId}/sites/{siteId}/section-groups',
  '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}',
  '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections',
  '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}',
  '/orgs/{organizationId}/sites/{siteId}/sections',
  '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
  '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move',
  '/orgs/{organizationId}/sites/{siteId}/site-spaces',
  '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}',
  '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move',
  '/orgs/{organizationId}/spaces',
  '/orgs/{organizationId}/sso',
  '/orgs/{organizationId}/teams',
  '/orgs/{organizationId}/teams/{teamId}',
  '/orgs/{organizationId}/teams/{teamId}/members',
  '/orgs/{organizationId}/teams/{teamId}/members/{userId}',
  '/orgs/{organizationId}/translations',
  '/orgs/{organizationId}/translations/{translationId}',
  '/orgs/{organizationId}/translations/{translationId}/run',
  '/spaces/{spaceId}',
  '/spaces/{spaceId}/change-requests',
  '/spaces/{spaceId}/change-requests/{changeRequestId}',
  '/spaces/{spaceId}/change-requests/{changeRequestId}/comments',
  '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}',
  '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies',
  '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
  '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files',
  '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}',
  '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks',
  '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
  '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks',
  '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links',
  '/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages',
  '/spaces/{spaceId}/change-requests/{changeRequestId}/merge',
  '/spaces/{spaceId}/change-requests/{changeRequestId}/pdf',
  '/spaces/{spaceId}/change-requests/{changeRequestId}/update',
  '/spaces/{spaceId}/commenters',
  '/spaces/{spaceId}/comments',
  '/spaces/{spaceId}/comments/{commentId}',
  '/spaces/{spaceId}/comments/{commentId}/replies',
  '/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}',
  '/spaces/{spaceId}/content',
  '/spaces/{spaceId}/content/files',
  '/spaces/{spaceId}/content/files/{fileId}',
  '/spaces/{spaceId}/content/files/{fileId}/backlinks',
  '/spaces/{spaceId}/content/page/{pageId}',
  '/spaces/{spaceId}/content/page/{pageId}/backlinks',
  '/spaces/{spaceId}/content/page/{pageId}/links',
  '/spaces/{spaceId}/content/pages',
  '/spaces/{spaceId}/content/template',
  '/spaces/{spaceId}/duplicate',
  '/spaces/{spaceId}/links',
  '/spaces/{spaceId}/move',
  '/spaces/{spaceId}/restore',
  '/spaces/{spaceId}/search',
  '/spaces/{spaceId}/transfer',
];

/** What an upstream path that matches no route of the spec is reported as. */
export const UNMATCHED_ROUTE = '/{unmatched}';

interface Node {
  literal: Map<string, Node>;
  param: Node | undefined;
  template: string | undefined;
}

const node = (): Node => ({ literal: new Map(), param: undefined, template: undefined });

function buildTree(routes: readonly string[]): Node {
  const root = node();
  for (const route of routes) {
    let at = root;
    for (const part of route.split('/').slice(1)) {
      if (part.startsWith('{')) {
        at.param ??= node();
        at = at.param;
      } else {
        let next = at.literal.get(part);
        if (!next) {
          next = node();
          at.literal.set(part, next);
        }
        at = next;
      }
    }
    at.template = route;
  }
  return root;
}

for (const route of LEGACY_ROUTES) registerRoute(route);

function match(at: Node, parts: string[], index: number): string | undefined {
  if (index === parts.length) return at.template;
  const part = parts[index] ?? '';
  // A literal segment (`versions/latest`) wins over a parameter (`versions/{versionId}`).
  const literal = at.literal.get(part);
  const viaLiteral = literal ? match(literal, parts, index + 1) : undefined;
  if (viaLiteral) return viaLiteral;
  return at.param && part !== '' ? match(at.param, parts, index + 1) : undefined;
}

/** The route template of an upstream path (`/spaces/abc/change-requests?limit=5`). */
export function routeTemplate(path: string): string {
  const pathname = path.split('?')[0] ?? '';
  tree ??= buildTree(routes);
  return match(tree, pathname.split('/').slice(1), 0) ?? UNMATCHED_ROUTE;
}
