import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createEvent } from '../../../events/catalog';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { seedFinishedCall } from '../../../tests/support/finished-call';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

const SECRET = 'evaluation-webhook-secret-for-tests';
let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
let orgId: string;
let owner: ReturnType<typeof request.agent>;
/** Recorded before call and interaction ids were unified: the call also has a call id of its own. */
const legacyCallId = randomUUID();
const interactionId = randomUUID();

const retrieve = (callId = interactionId) => owner.post('/call/retrieve').send({ callId });
/** The call details once the read model shows the evaluation named. */
const detailsWith = (evaluationId: string) =>
  eventually(async () => {
    const res = await retrieve();
    return res.body.evaluation?.evaluationId === evaluationId ? res : null;
  });

beforeAll(async () => {
  h = await startProductHarness({ EVALUATION_WEBHOOK_SECRET: SECRET });
  ({ orgId, agent: owner } = await onboardAndLogIn(h, { name: `Evaluated HVAC ${run}`, adminEmail: `owner-${run}@evaluation.test` }));
  await seedFinishedCall(h.tdb.db, {
    id: interactionId,
    callId: legacyCallId,
    orgId,
    providerCallId: `call_${run}`,
    callAnalysis: { call_summary: null, metadata: {} },
  });
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('a call evaluation in the call details', () => {
  let first: { evaluationId: string; status: string; failed_flags: string[]; standout_summary: string; flags: Record<string, unknown> };

  it('is null before the call is evaluated, and names the org the call belongs to', async () => {
    const res = await retrieve();
    expect(res.status).toBe(200);
    expect(res.body.evaluation).toBeNull();
    expect(res.body.data.org_id).toBe(orgId);
    expect(res.body.data.id).toBe(interactionId);
  });

  it('still opens from the call id it had before the ids were unified, as the same interaction', async () => {
    const res = await retrieve(legacyCallId);
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(interactionId);
  });

  it('shows the verdict of POST /llm/evaluation once it is projected', async () => {
    const evaluated = await owner.post('/llm/evaluation').send({ traceId: interactionId, agentType: 'OFFICE_HOURS_CSR', orgId, traceType: 'call' });
    expect(evaluated.status).toBe(200);
    first = evaluated.body;

    const details = await detailsWith(first.evaluationId);
    expect(details.body.evaluation).toEqual({
      evaluationId: first.evaluationId,
      status: first.status,
      failedFlags: first.failed_flags,
      standoutSummary: first.standout_summary,
      evaluatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      flags: first.flags,
    });
    expect(Object.keys(details.body.evaluation.flags).length).toBeGreaterThan(0);
  }, 60_000);

  it('shows the latest evaluation: an evaluation-service run after the first replaces it on the page', async () => {
    const res = await request(h.app)
      .post(`/llm/evaluation/webhook?secret=${SECRET}`)
      .send({
        rule_id: 'rule-1',
        runs: [{ id: `run-${run}`, inserted_at: new Date().toISOString(), inputs: { agentType: 'OFFICE_HOURS_CSR', traceId: interactionId, orgId } }],
      });
    expect(res.status).toBe(200);
    const second = res.body.results[0].evaluationId as string;
    expect(second).not.toBe(first.evaluationId);

    const details = await detailsWith(second);
    expect(details.body.evaluation.status).toBe(res.body.results[0].status);
    expect(await h.tdb.db.traceEvaluation.count({ where: { interactionId } })).toBe(2);
    expect(await h.tdb.db.traceEvaluation.findUnique({ where: { evaluationId: second } })).toMatchObject({
      traceId: interactionId,
      ruleId: 'rule-1',
      runId: `run-${run}`,
    });
  }, 60_000);

  it('keeps one row per evaluation when TraceEvaluated is delivered again', async () => {
    const stored = await h.tdb.db.traceEvaluation.findUniqueOrThrow({ where: { evaluationId: first.evaluationId } });
    const redelivered = createEvent({
      eventId: stored.evaluationId,
      type: 'TraceEvaluated',
      aggregateId: stored.traceId,
      orgId,
      correlationId: 'redelivery',
      causationId: `evaluation:${stored.traceId}`,
      occurredAt: stored.evaluatedAt,
      // A redelivery carries the event as first published; a changed body must not rewrite the verdict either.
      data: {
        ...stored,
        traceType: 'call',
        agentType: 'OFFICE_HOURS_CSR',
        status: 'reviewed_failure',
        flags: stored.flags as Record<string, { value: boolean; reasoning: string }>,
        evaluatedAt: stored.evaluatedAt.toISOString(),
      },
    });
    await h.bus.publish([redelivered, redelivered]);
    // A later evaluation on the same topic and stream: once it is shown, the redeliveries before it were seen.
    const sentinelId = randomUUID();
    const at = new Date();
    await h.bus.publish([
      createEvent({
        eventId: sentinelId,
        type: 'TraceEvaluated',
        aggregateId: stored.traceId,
        orgId,
        correlationId: 'sentinel',
        causationId: null,
        occurredAt: at,
        data: { ...redelivered.data, evaluationId: sentinelId, status: 'success', failedFlags: [], evaluatedAt: at.toISOString() },
      }),
    ]);
    await detailsWith(sentinelId);

    expect(await h.tdb.db.traceEvaluation.count({ where: { interactionId } })).toBe(3);
    expect(await h.tdb.db.traceEvaluation.findUnique({ where: { evaluationId: first.evaluationId } })).toEqual(stored);
  }, 60_000);
});
