import { Box, Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The centred card of the pages a person sees before signing in (login, invitation, password reset). */
export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <Box minH="100vh" bg="bg.muted" display="flex" alignItems="center" justifyContent="center" px="4">
      <Card.Root w="full" maxW="sm" boxShadow="md">
        <Card.Header>
          <Text fontWeight="bold" color="blue.600" letterSpacing="tight">
            HomeAgent
          </Text>
          <Heading as="h1" size="xl" data-testid="page-title">
            {title}
          </Heading>
          {lead && (
            <Text color="fg.muted" textStyle="sm">
              {lead}
            </Text>
          )}
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Box>
  );
}
