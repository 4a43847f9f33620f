import useSWR from 'swr';
import type { z } from 'zod';
import { InteractionLinkResponseSchema } from '@contracts/calls.contract';
import { apiClient } from '../../../lib/api-client';

export type InteractionLink = z.infer<typeof InteractionLinkResponseSchema>;

export function useInteractionLink(interactionId: string) {
  return useSWR<InteractionLink>(interactionId ? ['/dashboard/link', interactionId] : null, () =>
    apiClient.get(`/dashboard/link/${encodeURIComponent(interactionId)}`, InteractionLinkResponseSchema),
  );
}
