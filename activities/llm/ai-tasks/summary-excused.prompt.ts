import { requireNotBooked } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { defineSummaryTask } from './summary-task';

export const summaryExcusedTask = defineSummaryTask({
  name: 'summary_excused',
  description: 'Summarises an excused interaction and why it is excused.',
  inputSchema: requireNotBooked(InteractionInputSchema),
  focus:
    'The call was not booked for a reason outside the agent\'s control. "Summary" says who called and what they wanted; "Excused Reason" says why no booking was possible, citing the caller.',
  titles: () => ['Summary', 'Excused Reason'],
});
