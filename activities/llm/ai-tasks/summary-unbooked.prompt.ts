import { requireNotBooked } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { defineSummaryTask } from './summary-task';

export const summaryUnbookedTask = defineSummaryTask({
  name: 'summary_unbooked',
  description: 'Summarises an unbooked interaction and why it was not booked.',
  inputSchema: requireNotBooked(InteractionInputSchema),
  focus:
    'The call was not booked. "Summary" says who called and what they wanted; "Unbooked Reason" says why it ended without a booking and what the office should do next.',
  titles: () => ['Summary', 'Unbooked Reason'],
});
