import { z } from 'zod';
import { BookedActionInputSchema } from './summary-booked-action.prompt';
import { defineSummaryTask } from './summary-task';

/** custom_instructions.booked_summary.instructions of the organization (spec 000 §3). */
export const BookedSummaryInstructionSchema = z.object({ title: z.string().min(1), instruction: z.string() });

export const summaryBookedActionCustomTask = defineSummaryTask({
  name: 'summary_booked_action_custom',
  description: "Writes a booking's job summary with the sections the organization configured.",
  inputSchema: BookedActionInputSchema.and(z.object({ instructions: z.array(BookedSummaryInstructionSchema).min(1) })),
  focus:
    'It is the job summary of the booking action named by actionId. The organization chose its sections: follow each instruction for the section of the same title. Say "Not mentioned" where the call did not cover a section.',
  titles: (input) => input.instructions.map((i) => i.title),
});
