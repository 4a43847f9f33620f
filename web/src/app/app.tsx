import { useEffect } from 'react';
import { useSession } from '../features/auth/api/session.api';
import type { Session } from '../features/auth/api/session.schema';
import { LoginPage } from '../features/auth/components/login-page';
import { SelectedOrgProvider } from '../features/organizations/selected-org';
import { LiveCallsProvider } from '../features/calls/live/live-calls';
import { ApiError } from '../lib/api-client';
import { AppShell } from './layout/app-shell';
import { FullPageError, FullPageLoading, NotAllowedPage, NotFoundPage } from './layout/status-pages';
import { PAGES } from './pages';
import { Providers } from './providers';
import { useLocation } from './router/history';
import { resolveRoute } from './router/route-table';

type RouteMatch = ReturnType<typeof resolveRoute>;

export function App() {
  return (
    <Providers>
      <AppRoutes />
    </Providers>
  );
}

function AppRoutes() {
  const { pathname } = useLocation();
  const match = resolveRoute(pathname);
  const title = match?.route.title ?? 'Page not found';

  useEffect(() => {
    document.title = `${title} · HomeAgent`;
  }, [title]);

  if (match?.route.name === 'login') return <LoginPage />;
  return <SignedInApp match={match} />;
}

function SignedInApp({ match }: { match: RouteMatch }) {
  const { data: session, error, mutate } = useSession();

  if (!session) {
    // On a 307 the api client is already taking the browser to the login page.
    if (error && !(error instanceof ApiError && error.isUnauthenticated)) {
      return <FullPageError error={error} onRetry={() => void mutate()} />;
    }
    return <FullPageLoading />;
  }

  return (
    <SelectedOrgProvider organizations={session.organizations}>
      <LiveCallsProvider>
        <AppShell session={session} activeRoute={match?.route.name ?? null}>
          {renderPage(match, session)}
        </AppShell>
      </LiveCallsProvider>
    </SelectedOrgProvider>
  );
}

function renderPage(match: RouteMatch, session: Session) {
  if (!match || match.route.name === 'login') return <NotFoundPage />;
  if (match.route.access === 'operator' && !session.user.is_operator) return <NotAllowedPage />;
  return PAGES[match.route.name](match.params);
}
