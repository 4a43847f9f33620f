import { z } from 'zod';
import { requireBooked } from './common';
import { completedBookingActions, InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { JOB_SUMMARY_TITLES } from '../../../domain/interaction/summary.schema';
import { defineSummaryTask } from './summary-task';

export const BookedActionInputSchema = requireBooked(InteractionInputSchema.extend({ actionId: z.string().min(1) })).refine(
  (input) => completedBookingActions(input.facts).some((a) => a.id === input.actionId),
  { message: 'actionId must name a COMPLETED booking action', path: ['actionId'] },
);

export const summaryBookedActionTask = defineSummaryTask({
  name: 'summary_booked_action',
  description: "Writes a booking's jobSummary sections for the technician (spec 000 §3 Interaction.bookings).",
  inputSchema: BookedActionInputSchema,
  focus:
    'It is the job summary of the booking action named by actionId, for the technician who will go out: when, the arrival window, who will meet the technician, who will pay, the age of the unit or equipment, any add-on, why this job type fits, and the problem in the customer\'s words. Say "Not mentioned" where the call did not cover a section.',
  titles: () => JOB_SUMMARY_TITLES,
});
