import { matchRoutes, type RouteObject } from 'react-router-dom';

/** Whether `path` reaches a screen of `routes`, rather than only the catch-all page ('*'). */
export function routeExists(routes: RouteObject[], path: string): boolean {
  const matches = matchRoutes(routes, path);
  const deepest = matches?.[matches.length - 1];
  return deepest !== undefined && deepest.route.path !== '*';
}
