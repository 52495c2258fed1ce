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
