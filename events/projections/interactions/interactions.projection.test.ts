import { parseEvent } from '../../catalog';
import { aggregateEvents } from '../../../tests/support/domain-events';
import { emptyCallRecord } from '../../../domain/call/call-record.schema';
import { evolveInteraction, type InteractionEvent } from './interactions.projection';
import { statusCountDeltas } from './interaction-status-counts.repository';
import type { InteractionDoc } from './interactions.repository';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const INTERACTION_ID = '5d0c7a4e-1f2b-4c3d-8e9f-0a1b2c3d4e5f';
const CALL_ID = '7e1d8b5f-2a3c-4d4e-9f0a-1b2c3d4e5f60';
const ids = { interactionId: INTERACTION_ID, orgId: ORG_ID };
const event = aggregateEvents({ aggregateId: INTERACTION_ID, orgId: ORG_ID }, '2025-07-01T15:00:00.000Z');

const started = event('CallStarted', {
  ...ids,
  callId: CALL_ID,
  provider: 'retell',
  providerCallId: 'call_1',
  agentType: 'RECEPTIONIST',
  voiceAgentId: 'agent_1',
  direction: 'outbound',
  customerNumber: '+13125550142',
  startedAt: '2025-07-01T15:00:00.000Z',
});
const ended = event(
  'CallEnded',
  {
    ...ids,
    timedOut: false,
    record: {
      ...emptyCallRecord('retell', 'call_1'),
      status: 'ended',
      endedReason: 'user_hangup',
      endedAt: '2025-07-01T15:02:00.000Z',
      durationSeconds: 120,
      summary: 'Caller asked about a furnace.',
    },
  },
  '2025-07-01T15:02:01.000Z',
);
const classified = event(
  'InteractionClassified',
  { ...ids, callType: 'Unbooked', callStatus: 'UNBOOKED', reason: 'no booking', engine: 'offline' },
  '2025-07-01T15:02:05.000Z',
);
const reclassified = event(
  'InteractionReclassified',
  { ...ids, from: 'UNBOOKED', to: 'EXCUSED', by: 'ai', userId: null, reason: 'asked for a price only', tags: ['estimate_on_call'] },
  '2025-07-01T15:02:06.000Z',
);
const errorRecord = event('InteractionEventRecorded', {
  ...ids,
  recordId: '11111111-1111-4111-8111-111111111111',
  name: 'call_error',
  metadata: { task: 'call_scorer' },
});
const followUp = event('DemoFollowUpRequested', { ...ids, email: 'dana@visitor.test', phone: '+13035550199' }, '2025-07-01T15:05:00.000Z');
const reviewed = event('InteractionReviewed', {
  ...ids,
  reviewedAt: '2025-07-02T09:00:00.000Z',
  reviewNotes: 'ok',
  userId: '22222222-2222-4222-8222-222222222222',
});

const fold = (events: InteractionEvent[], from: InteractionDoc | null = null) => events.reduce(evolveInteraction, from);

describe('evolveInteraction', () => {
  it('opens a STARTED interaction, PROCESSING once the call ends, then the classified status', () => {
    expect(fold([started])).toMatchObject({ id: INTERACTION_ID, callId: CALL_ID, callStatus: 'STARTED', customerNumber: '+13125550142' });
    expect(fold([started, ended])).toMatchObject({
      callStatus: 'PROCESSING',
      endedReason: 'user_hangup',
      durationSeconds: 120,
      callAnalysis: { call_summary: 'Caller asked about a furnace.' },
    });
    expect(fold([started, ended, classified])).toMatchObject({
      callStatus: 'UNBOOKED',
      callType: 'Unbooked',
      classificationReason: 'no booking',
      analysedBy: 'offline',
    });
  });

  it('takes the direction and voice agent from the end when the start did not know them (a call started by a tool request)', () => {
    const thin = { ...started, data: { ...started.data, direction: null, voiceAgentId: null } };
    const endedWith = { ...ended, data: { ...ended.data, record: { ...ended.data.record, direction: 'inbound' as const, voiceAgentId: 'agent_2' } } };
    expect(fold([thin, endedWith])).toMatchObject({ direction: 'inbound', voiceAgentId: 'agent_2' });
    // What the start knew stays.
    expect(fold([started, endedWith])).toMatchObject({ direction: 'outbound', voiceAgentId: 'agent_1' });
  });

  it('moves UNBOOKED to EXCUSED when reclassified, adding the tags and giving the new reason', () => {
    expect(fold([started, ended, classified, reclassified])).toMatchObject({
      callStatus: 'EXCUSED',
      callType: 'Excused',
      tags: ['estimate_on_call'],
      classificationReason: 'asked for a price only',
      analysedBy: 'offline',
    });
  });

  it('reads a v1 classification (before the engine was recorded) as analysed by an unknown engine', () => {
    const v1 = parseEvent({ ...classified, version: 1, data: { ...ids, callType: 'Booked', callStatus: 'BOOKED', reason: 'booked' } }) as InteractionEvent;
    expect(v1).toMatchObject({ version: 2, data: { engine: null } });
    expect(fold([started, ended, v1])).toMatchObject({ callType: 'Booked', classificationReason: 'booked', analysedBy: null });
    // Delivered twice, the same document.
    expect(fold([started, ended, classified, classified])).toEqual(fold([started, ended, classified]));
  });

  it('marks a call that never ended as ERROR and one nobody answered as NO_ANSWER', () => {
    const timedOut = event('CallEnded', { ...ids, timedOut: true, record: { ...emptyCallRecord('retell', 'call_1'), status: 'error', endedReason: 'error' } });
    const noAnswer = event('CallEnded', {
      ...ids,
      timedOut: false,
      record: { ...emptyCallRecord('retell', 'call_1'), status: 'not-connected', endedReason: 'no_answer' },
    });
    expect(fold([started, timedOut])?.callStatus).toBe('ERROR');
    expect(fold([started, noAnswer])?.callStatus).toBe('NO_ANSWER');
  });

  it('sets VOICEMAIL only for an outbound call that reached voicemail', () => {
    const vm = event('VoicemailDetected', { ...ids, reachedVoicemail: true });
    expect(fold([started, ended, classified, vm])?.callStatus).toBe('VOICEMAIL');
  });

  it('keeps review notes when a later review leaves them out, and clears reviewed_at on null', () => {
    const unreviewed = event('InteractionReviewed', { ...ids, reviewedAt: null, userId: '22222222-2222-4222-8222-222222222222' });
    expect(fold([started, reviewed, unreviewed])).toMatchObject({ reviewedAt: null, reviewNotes: 'ok' });
  });

  it("shows a demo visitor's follow-up request among the call's events, after what came before it", () => {
    const doc = fold([started, ended, errorRecord, followUp]);
    expect(doc?.events.map((e) => e.name)).toEqual(['call_error', 'demo_follow_up_requested']);
    expect(doc?.events[1]).toEqual({
      id: followUp.eventId,
      created_at: '2025-07-01T15:05:00.000Z',
      name: 'demo_follow_up_requested',
      metadata: { email: 'dana@visitor.test', phone: '+13035550199' },
    });
    expect(doc?.updatedAt).toEqual(new Date('2025-07-01T15:05:00.000Z'));
  });

  it('ignores events of an interaction it has not seen start', () => {
    expect(fold([classified])).toBeNull();
  });

  describe('delivering the same event twice', () => {
    const all: InteractionEvent[] = [started, ended, classified, reclassified, errorRecord, followUp, reviewed];
    it.each(all.map((e) => [e.type, e] as const))('gives the same interaction as once for %s', (_type, e) => {
      const before = fold(all.slice(0, all.indexOf(e)));
      const once = evolveInteraction(before, e);
      expect(evolveInteraction(once, e)).toEqual(once);
    });

    it('records an interaction event once', () => {
      expect(fold([started, errorRecord, errorRecord])?.events).toHaveLength(1);
      expect(fold([started, followUp, reviewed, followUp])?.events).toHaveLength(1);
    });
  });
});

describe("statusCountDeltas (the call logs' kept counts)", () => {
  const key = { orgId: ORG_ID, day: '2025-07-01', agentType: 'RECEPTIONIST' };
  /** The kept counts after folding the events one by one, each step's deltas added. */
  const countsAfter = (events: InteractionEvent[]) => {
    const counts = new Map<string, number>();
    let doc: InteractionDoc | null = null;
    for (const e of events) {
      const next = evolveInteraction(doc, e);
      if (next === null || next === doc) continue;
      for (const d of statusCountDeltas(doc, next)) {
        const k = `${d.orgId}|${d.day}|${d.agentType}|${d.callStatus}|${d.reviewed}`;
        counts.set(k, (counts.get(k) ?? 0) + d.delta);
      }
      doc = next;
    }
    return Object.fromEntries([...counts].filter(([, n]) => n !== 0));
  };

  it('counts a new call under its UTC day, agent type, status and review', () => {
    expect(statusCountDeltas(null, fold([started])!)).toEqual([{ ...key, callStatus: 'STARTED', reviewed: false, delta: 1 }]);
  });

  it('moves the call from its old status to its new one, and nothing when the key stays', () => {
    const before = fold([started, ended, classified])!;
    expect(statusCountDeltas(before, evolveInteraction(before, reclassified)!)).toEqual([
      { ...key, callStatus: 'UNBOOKED', reviewed: false, delta: -1 },
      { ...key, callStatus: 'EXCUSED', reviewed: false, delta: 1 },
    ]);
    expect(statusCountDeltas(before, evolveInteraction(before, errorRecord)!)).toEqual([]);
  });

  it('leaves one count per call whatever the history: reclassified, reviewed, unreviewed, events delivered twice', () => {
    const unreviewed = event('InteractionReviewed', { ...ids, reviewedAt: null, userId: '22222222-2222-4222-8222-222222222222' });
    expect(countsAfter([started, ended, classified, reclassified, reviewed])).toEqual({ [`${ORG_ID}|2025-07-01|RECEPTIONIST|EXCUSED|true`]: 1 });
    expect(countsAfter([started, ended, ended, classified, classified, reviewed, unreviewed, reviewed, unreviewed])).toEqual({
      [`${ORG_ID}|2025-07-01|RECEPTIONIST|UNBOOKED|false`]: 1,
    });
  });

  it("counts a call without an agent type under ''", () => {
    const thin = { ...started, data: { ...started.data, agentType: null } };
    expect(statusCountDeltas(null, fold([thin])!)[0]).toMatchObject({ agentType: '' });
  });
});
