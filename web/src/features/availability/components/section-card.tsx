import { Alert, Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldErrors } from 'react-hook-form';

/**
 * One settings section: its own form, Save and Discard buttons, an "Unsaved changes" mark while it
 * differs from what is stored, and the reason when a save was refused.
 */
export function SectionCard(props: {
  title: string;
  help: ReactNode;
  testId: string;
  dirty: boolean;
  saving: boolean;
  failure: string | null;
  onSubmit: () => void;
  onDiscard: () => void;
  children: ReactNode;
}) {
  return (
    <Card.Root asChild data-testid={props.testId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <Card.Header>
          <HStack justify="space-between" align="start" gap={3} wrap="wrap">
            <Card.Title>{props.title}</Card.Title>
            {props.dirty ? (
              <Badge colorPalette="orange" data-testid={`${props.testId}-dirty`}>
                Unsaved changes
              </Badge>
            ) : null}
          </HStack>
          <Card.Description as="div">{props.help}</Card.Description>
        </Card.Header>
        <Card.Body>
          <Stack gap={4}>{props.children}</Stack>
        </Card.Body>
        <Card.Footer flexDirection="column" alignItems="stretch" gap={3}>
          {props.failure ? (
            <Alert.Root status="error" data-testid={`${props.testId}-error`}>
              <Alert.Indicator />
              <Alert.Description>{props.failure}</Alert.Description>
            </Alert.Root>
          ) : null}
          <HStack gap={2} wrap="wrap">
            <Button type="submit" size="sm" loading={props.saving} disabled={!props.dirty} data-testid={`${props.testId}-save`}>
              Save {props.title.toLowerCase()}
            </Button>
            <Button type="button" size="sm" variant="ghost" disabled={!props.dirty || props.saving} onClick={props.onDiscard}>
              Discard changes
            </Button>
          </HStack>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}

/** The first message in a (nested) react-hook-form error tree, for an editor that shows one line. */
export function firstError(errors: FieldErrors | undefined | unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const message = (errors as { message?: unknown }).message;
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref') continue;
    const found = firstError(value);
    if (found) return found;
  }
  return undefined;
}

export function FieldError({ message, testId }: { message: string | undefined; testId?: string }) {
  return message ? (
    <Text fontSize="sm" color="fg.error" data-testid={testId}>
      {message}
    </Text>
  ) : null;
}
