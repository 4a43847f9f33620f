import useSWR from 'swr';
import { CallDetailsResponseSchema } from '@contracts/calls.contract';
import { CreateWebCallResponseSchema, EndWebCallResponseSchema, WebCallAgentsResponseSchema, WebCallTurnResponseSchema } from '@contracts/web-call.contract';
import { apiClient, ApiError } from '../../../lib/api-client';
import { isClassified } from './web-call.schema';

export function useWebCallAgents(orgId: string | null) {
  return useSWR(orgId ? ['/voice-agent/web-call/agents', orgId] : null, () =>
    apiClient.get(`/voice-agent/web-call/agents?orgId=${encodeURIComponent(orgId!)}`, WebCallAgentsResponseSchema),
  );
}

export const startWebCall = (orgId: string, agentId: string) =>
  apiClient.post('/create-web-call', { orgId, agentId, dynamicVariables: {} }, CreateWebCallResponseSchema);

export const sendCallerTurn = (orgId: string, interactionId: string, accessToken: string, text: string) =>
  apiClient.post('/voice-agent/web-call/turn', { orgId, callId: interactionId, access_token: accessToken, text }, WebCallTurnResponseSchema);

export const endWebCall = (orgId: string, interactionId: string, accessToken: string) =>
  apiClient.post('/voice-agent/web-call/end', { orgId, callId: interactionId, access_token: accessToken }, EndWebCallResponseSchema);

/** Polls the call's interaction until the post-call pipeline has classified it; 404 means not projected yet. */
export function useWebCallInteraction(interactionId: string | null) {
  return useSWR(
    interactionId ? ['/call/retrieve', interactionId, 'web-call'] : null,
    async () => {
      try {
        return await apiClient.post('/call/retrieve', { callId: interactionId }, CallDetailsResponseSchema);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    { refreshInterval: (data) => (isClassified(data?.data.call_status) ? 0 : 1500) },
  );
}
