import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { addDays, isWeekendDate } from '../../../domain/time/calendar';
import { toZonedParts } from '../../../domain/time/zoned-time';
import { workflowIds } from '../../../domain/run/workflow-ids';
import { interactionIdForProviderCall } from '../../../lib/ids';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardOrganization } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

/**
 * Issue 11 point 1: a call played with a platform's own webhook and tool-call bodies, which name the call
 * only by the platform's call id, ends BOOKED with the job its agent booked mid-call.
 */
let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
const TZ = 'America/Chicago';
let org: string;

const ADAPTERS = join(__dirname, '../../../activities/voice/adapters');
const FIXTURE_CALL_IDS: Record<string, string> = {
  retell: 'call_a4441234567890777c4a4a123e6',
  vapi: '2a7f1c4e-9b3d-4e8a-b6f2-5c1d0e9a8b7c',
  bland: 'd9cce3f3-23cf-4fa7-b62c-8be8119b8715',
  synthflow: '1711646262471x768387119913843100',
};

/** A recorded webhook body of the vendor, re-addressed to a call id of this run. */
const fixture = (provider: string, name: string, callId: string): string =>
  readFileSync(join(ADAPTERS, provider, 'fixtures', `${name}.json`), 'utf8')
    .split(FIXTURE_CALL_IDS[provider])
    .join(callId);

const webhook = (provider: string, body: string) =>
  request(h.app).post(`/voice-agent/webhook/${org}/${provider}`).set('content-type', 'application/json').send(body).expect(200);

const tool = (body: object, query = '') =>
  request(h.app).post(`/voice-agent/tool/${org}${query}`).set('authorization', `Bearer ${h.adminToken}`).send(body).expect(200);

/** The nth weekday from three days out (clear of the seeded appointments): one per call, so no two bookings share a slot. */
function weekday(nth: number): string {
  let date = addDays(toZonedParts(new Date(), TZ).date, 3);
  for (let seen = -1; ; date = addDays(date, 1)) {
    if (!isWeekendDate(date)) seen += 1;
    if (seen === nth) return date;
  }
}

const capacityArgs = (date: string) => ({
  time_to_check: `${date}T13:00:00`,
  job_type_id: '101',
  business_unit: '1',
  priority: 3,
  execution_message: 'Checking',
});
const bookingArgs = (date: string, phone: string, name: string) => ({
  appointment_time: `${date}T13:00:00`,
  job_type_id: '101',
  business_unit_id: '1',
  address: '14 Elm Road, Springfield, TX 78702',
  is_emergency_slot: false,
  full_name: name,
  phone_number: phone,
});

async function expectBooked(provider: string, callId: string, jobId: string) {
  const handle = h.client.workflow.getHandle(workflowIds.interaction(provider, callId));
  const result = await handle.result();
  const interactionId = interactionIdForProviderCall(org, provider, callId);
  expect(result).toMatchObject({ interactionId, callStatus: 'BOOKED', timedOut: false });
  const job = await h.tdb.db.sandboxJob.findFirstOrThrow({ where: { orgId: org, id: Number(jobId) } });
  expect(job.jobStatus).not.toBe('CANCELED');
  const row = await eventually(async () => {
    const r = await h.tdb.db.interaction.findUnique({ where: { id: interactionId } });
    return r?.callStatus === 'BOOKED' ? r : null;
  }, 30_000);
  expect(row).toMatchObject({ provider, providerCallId: callId });
  expect(await h.tdb.db.interaction.count({ where: { orgId: org, providerCallId: callId } })).toBe(1);
  return row;
}

beforeAll(async () => {
  h = await startProductHarness();
  org = await onboardOrganization(h, { name: `Platforms HVAC ${run}`, adminEmail: `owner-${run}@platforms.test`, timezone: TZ, crmName: 'servicetitan' });
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('Retell: custom functions {name, args, call}', () => {
  const retellTool = (callId: string, name: string, args: object) => tool({ name, args, call: JSON.parse(fixture('retell', 'call_started', callId)).call });

  async function playBooking(callId: string, date: string) {
    const address = await retellTool(callId, 'check_address', { previouslyCalled: false, zipcode: '78701' });
    expect(address.body.result).toBe('Zip code 78701 is in our service area. Continue with what the caller needs.');
    // Retell retries a custom function that timed out: the same request again changes nothing.
    await retellTool(callId, 'check_address', { previouslyCalled: false, zipcode: '78701' });
    const capacity = await retellTool(callId, 'get_capacity', capacityArgs(date));
    expect(capacity.body.data).toMatchObject({ available: true });
    const booked = await retellTool(callId, 'create_action_job_booking', bookingArgs(date, '+13125550142', 'Pat Rivera'));
    expect(booked.body).toMatchObject({ data: { action_status: 'COMPLETED' } });
    expect(booked.body.result).toMatch(/^Booked for .* between 1 PM and 3 PM\. The job number is SB-\d+\./);
    return booked.body.data.jobId as string;
  }

  it('ties a mid-call booking to its call by call_id: the call ends BOOKED with its job', async () => {
    const callId = `call_${run}_retell`;
    await webhook('retell', fixture('retell', 'call_started', callId));
    const jobId = await playBooking(callId, weekday(0));
    await webhook('retell', fixture('retell', 'call_ended', callId));
    await webhook('retell', fixture('retell', 'call_analyzed', callId));
    const row = await expectBooked('retell', callId, jobId);
    // Inbound at 7:07 PM on a Wednesday in Chicago, with an agent_id that is none of the org's agents.
    expect(row.agentType).toBe('AFTER_HOURS_CSR');
  }, 90_000);

  it('starts the interaction from a tool call that comes before any webhook', async () => {
    const callId = `call_${run}_retell_first`;
    const jobId = await playBooking(callId, weekday(1));
    const progress = await h.client.workflow.getHandle(workflowIds.interaction('retell', callId)).query('getInteraction');
    expect(progress).toMatchObject({
      interactionId: interactionIdForProviderCall(org, 'retell', callId),
      stage: 'live',
      record: { status: 'in-progress', direction: 'inbound', receiverId: '+13125550142', transcriptObject: [] },
    });
    await webhook('retell', fixture('retell', 'call_started', callId));
    await webhook('retell', fixture('retell', 'call_ended', callId));
    await webhook('retell', fixture('retell', 'call_analyzed', callId));
    await expectBooked('retell', callId, jobId);
  }, 90_000);
});

describe('Vapi: tool-calls server messages', () => {
  let toolCall = 0;
  const vapiTool = (callId: string, name: string, args: object) => {
    const body = JSON.parse(fixture('vapi', 'tool-calls', callId));
    const id = `call_${run}_${(toolCall += 1)}`;
    body.message.toolCallList = [{ id, type: 'function', function: { name, arguments: args } }];
    return tool(body).then((res) => ({ id, res }));
  };

  it('answers {results: [{toolCallId, result}]} and ties the booking to call.id: the call ends BOOKED', async () => {
    const callId = `${run}-vapi`;
    const date = weekday(2);
    await webhook('vapi', fixture('vapi', 'status-update-in-progress', callId));
    const address = await vapiTool(callId, 'check_address', { previouslyCalled: false, zipcode: '78701' });
    expect(address.res.body).toEqual({
      results: [{ toolCallId: address.id, result: 'Zip code 78701 is in our service area. Continue with what the caller needs.' }],
    });
    const capacity = await vapiTool(callId, 'get_capacity', capacityArgs(date));
    expect(capacity.res.body.results[0].result).toMatch(/between 1 PM and 3 PM is open/);
    const booked = await vapiTool(callId, 'create_action_job_booking', bookingArgs(date, '+13125550143', 'Sam Vega'));
    const [answer] = booked.res.body.results;
    expect(answer.toolCallId).toBe(booked.id);
    const jobNumber = /The job number is SB-(\d+)\./.exec(answer.result)?.[1];
    expect(jobNumber).toBeDefined();
    await webhook('vapi', fixture('vapi', 'status-update-ended', callId));
    await webhook('vapi', fixture('vapi', 'end-of-call-report', callId));
    await expectBooked('vapi', callId, jobNumber!);
  }, 90_000);

  it('answers every tool call of one message, a wrong one with its message', async () => {
    const body = JSON.parse(fixture('vapi', 'tool-calls', `${run}-vapi-two`));
    body.message.toolCallList = [
      { id: 'a', type: 'function', function: { name: 'check_address', arguments: '{"previouslyCalled":false,"zipcode":"90210"}' } },
      { id: 'b', type: 'function', function: { name: 'check_customer', arguments: {} } },
    ];
    const res = await tool(body);
    expect(res.body.results).toEqual([
      { toolCallId: 'a', result: expect.stringMatching(/^We don't serve zip code 90210/) },
      { toolCallId: 'b', result: expect.stringMatching(/phone/i) },
    ]);
  });
});

describe('the tool URL', () => {
  it('names the platforms it knows in ?provider=', async () => {
    const res = await request(h.app)
      .post(`/voice-agent/tool/${org}?provider=twilio`)
      .set('authorization', `Bearer ${h.adminToken}`)
      .send({ tool: 'end_call', args: {} });
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'provider must be one of retell, vapi, bland, synthflow, in_house' });
  });
});

describe('Bland: the custom tool body of the README', () => {
  const blandTool = (callId: string, name: string, args: object) =>
    tool({ tool: name, call_id: callId, from: '+17735550108', to: '+13125550177', args }, '?provider=bland');

  it('ties the booking to {{call_id}}: the call ends BOOKED with its job', async () => {
    const callId = `${run.toLowerCase()}-bland`;
    const date = weekday(3);
    await webhook('bland', fixture('bland', 'live_event', callId));
    // A placeholder Bland left unfilled is a value the agent did not give.
    const address = await blandTool(callId, 'check_address', { previouslyCalled: false, zipcode: '{{input.zipcode}}' });
    expect(address.body.result).toBe('Ask the caller for the zip code of the service address, then call check_address again with it.');
    const capacity = await blandTool(callId, 'get_capacity', capacityArgs(date));
    expect(capacity.body.data).toMatchObject({ available: true });
    const booked = await blandTool(callId, 'create_action_job_booking', bookingArgs(date, '+13125550177', 'Pat Lee'));
    expect(booked.body.data).toMatchObject({ action_status: 'COMPLETED' });
    await webhook('bland', fixture('bland', 'post_call_completed', callId));
    await expectBooked('bland', callId, booked.body.data.jobId);
  }, 90_000);
});

describe('Synthflow: the custom action body of the README', () => {
  const synthflowTool = (callId: string, name: string, args: object) =>
    tool({ tool: name, call_id: callId, user_phone_number: '+13125550177', args }, '?provider=synthflow');

  it('starts the interaction from the first tool call (Synthflow posts only after the call) and ends it BOOKED', async () => {
    const callId = `${Date.now()}x${run.toLowerCase()}`;
    const date = weekday(4);
    const capacity = await synthflowTool(callId, 'get_capacity', capacityArgs(date));
    expect(capacity.body.data).toMatchObject({ available: true });
    const booked = await synthflowTool(callId, 'create_action_job_booking', bookingArgs(date, '+13125550178', 'Pat Rivera'));
    expect(booked.body.data).toMatchObject({ action_status: 'COMPLETED' });
    await webhook('synthflow', fixture('synthflow', 'post_call_completed', callId));
    await expectBooked('synthflow', callId, booked.body.data.jobId);
  }, 90_000);
});
