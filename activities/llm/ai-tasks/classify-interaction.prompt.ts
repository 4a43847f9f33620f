import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { BOOKED_WITHOUT_BOOKINGS, CallTypeSchema, completedBookingActions, InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

export const ClassifyInteractionOutputSchema = z.object({ call_type: CallTypeSchema, call_type_reason: z.string() });

export const classifyInteractionTask = defineAiTask({
  name: 'classify_interaction',
  description: 'Classifies an interaction as Booked, Unbooked, Excused, Abandoned or NotLead (spec 000 §1, §4).',
  inputSchema: InteractionInputSchema,
  outputSchema: ClassifyInteractionOutputSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}

Classify the interaction into exactly one call type:
- Booked: a booking action (job_booking or create_booking) has status COMPLETED. Never Booked without one, whatever was said.
- Abandoned: the caller hung up or went silent before any real conversation (no request was made).
- NotLead: the caller was not a potential customer for service (a vendor, a job seeker, a wrong number, a robocall that is not selling to the business, or a question that needs no service).
- Excused: not booked for a reason outside the agent's control: spam or solicitation, outside the service area, the caller only wanted a price on the phone, asked for a person, refused the dispatch fee, the offered times did not suit, left or dropped a message, reached voicemail, language barrier, or will follow up later.
- Unbooked: a potential customer who needed service and was not booked for any other reason.`,
      input,
    ),
  checkOutput: (output, input) => (output.call_type === 'Booked' && completedBookingActions(input.facts).length === 0 ? [BOOKED_WITHOUT_BOOKINGS] : []),
});
