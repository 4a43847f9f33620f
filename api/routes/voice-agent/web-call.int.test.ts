import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AgentProfile } from '../../../domain/agents/agent-profile';
import { webCallWorkflow } from '../../../workflows';
import { taskQueue } from '../../../domain/run/task-queues';
import { workflowIds } from '../../../domain/run/workflow-ids';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

let h: ProductHarness;
let owner: ReturnType<typeof request.agent>;
let orgId: string;
const run = uniqueName('').replace(/^_/, '');
const email = `owner-${run}@webcall.test`;

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId, agent: owner } = await onboardAndLogIn(h, {
    name: `Web Call HVAC ${run}`,
    adminEmail: email,
    timezone: 'America/New_York',
    crmName: 'servicetitan',
  }));
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

const turn = (call: { call_id: string; access_token: string }, text: string) =>
  owner.post('/voice-agent/web-call/turn').send({ orgId, callId: call.call_id, access_token: call.access_token, text });

async function agentId(type: string): Promise<string> {
  const res = await owner.get('/voice-agent/web-call/agents').query({ orgId });
  expect(res.status).toBe(200);
  return res.body.agents.find((a: { agent_type: string }) => a.agent_type === type).id;
}

describe('a web call with the in-house agent', () => {
  it('books a job over HTTP and becomes a classified interaction in the call logs, with a timed transcript', async () => {
    const agents = await owner.get('/voice-agent/web-call/agents').query({ orgId });
    expect(agents.body.agents).toHaveLength(11);
    expect(agents.body.agents.find((a: { agent_type: string }) => a.agent_type === 'OFFICE_HOURS_CSR')).toMatchObject({
      friendly_name: 'Office hours CSR',
      job_types_count: 6,
    });

    const created = await owner
      .post('/create-web-call')
      .send({ orgId, agentId: await agentId('OFFICE_HOURS_CSR'), dynamicVariables: { customer_name: 'Jane' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ call_id: expect.any(String), access_token: expect.any(String), agent_type: 'OFFICE_HOURS_CSR' });
    expect(created.body.greeting).toContain(`Thanks for calling Web Call HVAC ${run}`);
    const call = created.body;

    expect((await turn(call, 'Hi, my AC is blowing warm air.')).body.reply).toMatch(/full name/);
    expect((await turn(call, 'My name is Jane Cooper.')).body.reply).toMatch(/phone number/);
    expect((await turn(call, "It's 512-555-0199.")).body.reply).toMatch(/address/);
    const offered = await turn(call, 'The address is 120 Oak Street, Austin, TX 78701.');
    expect(offered.status).toBe(200);
    expect(offered.body.tool_calls.map((t: { name: string }) => t.name)).toEqual(['check_address', 'get_capacity']);
    expect({ reply: offered.body.reply, capacity: offered.body.tool_calls[1] }).toMatchObject({ reply: expect.stringMatching(/I have .* between/) });
    const booked = await turn(call, 'The first one, please.');
    expect(booked.body.tool_calls).toEqual([
      expect.objectContaining({
        name: 'create_action_job_booking',
        arguments: expect.objectContaining({ full_name: 'Jane Cooper', phone_number: '+15125550199', job_type_id: '101' }),
      }),
    ]);
    expect(booked.body.reply).toMatch(/all set, Jane|being saved/);
    const bye = await turn(call, "No, that's all, thanks.");
    expect(bye.body).toMatchObject({ ended: true, tool_calls: [expect.objectContaining({ name: 'end_call' })] });

    // Hanging up after the agent did is harmless and says how the call ended.
    const ended = await owner.post('/voice-agent/web-call/end').send({ orgId, callId: call.call_id, access_token: call.access_token });
    expect(ended.body).toEqual({ call_id: call.call_id, status: 'ended', end_reason: 'agent_ended' });
    const again = await turn(call, 'Hello?');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'This web call has ended' });

    const entry = await eventually(async () => {
      const res = await owner.post('/call/logs').send({ orgId, currentAgents: 'ALL' });
      const e = res.body.entries?.find((x: { id: string }) => x.id === call.call_id);
      // STARTED and PROCESSING come before the classification (the call's end may not be projected yet).
      return e && !['STARTED', 'PROCESSING'].includes(e.call_status) ? e : null;
    }, 60_000);
    expect(entry.call_status).toBe('BOOKED');
    expect(entry).toMatchObject({ agent_type: 'OFFICE_HOURS_CSR' });

    const details = await owner.post('/call/retrieve').send({ callId: call.call_id });
    expect(details.status).toBe(200);
    const transcript = details.body.transcript_object as { role: string; content: string; words: { start: number; end: number }[] }[];
    expect(transcript[0]).toMatchObject({ role: 'Agent', content: call.greeting });
    expect(transcript[1]).toMatchObject({ role: 'Customer', content: 'Hi, my AC is blowing warm air.' });
    const starts = transcript.flatMap((t) => t.words.map((w) => w.start));
    expect(starts.length).toBeGreaterThan(50);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    const interaction = await h.tdb.db.interaction.findUnique({ where: { id: call.call_id } });
    expect(interaction).toMatchObject({ provider: 'in_house', providerCallId: call.call_id, callType: expect.anything() });
    expect(await h.tdb.db.interaction.count({ where: { orgId } })).toBe(1);
  }, 120_000);

  it('refuses a wrong token, an unknown call, an unknown agent and an empty turn, changing nothing', async () => {
    const created = await owner.post('/create-web-call').send({ orgId, agentId: await agentId('OFFICE_HOURS_CSR') });
    const call = created.body;
    const wrong = await turn({ ...call, access_token: 'not-the-token' }, 'Hello');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Unauthorized', status: 401, message: 'Invalid access token for this web call' });
    const unknown = await turn({ call_id: randomUUID(), access_token: call.access_token }, 'Hello');
    expect(unknown.body).toEqual({ error: 'Not Found', status: 404, message: 'Web call not found' });
    const empty = await turn(call, '   ');
    expect(empty.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'text is required' });
    const noAgent = await owner.post('/create-web-call').send({ orgId, agentId: 'nobody' });
    expect(noAgent.body).toEqual({ error: 'Not Found', status: 404, message: 'Agent not found' });
    const badEnd = await owner.post('/voice-agent/web-call/end').send({ orgId, callId: call.call_id, access_token: 'not-the-token' });
    expect(badEnd.status).toBe(401);

    // The call is still live and answers its real caller; the caller then hangs up, twice.
    expect((await turn(call, 'Can someone call me back? My number is 512-555-0123.')).body.tool_calls[0]).toMatchObject({
      name: 'create_action_callback_request',
    });
    const end = () => owner.post('/voice-agent/web-call/end').send({ orgId, callId: call.call_id, access_token: call.access_token });
    expect((await end()).body).toEqual({ call_id: call.call_id, status: 'ended', end_reason: 'caller_ended' });
    expect((await end()).body).toEqual({ call_id: call.call_id, status: 'ended', end_reason: 'caller_ended' });
    const result = await h.client.workflow.getHandle(workflowIds.interaction('in_house', call.call_id)).result();
    expect(result).toMatchObject({ interactionId: call.call_id, timedOut: false });
  }, 90_000);

  it('transfers a caller who asks for a person to the agent’s warm transfer number: the call ends transferred and is TRANSFERRED', async () => {
    const created = await owner.post('/agent').send({ org_id: orgId, agent_type: 'OFFICE_HOURS_CSR', friendly_name: 'Transfer CSR' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const edit = await owner.put('/agent').send({
      agent_id: id,
      transfer_tools: [
        {
          name: 'to_manager',
          description: 'The office manager',
          transfer_destination: { number: '+15125550100' },
          transfer_option: { type: 'warm_transfer', public_handoff_option: { type: 'static_message', message: 'A caller asked for the manager.' } },
        },
      ],
    });
    expect(edit.status).toBe(200);
    // The web call reads the agents read model: wait until the edit is projected.
    await eventually(async () => ((await owner.get(`/agent/${id}`)).body.transfer_tools?.length === 1 ? true : null), 30_000);

    const call = (await owner.post('/create-web-call').send({ orgId, agentId: id })).body;
    expect(call).toMatchObject({ call_id: expect.any(String), agent_type: 'OFFICE_HOURS_CSR' });
    const asked = await turn(call, 'My furnace stopped working. Can I speak to a manager please?');
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      ended: true,
      reply: expect.stringMatching(/connect you with someone at the office/),
      tool_calls: [
        expect.objectContaining({
          name: 'transfer_call',
          arguments: { tool_name: 'to_manager' },
          result: 'The call is being transferred to +15125550100 (warm transfer). The person was told: "A caller asked for the manager."',
        }),
      ],
    });

    const entry = await eventually(async () => {
      const res = await owner.post('/call/logs').send({ orgId, currentAgents: 'ALL' });
      const e = res.body.entries?.find((x: { id: string }) => x.id === call.call_id);
      return e && !['STARTED', 'PROCESSING'].includes(e.call_status) ? e : null;
    }, 60_000);
    expect(entry.call_status).toBe('TRANSFERRED');
    const details = await owner.post('/call/retrieve').send({ callId: call.call_id });
    expect(details.body.data).toMatchObject({ call_status: 'TRANSFERRED', ended_reason: 'transferred' });
    const endReasons = (details.body.data.interaction_events as { name: string; metadata: Record<string, unknown> }[]).filter(
      (e) => e.name === 'call_end_reason',
    );
    expect(endReasons.map((e) => e.metadata)).toEqual([expect.objectContaining({ endedReason: 'transferred', transferredTo: '+15125550100' })]);
  }, 120_000);

  it('ends a call nobody speaks in once the idle timeout passes', async () => {
    const res = await owner.get('/voice-agent/web-call/agents').query({ orgId });
    expect(res.status).toBe(200);
    const agents = await h.tdb.db.organization.findUnique({ where: { id: orgId } });
    expect(agents).not.toBeNull();
    const interactionId = randomUUID();
    const agent: AgentProfile = {
      id: res.body.agents[0].id,
      orgId,
      agentType: 'RECEPTIONIST',
      friendlyName: 'Receptionist',
      timezone: 'America/New_York',
      direction: 'inbound',
      scriptVariables: { agent_name: 'Riley', company_name: 'Idle Co' },
      jobTypes: [],
      tools: ['create_action_callback_request', 'end_call'],
    };
    const handle = await h.client.workflow.start(webCallWorkflow, {
      workflowId: workflowIds.webCall(interactionId),
      taskQueue: taskQueue('webCall', h.taskQueuePrefix),
      args: [
        {
          meta: { correlationId: 'idle' },
          orgId,
          interactionId,
          agent,
          dynamicVariables: {},
          accessTokenHash: 'x',
          taskQueuePrefix: h.taskQueuePrefix,
          idleTimeoutMs: 1500,
        },
      ],
    });
    const snapshot = await handle.result();
    expect(snapshot).toMatchObject({ status: 'ended', endReason: 'idle_timeout' });
    const interaction = await h.client.workflow.getHandle(workflowIds.interaction('in_house', interactionId)).result();
    expect(interaction).toMatchObject({ interactionId, timedOut: false });
  }, 60_000);
});
