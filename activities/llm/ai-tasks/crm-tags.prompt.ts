import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

export const CrmTagOptionSchema = z.object({ name: z.string().min(1), instruction: z.string().nullable().default(null) });

export const CrmTagsOutputSchema = z.object({ tags: z.array(z.object({ name: z.string(), reason: z.string() })) });

export const crmTagsTask = defineAiTask({
  name: 'crm_tags',
  description: "Picks the CRM job tags (the organization's job_tagging / crm_tags_config) that apply to the interaction.",
  inputSchema: InteractionInputSchema.extend({
    availableTags: z.array(CrmTagOptionSchema).min(1),
    /** Used when no other tag applies. */
    defaultTag: z.string().nullable().default(null),
  }),
  outputSchema: CrmTagsOutputSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nChoose which of availableTags apply to the job this interaction is about, following each tag's instruction when it has one. Use only names from availableTags, each at most once. When none applies and defaultTag is set, return defaultTag alone.`,
      input,
    ),
  checkOutput: (output, input) => {
    const allowed = new Set(input.availableTags.map((t) => t.name));
    if (input.defaultTag) allowed.add(input.defaultTag);
    const names = output.tags.map((t) => t.name);
    return [
      ...names.filter((n) => !allowed.has(n)).map((n) => `tag "${n}" is not one of availableTags`),
      ...(new Set(names).size !== names.length ? ['a tag appears more than once'] : []),
    ];
  },
});
