import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BOOKING_ACTION_TYPES, CALL_TYPES } from '../../domain/interaction/interaction.schema';
import { type LoadedCall, loadEvalSet } from './eval-call.schema';

const SET = join(__dirname, 'calls');

test('the evaluation set has at least 200 calls, 20 of each type, both directions and a tenth not in English', () => {
  const calls = loadEvalSet(SET);
  expect(calls.length).toBeGreaterThanOrEqual(200);
  for (const type of CALL_TYPES) expect(calls.filter((c) => c.expected.callType === type).length).toBeGreaterThanOrEqual(20);
  expect(calls.filter((c) => c.direction === 'outbound').length).toBeGreaterThanOrEqual(20);
  expect(calls.filter((c) => c.language !== 'en').length).toBeGreaterThanOrEqual(calls.length / 10);
});

test('labels follow the facts: BOOKED exactly when a booking action is COMPLETED, outbound calls tagged outbound_call', () => {
  for (const call of loadEvalSet(SET)) {
    const booked = call.actions.some((a) => a.status === 'COMPLETED' && BOOKING_ACTION_TYPES.includes(a.type));
    expect({ id: call.id, booked: call.expected.callType === 'Booked' }).toEqual({ id: call.id, booked });
    expect({ id: call.id, tagged: call.expected.tags.includes('outbound_call') }).toEqual({ id: call.id, tagged: call.direction === 'outbound' });
  }
});

test('the second held-out set has at least 100 calls, 18 of each type, a fifth outbound and a fifth not in English, labelled by the facts', () => {
  const calls = loadEvalSet(join(__dirname, 'holdout2'));
  expect(calls.length).toBeGreaterThanOrEqual(100);
  for (const type of CALL_TYPES) expect(calls.filter((c) => c.expected.callType === type).length).toBeGreaterThanOrEqual(18);
  expect(calls.filter((c) => c.direction === 'outbound').length).toBeGreaterThanOrEqual(calls.length / 5);
  expect(calls.filter((c) => c.language !== 'en').length).toBeGreaterThanOrEqual(calls.length / 5);
  for (const call of calls) {
    const booked = call.actions.some((a) => a.status === 'COMPLETED' && BOOKING_ACTION_TYPES.includes(a.type));
    expect({ id: call.id, booked: call.expected.callType === 'Booked' }).toEqual({ id: call.id, booked });
    expect({ id: call.id, tagged: call.expected.tags.includes('outbound_call') }).toEqual({ id: call.id, tagged: call.direction === 'outbound' });
  }
});

/** A held-out set's ids carry its prefix, and the labels the facts decide agree with them: Booked exactly when a
 * booking action COMPLETED, outbound_call exactly on outbound calls, no_conversation exactly on Abandoned ones. */
function expectLabelledByTheFacts(calls: LoadedCall[], idPrefix: string): void {
  for (const call of calls) {
    expect(call.id.startsWith(idPrefix)).toBe(true);
    const booked = call.actions.some((a) => a.status === 'COMPLETED' && BOOKING_ACTION_TYPES.includes(a.type));
    expect({ id: call.id, booked: call.expected.callType === 'Booked' }).toEqual({ id: call.id, booked });
    expect({ id: call.id, tagged: call.expected.tags.includes('outbound_call') }).toEqual({ id: call.id, tagged: call.direction === 'outbound' });
    expect({ id: call.id, noConversation: call.expected.tags.includes('no_conversation') }).toEqual({
      id: call.id,
      noConversation: call.expected.callType === 'Abandoned',
    });
  }
}

test('a set that names an unknown org or repeats an id is refused with the file named', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-set-'));
  const call = {
    id: 'x-1',
    direction: 'inbound',
    agentType: 'RECEPTIONIST',
    org: 'nowhere',
    startedAt: '2026-03-09T10:00:00-05:00',
    durationSeconds: 5,
    endedReason: 'user_hangup',
    transcript: [],
    expected: { callType: 'Abandoned', callStatus: 'ABANDONED', tags: [] },
  };
  writeFileSync(join(dir, 'a.json'), JSON.stringify({ category: 'a', calls: [call] }));
  expect(() => loadEvalSet(dir)).toThrow('a.json: call x-1 names org "nowhere"');
  writeFileSync(
    join(dir, 'a.json'),
    JSON.stringify({
      category: 'a',
      calls: [
        { ...call, org: undefined },
        { ...call, org: undefined },
      ],
    }),
  );
  expect(() => loadEvalSet(dir)).toThrow('a.json: call id x-1 is used twice');
});

/** The sets written apart from the engine by other engineers, from the spec only: each meets the size and spread its
 * writer was asked for, and its labels agree with what the facts decide. */
const WRITTEN_APART = [
  { set: 'holdout3', minCalls: 120, minPerType: 18, outboundShare: 1 / 5, minNotEnglish: 28 },
  { set: 'holdout4', minCalls: 150, minPerType: 22, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout5', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout6', minCalls: 160, minPerType: 25, outboundShare: 1 / 3, minNotEnglish: 30 },
  { set: 'holdout7', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout8', minCalls: 160, minPerType: 25, outboundShare: 1 / 2, minNotEnglish: 30 },
  { set: 'holdout9', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 100 },
  { set: 'holdout10', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout11', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout12', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout13', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout14', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 100 },
  { set: 'holdout15', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout16', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout17', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout18', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout19', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout20', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout21', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 80 },
  { set: 'holdout22', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout23', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout24', minCalls: 160, minPerType: 25, outboundShare: 1 / 2, minNotEnglish: 30 },
  { set: 'holdout25', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 100 },
  { set: 'holdout26', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout27', minCalls: 160, minPerType: 25, outboundShare: 1 / 5, minNotEnglish: 30 },
  { set: 'holdout28', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout29', minCalls: 160, minPerType: 25, outboundShare: 1 / 2, minNotEnglish: 30 },
  { set: 'holdout30', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 80 },
  { set: 'holdout31', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout32', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  // holdout33 is the Unbooked / Excused border: three types at 20, as its brief asked.
  { set: 'holdout33', minCalls: 200, minPerType: 20, outboundShare: 1 / 5, minNotEnglish: 30 },
  { set: 'holdout34', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout35', minCalls: 160, minPerType: 25, outboundShare: 1 / 2, minNotEnglish: 30 },
  { set: 'holdout36', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout37', minCalls: 160, minPerType: 25, outboundShare: 1 / 5, minNotEnglish: 30 },
  { set: 'holdout38', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout39', minCalls: 160, minPerType: 25, outboundShare: 1 / 5, minNotEnglish: 30 },
  { set: 'holdout40', minCalls: 160, minPerType: 25, outboundShare: 1 / 5, minNotEnglish: 30 },
  { set: 'holdout41', minCalls: 160, minPerType: 25, outboundShare: 1 / 5, minNotEnglish: 30 },
  { set: 'holdout42', minCalls: 160, minPerType: 25, outboundShare: 1 / 5, minNotEnglish: 30 },
  { set: 'holdout44', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout45', minCalls: 160, minPerType: 25, outboundShare: 1 / 2, minNotEnglish: 30 },
  { set: 'holdout46', minCalls: 160, minPerType: 25, outboundShare: 1 / 5, minNotEnglish: 100 },
  { set: 'holdout48', minCalls: 160, minPerType: 25, outboundShare: 1 / 5, minNotEnglish: 30 },
  { set: 'holdout43', minCalls: 160, minPerType: 25, outboundShare: 1 / 4, minNotEnglish: 30 },
  { set: 'holdout47', minCalls: 160, minPerType: 25, outboundShare: 1 / 5, minNotEnglish: 30 },
  { set: 'holdout49', minCalls: 160, minPerType: 25, outboundShare: 1 / 5, minNotEnglish: 30 },
  { set: 'holdout50', minCalls: 160, minPerType: 25, outboundShare: 1 / 5, minNotEnglish: 30 },
];

test.each(WRITTEN_APART)(
  '$set has at least $minCalls calls, $minPerType of each type, its share outbound and $minNotEnglish not in English, labelled by the facts',
  ({ set, minCalls, minPerType, outboundShare, minNotEnglish }) => {
    const calls = loadEvalSet(join(__dirname, set));
    expect(calls.length).toBeGreaterThanOrEqual(minCalls);
    for (const type of CALL_TYPES) expect(calls.filter((c) => c.expected.callType === type).length).toBeGreaterThanOrEqual(minPerType);
    expect(calls.filter((c) => c.direction === 'outbound').length).toBeGreaterThanOrEqual(calls.length * outboundShare);
    expect(calls.filter((c) => c.language !== 'en').length).toBeGreaterThanOrEqual(minNotEnglish);
    expectLabelledByTheFacts(calls, `h${set.slice('holdout'.length)}-`);
    // A transferred call's status is left to its writer: holdout3, 7 and 9 give the type's status, the others
    // TRANSFERRED as callStatusFor does (the spec names no order); the type agreement does not depend on it.
    for (const call of calls) {
      if (call.expected.callStatus === 'VOICEMAIL') expect({ id: call.id, direction: call.direction }).toEqual({ id: call.id, direction: 'outbound' });
    }
  },
);
