import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { logout } from '../../features/auth/api/session.api';
import type { SessionUser } from '../../features/auth/api/session.schema';
import { OrgSwitcher } from '../../features/organizations/components/org-switcher';

export function AppHeader({ user }: { user: SessionUser }) {
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
    <Flex as="header" h="16" px="8" align="center" justify="space-between" gap="4" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="docked">
      <OrgSwitcher />
      <HStack gap="4">
        <Text textStyle="sm" color="fg.muted" data-testid="user-email">
          {user.email}
        </Text>
        <Button size="sm" variant="outline" onClick={() => void signOut()} loading={signingOut} data-testid="logout">
          Log out
        </Button>
      </HStack>
    </Flex>
  );
}
