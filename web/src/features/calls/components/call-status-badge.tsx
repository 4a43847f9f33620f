import { Badge } from '@chakra-ui/react';
import { CALL_STATUS_HINTS, callStatusLabel } from '@contracts/call-labels';

// Its own module so the Dashboard's recent calls do not load the Calls page with it.

export const STATUS_COLORS: Record<string, string> = {
  BOOKED: 'green',
  UNBOOKED: 'orange',
  EXCUSED: 'blue',
  ABANDONED: 'gray',
  ERROR: 'red',
  PROCESSING: 'purple',
  STARTED: 'purple',
};

/** A call's status as words, with what it means on hover. */
export function CallStatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <Badge colorPalette={STATUS_COLORS[status] ?? 'gray'} title={CALL_STATUS_HINTS[status]} data-testid={testId}>
      {callStatusLabel(status)}
    </Badge>
  );
}
