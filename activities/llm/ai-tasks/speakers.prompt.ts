import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { taskMessages } from './task-input';
import { TranscriptRoleSchema } from '../../../domain/call/call-record.schema';

export const speakersTask = defineAiTask({
  name: 'speakers',
  description: 'Names the role (Agent, Customer, Unknown or IVR) of each diarised speaker label of a recorded call.',
  inputSchema: z.object({
    lines: z.array(z.object({ speaker: z.string().min(1), message: z.string() })).min(1),
  }),
  outputSchema: z.object({ speakers: z.array(z.object({ label: z.string(), role: TranscriptRoleSchema })) }),
  prompt: (input) =>
    taskMessages(
      'A recorded call of a home-service contractor was split into speaker labels. For each distinct label give its role: Agent (the business\'s CSR or agent), Customer (the caller or person called), IVR (a recorded menu or message: "press 1", "this call may be recorded"), or Unknown when the lines do not tell.',
      input,
    ),
  checkOutput: (output, input) => {
    const expected = [...new Set(input.lines.map((l) => l.speaker))].sort();
    const got = output.speakers.map((s) => s.label).sort();
    return expected.join('\u0000') === got.join('\u0000')
      ? []
      : [`speakers must list each label once: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`];
  },
});
