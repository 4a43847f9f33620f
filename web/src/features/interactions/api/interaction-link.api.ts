import useSWR from 'swr';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export const InteractionLinkSchema = z.object({ interactionId: z.string(), orgId: z.string(), callId: z.string(), redirect: z.string() });
export type InteractionLink = z.infer<typeof InteractionLinkSchema>;

export function useInteractionLink(interactionId: string) {
  return useSWR<InteractionLink>(interactionId ? ['/dashboard/link', interactionId] : null, () =>
    apiClient.get(`/dashboard/link/${encodeURIComponent(interactionId)}`, InteractionLinkSchema),
  );
}
