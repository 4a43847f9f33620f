import { z } from 'zod';
import { GO_LIVE_REQUIREMENTS } from '../organization/go-live';
import { OnboardingStatusSchema } from '../organization/organization-settings.schema';

// Going live (issue 14 point 4): the checklist page and the TESTING → LIVE move.

export const GoLiveQuerySchema = z.object({ orgId: z.uuid('orgId must be a UUID') });

export const GoLiveChecklistSchema = z.object({
  orgId: z.uuid(),
  onboarding_status: OnboardingStatusSchema,
  ready: z.boolean(),
  items: z.array(z.object({ requirement: z.enum(GO_LIVE_REQUIREMENTS), label: z.string(), met: z.boolean(), detail: z.string() })),
});
export type GoLiveChecklistResponse = z.infer<typeof GoLiveChecklistSchema>;

export const GoLiveRequestSchema = z.object({ orgId: z.uuid('orgId must be a UUID') });

export const GoLiveResponseSchema = z.object({ success: z.literal(true), onboarding_status: z.literal('LIVE'), message: z.string() });
export type GoLiveResponse = z.infer<typeof GoLiveResponseSchema>;
