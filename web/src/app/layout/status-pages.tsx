import { Center, Link, Spinner } from '@chakra-ui/react';
import { EmptyNotice } from '../../components/empty-notice';
import { ErrorNotice } from '../../components/error-notice';
import { Page } from '../../components/page';
import { Link as RouterLink, useRouteError } from 'react-router';

const backHome = (
  <Link asChild colorPalette="blue">
    <RouterLink to="/">Back to the dashboard</RouterLink>
  </Link>
);

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <EmptyNotice symbol="?" title="There is nothing here" description="The address may be mistyped, or the page has moved." action={backHome} />
    </Page>
  );
}

export function NotAllowedPage() {
  return (
    <Page title="Not available">
      <EmptyNotice symbol="⊘" title="This page is for the operations team" description="Your account does not have access to it." action={backHome} />
    </Page>
  );
}

export function FullPageLoading() {
  return (
    <Center minH="100vh" role="status" aria-label="Loading">
      <Spinner size="lg" color="blue.500" />
    </Center>
  );
}

export function FullPageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Center minH="100vh" px="4">
      <ErrorNotice error={error} title="The dashboard could not start" onRetry={onRetry} />
    </Center>
  );
}

/** A page that failed to load or render (a chunk missing after a deploy, a bug): offers a reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  return <FullPageError error={error} onRetry={() => window.location.reload()} />;
}
