import useSWR from 'swr';
import type { z } from 'zod';
import {
  CallDetailsResponseSchema,
  CallLogsResponseSchema,
  ReclassifyResponseSchema,
  ReviewInteractionResponseSchema,
  type CallLogsRequestSchema,
  type ReclassifyRequestSchema,
} from '@contracts/calls.contract';
import { EvaluationResponseSchema } from '@contracts/llm-evaluation.contract';
import { apiClient } from '../../../lib/api-client';
import type { CallDetails, CallLogs } from './calls.schema';

export type CallLogsQuery = z.input<typeof CallLogsRequestSchema>;

export function useCallLogs(query: CallLogsQuery | null) {
  return useSWR<CallLogs>(query ? ['/call/logs', query] : null, () => apiClient.post('/call/logs', query, CallLogsResponseSchema));
}

/** A call is known by its interaction id; the spec's routes call that field callId. */
export function useCallDetails(interactionId: string) {
  return useSWR<CallDetails>(interactionId ? ['/call/retrieve', interactionId] : null, () =>
    apiClient.post('/call/retrieve', { callId: interactionId }, CallDetailsResponseSchema),
  );
}

export function reviewInteraction(id: string, reviewedAt: string | null, reviewNotes?: string) {
  return apiClient.put('/interaction', { id, reviewed_at: reviewedAt, review_notes: reviewNotes }, ReviewInteractionResponseSchema);
}

export function reclassifyCall(interactionId: string, newStatus: z.input<typeof ReclassifyRequestSchema>['newStatus']) {
  const body: z.input<typeof ReclassifyRequestSchema> = { callId: interactionId, newStatus };
  return apiClient.post('/call/reclassify', body, ReclassifyResponseSchema);
}

/** Spec 000 §7 POST /llm/evaluation on a call: the trace of a call is named by its interaction id. */
export function evaluateCall(call: { interactionId: string; orgId: string; agentType: string }) {
  return apiClient.post(
    '/llm/evaluation',
    { traceId: call.interactionId, agentType: call.agentType, orgId: call.orgId, traceType: 'call' },
    EvaluationResponseSchema,
  );
}

/** The recording's URL on the product's recording endpoint (spec 001 §7), which the player streams. */
export const recordingUrl = (interactionId: string) => `/api/call/${encodeURIComponent(interactionId)}/recording`;
