import { Alert, Button, Code, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../../components/error-notice';
import { terminateWorkflow } from '../api/workflow.api';

type TerminateWorkflowDialogProps = {
  workflowId: string;
  reason: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onTerminated: (message: string) => void;
};

export function TerminateWorkflowDialog({ workflowId, reason, open, onOpenChange, onTerminated }: TerminateWorkflowDialogProps) {
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    setSubmitting(true);
    setFailure(null);
    try {
      const answer = await terminateWorkflow({ workflowId, reason: reason.trim() || undefined });
      onTerminated(answer.message);
      onOpenChange(false);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog.Root role="alertdialog" placement="center" open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Terminate this workflow?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="3">
              <Text>
                <Code>{workflowId}</Code> stops at once, without running any clean-up. This cannot be undone.
              </Text>
              <Text color="fg.muted">Reason: {reason.trim() || 'none given'}</Text>
              {failure && (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Title>{failure}</Alert.Title>
                </Alert.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={submitting}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" loading={submitting} onClick={() => void confirm()} data-testid="confirm-terminate">
                Terminate
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
