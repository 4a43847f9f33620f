import type { z } from 'zod';
import type { CallLogRow, InteractionRow } from '../../repositories/interaction.repository';
import type { CallDetailsResponseSchema, CallLogEntrySchema } from './calls.schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCallLogEntry(r: CallLogRow): z.infer<typeof CallLogEntrySchema> {
  const customer = { customer_name: r.customerName, customer_number: r.customerNumber, customer_address: r.customerAddress };
  return {
    id: r.callId,
    created_at: r.createdAt.toISOString(),
    call_status: r.callStatus,
    agent_type: r.agentType,
    recording_url: r.recordingUrl,
    started_at: iso(r.startedAt),
    ended_at: iso(r.endedAt),
    interactions: {
      id: r.id,
      call_id: r.callId,
      chat_id: null,
      ...customer,
      crm_customer_id: r.crmCustomerId,
      created_at: r.createdAt.toISOString(),
      org_id: r.orgId,
      tags: r.tags,
      crm_campaign_id: null,
      reviewed_at: iso(r.reviewedAt),
      review_notes: r.reviewNotes,
    },
    jobs: [],
    tags: r.tags,
    reviewed_at: iso(r.reviewedAt),
    review_notes: r.reviewNotes,
    ...customer,
    interactionId: r.id,
    isVerified: false,
    number_extension: null,
    campaign_name: null,
    campaign_id: null,
  };
}

export function toCallDetails(r: InteractionRow, timezone: string): z.infer<typeof CallDetailsResponseSchema> {
  const details = CallDetailsShape(r);
  return {
    timezone,
    spam_numbers: [],
    transcript_object: r.transcriptObject as z.infer<typeof CallDetailsResponseSchema>['transcript_object'],
    transcript: r.transcriptLines as z.infer<typeof CallDetailsResponseSchema>['transcript'],
    data: details,
    call_analysis: r.callAnalysis as z.infer<typeof CallDetailsResponseSchema>['call_analysis'],
  };
}

function CallDetailsShape(r: InteractionRow): z.infer<typeof CallDetailsResponseSchema>['data'] {
  const events = r.events as { created_at: string; name: string; metadata: Record<string, unknown> }[];
  return {
    id: r.callId,
    summary: r.summary as { title: string; content: string[] }[],
    recording_url: r.recordingUrl,
    agent_type: r.agentType,
    call_status: r.callStatus,
    call_type: r.callType,
    tags: r.tags,
    tag_reasons: r.tagReasons as Record<string, string>,
    crm_customer_id: r.crmCustomerId,
    customer_number: r.customerNumber,
    customer_name: r.customerName,
    customer_address: r.customerAddress,
    number_extension: null,
    started_at: iso(r.startedAt),
    ended_at: iso(r.endedAt),
    ended_reason: r.endedReason,
    reviewed_at: iso(r.reviewedAt),
    review_notes: r.reviewNotes,
    interaction_id: r.id,
    isVerified: false,
    interaction_events: events.map(({ created_at, name, metadata }) => ({ created_at, name, metadata })),
    job_types: [],
    job_details: {},
    score_params: r.scoreParams as Record<string, unknown> | null,
  };
}
