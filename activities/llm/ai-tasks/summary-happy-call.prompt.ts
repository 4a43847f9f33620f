import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { defineSummaryTask } from './summary-task';

export const summaryHappyCallTask = defineSummaryTask({
  name: 'summary_happy_call',
  description: 'Summarises an outbound happy call after a completed job.',
  inputSchema: InteractionInputSchema,
  focus:
    'It was an outbound happy call after a job: whether the customer was satisfied, any complaint, whether they agreed to leave a review, and any new work they asked about.',
  titles: () => ['Summary'],
});
