import { describe, expect, it } from '@jest/globals';
import type { Tx } from '../../../prisma/client';
import { createEvent, type EventOf } from '../../catalog';
import type { TraceEvaluatedV1 } from '../../schemas/llm.events';
import { documentProjection, type DocumentStore } from '../projection';
import { evolveTraceEvaluation, traceEvaluationsProjection } from './trace-evaluations.projection';
import type { TraceEvaluationDoc } from './trace-evaluations.repository';

const ORG = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const CALL = '7d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a';
const INTERACTION = '5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f';
let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

function evaluated(data: Partial<TraceEvaluatedV1> = {}) {
  const evaluationId = data.evaluationId ?? id();
  const evaluatedAt = data.evaluatedAt ?? '2026-11-25T09:30:00.000Z';
  return createEvent({
    eventId: evaluationId,
    type: 'TraceEvaluated',
    aggregateId: CALL,
    orgId: ORG,
    correlationId: 'c',
    causationId: `evaluation:${CALL}`,
    occurredAt: new Date(evaluatedAt),
    data: {
      evaluationId,
      traceId: CALL,
      traceType: 'call',
      orgId: ORG,
      agentType: 'OFFICE_HOURS_CSR',
      interactionId: INTERACTION,
      status: 'failed',
      flags: {
        interrupted_user: { value: true, reasoning: 'The agent spoke over the caller twice.' },
        went_silent: { value: false, reasoning: 'No long pauses.' },
      },
      failedFlags: ['interrupted_user'],
      standoutSummary: 'Booked the repair but talked over the caller.',
      engine: 'offline',
      ruleId: null,
      runId: null,
      evaluatedAt,
      ...data,
    },
  });
}

function memoryStore() {
  const docs = new Map<string, TraceEvaluationDoc>();
  const saves: string[] = [];
  const store: DocumentStore<TraceEvaluationDoc> = {
    load: async (_tx, key) => docs.get(key) ?? null,
    async save(_tx, key, doc) {
      saves.push(key);
      docs.set(key, doc);
    },
    reset: async () => docs.clear(),
  };
  return { store, docs, saves };
}

describe('trace-evaluations read model', () => {
  it('records the verdict, its flags and the interaction it belongs to', () => {
    const e = evaluated();
    expect(evolveTraceEvaluation(null, e)).toEqual({
      evaluationId: e.data.evaluationId,
      traceId: CALL,
      traceType: 'call',
      orgId: ORG,
      interactionId: INTERACTION,
      agentType: 'OFFICE_HOURS_CSR',
      status: 'failed',
      failedFlags: ['interrupted_user'],
      flags: e.data.flags,
      standoutSummary: 'Booked the repair but talked over the caller.',
      engine: 'offline',
      ruleId: null,
      runId: null,
      evaluatedAt: new Date('2026-11-25T09:30:00.000Z'),
    });
  });

  it('keeps the webhook run that asked for it, and a chat trace without an interaction', () => {
    const doc = evolveTraceEvaluation(
      null,
      evaluated({ traceType: 'chat', traceId: 'chat-1', interactionId: null, ruleId: 'rule-7', runId: 'run-9', status: 'success', failedFlags: [] }),
    );
    expect(doc).toMatchObject({
      traceType: 'chat',
      traceId: 'chat-1',
      interactionId: null,
      ruleId: 'rule-7',
      runId: 'run-9',
      status: 'success',
      failedFlags: [],
    });
  });

  it('changes nothing when the same event is delivered twice', () => {
    const e = evaluated();
    const once = evolveTraceEvaluation(null, e);
    expect(evolveTraceEvaluation(once, e)).toBe(once);
  });

  it('stores one row per evaluation and does not write again on a redelivery', async () => {
    const memory = memoryStore();
    // The registered projection with its Postgres store swapped for memory.
    const projection = documentProjection<TraceEvaluationDoc, EventOf<'TraceEvaluated'>>({
      name: traceEvaluationsProjection.name,
      aggregateTypes: traceEvaluationsProjection.aggregateTypes,
      handles: ['TraceEvaluated'],
      documentId: (e) => e.data.evaluationId,
      evolve: evolveTraceEvaluation,
      store: memory.store,
    });
    const tx = {} as Tx;
    const first = evaluated();
    const second = evaluated({ status: 'success', failedFlags: [], evaluatedAt: '2026-11-25T10:00:00.000Z' });

    await projection.apply(tx, first);
    await projection.apply(tx, first);
    await projection.apply(tx, second);

    expect(memory.saves).toEqual([first.data.evaluationId, second.data.evaluationId]);
    expect([...memory.docs.values()].map((d) => d.status)).toEqual(['failed', 'success']);
  });

  it('reads the llm-trace topic and handles only TraceEvaluated', () => {
    expect(traceEvaluationsProjection).toMatchObject({ name: 'trace-evaluations', aggregateTypes: ['llm-trace'], handles: ['TraceEvaluated'] });
  });
});
