import useSWR from 'swr';
import { z } from 'zod';
import { AgentSchema, type Agent, type CreateAgentRequest, type UpdateAgentJobTypesRequest, type UpdateAgentRequest } from '@contracts/agents.contract';
import { apiClient } from '../../../lib/api-client';

// The agent routes of issue 14's route map: GET /org/agents (the org's list), GET/POST/PUT /agent,
// PUT /agent/job-types; and the CRM lookups the Job Types page adds rows from.

export const OrgAgentsResponseSchema = z.object({ agents: z.array(AgentSchema) });

const orgAgentsKey = (orgId: string) => `/org/agents?orgId=${encodeURIComponent(orgId)}`;
const agentKey = (agentId: string) => `/agent/${encodeURIComponent(agentId)}`;

export function useOrgAgents(orgId: string | null) {
  return useSWR(orgId ? orgAgentsKey(orgId) : null, (path: string) => apiClient.get(path, OrgAgentsResponseSchema));
}

/** One agent; `refreshInterval` (ms) re-reads it while something the API started on it is still to land. */
export function useAgent(agentId: string | null, refreshInterval = 0) {
  return useSWR<Agent>(agentId ? agentKey(agentId) : null, (path: string) => apiClient.get(path, AgentSchema), { refreshInterval });
}

export function createAgent(body: CreateAgentRequest) {
  return apiClient.post('/agent', body, AgentSchema);
}

export function updateAgent(body: UpdateAgentRequest) {
  return apiClient.put('/agent', body, AgentSchema);
}

export function updateAgentJobTypes(body: UpdateAgentJobTypesRequest) {
  return apiClient.put('/agent/job-types', body, AgentSchema);
}

/** GET /crm/job-types: the CRM's job types (ids as strings; a job type may belong to several business units). */
export const CrmJobTypeSchema = z.looseObject({
  id: z.coerce.string(),
  name: z.string(),
  businessUnitIds: z.array(z.coerce.string()).default([]),
  summary: z.string().optional(),
  priority: z.number().optional(),
});
export type CrmJobType = z.infer<typeof CrmJobTypeSchema>;

export const CrmBusinessUnitSchema = z.looseObject({ id: z.coerce.string(), name: z.string() });
export type CrmBusinessUnit = z.infer<typeof CrmBusinessUnitSchema>;

export function useCrmJobTypes(orgId: string | null) {
  return useSWR(orgId ? `/crm/job-types?orgId=${encodeURIComponent(orgId)}` : null, (path: string) => apiClient.get(path, z.array(CrmJobTypeSchema)));
}

export function useCrmBusinessUnits(orgId: string | null) {
  return useSWR(orgId ? `/crm/business-units?orgId=${encodeURIComponent(orgId)}` : null, (path: string) => apiClient.get(path, z.array(CrmBusinessUnitSchema)));
}
