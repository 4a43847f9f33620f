import { z } from 'zod';
import { CustomInstructionsSchema } from '../organization/org-profile.schema';

const orgId = z.uuid('orgId must be a UUID');

export const CustomInstructionsQuerySchema = z.object({ orgId });

/** 001 §7 PUT /org/custom-instructions: the whole document; regular_job_to_dispatch is kept when left out. */
export const SaveCustomInstructionsBodySchema = z.object({
  orgId,
  custom_instructions: CustomInstructionsSchema.prefault({}),
  regular_job_to_dispatch: z.string('regular_job_to_dispatch must be a string or null').trim().nullable().optional(),
});

export const CustomInstructionsViewSchema = z.object({
  custom_instructions: CustomInstructionsSchema,
  regular_job_to_dispatch: z.string().nullable(),
});
export type CustomInstructionsView = z.infer<typeof CustomInstructionsViewSchema>;
