import { describe, expect, it } from '@jest/globals';
import type { DomainEvent } from '../../events/catalog';
import { createLogger } from '../../lib/logger';
import { CrmError, type CrmPort } from '../crm/crm.port';
import type { TrackingEvent } from '../customer-success/customer-success-tracker.port';
import { createFollowUpActivities, matchTagTypes, summaryNote, trackingEventsFor, transcriptNote } from './follow-up.activities';
import type { CompletedInteractionAction } from './follow-up-context.port';
import { type Note, type TagType } from '../../domain/crm/crm-records';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const INTERACTION_ID = '5d0c7a4e-1f2b-4c3d-8e9f-0a1b2c3d4e5f';
const outcome = {
  meta: { correlationId: 'corr' },
  causationId: 'workflow:test',
  orgId: ORG_ID,
  interactionId: INTERACTION_ID,
  callStatus: 'BOOKED',
  agentType: 'RECEPTIONIST',
  agentId: 'agent-1',
  tags: ['sooner_slot'],
  endedAt: '2026-03-02T15:04:05.000Z',
};
const input = {
  ...outcome,
  eventId: '11111111-1111-4111-8111-111111111111',
  errorEventId: '22222222-2222-4222-8222-222222222222',
  summary: [{ title: 'Summary', content: ['Furnace repair booked for Tuesday.'] }],
  transcript: [
    { role: 'Agent', message: 'Thanks for calling.', timestamp: '00:00', seconds: 0 },
    { role: 'Customer', message: 'My furnace is out.', timestamp: '00:03', seconds: 3 },
  ],
};
const booking: CompletedInteractionAction = {
  actionId: '33333333-3333-4333-8333-333333333333',
  actionType: 'job_booking',
  payload: { is_emergency_slot: true, business_unit_id: '1', job_type_id: '101', appointment_time: '2026-03-03T13:00' },
  result: { jobId: '9001', jobNumber: 'SB-9001' },
};
const callback: CompletedInteractionAction = {
  actionId: '44444444-4444-4444-8444-444444444444',
  actionType: 'create_callback',
  payload: {},
  result: { callbackRequestId: '7' },
};

const tagType = (id: string, name: string, code: string, active = true): TagType =>
  ({ id, name, code, color: '#000', importance: null, isConversionOpportunity: false, active, createdOn: new Date(0), modifiedOn: new Date(0) }) as TagType;

function world(opts: { crmName?: string; actions?: CompletedInteractionAction[]; failWith?: CrmError } = {}) {
  const published: DomainEvent[] = [];
  const notes: Record<string, Note[]> = {};
  const tagged: { jobId: string; add: string[] }[] = [];
  const tracked: { dedupKey: string; event: TrackingEvent }[] = [];
  const port = {
    listTagTypes: async () => [tagType('t1', 'Sooner Slot', 'SOONER'), tagType('t2', 'Follow up', 'follow_up')],
    listJobNotes: async (jobId: string) => notes[jobId] ?? [],
    addJobNote: async (jobId: string, text: string, createdBy = 'x') => {
      if (opts.failWith) throw opts.failWith;
      const note = { text, createdBy, createdAt: new Date(), updatedAt: new Date() };
      (notes[jobId] ??= []).push(note);
      return note;
    },
    updateJobTags: async (jobId: string, change: { add: string[] }) => {
      tagged.push({ jobId, add: change.add });
      return change.add;
    },
  } as unknown as CrmPort;
  const acts = createFollowUpActivities({
    events: { publish: async (events) => void published.push(...events) },
    crm: { forOrganization: () => port },
    context: { findCrmName: async () => opts.crmName ?? 'servicetitan', listCompletedActions: async () => opts.actions ?? [booking, callback] },
    tracker: { track: async (events) => void tracked.push(...events) },
    logger: createLogger('test', 'silent'),
  });
  return { acts, published, notes, tagged, tracked };
}

describe('post-call CRM follow-up', () => {
  it('adds the summary and transcript notes and the matching tags to each booked job, and records update_crm_job', async () => {
    const { acts, published, notes, tagged } = world();
    expect(await acts.followUpInCrm(input)).toEqual({ jobIds: ['9001'] });
    expect(notes['9001'].map((n) => n.text)).toEqual([
      'HomeAgent call summary (BOOKED)\n\nSummary\n- Furnace repair booked for Tuesday.',
      'HomeAgent call transcript\n[00:00] Agent: Thanks for calling.\n[00:03] Customer: My furnace is out.',
    ]);
    expect(notes['9001'].every((n) => n.createdBy === 'HomeAgent')).toBe(true);
    expect(tagged).toEqual([{ jobId: '9001', add: ['t1'] }]);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      eventId: input.eventId,
      type: 'InteractionEventRecorded',
      data: { name: 'update_crm_job', metadata: { jobIds: ['9001'], tagTypeIds: ['t1'] } },
    });
  });

  it('writes no note twice when the activity is retried', async () => {
    const w = world();
    await w.acts.followUpInCrm(input);
    await w.acts.followUpInCrm(input);
    expect(w.notes['9001']).toHaveLength(2);
  });

  it('does nothing for an org without a CRM or a call that booked no job', async () => {
    const none = world({ crmName: 'NONE' });
    expect(await none.acts.followUpInCrm(input)).toEqual({ jobIds: [] });
    expect(none.published).toEqual([]);
    const noJob = world({ actions: [callback] });
    expect(await noJob.acts.followUpInCrm(input)).toEqual({ jobIds: [] });
    expect(noJob.published).toEqual([]);
  });

  it('records a CRM refusal as a call_error, and leaves a retryable failure to the retry policy', async () => {
    const refused = world({ failWith: new CrmError('NOT_FOUND', 'Job 9001 not found') });
    expect(await refused.acts.followUpInCrm(input)).toEqual({ jobIds: [] });
    expect(refused.published[0]).toMatchObject({
      eventId: input.errorEventId,
      data: { name: 'call_error', metadata: { task: 'crm_follow_up', code: 'NOT_FOUND' } },
    });
    const down = world({ failWith: new CrmError('UNAVAILABLE', 'CRM down') });
    await expect(down.acts.followUpInCrm(input)).rejects.toThrow('CRM down');
    expect(down.published).toEqual([]);
  });
});

describe('customer-success tracking', () => {
  it('tracks one call event and one appointment event per booking, keyed so a retry tracks nothing new', async () => {
    const { acts, tracked } = world();
    expect(await acts.trackCallOutcome(outcome)).toEqual({ tracked: 2 });
    expect(tracked).toEqual([
      {
        dedupKey: `call/${INTERACTION_ID}`,
        event: {
          accountId: ORG_ID,
          event: 'call',
          properties: { callId: INTERACTION_ID, callStatus: 'BOOKED', agentType: 'RECEPTIONIST', agentId: 'agent-1', tags: ['sooner_slot'] },
          timestamp: outcome.endedAt,
        },
      },
      {
        dedupKey: `appointment/${booking.actionId}`,
        event: {
          accountId: ORG_ID,
          event: 'appointment',
          properties: {
            callId: INTERACTION_ID,
            isEmergencySlot: true,
            businessUnitId: '1',
            jobTypeId: '101',
            appointmentTime: '2026-03-03T13:00',
            actionId: booking.actionId,
            interactionId: INTERACTION_ID,
            appointmentType: 'job',
          },
          timestamp: outcome.endedAt,
        },
      },
    ]);
  });

  it('calls a CRM booking (not a job) an appointment of type booking', () => {
    const events = trackingEventsFor(outcome, [
      { ...booking, actionType: 'create_booking', payload: { businessUnitId: 2, jobTypeId: 7, startTime: '2026-03-03T09:00' } },
    ]);
    expect(events[1].event.properties).toMatchObject({
      appointmentType: 'booking',
      isEmergencySlot: false,
      businessUnitId: '2',
      jobTypeId: '7',
      appointmentTime: '2026-03-03T09:00',
    });
  });
});

describe('note and tag helpers', () => {
  it('matches tags to active CRM tag types by name or code, whatever the spelling', () => {
    const types = [tagType('a', 'Sooner Slot', 'X1'), tagType('b', 'Other', 'follow-up'), tagType('c', 'Spam', 'spam', false)];
    expect(matchTagTypes(['sooner_slot', 'follow_up', 'spam', 'unknown'], types)).toEqual(['a', 'b']);
  });

  it('writes the summary sections and the transcript lines as plain text', () => {
    expect(
      summaryNote('EXCUSED', [
        { title: 'Summary', content: ['a', 'b'] },
        { title: 'Excused Reason', content: ['c'] },
      ]),
    ).toBe('HomeAgent call summary (EXCUSED)\n\nSummary\n- a\n- b\n\nExcused Reason\n- c');
    expect(transcriptNote([])).toBe('HomeAgent call transcript');
  });
});
