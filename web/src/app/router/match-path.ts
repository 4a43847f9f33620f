export type RouteParams = Record<string, string>;

const segments = (path: string) => path.split('/').filter(Boolean);

/** Matches `/dashboard/link/:interactionId`-style patterns; a trailing slash is ignored. */
export function matchPath(pattern: string, pathname: string): RouteParams | null {
  const expected = segments(pattern);
  const actual = segments(pathname);
  if (expected.length !== actual.length) return null;

  const params: RouteParams = {};
  for (const [index, part] of expected.entries()) {
    const value = actual[index]!;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part !== value) {
      return null;
    }
  }
  return params;
}

export function matchRoute<R extends { path: string }>(routes: readonly R[], pathname: string): { route: R; params: RouteParams } | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}
