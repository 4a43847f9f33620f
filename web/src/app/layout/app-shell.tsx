import { Box, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Session } from '../../features/auth/api/session.schema';
import { AppHeader } from './app-header';
import { SidebarNav } from './sidebar-nav';

type AppShellProps = { session: Session; activeRoute: string | null; children: ReactNode };

export function AppShell({ session, activeRoute, children }: AppShellProps) {
  return (
    <Flex minH="100vh" bg="bg.subtle">
      <Box as="aside" w="60" flexShrink={0} borderRightWidth="1px" bg="bg" px="3" py="5" position="sticky" top="0" h="100vh" overflowY="auto">
        <Text px="3" pb="6" fontWeight="bold" fontSize="lg" color="blue.600" letterSpacing="tight">
          HomeAgent
        </Text>
        <SidebarNav activeRoute={activeRoute} isOperator={session.user.is_operator} />
      </Box>
      <Flex direction="column" flex="1" minW="0">
        <AppHeader user={session.user} />
        <Box as="main" px="8" py="8" maxW="7xl" w="full">
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
