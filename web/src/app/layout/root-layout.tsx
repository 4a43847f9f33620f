import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useRouteHandle } from './use-route-handle';

/** Every page's document title, from the matched route; a new page starts at its top, Back returns where it was. */
export function RootLayout() {
  const title = useRouteHandle()?.title ?? 'Page not found';
  useEffect(() => {
    document.title = `${title} · HomeAgent`;
  }, [title]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
