import { HStack, Spinner, Text } from '@chakra-ui/react';

export function LoadingNotice({ label }: { label: string }) {
  return (
    <HStack gap="3" py="6" color="fg.muted" role="status" data-testid="loading">
      <Spinner size="sm" />
      <Text>{label}</Text>
    </HStack>
  );
}
