import type { AgentType, CallStatus } from './interaction.schema';
import { AgentTypeSchema } from './interaction.schema';
import { BOOKED_TAGS, EXCUSED_TAGS, OUTBOUND_TEXT_TAGS, UNBOOKED_TAGS } from './tags.schema';
import type { CanonicalCallRecord } from '../call/call-record.schema';

export type SummaryTaskName =
  'summary_excused' | 'summary_unbooked' | 'summary_demo' | 'summary_happy_call' | 'summary_appointment_reminder' | 'summary_generic';

export type TagTaskName = 'tags_booked' | 'tags_excused' | 'tags_unbooked' | 'tags_outbound_text';

/**
 * Which summary an interaction gets (spec 000 §1 "summaries by kind"). The booked-action summaries need a
 * COMPLETED booking action; none exist until the CRM tools arrive, so a call never reaches them yet.
 */
export function summaryTaskFor(callStatus: CallStatus, agentType: AgentType): SummaryTaskName {
  if (agentType === 'DEMO_AGENT') return 'summary_demo';
  if (agentType === 'HAPPY_CALLS_AGENT') return 'summary_happy_call';
  if (agentType === 'APPOINTMENT_REMINDER_AGENT') return 'summary_appointment_reminder';
  if (callStatus === 'EXCUSED') return 'summary_excused';
  if (callStatus === 'UNBOOKED') return 'summary_unbooked';
  return 'summary_generic';
}

export function tagTaskFor(callStatus: CallStatus, direction: 'inbound' | 'outbound'): { task: TagTaskName; names: readonly string[] } | null {
  if (direction === 'outbound') return { task: 'tags_outbound_text', names: OUTBOUND_TEXT_TAGS };
  if (callStatus === 'BOOKED') return { task: 'tags_booked', names: BOOKED_TAGS };
  if (callStatus === 'EXCUSED') return { task: 'tags_excused', names: EXCUSED_TAGS };
  if (callStatus === 'UNBOOKED') return { task: 'tags_unbooked', names: UNBOOKED_TAGS };
  return null;
}

/**
 * The agent type the call was made by, as we handed it to the provider in metadata or call variables
 * (`agent_type`). Null when the call does not say: agents arrive with their own issue.
 */
export function agentTypeOf(record: Pick<CanonicalCallRecord, 'metadata' | 'callVariables'>): AgentType | null {
  const raw = record.metadata.agent_type ?? record.callVariables.agent_type;
  const parsed = AgentTypeSchema.safeParse(typeof raw === 'string' ? raw.toUpperCase() : raw);
  return parsed.success ? parsed.data : null;
}
