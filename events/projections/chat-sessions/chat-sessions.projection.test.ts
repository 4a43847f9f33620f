import { createEvent, type DomainEvent } from '../../catalog';
import { evolveChatSession, type ChatSessionEvent } from './chat-sessions.projection';
import type { ChatSessionDoc } from './chat-sessions.repository';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const INTERACTION_ID = '5a1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f';
let n = 0;
const envelope = (minute: number) => ({
  eventId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  aggregateId: INTERACTION_ID,
  orgId: ORG_ID,
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date(`2026-11-28T01:${String(minute).padStart(2, '0')}:00Z`),
});
const ids = { interactionId: INTERACTION_ID, orgId: ORG_ID, sessionId: 'session-1' };
const message = (id: string, role: 'user' | 'agent', content: string) => ({ id, role, content, created_at: '2026-11-28T01:01:00.000Z' });

const started = createEvent({
  ...envelope(0),
  type: 'ChatSessionStarted',
  data: { ...ids, agentId: 'agent-1', agentType: 'CHAT_CSR_AGENT', startedAt: '2026-11-28T01:00:00.000Z' },
});
const firstTurn = createEvent({
  ...envelope(1),
  type: 'ChatSessionMessagesAdded',
  data: {
    ...ids,
    messages: [message('m1', 'agent', 'Hi, how can I help?'), message('m2', 'user', 'My AC is out'), message('m3', 'agent', 'What is your zip?')],
  },
});
const nudge = createEvent({ ...envelope(16), type: 'ChatSessionMessagesAdded', data: { ...ids, messages: [message('m4', 'agent', 'Are you still there?')] } });
const ended = createEvent({
  ...envelope(31),
  type: 'ChatSessionEnded',
  data: { ...ids, reason: 'idle_timeout', endedAt: '2026-11-28T01:31:00.000Z', customerNumber: '+15125550142' },
});
const identified = createEvent({
  ...envelope(32),
  type: 'CustomerIdentified',
  data: {
    interactionId: INTERACTION_ID,
    orgId: ORG_ID,
    customerName: 'Dana Reyes',
    customerAddress: '12 Main St, Austin',
    crmCustomerId: null,
    isLead: true,
    subject: 'AC',
    department: null,
  },
});
const classified = createEvent({
  ...envelope(32),
  type: 'InteractionClassified',
  data: { interactionId: INTERACTION_ID, orgId: ORG_ID, callType: 'Unbooked', callStatus: 'UNBOOKED', reason: 'no booking', engine: 'offline' },
} as never);
const tagged = createEvent({
  ...envelope(33),
  type: 'InteractionTagged',
  data: { interactionId: INTERACTION_ID, orgId: ORG_ID, tags: ['no_conversation'], reasons: {} },
} as never);
const reviewed = createEvent({
  ...envelope(40),
  type: 'InteractionReviewed',
  data: {
    interactionId: INTERACTION_ID,
    orgId: ORG_ID,
    reviewedAt: '2026-11-28T01:40:00.000Z',
    reviewNotes: 'called back',
    userId: '9d1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f',
  },
} as never);

const fold = (events: DomainEvent[]) => events.reduce<ChatSessionDoc | null>((s, e) => evolveChatSession(s, e as ChatSessionEvent), null);

describe('chat sessions read model', () => {
  it('folds a session: started, its messages in order, ended, identified, classified, tagged and reviewed', () => {
    const doc = fold([started, firstTurn, nudge, ended, identified, classified, tagged, reviewed])!;
    expect(doc).toMatchObject({
      sessionId: 'session-1',
      status: 'ended',
      endReason: 'idle_timeout',
      customerNumber: '+15125550142',
      customerName: 'Dana Reyes',
      customerAddress: '12 Main St, Austin',
      callStatus: 'UNBOOKED',
      callType: 'Unbooked',
      tags: ['no_conversation'],
      reviewNotes: 'called back',
      createdAt: new Date('2026-11-28T01:00:00.000Z'),
    });
    expect(doc.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(doc.reviewedAt).toEqual(new Date('2026-11-28T01:40:00.000Z'));
  });

  it('is live and PROCESSING until it ends and is classified', () => {
    expect(fold([started, firstTurn])).toMatchObject({ status: 'live', callStatus: 'PROCESSING', endedAt: null });
  });

  it('changes nothing when every event is delivered twice', () => {
    const events = [started, firstTurn, nudge, ended, identified, classified, tagged, reviewed];
    expect(fold(events.flatMap((e) => [e, e]))).toEqual(fold(events));
  });

  it("ignores another interaction's pipeline steps (a call's or a widget chat's): no session row has its id", () => {
    expect(fold([classified, tagged])).toBeNull();
  });
});
