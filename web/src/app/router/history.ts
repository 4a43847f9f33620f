import { useMemo, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const currentUrl = () => `${window.location.pathname}${window.location.search}`;

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === currentUrl()) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo(0, 0);
  listeners.forEach((listener) => listener());
}

export type AppLocation = { pathname: string; search: string; query: URLSearchParams };

export function useLocation(): AppLocation {
  const url = useSyncExternalStore(subscribe, currentUrl);
  return useMemo(() => {
    const parsed = new URL(url, 'http://app.invalid');
    return { pathname: parsed.pathname, search: parsed.search, query: parsed.searchParams };
  }, [url]);
}
