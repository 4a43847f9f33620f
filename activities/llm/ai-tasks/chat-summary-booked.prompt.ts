import { requireBooked } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { defineSummaryTask } from './summary-task';

export const chatSummaryBookedTask = defineSummaryTask({
  name: 'chat_summary_booked',
  description: 'Summarises a web chat or SMS conversation that ended in a booking.',
  inputSchema: requireBooked(InteractionInputSchema),
  focus: 'It was a chat (web widget or SMS) that ended with a booking: who the customer is, the problem, and the booked appointment as the actions record it.',
  titles: () => ['Summary'],
});
