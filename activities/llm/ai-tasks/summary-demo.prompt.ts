import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { defineSummaryTask } from './summary-task';

export const summaryDemoTask = defineSummaryTask({
  name: 'summary_demo',
  description: 'Summarises a demo call of the product.',
  inputSchema: InteractionInputSchema,
  focus: 'It was a demo call with a prospective client trying the agent: what they tried, how the agent did, and any contact details or interest they shared.',
  titles: () => ['Summary'],
});
