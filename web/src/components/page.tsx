import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type PageProps = { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode };

export function Page({ title, description, actions, children }: PageProps) {
  return (
    <Stack gap="6">
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <Box>
          <Heading as="h1" size="2xl" data-testid="page-title">
            {title}
          </Heading>
          {description && (
            <Text color="fg.muted" mt="1">
              {description}
            </Text>
          )}
        </Box>
        {actions}
      </Flex>
      {children}
    </Stack>
  );
}
