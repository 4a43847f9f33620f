import { emptyCallRecord } from '../domain/call/call-record.schema';
import type { AgentType, CallStatus, CallType, InteractionTag } from '../domain/interaction/interaction.schema';
import { addDays } from '../domain/time/calendar';
import { zonedTimeToInstant } from '../domain/time/zoned-time';
import { createEvent, type DomainEvent } from '../events/catalog';
import { interactionIdForProviderCall, uuidV5 } from '../lib/ids';
import { seededPicker } from './demo-random';

const DEMO_CALL_NAMESPACE = '3b0f7a52-8d1e-4c6b-9f2a-51c7e0d4a913';

export interface DemoTranscriptTurn {
  role: 'Agent' | 'Customer';
  content: string;
  seconds: number;
}

/** One finished call as its interaction events will tell it. */
export interface SyntheticCall {
  orgId: string;
  providerCallId: string;
  startedAt: Date;
  agentType: AgentType;
  seconds: number;
  outcome: Exclude<CallType, 'Abandoned'>;
  isLead: boolean;
  tags: string[];
  customerName: string;
  customerNumber: string;
  subject: string;
  /** What was said, when the call should show a transcript (the demo's calls; the benchmarks leave it out). */
  transcript?: DemoTranscriptTurn[];
}

const STATUS: Record<SyntheticCall['outcome'], CallStatus> = { Booked: 'BOOKED', Unbooked: 'UNBOOKED', Excused: 'EXCUSED', NotLead: 'COMPLETED' };

/**
 * The events a classified call leaves in the log (started, ended, customer identified, classified, tagged,
 * summarised), with ids derived from the call, so publishing them twice changes nothing. For the demo seed and
 * the analytics tests; live calls get theirs from the interaction workflow.
 */
export function syntheticCallEvents(c: SyntheticCall): DomainEvent[] {
  const interactionId = interactionIdForProviderCall(c.orgId, 'retell', c.providerCallId);
  const ids = { interactionId, orgId: c.orgId };
  const endedAt = new Date(c.startedAt.getTime() + c.seconds * 1000);
  const at = (seconds: number) => new Date(endedAt.getTime() + seconds * 1000);
  const envelope = (type: string, occurredAt: Date) => ({
    eventId: uuidV5(`${interactionId}/${type}`, DEMO_CALL_NAMESPACE),
    aggregateId: interactionId,
    orgId: c.orgId,
    correlationId: `demo-call-${c.providerCallId}`,
    causationId: null,
    occurredAt,
  });
  const summary = `${c.customerName} called about ${c.subject.toLowerCase()}.`;
  return [
    createEvent({
      ...envelope('CallStarted', c.startedAt),
      type: 'CallStarted',
      data: {
        ...ids,
        callId: interactionId,
        provider: 'retell',
        providerCallId: c.providerCallId,
        agentType: c.agentType,
        voiceAgentId: null,
        direction: 'inbound',
        customerNumber: c.customerNumber,
        startedAt: c.startedAt.toISOString(),
      },
    }),
    createEvent({
      ...envelope('CallEnded', at(1)),
      type: 'CallEnded',
      data: {
        ...ids,
        timedOut: false,
        record: {
          ...emptyCallRecord('retell', c.providerCallId),
          direction: 'inbound',
          status: 'ended',
          endedReason: 'user_hangup',
          startedAt: c.startedAt.toISOString(),
          endedAt: endedAt.toISOString(),
          durationSeconds: c.seconds,
          summary,
          fromNumber: c.customerNumber,
          receiverId: c.customerNumber,
          transcriptObject: (c.transcript ?? []).map(({ role, content }) => ({ role, content })),
        },
      },
    }),
    ...(c.transcript
      ? [
          createEvent({
            ...envelope('InteractionTranscribed', at(3)),
            type: 'InteractionTranscribed',
            data: {
              ...ids,
              lines: c.transcript.map(({ role, content, seconds }) => ({
                role,
                message: content,
                seconds,
                timestamp: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
              })),
            },
          }),
        ]
      : []),
    createEvent({
      ...envelope('CustomerIdentified', at(5)),
      type: 'CustomerIdentified',
      data: { ...ids, customerName: c.customerName, customerAddress: null, crmCustomerId: null, isLead: c.isLead, subject: c.subject, department: null },
    }),
    createEvent({
      ...envelope('InteractionClassified', at(8)),
      type: 'InteractionClassified',
      data: { ...ids, callType: c.outcome, callStatus: STATUS[c.outcome], reason: `${c.outcome} (demo call)`, engine: 'offline' },
    }),
    createEvent({
      ...envelope('InteractionTagged', at(9)),
      type: 'InteractionTagged',
      data: { ...ids, tags: c.tags, reasons: Object.fromEntries(c.tags.map((t) => [t, 'demo call'])) },
    }),
    createEvent({
      ...envelope('InteractionSummarized', at(10)),
      type: 'InteractionSummarized',
      data: { ...ids, kind: 'inbound', summary: [{ title: 'Summary', content: [summary] }] },
    }),
  ];
}

const NAMES = ['Dana Ruiz', 'Marcus Lee', 'Priya Shah', 'Tom Becker', 'Alicia Gomez', 'Sam Okafor', 'Jen Walsh', 'Luis Ortega', 'Kim Nguyen', 'Ray Foster'];
const SUBJECTS = [
  'No cooling',
  'Furnace not starting',
  'Water heater leak',
  'Thermostat replacement',
  'Annual maintenance',
  'Clogged drain',
  'Breaker keeps tripping',
];
/** Spec 000 §4 tags only, so the demo's charts and filters show what live calls produce. */
const UNBOOKED_TAGS: readonly InteractionTag[] = ['callback', 'sooner_slot', 'language_issue', 'reschedule'];
const EXCUSED_TAGS: readonly InteractionTag[] = [
  'timing_issue',
  'dispatch_fee_issue',
  'estimate_on_call',
  'outside_service_area',
  'follow_up',
  'agent_requested',
];
const BOOKED_WHEN: readonly (InteractionTag | null)[] = ['same_day', 'next_day', null];

/**
 * About 4-9 calls a day for the `days` days up to `today` (in the org's zone): office-hours and after-hours CSR
 * calls and receptionist calls, each booked, unbooked, excused or not a lead, so the dashboard's charts have
 * something to show in `npm start`.
 */
export function demoCalls(orgId: string, timeZone: string, today: string, days = 60): SyntheticCall[] {
  const { next, pick } = seededPicker(orgId.replace(/-/g, '').slice(0, 8));
  const calls: SyntheticCall[] = [];
  for (let d = days - 1; d >= 0; d -= 1) {
    const date = addDays(today, -d);
    const count = 4 + Math.floor(next() * 6);
    for (let i = 0; i < count; i += 1) {
      const afterHours = next() < 0.3;
      const hour = afterHours ? pick([6, 7, 18, 19, 20, 21]) : 9 + Math.floor(next() * 8);
      const minute = Math.floor(next() * 60);
      const startedAt = zonedTimeToInstant(date, `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, timeZone);
      if (d === 0 && startedAt.getTime() > Date.now()) continue;
      const agentType: AgentType = afterHours ? 'AFTER_HOURS_CSR' : next() < 0.25 ? 'RECEPTIONIST' : 'OFFICE_HOURS_CSR';
      const roll = next();
      const outcome: SyntheticCall['outcome'] =
        agentType === 'RECEPTIONIST'
          ? roll < 0.5
            ? 'NotLead'
            : 'Excused'
          : roll < 0.5
            ? 'Booked'
            : roll < 0.72
              ? 'Unbooked'
              : roll < 0.9
                ? 'Excused'
                : 'NotLead';
      const when = outcome === 'Booked' ? pick(BOOKED_WHEN) : null;
      const tags: InteractionTag[] =
        outcome === 'Booked'
          ? when
            ? ['booked', when]
            : ['booked']
          : outcome === 'Unbooked'
            ? [pick(UNBOOKED_TAGS)]
            : outcome === 'Excused'
              ? [pick(EXCUSED_TAGS)]
              : [];
      calls.push({
        orgId,
        providerCallId: `demo_${orgId.slice(0, 8)}_${date}_${i}`,
        startedAt,
        agentType,
        seconds: 60 + Math.floor(next() * 360),
        outcome,
        isLead: outcome === 'Booked' || outcome === 'Unbooked' || (outcome === 'Excused' && next() < 0.5),
        tags,
        customerName: pick(NAMES),
        customerNumber: `+1512555${String(1000 + Math.floor(next() * 9000))}`,
        subject: pick(SUBJECTS),
      });
    }
  }
  return calls;
}

const OPENING = (c: SyntheticCall) => `Thanks for calling, this is the ${c.agentType === 'RECEPTIONIST' ? 'front desk' : 'service desk'}. How can I help?`;

/** A short transcript that fits the call's outcome and subject, so Call details has something to read in the demo. */
export function withDemoTranscript(c: SyntheticCall): SyntheticCall {
  const first = c.customerName.split(' ')[0];
  const lines: [DemoTranscriptTurn['role'], string][] = [['Agent', OPENING(c)]];
  const tag = c.tags[0];
  switch (c.outcome) {
    case 'Booked':
      lines.push(
        ['Customer', `Hi, this is ${first}. ${c.subject}, can someone come take a look?`],
        [
          'Agent',
          `Sorry to hear that, ${first}. I can get a technician out. Does ${c.tags.includes('same_day') ? 'this afternoon' : c.tags.includes('next_day') ? 'tomorrow morning' : 'Thursday morning'} work?`,
        ],
        ['Customer', 'Yes, that works.'],
        ['Agent', "You're booked. You'll get a text when the technician is on the way."],
      );
      break;
    case 'Unbooked':
      lines.push(
        ['Customer', `Hi. ${c.subject}, I need someone to take a look.`],
        ['Agent', 'I can help with that. The first opening is Friday at 8 a.m. Would that work?'],
        [
          'Customer',
          tag === 'callback'
            ? "I'm not sure yet. Can somebody call me back later today?"
            : tag === 'sooner_slot'
              ? "Nothing sooner than Friday? That's too long for us."
              : tag === 'language_issue'
                ? 'Perdón, ¿hay alguien que hable español?'
                : 'Actually, I already have a visit booked on Tuesday. Can we move that one instead?',
        ],
        ['Agent', tag === 'language_issue' ? "I'm sorry, I can only help in English right now." : 'Let me see what I can do. We have your number.'],
      );
      break;
    case 'Excused': {
      const excuse: Record<string, [string, string]> = {
        timing_issue: ["Friday won't work, I'm out of town all week.", 'Understood. Call us when you are back.'],
        dispatch_fee_issue: ["How much just for you to come out? That's more than I want to spend.", 'The visit is $89 and it goes toward the repair.'],
        estimate_on_call: ['Can you just give me a ballpark price over the phone?', "I'm sorry, the technician has to see it before we can price it."],
        outside_service_area: ["We're out past Bastrop, off Highway 71.", "I'm sorry, that is outside the area we serve."],
        follow_up: ["I'll talk to my landlord first and call you back.", 'Sounds good. We are here when you are ready.'],
        agent_requested: ['Can I talk to a real person, please?', 'Of course, let me take a message for the office.'],
      };
      const [said, answer] = excuse[tag] ?? excuse.follow_up;
      lines.push(
        ['Customer', `Hi, it's about ${c.subject.toLowerCase()}.`],
        ['Agent', 'I can help with that. The first opening is Friday at 8 a.m.'],
        ['Customer', said],
        ['Agent', answer],
      );
      break;
    }
    case 'NotLead':
      lines.push(
        ['Customer', `Hi, I'm just calling to check on the invoice from last week's visit, the ${c.subject.toLowerCase()}.`],
        ['Agent', "Sure, I'll have the office e-mail you a copy today."],
        ['Customer', 'Great, thanks.'],
      );
      break;
  }
  const step = Math.max(4, Math.floor(c.seconds / (lines.length + 1)));
  return { ...c, transcript: lines.map(([role, content], i) => ({ role, content, seconds: i * step })) };
}
