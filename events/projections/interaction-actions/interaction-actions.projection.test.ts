import { describe, expect, it } from '@jest/globals';
import { createEvent } from '../../catalog';
import { evolveInteractionAction } from './interaction-actions.projection';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const ACTION_ID = '5d2b7a51-1c7e-4b2d-9d0e-2f4a6b8c0d1e';
const INTERACTION_ID = '7e9c1a2b-3d4e-4f50-8a6b-7c8d9e0f1a2b';
const envelope = (eventId: string, occurredAt: string) => ({
  eventId,
  aggregateId: ACTION_ID,
  orgId: ORG_ID,
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date(occurredAt),
});

const created = createEvent({
  ...envelope('11111111-1111-4111-8111-111111111111', '2025-03-01T12:00:00.000Z'),
  type: 'ActionCreated',
  data: {
    actionId: ACTION_ID,
    orgId: ORG_ID,
    actionType: 'job_booking',
    businessKey: '+13035550188/2025-03-02T10:00:00/101',
    interactionId: INTERACTION_ID,
    payload: { job_type_id: '101' },
  },
});
const completed = createEvent({
  ...envelope('22222222-2222-4222-8222-222222222222', '2025-03-01T12:00:05.000Z'),
  type: 'ActionCompleted',
  data: { actionId: ACTION_ID, orgId: ORG_ID, actionType: 'job_booking', result: { jobId: '9001', jobNumber: 'J-9001' } },
});
const dropped = createEvent({
  ...envelope('33333333-3333-4333-8333-333333333333', '2025-03-01T12:00:06.000Z'),
  type: 'ActionDropped',
  data: { actionId: ACTION_ID, orgId: ORG_ID, actionType: 'job_booking', reason: 'CRM down' },
});

describe('interaction actions read model', () => {
  it('records a created action as NEW under its interaction, then its completion', () => {
    const afterCreate = evolveInteractionAction(null, created)!;
    expect(afterCreate).toMatchObject({ status: 'NEW', interactionId: INTERACTION_ID, actionType: 'job_booking', payload: { job_type_id: '101' } });
    const afterComplete = evolveInteractionAction(afterCreate, completed)!;
    expect(afterComplete).toMatchObject({ status: 'COMPLETED', interactionId: INTERACTION_ID, result: { jobId: '9001', jobNumber: 'J-9001' } });
  });

  it('ignores a second delivery of each event', () => {
    const once = evolveInteractionAction(evolveInteractionAction(null, created), completed);
    expect(evolveInteractionAction(evolveInteractionAction(once, created), completed)).toBe(once);
  });

  it('keeps a completion that arrived before the creation, and never drops a completed action', () => {
    const early = evolveInteractionAction(null, completed);
    const filled = evolveInteractionAction(early, created)!;
    expect(filled).toMatchObject({ status: 'COMPLETED', interactionId: INTERACTION_ID, businessKey: created.data.businessKey, result: { jobId: '9001' } });
    expect(evolveInteractionAction(filled, dropped)).toBe(filled);
  });
});
