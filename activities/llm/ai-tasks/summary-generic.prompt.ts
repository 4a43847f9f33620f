import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { defineSummaryTask } from './summary-task';

export const summaryGenericTask = defineSummaryTask({
  name: 'summary_generic',
  description: 'Summarises any interaction that has no dedicated summary.',
  inputSchema: InteractionInputSchema,
  focus: 'Say who called, what they wanted and how the interaction ended.',
  titles: () => ['Summary'],
});
