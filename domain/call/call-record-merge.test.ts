import { emptyCallRecordState, foldCallDelivery, mergeCallDeliveries, toCallRecord, type CallDelivery } from './call-record-merge';
import type { CanonicalCallRecord, TranscriptTurn } from './call-record.schema';

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

const twoTurns: TranscriptTurn[] = [
  { role: 'Agent', content: 'Thanks for calling Demo HVAC.' },
  { role: 'Customer', content: 'My furnace is out.' },
];
const threeTurns: TranscriptTurn[] = [
  { role: 'Agent', content: 'Thanks for calling Demo HVAC.', words: [{ word: 'Thanks', start: 0.5, end: 0.8 }] },
  { role: 'Customer', content: 'My furnace is out.', words: [{ word: 'My', start: 2.1, end: 2.2 }] },
  { role: 'Agent', content: 'A technician can come at 2pm.', words: [{ word: 'A', start: 4, end: 4.1 }] },
];

const started: CallDelivery = {
  kind: 'call_started',
  sequence: 1,
  occurredAt: '2025-03-04T15:00:00.000Z',
  record: {
    status: 'in-progress',
    providerStatus: 'ongoing',
    voiceAgentId: 'agent_1',
    startedAt: '2025-03-04T15:00:00.000Z',
    fromNumber: '+13125550100',
    toNumber: '+13125550199',
    metadata: { orgId: 'org-1', attempt: 1 },
    callVariables: { customer_name: 'Pat' },
  },
};
const transcriptUpdated: CallDelivery = {
  kind: 'other',
  sequence: 2,
  occurredAt: '2025-03-04T15:00:30.000Z',
  record: { status: 'in-progress', providerStatus: 'ongoing', transcriptObject: twoTurns },
};
const ended: CallDelivery = {
  kind: 'call_ended',
  sequence: 3,
  occurredAt: '2025-03-04T15:01:05.000Z',
  record: {
    status: 'ended',
    providerStatus: 'ended',
    endedReason: 'user_hangup',
    providerEndedReason: 'user_hangup',
    endedAt: '2025-03-04T15:01:05.000Z',
    durationSeconds: 65,
    transcriptObject: threeTurns,
    recordingUrl: 'https://recordings.test/1.wav',
    summary: null,
    metadata: { attempt: 2 },
    dynamicVariables: { zip: '60601' },
  },
};
const analyzed: CallDelivery = {
  kind: 'call_analyzed',
  sequence: 4,
  occurredAt: '2025-03-04T15:01:05.000Z',
  record: {
    status: 'ended',
    providerStatus: 'ended',
    endedReason: 'user_hangup',
    transcriptObject: threeTurns,
    summary: 'Customer booked a furnace repair.',
    costUsd: 0.42,
    dynamicVariables: { booked: true },
  },
};

const expected: CanonicalCallRecord = {
  provider: 'retell',
  providerCallId: 'call_1',
  voiceAgentId: 'agent_1',
  type: null,
  direction: null,
  status: 'ended',
  endedReason: 'user_hangup',
  providerStatus: 'ended',
  providerEndedReason: 'user_hangup',
  createdAt: null,
  updatedAt: null,
  startedAt: '2025-03-04T15:00:00.000Z',
  endedAt: '2025-03-04T15:01:05.000Z',
  durationSeconds: 65,
  recordingUrl: 'https://recordings.test/1.wav',
  stereoRecordingUrl: null,
  summary: 'Customer booked a furnace repair.',
  forwardedPhoneNumber: null,
  fromNumber: '+13125550100',
  toNumber: '+13125550199',
  receiverId: null,
  callerPhoneNumberId: null,
  metadata: { attempt: 2, orgId: 'org-1' },
  callVariables: { customer_name: 'Pat' },
  dynamicVariables: { booked: true, zip: '60601' },
  transcriptObject: threeTurns,
  readableTranscriptWithToolCalls: null,
  costUsd: 0.42,
};

describe('mergeCallDeliveries', () => {
  it('gives the same record for every order of four deliveries plus two duplicates', () => {
    const deliveries = [started, transcriptUpdated, ended, analyzed, analyzed, started];
    const orders = permutations(deliveries);
    expect(orders).toHaveLength(720);
    for (const order of orders) {
      expect(mergeCallDeliveries('retell', 'call_1', order)).toEqual(expected);
    }
  });

  it('gives the same record when folded one delivery at a time, as a projection would', () => {
    for (const order of permutations([started, ended, analyzed, transcriptUpdated])) {
      let state = emptyCallRecordState('retell', 'call_1');
      for (const delivery of order) state = foldCallDelivery(state, delivery);
      expect(toCallRecord(state)).toEqual(expected);
    }
  });

  it('does not change the state it folds into', () => {
    const state = foldCallDelivery(emptyCallRecordState('retell', 'call_1'), started);
    const snapshot = JSON.stringify(state);
    foldCallDelivery(state, ended);
    expect(JSON.stringify(state)).toBe(snapshot);
  });

  it('keeps a terminal status when a late live event carries a larger sequence', () => {
    const lateLive: CallDelivery = { kind: 'other', sequence: 99, occurredAt: '2025-03-04T15:05:00.000Z', record: { status: 'in-progress' } };
    for (const order of permutations([ended, lateLive])) {
      const record = mergeCallDeliveries('retell', 'call_1', order);
      expect(record.status).toBe('ended');
      expect(record.endedReason).toBe('user_hangup');
    }
  });

  it('takes the transcript from the most complete delivery, not the latest', () => {
    const shorterButLater: CallDelivery = { ...analyzed, sequence: 9, record: { transcriptObject: twoTurns } };
    for (const order of permutations([ended, shorterButLater])) {
      expect(mergeCallDeliveries('retell', 'call_1', order).transcriptObject).toEqual(threeTurns);
    }
  });

  it('lets the later sequence win a plain field, then the later occurredAt', () => {
    const early: CallDelivery = { kind: 'other', sequence: 1, occurredAt: '2025-03-04T15:09:00.000Z', record: { summary: 'early' } };
    const late: CallDelivery = { kind: 'other', sequence: 2, occurredAt: '2025-03-04T15:00:00.000Z', record: { summary: 'late' } };
    const sameSequenceLaterTime: CallDelivery = { kind: 'other', sequence: 2, occurredAt: '2025-03-04T15:01:00.000Z', record: { summary: 'latest' } };
    for (const order of permutations([early, late, sameSequenceLaterTime])) {
      expect(mergeCallDeliveries('vapi', 'c', order).summary).toBe('latest');
    }
  });

  it('settles a conflict with equal sequence and time the same way in either order', () => {
    const a: CallDelivery = { kind: 'other', sequence: 5, occurredAt: '2025-03-04T15:00:00.000Z', record: { recordingUrl: 'https://a.test' } };
    const b: CallDelivery = { kind: 'other', sequence: 5, occurredAt: '2025-03-04T15:00:00.000Z', record: { recordingUrl: 'https://b.test' } };
    expect(mergeCallDeliveries('vapi', 'c', [a, b]).recordingUrl).toBe(mergeCallDeliveries('vapi', 'c', [b, a]).recordingUrl);
  });

  it('never lets null or an empty transcript clear what is known', () => {
    const blank: CallDelivery = {
      kind: 'call_analyzed',
      sequence: 10,
      occurredAt: '2025-03-04T16:00:00.000Z',
      record: { recordingUrl: null, transcriptObject: [] },
    };
    const record = mergeCallDeliveries('retell', 'call_1', [ended, blank]);
    expect(record.recordingUrl).toBe('https://recordings.test/1.wav');
    expect(record.transcriptObject).toEqual(threeTurns);
  });

  it('falls back to the kind order when a delivery has no sequence', () => {
    const { sequence: _s1, ...endedWithoutSequence } = ended;
    const { sequence: _s2, ...startedWithoutSequence } = started;
    for (const order of permutations<CallDelivery>([endedWithoutSequence, startedWithoutSequence])) {
      expect(mergeCallDeliveries('bland', 'c', order).providerStatus).toBe('ended');
    }
  });

  it('reports a live call as ongoing and an ended call without a reason as other', () => {
    expect(mergeCallDeliveries('retell', 'call_1', [started]).endedReason).toBe('ongoing');
    const endedWithoutReason: CallDelivery = { kind: 'call_ended', sequence: 3, occurredAt: '2025-03-04T15:01:05.000Z', record: { status: 'ended' } };
    expect(mergeCallDeliveries('retell', 'call_1', [started, endedWithoutReason]).endedReason).toBe('other');
  });

  it('ignores attempts to rename the call it merges', () => {
    const hostile: CallDelivery = { kind: 'other', occurredAt: '2025-03-04T15:00:00.000Z', record: { providerCallId: 'other', provider: 'vapi' } };
    const record = mergeCallDeliveries('retell', 'call_1', [hostile]);
    expect(record.provider).toBe('retell');
    expect(record.providerCallId).toBe('call_1');
  });
});
