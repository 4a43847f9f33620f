import type { RouteObject } from 'react-router';
import { RootLayout } from '../layout/root-layout';
import { SignedInLayout } from '../layout/signed-in-layout';
import { FullPageLoading, NotFoundPage, RouteErrorPage } from '../layout/status-pages';
import { PAGES } from '../pages';
import { NOT_FOUND_HANDLE, ROUTES, type RouteHandle } from './routes';

type AppRoute = (typeof ROUTES)[number];

const handleOf = (route: AppRoute): RouteHandle => ({ name: route.name, title: route.title, access: route.access });

// Case-sensitive, as the addresses were before React Router: /Calls is not /calls.
const routeObject = (route: AppRoute): RouteObject => ({ path: route.path, caseSensitive: true, handle: handleOf(route), lazy: PAGES[route.name] });

/**
 * The dashboard's route objects for createBrowserRouter: the public pages (login, invitation, password reset) on their own, every other page inside
 * the signed-in shell, each page loaded lazily from PAGES, anything else "Page not found" inside the shell.
 */
export function createAppRoutes(): RouteObject[] {
  const open = ROUTES.filter((route) => route.access === 'public');
  const signedIn = ROUTES.filter((route) => route.access !== 'public');
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <FullPageLoading />,
      children: [
        ...open.map(routeObject),
        {
          element: <SignedInLayout />,
          children: [...signedIn.map(routeObject), { path: '*', handle: NOT_FOUND_HANDLE, element: <NotFoundPage /> }],
        },
      ],
    },
  ];
}
