/// <reference types="vite/client" />
import { useCallback, useEffect, useState } from 'react';

/** Every screen of the example has a URL (back, forward and reload work). */
export type Route =
  | { kind: 'organizations' }
  | { kind: 'organization'; organizationId: string }
  | { kind: 'space'; organizationId: string; spaceId: string; pageId?: string }
  | { kind: 'changeRequest'; organizationId: string; spaceId: string; number: string }
  | { kind: 'notFound' };

/** `/example/` when built for `docs-graph start`, `/` on the dev server. */
const BASE = import.meta.env.BASE_URL.endsWith('/')
  ? import.meta.env.BASE_URL
  : `${import.meta.env.BASE_URL}/`;

const enc = encodeURIComponent;

export function pathOf(route: Route): string {
  switch (route.kind) {
    case 'organizations':
    case 'notFound':
      return BASE;
    case 'organization':
      return `${BASE}orgs/${enc(route.organizationId)}`;
    case 'space':
      return `${BASE}orgs/${enc(route.organizationId)}/spaces/${enc(route.spaceId)}${
        route.pageId ? `/pages/${enc(route.pageId)}` : ''
      }`;
    case 'changeRequest':
      return `${BASE}orgs/${enc(route.organizationId)}/spaces/${enc(route.spaceId)}/change-requests/${enc(route.number)}`;
  }
}

export function routeOf(pathname: string): Route {
  if (!pathname.startsWith(BASE) && `${pathname}/` !== BASE) return { kind: 'notFound' };
  const parts = pathname
    .slice(BASE.length)
    .split('/')
    .filter(Boolean)
    .map((p) => decodeURIComponent(p));
  const [orgs, organizationId, spaces, spaceId, kind, id] = parts;
  if (parts.length === 0) return { kind: 'organizations' };
  if (orgs !== 'orgs' || !organizationId) return { kind: 'notFound' };
  if (parts.length === 2) return { kind: 'organization', organizationId };
  if (spaces !== 'spaces' || !spaceId) return { kind: 'notFound' };
  if (parts.length === 4) return { kind: 'space', organizationId, spaceId };
  if (parts.length === 6 && kind === 'pages' && id) {
    return { kind: 'space', organizationId, spaceId, pageId: id };
  }
  if (parts.length === 6 && kind === 'change-requests' && id) {
    return { kind: 'changeRequest', organizationId, spaceId, number: id };
  }
  return { kind: 'notFound' };
}

/** The current route and `navigate` (pushes a history entry; popstate follows back/forward). */
export function useRoute(): [Route, (route: Route | string) => void] {
  const [route, setRoute] = useState<Route>(() => routeOf(window.location.pathname));
  useEffect(() => {
    const onPop = () => setRoute(routeOf(window.location.pathname));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((next: Route | string) => {
    const path = typeof next === 'string' ? next : pathOf(next);
    if (path !== window.location.pathname) window.history.pushState(null, '', path);
    setRoute(routeOf(path));
    window.scrollTo(0, 0);
  }, []);
  return [route, navigate];
}
