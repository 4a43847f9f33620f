import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { Worker } from '@temporalio/worker';
import { workflowBundle } from '../../worker/create-worker';
import { createSandboxCrm } from '../../activities/crm/adapters/sandbox/sandbox-crm.adapter';
import { createOfflineCustomerSuccessTracker } from '../../activities/customer-success/adapters/offline/offline-tracker.adapter';
import { createFollowUpActivities } from '../../activities/interaction/follow-up.activities';
import { createFollowUpContextReader } from '../../activities/interaction/follow-up-context.repository';
import { addDays, isWeekendDate } from '../../domain/time/calendar';
import { toZonedParts } from '../../domain/time/zoned-time';
import { eventually, testLogger, uniqueName } from '../../tests/support/integration';
import { onboardOrganization } from '../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../tests/support/product-harness';
import { getInteractionQuery } from './interaction.messages';
import { workflowIds } from '../../domain/run/workflow-ids';

let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
const TZ = 'America/New_York';
const FIXTURES = join(__dirname, '../../activities/voice/adapters/retell/fixtures');
const FIXTURE_CALL_ID = 'call_a4441234567890777c4a4a123e6';
const retell = (name: 'call_started' | 'call_ended' | 'call_analyzed', callId: string) =>
  readFileSync(join(FIXTURES, `${name}.json`), 'utf8')
    .split(FIXTURE_CALL_ID)
    .join(callId);

const onboard = (name: string, adminEmail: string, crmName: string) => onboardOrganization(h, { name, adminEmail, timezone: TZ, crmName });

const webhook = (orgId: string, body: string) => request(h.app).post(`/voice-agent/webhook/${orgId}/retell`).set('content-type', 'application/json').send(body);

function futureWeekday(): string {
  let date = addDays(toZonedParts(new Date(), TZ).date, 3);
  while (isWeekendDate(date)) date = addDays(date, 1);
  return date;
}

let org: string;
let noCrmOrg: string;

beforeAll(async () => {
  h = await startProductHarness();
  [org, noCrmOrg] = await Promise.all([
    onboard(`Follow-up HVAC ${run}`, `owner-${run}@followup.test`, 'servicetitan'),
    onboard(`Untracked ${run}`, `owner-${run}@nocrm-followup.test`, 'NONE'),
  ]);
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('post-call CRM follow-up and customer-success tracking', () => {
  it('notes the summary and transcript on the job the call booked, and tracks the call and its appointment', async () => {
    const providerCallId = `call_${run}_booked`;
    expect((await webhook(org, retell('call_started', providerCallId))).status).toBe(200);
    const handle = h.client.workflow.getHandle(workflowIds.interaction('retell', providerCallId));
    const { interactionId } = await eventually(() => handle.query(getInteractionQuery), 10_000);

    const args = {
      appointment_time: `${futureWeekday()}T13:00:00`,
      job_type_id: '101',
      business_unit_id: '1',
      address: '12 Oak St',
      is_emergency_slot: false,
      full_name: 'Fay Follow',
      phone_number: '5125550144',
    };
    const booked = await request(h.app)
      .post(`/voice-agent/tool/${org}`)
      .set('authorization', `Bearer ${h.adminToken}`)
      .send({ tool: 'create_action_job_booking', args, interaction_id: interactionId });
    expect(booked.body.data).toMatchObject({ action_status: 'COMPLETED' });
    const { jobId, actionId } = booked.body.data as { jobId: string; actionId: string };
    await eventually(async () => (await h.tdb.db.interactionAction.findFirst({ where: { interactionId, status: 'COMPLETED' } })) ?? null, 20_000);

    await webhook(org, retell('call_ended', providerCallId));
    await webhook(org, retell('call_analyzed', providerCallId));
    const result = await handle.result();

    const crm = createSandboxCrm(h.tdb.db).forOrganization(org);
    const notes = await crm.listJobNotes(jobId);
    expect(notes).toHaveLength(2);
    expect(notes[0].text).toMatch(new RegExp(`^HomeAgent call summary \\(${result.callStatus}\\)\\n\\nSummary\\n- `));
    expect(notes[1].text).toMatch(/^HomeAgent call transcript\n\[00:00\] Agent: Thanks for calling Demo HVAC/);
    expect(notes.every((n) => n.createdBy === 'HomeAgent')).toBe(true);

    const tracked = await h.tdb.db.customerSuccessEvent.findMany({ where: { accountId: org }, orderBy: { event: 'asc' } });
    expect(tracked.map((t) => t.event)).toEqual(['appointment', 'call']);
    expect(tracked[0].properties).toEqual({
      callId: result.interactionId,
      isEmergencySlot: false,
      businessUnitId: '1',
      jobTypeId: '101',
      appointmentTime: args.appointment_time.slice(0, 16), // the action keeps the org-local time to the minute
      actionId,
      interactionId,
      appointmentType: 'job',
    });
    expect(tracked[1].properties).toMatchObject({
      callId: result.interactionId,
      callStatus: result.callStatus,
      agentType: expect.any(String),
      tags: expect.any(Array),
    });

    const row = await eventually(async () => {
      const r = await h.tdb.db.interaction.findUnique({ where: { id: interactionId } });
      return (r?.events as { name: string }[] | undefined)?.some((e) => e.name === 'update_crm_job') ? r : null;
    }, 20_000);
    expect((row.events as { name: string; metadata: object }[]).find((e) => e.name === 'update_crm_job')?.metadata).toMatchObject({
      jobIds: [jobId],
      notes: 2,
    });

    // A retried activity (same input) writes no second note and tracks nothing twice.
    const activities = createFollowUpActivities({
      events: h.bus,
      crm: createSandboxCrm(h.tdb.db),
      context: createFollowUpContextReader(h.tdb.db),
      tracker: createOfflineCustomerSuccessTracker(h.tdb.db),
      logger: testLogger,
    });
    const outcome = {
      meta: { correlationId: 'retry' },
      causationId: 'test',
      orgId: org,
      interactionId,
      callStatus: result.callStatus,
      agentType: 'RECEPTIONIST',
      agentId: null,
      tags: [],
      endedAt: new Date().toISOString(),
    };
    await activities.followUpInCrm({
      ...outcome,
      eventId: crypto.randomUUID(),
      errorEventId: crypto.randomUUID(),
      summary: row.summary as never,
      transcript: row.transcriptLines as never,
    });
    await activities.trackCallOutcome(outcome);
    expect(await crm.listJobNotes(jobId)).toHaveLength(2);
    expect(await h.tdb.db.customerSuccessEvent.count({ where: { accountId: org } })).toBe(2);
  }, 120_000);

  it('tracks the call of an org without a CRM and writes nothing to any CRM', async () => {
    const providerCallId = `call_${run}_nocrm`;
    await webhook(noCrmOrg, retell('call_started', providerCallId));
    await webhook(noCrmOrg, retell('call_ended', providerCallId));
    await webhook(noCrmOrg, retell('call_analyzed', providerCallId));
    const result = await h.client.workflow.getHandle(workflowIds.interaction('retell', providerCallId)).result();
    const tracked = await h.tdb.db.customerSuccessEvent.findMany({ where: { accountId: noCrmOrg } });
    expect(tracked).toHaveLength(1);
    expect(tracked[0]).toMatchObject({ event: 'call', properties: expect.objectContaining({ callId: result.interactionId, callStatus: result.callStatus }) });
  }, 60_000);

  it('replays the history of a call that was followed up in the CRM', async () => {
    const workflowId = workflowIds.interaction('retell', `call_${run}_booked`);
    const history = await h.client.workflow.getHandle(workflowId).fetchHistory();
    const markers = history.events?.filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch') ?? [];
    expect(markers.length).toBeGreaterThan(0);
    await expect(Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, workflowId)).resolves.toBeUndefined();
  }, 60_000);
});
