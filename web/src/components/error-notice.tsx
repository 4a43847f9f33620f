import { Alert, Button } from '@chakra-ui/react';
import { ApiError } from '../lib/api-client';

type ErrorNoticeProps = { error: unknown; title?: string; onRetry?: () => void };

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}

export function ErrorNotice({ error, title = 'Could not load this', onRetry }: ErrorNoticeProps) {
  return (
    <Alert.Root status="error" borderRadius="l2" data-testid="error-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{errorMessage(error)}</Alert.Description>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" alignSelf="center" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert.Root>
  );
}
