import { Badge, Spinner } from '@chakra-ui/react';
import type { WorkflowExecutionStatus } from '../api/workflow.schema';

const PALETTE: Record<WorkflowExecutionStatus, string> = {
  RUNNING: 'blue',
  COMPLETED: 'green',
  FAILED: 'red',
  TIMED_OUT: 'red',
  TERMINATED: 'red',
  CANCELED: 'orange',
  CONTINUED_AS_NEW: 'purple',
};

export function WorkflowStatusBadge({ status }: { status: string }) {
  const palette = PALETTE[status as WorkflowExecutionStatus] ?? 'gray';
  return (
    <Badge colorPalette={palette} variant="solid" size="md" data-testid="workflow-status">
      {status === 'RUNNING' && <Spinner size="xs" />}
      {status.replaceAll('_', ' ')}
    </Badge>
  );
}
