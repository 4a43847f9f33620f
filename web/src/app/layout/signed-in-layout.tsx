import { Outlet } from 'react-router';
import { useSession } from '../../features/auth/api/session.api';
import { LiveCallsProvider } from '../../features/calls/live/live-calls';
import { SelectedOrgProvider } from '../../features/organizations/selected-org';
import { ApiError } from '../../lib/api-client';
import { AppShell } from './app-shell';
import { FullPageError, FullPageLoading, NotAllowedPage } from './status-pages';
import { useRouteHandle } from './use-route-handle';

/** Every page but the login page: waits for the session (a 307 sends the browser to the login page), then the shell. */
export function SignedInLayout() {
  const handle = useRouteHandle();
  const { data: session, error, mutate } = useSession();

  if (!session) {
    // On a 307 the api client is already taking the browser to the login page.
    if (error && !(error instanceof ApiError && error.isUnauthenticated)) {
      return <FullPageError error={error} onRetry={() => void mutate()} />;
    }
    return <FullPageLoading />;
  }

  const allowed = handle?.access !== 'operator' || session.user.is_operator;
  return (
    <SelectedOrgProvider organizations={session.organizations}>
      <LiveCallsProvider>
        <AppShell session={session} activeRoute={handle?.name ?? null}>
          {allowed ? <Outlet /> : <NotAllowedPage />}
        </AppShell>
      </LiveCallsProvider>
    </SelectedOrgProvider>
  );
}
