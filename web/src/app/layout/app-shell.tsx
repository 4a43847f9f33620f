import { Box, CloseButton, Drawer, Flex, Portal, Text } from '@chakra-ui/react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { Session } from '../../features/auth/api/session.schema';
import { AppHeader } from './app-header';
import { SidebarNav } from './sidebar-nav';
import { TestingBanner } from '../../features/go-live/components/testing-banner';

type AppShellProps = { session: Session; activeRoute: string | null; children: ReactNode };

function Brand() {
  return (
    <Text px="3" pb="6" fontWeight="bold" fontSize="lg" color="blue.600" letterSpacing="tight">
      HomeAgent
    </Text>
  );
}

/** The sidebar from 768 px (Chakra's md) up; below it the same navigation in a drawer opened from the header. */
export function AppShell({ session, activeRoute, children }: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname, search } = useLocation();

  // A link followed from the drawer shows its page, not the drawer over it. The drawer closes on the tap itself:
  // the location does not change for a link to the page already shown, nor until a lazily loaded page's chunk
  // has arrived. Back and Forward change the location without a tap.
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useEffect(() => setMenuOpen(false), [pathname, search]);

  return (
    <Flex minH="100vh" bg="bg.subtle">
      {/* The aside runs the page's full height (its border and white too); the navigation in it stays in view. */}
      <Box as="aside" display={{ base: 'none', md: 'block' }} w="60" flexShrink={0} borderRightWidth="1px" bg="bg">
        <Box position="sticky" top="0" maxH="100vh" overflowY="auto" px="3" py="5">
          <Brand />
          <SidebarNav activeRoute={activeRoute} isOperator={session.user.is_operator} />
        </Box>
      </Box>
      <Drawer.Root open={menuOpen} onOpenChange={(event) => setMenuOpen(event.open)} placement="start" size="xs" lazyMount unmountOnExit>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid="nav-drawer">
              <Drawer.Header>
                <Drawer.Title>
                  <Brand />
                </Drawer.Title>
              </Drawer.Header>
              <Drawer.Body px="3">
                <SidebarNav activeRoute={activeRoute} isOperator={session.user.is_operator} onNavigate={closeMenu} />
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close the menu" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      <Flex direction="column" flex="1" minW="0">
        <AppHeader user={session.user} onOpenMenu={() => setMenuOpen(true)} />
        <TestingBanner activeRoute={activeRoute} />
        <Box as="main" px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }} maxW="7xl" w="full" minW="0">
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
