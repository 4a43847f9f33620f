import { Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { logout } from '../../features/auth/api/session.api';
import type { SessionUser } from '../../features/auth/api/session.schema';
import { OrgSwitcher } from '../../features/organizations/components/org-switcher';

/** The header; below 768 px it starts with the button that opens the navigation drawer. */
export function AppHeader({ user, onOpenMenu }: { user: SessionUser; onOpenMenu: () => void }) {
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await logout();
    } catch {
      // The session may already be gone; the user is leaving either way.
    }
    await navigate('/login', { replace: true });
    await mutate(() => true, undefined, { revalidate: false });
  }

  return (
    <Flex
      as="header"
      h="16"
      px={{ base: '3', md: '8' }}
      align="center"
      justify="space-between"
      gap={{ base: '2', md: '4' }}
      borderBottomWidth="1px"
      bg="bg"
      position="sticky"
      top="0"
      zIndex="docked"
    >
      <HStack gap="2" minW="0">
        <IconButton
          display={{ base: 'inline-flex', md: 'none' }}
          variant="ghost"
          size="sm"
          aria-label="Open the menu"
          onClick={onOpenMenu}
          data-testid="nav-menu-button"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </IconButton>
        <OrgSwitcher />
      </HStack>
      <HStack gap={{ base: '2', md: '4' }} flexShrink={0}>
        <Text textStyle="sm" color="fg.muted" data-testid="user-email" display={{ base: 'none', lg: 'block' }}>
          {user.email}
        </Text>
        <Button size="sm" variant="outline" onClick={() => void signOut()} loading={signingOut} data-testid="logout">
          Log out
        </Button>
      </HStack>
    </Flex>
  );
}
