import { createEvent } from '../../events/catalog';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import { withCorrelationId } from '../../lib/correlation';
import type { Logger } from '../../lib/logger';
import type { CrmErrorCode, CrmProvider } from '../crm/crm.port';
import { CrmError } from '../crm/crm.port';
import { CustomerSuccessError, type CustomerSuccessTracker, type TrackingEvent } from '../customer-success/customer-success-tracker.port';
import type { TranscriptLine } from '../../domain/interaction/interaction.schema';
import type { SummarySection } from '../../domain/interaction/summary.schema';
import type { CompletedInteractionAction, FollowUpContextReader } from './follow-up-context.port';
import type { InteractionRef } from './interaction.activities';
import type { TagType } from '../../domain/crm/crm-records';

export interface FollowUpActivityDeps {
  events: EventPublisher;
  crm: CrmProvider;
  context: FollowUpContextReader;
  tracker: CustomerSuccessTracker;
  logger: Logger;
}

export interface CallOutcome extends InteractionRef {
  callStatus: string;
  agentType: string | null;
  agentId: string | null;
  tags: string[];
  /** When the call ended: the tracking events' timestamp, the same on every retry. */
  endedAt: string;
}

export interface CrmFollowUpInput extends CallOutcome {
  /** The update_crm_job record, or the call_error record when the CRM refuses the follow-up. */
  eventId: string;
  errorEventId: string;
  summary: SummarySection[];
  transcript: TranscriptLine[];
}

const BOOKING_ACTIONS: Record<string, 'job' | 'booking'> = { job_booking: 'job', create_booking: 'booking' };
const NOTE_AUTHOR = 'HomeAgent';

const normalize = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

export function summaryNote(callStatus: string, summary: SummarySection[]): string {
  const sections = summary.map((s) => [s.title, ...s.content.map((line) => `- ${line}`)].join('\n'));
  return [`HomeAgent call summary (${callStatus})`, ...sections].join('\n\n');
}

export function transcriptNote(transcript: TranscriptLine[]): string {
  return ['HomeAgent call transcript', ...transcript.map((l) => `[${l.timestamp}] ${l.role}: ${l.message}`)].join('\n');
}

/** The CRM's tag types whose name or code is one of the interaction's tags (sooner_slot ~ "Sooner Slot"). */
export function matchTagTypes(tags: string[], tagTypes: TagType[]): string[] {
  const wanted = new Set(tags.map(normalize));
  return tagTypes.filter((t) => t.active && (wanted.has(normalize(t.name)) || wanted.has(normalize(t.code)))).map((t) => t.id);
}

/** Spec 000 §3 "Customer-success tracking events": one `call`, and one `appointment` per booking the call made. */
export function trackingEventsFor(outcome: CallOutcome, actions: CompletedInteractionAction[]): { dedupKey: string; event: TrackingEvent }[] {
  const call: TrackingEvent = {
    accountId: outcome.orgId,
    event: 'call',
    properties: { callId: outcome.interactionId, callStatus: outcome.callStatus, agentType: outcome.agentType, agentId: outcome.agentId, tags: outcome.tags },
    timestamp: outcome.endedAt,
  };
  const appointments = actions
    .filter((a) => BOOKING_ACTIONS[a.actionType])
    .map((a) => {
      const p = a.payload;
      const text = (value: unknown) => (value === undefined || value === null ? null : String(value));
      const event: TrackingEvent = {
        accountId: outcome.orgId,
        event: 'appointment',
        properties: {
          callId: outcome.interactionId,
          isEmergencySlot: p.is_emergency_slot === true,
          businessUnitId: text(p.business_unit_id ?? p.businessUnitId),
          jobTypeId: text(p.job_type_id ?? p.jobTypeId),
          appointmentTime: text(p.appointment_time ?? p.startTime),
          actionId: a.actionId,
          interactionId: outcome.interactionId,
          appointmentType: BOOKING_ACTIONS[a.actionType],
        },
        timestamp: outcome.endedAt,
      };
      return { dedupKey: `appointment/${a.actionId}`, event };
    });
  return [{ dedupKey: `call/${outcome.interactionId}`, event: call }, ...appointments];
}

/**
 * The post-call steps that reach outside the product (spec 000 §1): the CRM follow-up on the jobs the call
 * booked, and the customer-success tracking events.
 */
export function createFollowUpActivities({ events, crm, context, tracker, logger }: FollowUpActivityDeps) {
  const record = (input: CrmFollowUpInput, recordId: string, name: 'update_crm_job' | 'call_error', metadata: Record<string, unknown>) =>
    createEvent({
      eventId: recordId,
      type: 'InteractionEventRecorded',
      aggregateId: input.interactionId,
      orgId: input.orgId,
      correlationId: input.meta.correlationId,
      causationId: input.causationId,
      data: { interactionId: input.interactionId, orgId: input.orgId, recordId, name, metadata },
    });

  return {
    /**
     * Where the org has a CRM: on each job the call booked, a summary note, a transcript note and the
     * tags the CRM knows. Notes already there are not added again, so a retry writes nothing twice.
     */
    async followUpInCrm(input: CrmFollowUpInput): Promise<{ jobIds: string[] }> {
      const crmName = await context.findCrmName(input.orgId);
      if (!crmName || crmName === 'NONE') return { jobIds: [] };
      const jobIds = [
        ...new Set(
          (await context.listCompletedActions(input.interactionId)).filter((a) => a.actionType === 'job_booking' && a.result.jobId).map((a) => a.result.jobId),
        ),
      ];
      if (jobIds.length === 0) return { jobIds };
      const port = crm.forOrganization(input.orgId);
      const notes = [summaryNote(input.callStatus, input.summary), ...(input.transcript.length > 0 ? [transcriptNote(input.transcript)] : [])];
      return withCorrelationId(input.meta.correlationId, async () => {
        try {
          const tagTypeIds = input.tags.length > 0 ? matchTagTypes(input.tags, await port.listTagTypes()) : [];
          let notesAdded = 0;
          for (const jobId of jobIds) {
            const existing = new Set((await port.listJobNotes(jobId)).map((n) => n.text));
            for (const text of notes.filter((n) => !existing.has(n))) {
              await port.addJobNote(jobId, text, NOTE_AUTHOR);
              notesAdded += 1;
            }
            if (tagTypeIds.length > 0) await port.updateJobTags(jobId, { add: tagTypeIds, remove: [] });
          }
          await events.publish([record(input, input.eventId, 'update_crm_job', { jobIds, notes: notes.length, tagTypeIds })]);
          logger.info({ interactionId: input.interactionId, jobIds, notesAdded, tagTypeIds }, 'CRM follow-up done');
          return { jobIds };
        } catch (error) {
          if (!(error instanceof CrmError) || error.retryable) throw error;
          await events.publish([
            record(input, input.errorEventId, 'call_error', { task: 'crm_follow_up', code: error.code as CrmErrorCode, message: error.message, jobIds }),
          ]);
          logger.warn({ interactionId: input.interactionId, code: error.code, message: error.message }, 'CRM follow-up refused');
          return { jobIds: [] };
        }
      });
    },

    async trackCallOutcome(input: CallOutcome): Promise<{ tracked: number }> {
      const actions = await context.listCompletedActions(input.interactionId);
      const tracked = trackingEventsFor(input, actions);
      try {
        await tracker.track(tracked);
      } catch (error) {
        // A refused event (bad key, rejected body) does not get better by retrying: give up on it at once.
        if (!(error instanceof CustomerSuccessError) || error.retryable) throw error;
        logger.warn({ interactionId: input.interactionId, code: error.code, message: error.message }, 'customer-success tracking refused');
        return { tracked: 0 };
      }
      return { tracked: tracked.length };
    },
  };
}

export type FollowUpActivities = ReturnType<typeof createFollowUpActivities>;
