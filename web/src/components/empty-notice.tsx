import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type EmptyNoticeProps = { title: string; description: ReactNode; symbol?: string; action?: ReactNode };

export function EmptyNotice({ title, description, symbol = '○', action }: EmptyNoticeProps) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3" bg="bg" data-testid="empty-state">
      <EmptyState.Content>
        <EmptyState.Indicator aria-hidden fontSize="2xl">
          {symbol}
        </EmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description maxW="md">{description}</EmptyState.Description>
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
