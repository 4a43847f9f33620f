import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { defineSummaryTask } from './summary-task';

export const summaryAppointmentReminderTask = defineSummaryTask({
  name: 'summary_appointment_reminder',
  description: 'Summarises an outbound appointment reminder call.',
  inputSchema: InteractionInputSchema,
  focus:
    'It was an outbound appointment reminder: whether the appointment was confirmed, rescheduled (to when) or cancelled, according to the actions, and anything the customer asked the office to know.',
  titles: () => ['Summary'],
});
