import { useMatches } from 'react-router';
import type { RouteHandle } from '../router/routes';

/** The handle of the deepest matched route that has one: the page being shown. */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]!.handle as RouteHandle | undefined;
    if (handle) return handle;
  }
  return null;
}
