import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { useSelectedOrg } from '../../features/organizations/selected-org';
import { UnreadCallsBadge } from '../../features/calls/live/live-calls';
import { Link as RouterLink } from 'react-router';
import { type AppRoute, type NavSection, navEntryOf, ROUTES } from '../router/routes';

const inSection = (section: NavSection) => ROUTES.filter((route): route is Extract<AppRoute, { nav: NavSection }> => 'nav' in route && route.nav === section);

function NavItem({ route, active, onNavigate }: { route: AppRoute; active: boolean; onNavigate?: () => void }) {
  const { hrefFor } = useSelectedOrg();
  return (
    <Link
      asChild
      display="block"
      px="3"
      py="2"
      borderRadius="l2"
      textStyle="sm"
      fontWeight={active ? 'semibold' : 'medium'}
      color={active ? 'blue.fg' : 'fg.muted'}
      bg={active ? 'blue.subtle' : undefined}
      _hover={{ bg: active ? 'blue.subtle' : 'bg.muted', color: active ? 'blue.fg' : 'fg', textDecoration: 'none' }}
      aria-current={active ? 'page' : undefined}
      data-testid={`nav-${route.name}`}
    >
      <RouterLink to={hrefFor(route.path)} onClick={onNavigate}>
        {route.title}
        {route.name === 'calls' ? <UnreadCallsBadge /> : null}
      </RouterLink>
    </Link>
  );
}

function SectionLabel({ children }: { children: string }) {
  return (
    <Text px="3" pt="5" pb="1" textStyle="xs" fontWeight="semibold" color="fg.subtle" textTransform="uppercase" letterSpacing="wider">
      {children}
    </Text>
  );
}

/** `onNavigate` is called when a link is followed (the drawer closes with it). */
export function SidebarNav({ activeRoute, isOperator, onNavigate }: { activeRoute: string | null; isOperator: boolean; onNavigate?: () => void }) {
  const activeEntry = navEntryOf(activeRoute);
  return (
    <Box as="nav" aria-label="Main">
      <Stack gap="0.5">
        {inSection('main').map((route) => (
          <NavItem key={route.name} route={route} active={route.name === activeEntry} onNavigate={onNavigate} />
        ))}
      </Stack>
      {isOperator && (
        <Stack gap="0.5" data-testid="nav-operations">
          <SectionLabel>Operations</SectionLabel>
          {inSection('operations').map((route) => (
            <NavItem key={route.name} route={route} active={route.name === activeEntry} onNavigate={onNavigate} />
          ))}
          <Link
            href="/api/docs"
            target="_blank"
            rel="noreferrer"
            display="block"
            px="3"
            py="2"
            textStyle="sm"
            fontWeight="medium"
            color="fg.muted"
            data-testid="nav-api-docs"
            onClick={onNavigate}
          >
            API docs ↗
          </Link>
        </Stack>
      )}
    </Box>
  );
}
