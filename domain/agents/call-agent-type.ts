import type { CanonicalCallRecord } from '../call/call-record.schema';
import type { AgentType } from '../interaction/interaction.schema';
import { agentTypeOf } from '../interaction/post-call-rules';
import { DEFAULT_REGULAR_HOURS, type WeeklyHours } from '../organization/organization-settings.schema';
import { classifyTimeWindow } from '../time/business-hours';

/** An organization's agent as far as choosing a call's agent type goes. */
export interface OrgAgent {
  id: string;
  /** The platform's id of this agent (Retell agent_id, Vapi assistantId, …), once agents carry one. */
  providerAgentId?: string | null;
  agentType: AgentType;
}

/** The organization's office hours (availability_config): regular weekly hours and holidays, in its time zone. */
export interface OrgOfficeHours {
  timezone: string;
  /** Unset hours are the default Monday–Friday 9 to 5, as the capacity view reads them. */
  regularHours?: WeeklyHours | null;
  holidays?: readonly string[] | null;
}

type CallFacts = Pick<CanonicalCallRecord, 'metadata' | 'callVariables' | 'voiceAgentId' | 'direction' | 'startedAt' | 'createdAt'>;

/** Spec 000 §6: the inbound agent types, the office-hours CSR first. */
const INBOUND_BY_WINDOW = { OFFICE_HOURS: 'OFFICE_HOURS_CSR', AFTER_HOURS: 'AFTER_HOURS_CSR' } as const;
const INBOUND_TYPES: readonly AgentType[] = ['OFFICE_HOURS_CSR', 'AFTER_HOURS_CSR', 'RECEPTIONIST'];

/**
 * The agent type a call was handled by (spec 000 §6 agent types, §7 phones), from the organization's agents:
 *   1. the type the call names (`agent_type` in its metadata or call variables);
 *   2. the type of the org's agent the call's voice agent is (by our id or the platform's);
 *   3. for an inbound call (or one whose direction is not known yet), the org's inbound agent for the time
 *      the call started: the office-hours CSR inside the org's office hours, the after-hours CSR outside them
 *      (holidays included), or the org's other inbound agent when it lacks that one;
 *   4. otherwise null: an outbound call's agent is the one that placed it, and it said nothing.
 * `at` stands in for the start when the record does not have it yet.
 */
export function callAgentType(record: CallFacts, agents: readonly OrgAgent[], office: OrgOfficeHours, at: Date): AgentType | null {
  const named = agentTypeOf(record);
  if (named) return named;
  const voiceAgent = record.voiceAgentId;
  const agent = voiceAgent ? agents.find((a) => a.id === voiceAgent || (a.providerAgentId != null && a.providerAgentId === voiceAgent)) : undefined;
  if (agent) return agent.agentType;
  if (record.direction === 'outbound') return null;

  const startedAt = Date.parse(record.startedAt ?? record.createdAt ?? '');
  const instant = Number.isNaN(startedAt) ? at : new Date(startedAt);
  const hours = office.regularHours && Object.keys(office.regularHours).length > 0 ? office.regularHours : DEFAULT_REGULAR_HOURS;
  const wanted = INBOUND_BY_WINDOW[classifyTimeWindow(instant, office.timezone, hours, office.holidays ?? [])];
  const inbound = new Set(agents.map((a) => a.agentType).filter((t) => INBOUND_TYPES.includes(t)));
  if (inbound.size === 0 || inbound.has(wanted)) return wanted;
  return INBOUND_TYPES.find((t) => inbound.has(t)) ?? wanted;
}
