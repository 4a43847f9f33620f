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
  return useSWR<CallLogs>(query ? ['/call/logs', query] : null, () =>
    apiClient.post('/call/logs', query, CallLogsResponseSchema),
  );
}

export function useCallDetails(callId: string) {
  return useSWR<CallDetails>(callId ? ['/call/retrieve', callId] : null, () => apiClient.post('/call/retrieve', { callId }, CallDetailsResponseSchema));
}

export function reviewInteraction(id: string, reviewedAt: string | null, reviewNotes?: string) {
  return apiClient.put('/interaction', { id, reviewed_at: reviewedAt, review_notes: reviewNotes }, ReviewInteractionResponseSchema);
}

export function reclassifyCall(callId: string, newStatus: z.input<typeof ReclassifyRequestSchema>['newStatus']) {
  const body: z.input<typeof ReclassifyRequestSchema> = { callId, newStatus };
  return apiClient.post('/call/reclassify', body, ReclassifyResponseSchema);
}

/** Spec 000 §7 POST /llm/evaluation on a call: the trace of a call is named by the call's id. */
export function evaluateCall(call: { callId: string; orgId: string; agentType: string }) {
  return apiClient.post('/llm/evaluation', { traceId: call.callId, agentType: call.agentType, orgId: call.orgId, traceType: 'call' }, EvaluationResponseSchema);
}

/** The recording's URL on the product's recording endpoint (spec 001 §7), which the player streams. */
export const recordingUrl = (callId: string) => `/api/call/${encodeURIComponent(callId)}/recording`;
