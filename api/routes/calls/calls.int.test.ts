import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { Worker } from '@temporalio/worker';
import { workflowBundle } from '../../../worker/create-worker';
import { interactionWorkflow } from '../../../workflows';
import { callDeliveredSignal } from '../../../workflows/interaction/interaction.messages';
import { taskQueue } from '../../../domain/run/task-queues';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';
import { workflowIds } from '../../../domain/run/workflow-ids';

let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
const FIXTURES = join(__dirname, '../../../activities/voice/adapters/retell/fixtures');
const FIXTURE_CALL_ID = 'call_a4441234567890777c4a4a123e6';

/** A Retell delivery of the recorded fixture, re-addressed to a call id of this run. */
const retell = (name: 'call_started' | 'call_ended' | 'call_analyzed', callId: string) =>
  readFileSync(join(FIXTURES, `${name}.json`), 'utf8')
    .split(FIXTURE_CALL_ID)
    .join(callId);

const retellSignature = (secret: string, body: string, at = Date.now()) =>
  `v=${at},d=${createHmac('sha256', secret)
    .update(body + at)
    .digest('hex')}`;

let orgId: string;
let owner: ReturnType<typeof request.agent>;

const postWebhook = (path: string, body: string, headers: Record<string, string> = {}) =>
  request(h.app).post(path).set('content-type', 'application/json').set(headers).send(body);

const callLogs = (body: object = {}) => owner.post('/call/logs').send({ orgId, currentAgents: 'ALL', ...body });

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId, agent: owner } = await onboardAndLogIn(h, {
    name: `Calls HVAC ${run}`,
    adminEmail: `owner-${run}@calls.test`,
    officeEmail: `office-${run}@calls.test`,
  }));
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('calls end to end: provider webhooks → one interaction workflow → read model → call history', () => {
  const callId = `call_${run}_one`;
  let entry: { id: string; interactionId: string; call_status: string; is_lead: boolean | null };

  it('turns out-of-order and duplicated Retell deliveries into exactly one classified interaction', async () => {
    const path = `/voice-agent/webhook/${orgId}/retell`;
    // call_analyzed first, then the start, then the end; the start and the analysis arrive twice, two at once.
    expect((await postWebhook(path, retell('call_analyzed', callId))).status).toBe(200);
    const [a, b] = await Promise.all([postWebhook(path, retell('call_started', callId)), postWebhook(path, retell('call_started', callId))]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await postWebhook(path, retell('call_ended', callId))).status).toBe(200);
    expect((await postWebhook(path, retell('call_analyzed', callId))).body).toMatchObject({ success: true });

    const result = await h.client.workflow.getHandle(workflowIds.interaction('retell', callId)).result();
    expect(result).toMatchObject({ timedOut: false });
    const runs = [];
    for await (const r of h.client.workflow.list({ query: `WorkflowId = '${workflowIds.interaction('retell', callId)}'` })) runs.push(r);
    expect(runs).toHaveLength(1);

    const logs = await eventually(async () => {
      const res = await callLogs();
      const e = res.body.entries?.[0];
      return e && e.call_status === result.callStatus ? res : null;
    }, 30_000);
    expect(logs.status).toBe(200);
    expect(logs.body.entries).toHaveLength(1);
    entry = logs.body.entries[0];
    expect(entry.call_status).toBe(result.callStatus);
    expect(['UNBOOKED', 'EXCUSED', 'ABANDONED', 'COMPLETED']).toContain(entry.call_status);
    expect(logs.body.pagination).toEqual({ currentPage: 1, pageSize: 200, totalCount: 1, totalPages: 1, hasMore: false });
    expect(logs.body.statusCounts).toEqual({ [entry.call_status]: 1 });
    expect(logs.body.entries[0]).toMatchObject({ customer_number: '+13125550142', started_at: '2024-05-02T00:07:55.945Z', interactionId: expect.any(String) });
    // Identified before it was classified: whether the caller is a lead is known by now.
    expect(typeof entry.is_lead).toBe('boolean');
    expect(await h.tdb.db.interaction.count({ where: { orgId } })).toBe(1);
  }, 90_000);

  it('shows the call details: transcript, summary and the interaction events in order', async () => {
    const details = await eventually(async () => {
      const res = await owner.post('/call/retrieve').send({ callId: entry.id });
      return res.body.data?.summary?.length > 0 && res.body.data.interaction_events.length >= 2 ? res : null;
    }, 20_000);
    expect(details.body.timezone).toBe('America/Chicago');
    expect(details.body.data.is_lead).toBe(entry.is_lead);
    // An org without a CRM: no jobs, no CRM customer profile link.
    expect(details.body.crm_name).toBe('NONE');
    expect(details.body.data).toMatchObject({ jobs: [], job_details: {}, crm_customer_link: null });
    expect(details.body.transcript_object[0]).toMatchObject({ role: 'Agent', content: 'Thanks for calling Demo HVAC, this is Ava.' });
    expect(details.body.transcript[1]).toMatchObject({ role: 'Customer', message: 'Hi, my furnace stopped working.', timestamp: '00:03', seconds: 3 });
    expect(details.body.data.summary[0].title).toBe('Summary');
    // Analysed by the offline engine: recorded once on the interaction, with the reason naming its cues; no line is prefixed.
    expect(details.body.data.analysed_by).toBe('offline');
    expect(details.body.data.call_type_reason).toMatch(/cues: '|evidence: /);
    for (const section of details.body.data.summary) for (const line of section.content) expect(line).not.toMatch(/^\(offline engine\)/);
    expect((await callLogs()).body.entries[0].analysed_by).toBe('offline');
    const names = details.body.data.interaction_events.map((e: { name: string }) => e.name);
    expect(names.slice(0, 2)).toEqual(['create_call', 'call_end_reason']);
    expect(names).not.toContain('call_error');
    expect(details.body.data.interaction_events[1].metadata).toMatchObject({ endedReason: 'user_hangup' });

    const missing = await owner.post('/call/retrieve').send({ callId: randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Not Found', status: 404, message: 'Call not found' });
  }, 30_000);

  it('marks the interaction reviewed, unmarks it, and keeps the notes', async () => {
    const reviewedAt = '2025-06-01T10:00:00.000Z';
    const marked = await owner.put('/interaction').send({ id: entry.interactionId, reviewed_at: reviewedAt, review_notes: 'Called back' });
    expect(marked.body).toEqual({ id: entry.interactionId, reviewed_at: reviewedAt, review_notes: 'Called back' });
    expect((await callLogs()).body.entries[0]).toMatchObject({ reviewed_at: reviewedAt, review_notes: 'Called back' });

    await owner.put('/interaction').send({ id: entry.interactionId, reviewed_at: null });
    expect((await callLogs()).body.entries[0]).toMatchObject({ reviewed_at: null, review_notes: 'Called back' });

    const bad = await owner.put('/interaction').send({ id: entry.interactionId, reviewed_at: 'yesterday' });
    expect(bad.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'reviewed_at must be a datetime or null' });
  }, 30_000);

  it('reclassifies to UNBOOKED or EXCUSED only', async () => {
    const target = entry.call_status === 'EXCUSED' ? 'UNBOOKED' : 'EXCUSED';
    const res = await owner.post('/call/reclassify').send({ callId: entry.id, newStatus: target });
    expect(res.body).toEqual({ callId: entry.id, call_status: target });
    const logs = await callLogs();
    expect(logs.body.entries[0].call_status).toBe(target);
    expect(logs.body.statusCounts).toEqual({ [target]: 1 });

    const refused = await owner.post('/call/reclassify').send({ callId: entry.id, newStatus: 'BOOKED' });
    expect(refused.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'newStatus must be UNBOOKED or EXCUSED' });
    expect((await callLogs()).body.entries[0].call_status).toBe(target);
  }, 30_000);

  it('filters and pages the call logs, and refuses bad paging', async () => {
    expect((await callLogs({ from: '2024-05-03', to: '2024-06-01' })).body.entries).toHaveLength(0);
    expect((await callLogs({ from: '2024-05-01', to: '2024-05-02' })).body.entries).toHaveLength(1);
    // A date is a day on the organization's clocks (Chicago): the call began 2024-05-02 00:07 UTC, 19:07 on May 1 there.
    const mayFirst = (await callLogs({ from: '2024-05-01', to: '2024-05-01' })).body;
    expect(mayFirst).toMatchObject({ entries: [{ id: entry.id }], pagination: { totalCount: 1 } });
    expect(Object.values(mayFirst.statusCounts)).toEqual([1]);
    expect((await callLogs({ from: '2024-05-02', to: '2024-05-02' })).body).toMatchObject({ entries: [], statusCounts: {} });
    // Instants are taken as they are.
    expect((await callLogs({ from: '2024-05-02T00:00:00Z', to: '2024-05-02T01:00:00Z' })).body.entries).toHaveLength(1);
    expect((await callLogs({ currentAgents: ['DEMO_AGENT'] })).body.pagination.totalCount).toBe(0);
    expect((await callLogs({ page: 2, pageSize: 1 })).body).toMatchObject({ entries: [], pagination: { currentPage: 2, totalPages: 1, hasMore: false } });
    const zero = await callLogs({ pageSize: 0 });
    expect(zero.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'pageSize must be between 1 and 1000' });
    expect((await callLogs({ page: 0 })).body.message).toBe('page must be at least 1');
  }, 30_000);

  it("lists the jobs the call's completed CRM actions touched, folded per job, without a link when the org has no CRM", async () => {
    const at = new Date('2024-05-02T00:08:00.000Z');
    const action = (actionType: string, result: Record<string, string>, status = 'COMPLETED', offsetMs = 0) => ({
      actionId: randomUUID(),
      orgId,
      interactionId: entry.interactionId,
      actionType,
      businessKey: `${run}-${actionType}`,
      payload: { job_type_id: 'jt-7' },
      status,
      result,
      createdAt: at,
      updatedAt: new Date(at.getTime() + offsetMs),
    });
    await h.tdb.db.interactionAction.createMany({
      data: [
        action('job_booking', { jobId: '9001', jobNumber: 'J-9001', appointmentId: 'ap-1' }),
        action('job_cancel', { jobId: '9001', jobNumber: 'J-9001', jobStatus: 'CANCELED' }, 'COMPLETED', 1000),
        action('job_booking', {}, 'DROPPED', 2000),
        action('create_callback', { callbackRequestId: 'cb-1' }, 'COMPLETED', 3000),
      ],
    });
    const job = { revenue: null, crm_job_id: '9001', jobId: '9001', bookingId: null, jobNumber: 'J-9001', jobStatus: 'CANCELED', link: '#' };
    expect((await callLogs()).body.entries[0]).toMatchObject({ jobs: [job], crm_customer_link: null });
    const details = await owner.post('/call/retrieve').send({ callId: entry.id });
    expect(details.body.data).toMatchObject({ jobs: [job], job_details: { '9001': { jobNumber: 'J-9001', jobStatus: 'CANCELED' } } });
  }, 30_000);
});

describe('the interaction workflow', () => {
  it('replays its recorded history deterministically', async () => {
    const workflowId = workflowIds.interaction('retell', `call_${run}_one`);
    const history = await h.client.workflow.getHandle(workflowId).fetchHistory();
    await expect(Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, workflowId)).resolves.toBeUndefined();
  }, 60_000);

  it('closes a call the provider never ends as an error, recorded as call_error', async () => {
    const callId = `call_${run}_never_ends`;
    const workflowId = workflowIds.interaction('retell', callId);
    await h.client.workflow.signalWithStart(interactionWorkflow, {
      workflowId,
      taskQueue: taskQueue('interaction', h.taskQueuePrefix),
      args: [{ meta: { correlationId: 'corr-never-ends' }, orgId, provider: 'retell', providerCallId: callId, callEndTimeoutMs: 1000 }],
      signal: callDeliveredSignal,
      signalArgs: [
        { orgId, providerEvent: 'call_started', delivery: { kind: 'call_started', occurredAt: '2024-05-02T01:00:00.000Z', record: { status: 'in-progress' } } },
      ],
    });
    const result = await h.client.workflow.getHandle(workflowId).result();
    expect(result).toMatchObject({ timedOut: true, callStatus: 'ERROR' });
    const row = await eventually(async () => {
      const r = await h.tdb.db.interaction.findUnique({ where: { id: result.interactionId } });
      return r && (r.events as unknown[]).length === 3 ? r : null;
    });
    expect(row.callStatus).toBe('ERROR');
    expect((row.events as { name: string }[]).map((e) => e.name)).toEqual(['create_call', 'call_end_reason', 'call_error']);
  }, 30_000);
});

describe('webhook refusals', () => {
  it('answers 401 to a bad signature when the organization has a secret, and starts nothing', async () => {
    const secret = `whsec-${run}`;
    await h.voicePlatforms.save(orgId, 'retell', { webhookSecret: secret, toolSecret: null, apiKey: null, baseUrl: null, active: false });
    const callId = `call_${run}_signed`;
    const body = retell('call_started', callId);
    const path = `/voice-agent/webhook/${orgId}/retell`;

    for (const headers of [{}, { 'x-retell-signature': retellSignature('wrong-secret', body) }] as Record<string, string>[]) {
      const res = await postWebhook(path, body, headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Unauthorized', status: 401, message: 'Invalid webhook signature' });
    }
    await expect(h.client.workflow.getHandle(workflowIds.interaction('retell', callId)).describe()).rejects.toThrow();

    const signed = await postWebhook(path, body, { 'x-retell-signature': retellSignature(secret, body) });
    expect(signed.status).toBe(200);
    expect((await h.client.workflow.getHandle(workflowIds.interaction('retell', callId)).describe()).status.name).toBe('RUNNING');
    await h.client.workflow.getHandle(workflowIds.interaction('retell', callId)).terminate('test done');
  }, 30_000);

  it('answers 404 for an unknown organization and 400 for a payload it cannot read', async () => {
    const body = retell('call_started', `call_${run}_nobody`);
    expect((await postWebhook(`/voice-agent/webhook/${randomUUID()}/retell`, body)).status).toBe(404);
    expect((await postWebhook(`/voice-agent/webhook/not-a-uuid`, body)).status).toBe(404);
    // The org signs (the test above set its Retell secret): a delivery is authenticated before it is read.
    expect((await postWebhook(`/voice-agent/webhook/${orgId}/vapi`, '{"not":')).status).toBe(401);
    const garbage = await postWebhook(`/voice-agent/webhook/${orgId}/retell`, '{"not":', { 'x-retell-signature': retellSignature(`whsec-${run}`, '{"not":') });
    expect(garbage.status).toBe(400);
    expect(garbage.body).toMatchObject({ error: 'Bad Request', status: 400 });
    expect((await postWebhook(`/voice-agent/webhook/${orgId}/nobody`, body)).status).toBe(400);
    expect((await postWebhook(`/voice-agent/webhook/${orgId}`, '{"hello":"world"}')).status).toBe(400);
  }, 30_000);

  it('tells a Retell payload apart when the path does not name the provider', async () => {
    const callId = `call_${run}_detected`;
    const res = await postWebhook(`/voice-agent/webhook/${orgId}`, retell('call_started', callId), {
      'x-retell-signature': retellSignature(`whsec-${run}`, retell('call_started', callId)),
    });
    expect(res.status).toBe(200);
    const handle = h.client.workflow.getHandle(workflowIds.interaction('retell', callId));
    expect((await handle.describe()).status.name).toBe('RUNNING');
    await handle.terminate('test done');
  }, 30_000);
});
