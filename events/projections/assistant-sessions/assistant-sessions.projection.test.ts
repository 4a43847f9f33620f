import { describe, expect, it } from '@jest/globals';
import { createEvent } from '../../catalog';
import { assistantSessionsProjection, evolveAssistantSession } from './assistant-sessions.projection';

const ORG = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const CHAT = '7d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a';
const CALL = '5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f';
let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const envelope = { aggregateId: CHAT, orgId: ORG, correlationId: 'c', causationId: 'staff:u-1' };

const started = createEvent({
  ...envelope,
  eventId: id(),
  type: 'AssistantSessionStarted',
  occurredAt: new Date('2026-11-27T15:00:00.000Z'),
  data: {
    chatId: CHAT,
    orgId: ORG,
    interactionId: CALL,
    csrEmail: 'csr@demo-hvac.test',
    userId: 'u-1',
    timezone: 'America/Chicago',
    initialMessage: 'Hi! Ask me about this call.',
    startedAt: '2026-11-27T15:00:00.000Z',
  },
});
const answered = (question: string, answer: string, at: string, fallback = false) =>
  createEvent({
    ...envelope,
    eventId: id(),
    type: 'AssistantQuestionAnswered',
    occurredAt: new Date(at),
    data: { chatId: CHAT, orgId: ORG, exchangeId: id(), question, answer, fallback, engine: fallback ? null : 'offline', askedAt: at, answeredAt: at },
  });
const ended = createEvent({
  ...envelope,
  eventId: id(),
  type: 'AssistantSessionEnded',
  occurredAt: new Date('2026-11-27T15:05:00.000Z'),
  data: { chatId: CHAT, orgId: ORG, userId: 'u-1', endedAt: '2026-11-27T15:05:00.000Z' },
});

describe('assistant-sessions read model', () => {
  it('opens with the initial message, adds each question with its reply in order, and ends', () => {
    const first = answered('Was anything booked?', 'No.', '2026-11-27T15:01:00.000Z');
    const second = answered('Why?', 'The engine did not answer.', '2026-11-27T15:02:00.000Z', true);
    let doc = evolveAssistantSession(null, started);
    doc = evolveAssistantSession(doc, first);
    doc = evolveAssistantSession(doc, second);
    doc = evolveAssistantSession(doc, ended);
    expect(doc).toMatchObject({ chatId: CHAT, orgId: ORG, interactionId: CALL, startedBy: 'u-1', csrEmail: 'csr@demo-hvac.test', status: 'ended' });
    expect(doc!.endedAt).toEqual(new Date('2026-11-27T15:05:00.000Z'));
    expect(doc!.messages.map((m) => [m.role, m.content, m.fallback ?? false])).toEqual([
      ['assistant', 'Hi! Ask me about this call.', false],
      ['user', 'Was anything booked?', false],
      ['assistant', 'No.', false],
      ['user', 'Why?', false],
      ['assistant', 'The engine did not answer.', true],
    ]);
  });

  it('changes nothing when the same event is delivered twice', () => {
    const once = evolveAssistantSession(null, started);
    expect(evolveAssistantSession(once, started)).toBe(once);
    const exchange = answered('Previous calls?', 'None.', '2026-11-27T15:01:00.000Z');
    const withAnswer = evolveAssistantSession(once, exchange);
    expect(evolveAssistantSession(withAnswer, exchange)).toBe(withAnswer);
    const closed = evolveAssistantSession(withAnswer, ended);
    expect(evolveAssistantSession(closed, ended)).toBe(closed);
  });

  it('ignores an exchange or an end without the session they belong to', () => {
    expect(evolveAssistantSession(null, answered('x', 'y', '2026-11-27T15:01:00.000Z'))).toBeNull();
    expect(evolveAssistantSession(null, ended)).toBeNull();
  });

  it('reads the assistant-session topic and handles its three events', () => {
    expect(assistantSessionsProjection).toMatchObject({
      name: 'assistant-sessions',
      aggregateTypes: ['assistant-session'],
      handles: ['AssistantSessionStarted', 'AssistantQuestionAnswered', 'AssistantSessionEnded'],
    });
  });
});
