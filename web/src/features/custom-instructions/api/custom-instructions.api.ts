import useSWR from 'swr';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { SaveCustomInstructionsBody } from '../custom-instructions-form';

// Mirrors api/routes/org/custom-instructions.schema.ts (000 §3 custom_instructions).
const TagSchema = z.object({ name: z.string(), id: z.number() });

export const CustomInstructionsViewSchema = z.object({
  custom_instructions: z.object({
    call_reasons: z.object({ instructions: z.array(z.object({ call_reason_id: z.string(), instruction: z.string() })) }),
    is_lead: z.object({ enabled_csr: z.boolean(), instructions: z.array(z.object({ title: z.string(), isLead: z.boolean(), instruction: z.string() })) }),
    booked_summary: z.object({ enabled: z.boolean(), instructions: z.array(z.object({ title: z.string(), instruction: z.string() })) }),
    job_tagging: z.object({ enabled: z.boolean(), defaultTag: TagSchema.nullable(), defaultAfterHoursTag: TagSchema.nullable(), tags: z.record(z.string(), z.string()) }),
  }),
  regular_job_to_dispatch: z.string().nullable(),
});
export type CustomInstructionsView = z.infer<typeof CustomInstructionsViewSchema>;

const keyOf = (orgId: string) => `/org/custom-instructions?orgId=${encodeURIComponent(orgId)}`;

export function useCustomInstructions(orgId: string | null) {
  return useSWR<CustomInstructionsView>(orgId ? keyOf(orgId) : null, (path: string) => apiClient.get(path, CustomInstructionsViewSchema));
}

export function saveCustomInstructions(body: SaveCustomInstructionsBody) {
  return apiClient.put('/org/custom-instructions', body, CustomInstructionsViewSchema);
}
