import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { defaultAgentId } from '../../../activities/agent-runtime/agent-directory';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

let h: ProductHarness;
let owner: ReturnType<typeof request.agent>;
let stranger: ReturnType<typeof request.agent>;
let orgId: string;
const run = uniqueName('').replace(/^_/, '');

const badRequest = (message: string) => expect.objectContaining({ error: 'Bad Request', status: 400, message });
const notFound = { error: 'Not Found', status: 404, message: 'Agent not found' };
const noAccess = { error: 'Unauthorized', status: 401, message: 'You do not have access to this organization' };
const transferTool = (number: string, name = 'to_dispatch') => ({
  name,
  transfer_destination: { number },
  transfer_option: { type: 'cold_transfer' },
});

beforeAll(async () => {
  h = await startProductHarness();
  [{ orgId, agent: owner }, { agent: stranger }] = await Promise.all([
    onboardAndLogIn(h, { name: `Agents HVAC ${run}`, adminEmail: `owner-${run}@agents.test`, crmName: 'servicetitan', trades: ['HVAC', 'Plumbing'] }),
    onboardAndLogIn(h, { name: `Other Plumbing ${run}`, adminEmail: `other-${run}@agents.test` }),
  ]);
}, 180_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

/**
 * An agent as its organization set it. platform_sync is left out: the platform workflow writes it on its own
 * time (an earlier test's transfer edit may still be syncing), not a request, so it is no sign of a change.
 */
async function asSet(agentId: string) {
  const { platform_sync: _sync, ...agent } = (await owner.get(`/agent/${agentId}`)).body;
  return agent;
}

describe('agents as records', () => {
  let csrId: string;

  it("creates an org's first agent of a type under its default agent's id, from its type's defaults and the CRM's job types", async () => {
    const res = await owner.post('/agent').send({ org_id: orgId, agent_type: 'OFFICE_HOURS_CSR' });
    expect(res.status).toBe(201);
    csrId = res.body.id;
    expect(csrId).toBe(defaultAgentId(orgId, 'OFFICE_HOURS_CSR'));
    expect(res.body).toMatchObject({
      org_id: orgId,
      agent_type: 'OFFICE_HOURS_CSR',
      friendly_name: 'Office hours CSR',
      script_config: { agent_name: 'Olivia', company_name: `Agents HVAC ${run}`, services: 'HVAC, Plumbing' },
      template_tools: expect.arrayContaining(['get_capacity', 'create_action_job_booking']),
      transfer_tools: [],
    });
    expect(res.body.job_types).toHaveLength(6);
    expect(res.body.job_types[0]).toMatchObject({ id: '101', instruction: 'DEFAULT', dispatch: true });

    // The answer waited for the read model: the record reads back at once.
    const read = await owner.get(`/agent/${csrId}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    const list = await owner.get('/org/agents').query({ orgId });
    expect(list.body.agents.map((a: { id: string }) => a.id)).toEqual([csrId]);
  });

  it('gives a second agent of the same type an id of its own, and refuses an id already recorded, changing nothing', async () => {
    const second = await owner.post('/agent').send({ org_id: orgId, agent_type: 'OFFICE_HOURS_CSR', friendly_name: 'Overflow CSR' });
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(csrId);
    expect(second.body.friendly_name).toBe('Overflow CSR');

    const duplicate = await owner.post('/agent').send({ org_id: orgId, agent_type: 'RECEPTIONIST', agent_id: csrId, friendly_name: 'Replaced' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual(badRequest('An agent with this agent_id already exists'));
    const stillCsr = await owner.get(`/agent/${csrId}`);
    expect(stillCsr.body).toMatchObject({ agent_type: 'OFFICE_HOURS_CSR', friendly_name: 'Office hours CSR' });
    const list = await owner.get('/org/agents').query({ orgId });
    expect(list.body.agents.map((a: { id: string }) => a.id)).toEqual([csrId, second.body.id]);

    const otherTypesDefault = await owner.post('/agent').send({ org_id: orgId, agent_type: 'SALES_AGENT', agent_id: defaultAgentId(orgId, 'RECEPTIONIST') });
    expect(otherTypesDefault.body).toEqual(badRequest("agent_id is the id of another agent type's default agent"));
  });

  it('creates a receptionist, which does not book, without job types', async () => {
    const id = randomUUID();
    const res = await owner.post('/agent').send({ org_id: orgId, agent_type: 'RECEPTIONIST', agent_id: id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id, job_types: [], template_tools: ['create_action_callback_request', 'end_call'] });
  });

  it('edits only the fields sent, and a repeated edit changes nothing more', async () => {
    const edit = {
      agent_id: csrId,
      friendly_name: 'Front desk',
      transfer_tools: [transferTool('+15125550100')],
      provider_agent_config: { type: 'sandbox', responsiveness: 0.95, interruption_sensitivity: 0.7 },
      notification_email: 'dispatch@agents.test',
    };
    const res = await owner.put('/agent').send(edit);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: csrId,
      friendly_name: 'Front desk',
      transfer_tools: [
        { name: 'to_dispatch', transfer_destination: { number: '+15125550100', type: 'predefined' }, transfer_option: { type: 'cold_transfer' } },
      ],
      provider_agent_config: { type: 'sandbox', responsiveness: 0.95 },
      notification_email: 'dispatch@agents.test',
      script_config: { agent_name: 'Olivia' },
    });
    expect(res.body.job_types).toHaveLength(6);
    expect(res.body.updated_at > res.body.created_at).toBe(true);
    expect((await owner.get(`/agent/${csrId}`)).body).toEqual(res.body);

    const again = await owner.put('/agent').send(edit);
    expect(again.body).toEqual(res.body);
  });

  it('refuses bad edits with the spec messages and changes nothing', async () => {
    const before = await asSet(csrId);
    const cases: [object, string][] = [
      [{ agent_id: 'not-a-uuid' }, 'agent_id must be a UUID'],
      [{ agent_id: csrId, transfer_tools: [transferTool('5125550100')] }, 'Phone number must be in E.164 format (+1XXXXXXXXXX)'],
      [
        { agent_id: csrId, transfer_tools: [transferTool('+15125550100', 'to dispatch!')] },
        'Must contain only a-z, A-Z, 0-9, underscores, or dashes (max 64 chars)',
      ],
      [
        { agent_id: csrId, provider_agent_config: { type: 'retell', responsiveness: 0.5, interruption_sensitivity: 0.7 } },
        'Too small: expected number to be >=0.9',
      ],
      [
        { agent_id: csrId, provider_agent_config: { type: 'retell', responsiveness: 1, interruption_sensitivity: 0.95 } },
        'Too big: expected number to be <=0.9',
      ],
      [{ agent_id: csrId, script_config: { services: [] } }, 'At least one service is required'],
      [{ agent_id: csrId, notification_email: 'not-an-email' }, 'Invalid email format'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.put('/agent').send(body);
      expect({ body, status: res.status, res: res.body }).toEqual({ body, status: 400, res: badRequest(message) });
      expect(res.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
    }
    expect(await asSet(csrId)).toEqual(before);
  });

  it('answers 400 for a path id that is not a UUID and 404 for an unknown agent', async () => {
    expect((await owner.get('/agent/not-a-uuid')).body).toEqual(badRequest('agentId must be a UUID'));
    const unknown = randomUUID();
    expect(await owner.get(`/agent/${unknown}`).then((r) => [r.status, r.body])).toEqual([404, notFound]);
    expect(
      await owner
        .put('/agent')
        .send({ agent_id: unknown, friendly_name: 'Ghost' })
        .then((r) => [r.status, r.body]),
    ).toEqual([404, notFound]);
    expect(
      await owner
        .put('/agent/job-types')
        .send({ agentId: unknown, jobTypes: [] })
        .then((r) => [r.status, r.body]),
    ).toEqual([404, notFound]);
    expect((await owner.put('/agent/job-types').send({ agentId: 'x', jobTypes: [] })).body).toEqual(badRequest('agentId must be a UUID'));
    expect((await owner.post('/agent').send({ org_id: 'x' })).body).toEqual(badRequest('org_id must be a UUID'));
    expect((await owner.get('/org/agents').query({ orgId: 'x' })).body).toEqual(badRequest('orgId must be a UUID'));
  });

  it("keeps another organization's agents out of reach: 404 on read, 401 on every change", async () => {
    const before = await asSet(csrId);
    expect(await stranger.get(`/agent/${csrId}`).then((r) => [r.status, r.body])).toEqual([404, notFound]);
    expect(
      await stranger
        .put('/agent')
        .send({ agent_id: csrId, friendly_name: 'Mine now' })
        .then((r) => [r.status, r.body]),
    ).toEqual([401, noAccess]);
    expect(
      await stranger
        .put('/agent/job-types')
        .send({ agentId: csrId, jobTypes: [] })
        .then((r) => [r.status, r.body]),
    ).toEqual([401, noAccess]);
    expect(
      await stranger
        .get('/org/agents')
        .query({ orgId })
        .then((r) => [r.status, r.body]),
    ).toEqual([401, noAccess]);
    expect(
      await stranger
        .post('/agent')
        .send({ org_id: orgId })
        .then((r) => [r.status, r.body]),
    ).toEqual([401, noAccess]);
    expect(await asSet(csrId)).toEqual(before);
  });

  it('sets the job types the agent books, seen by the admin list', async () => {
    const current = (await owner.get(`/agent/${csrId}`)).body;
    const drains = current.job_types.find((t: { id: string }) => t.id !== '101');
    const res = await owner.put('/agent/job-types').send({ agentId: csrId, jobTypes: [{ ...drains, priority: 2, instruction: 'OVERRIDE ACP' }] });
    expect(res.status).toBe(200);
    expect(res.body.job_types).toEqual([{ ...drains, priority: 2, instruction: 'OVERRIDE ACP' }]);
    expect(res.body.friendly_name).toBe('Front desk');

    const admin = await request(h.app).get('/agents').query({ orgId, requireJobTypes: 'true' }).set('authorization', `Bearer ${h.adminToken}`);
    expect(admin.status).toBe(200);
    expect(admin.body.agents).toEqual(expect.arrayContaining([{ id: csrId, agent_type: 'OFFICE_HOURS_CSR', friendly_name: 'Front desk', job_types_count: 1 }]));
    expect(admin.body.agents.map((a: { agent_type: string }) => a.agent_type)).not.toContain('RECEPTIONIST');
    const all = await request(h.app).get('/agents').query({ orgId }).set('authorization', `Bearer ${h.adminToken}`);
    expect(all.body.agents.map((a: { agent_type: string }) => a.agent_type)).toContain('RECEPTIONIST');
    expect((await owner.get('/agents').query({ orgId })).status).toBe(401);
  });

  it('is the agent a web call runs as: its friendly name, and only the job types set for it are booked', async () => {
    const agents = (await owner.get('/voice-agent/web-call/agents').query({ orgId })).body.agents as {
      id: string;
      agent_type: string;
      friendly_name: string;
      job_types_count: number;
    }[];
    expect(agents.find((a) => a.id === csrId)).toEqual({ id: csrId, agent_type: 'OFFICE_HOURS_CSR', friendly_name: 'Front desk', job_types_count: 1 });
    // The recorded receptionist stands in for the default one; types without a record keep their default agent.
    expect(agents.filter((a) => a.agent_type === 'RECEPTIONIST')).toHaveLength(1);
    expect(agents.map((a) => a.id)).not.toContain(defaultAgentId(orgId, 'RECEPTIONIST'));
    expect(agents.map((a) => a.id)).toContain(defaultAgentId(orgId, 'AFTER_HOURS_CSR'));
    const drains = (await owner.get(`/agent/${csrId}`)).body.job_types[0];

    const created = await owner.post('/create-web-call').send({ orgId, agentId: csrId, dynamicVariables: {} });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ agent_id: csrId, agent_type: 'OFFICE_HOURS_CSR' });
    const call = created.body;
    const turn = (text: string) => owner.post('/voice-agent/web-call/turn').send({ orgId, callId: call.call_id, access_token: call.access_token, text });
    expect((await turn('Hi, my AC is blowing warm air.')).body.reply).toMatch(/full name/);
    expect((await turn('My name is Jane Cooper.')).body.reply).toMatch(/phone number/);
    expect((await turn("It's 512-555-0199.")).body.reply).toMatch(/address/);
    const offered = await turn('The address is 120 Oak Street, Austin, TX 78701.');
    expect(offered.body.tool_calls.map((t: { name: string }) => t.name)).toEqual(['check_address', 'get_capacity']);
    // The default agent would book AC repair (101) for this caller; this agent only has the one job type set for it.
    expect(offered.body.tool_calls[1].arguments).toMatchObject({ job_type_id: drains.id, business_unit: drains.businessUnitId });
    await owner.post('/voice-agent/web-call/end').send({ orgId, callId: call.call_id, access_token: call.access_token });
  });
});

describe('agents from onboarding (000 §3 agents_config)', () => {
  const admin = (r: request.Test) => r.set('authorization', `Bearer ${h.adminToken}`);
  const onboardingBody = (extra: object) => ({
    name: `Onboarded Agents ${run}`,
    admin_email: `onboarded-${run}@agents.test`,
    office_email: `office-onboarded-${run}@agents.test`,
    timezone: 'America/Chicago',
    trades_offered: ['Plumbing'],
    crm_name: 'NONE',
    ...extra,
  });

  it('refuses a bad agents_config with the messages POST /agent gives, and starts nothing', async () => {
    const cases: [object, object][] = [
      [{ agent_type: 'JANITOR' }, { org_id: orgId, agent_type: 'JANITOR' }],
      [
        { agent_type: 'RECEPTIONIST', friendly_name: '' },
        { org_id: orgId, agent_type: 'RECEPTIONIST', friendly_name: '' },
      ],
      [
        { agent_type: 'RECEPTIONIST', friendly_name: 'x'.repeat(81) },
        { org_id: orgId, agent_type: 'RECEPTIONIST', friendly_name: 'x'.repeat(81) },
      ],
    ];
    for (const [entry, agentBody] of cases) {
      const viaAgent = await owner.post('/agent').send(agentBody);
      expect(viaAgent.status).toBe(400);
      const message = viaAgent.body.issues[0].message as string;
      const res = await admin(request(h.app).post('/onboarding')).send(onboardingBody({ slug: `refused-${run}`, agents_config: [entry] }));
      expect({ entry, status: res.status, message: res.body.message }).toEqual({ entry, status: 400, message });
      expect(res.body.issues).toEqual([expect.objectContaining({ message })]);
    }
    expect(await h.tdb.db.organization.count({ where: { slug: `refused-${run}` } })).toBe(0);
  });

  it('creates an agent record for each configured agent and records the billing id, so GET /org/agents lists them', async () => {
    const billingId = 'cus_0nb0ard1ng4g3n';
    const { orgId: newOrgId, agent: newOwner } = await onboardAndLogIn(h, {
      name: `Onboarded Agents ${run}`,
      adminEmail: `onboarded-${run}@agents.test`,
      crmName: 'servicetitan',
      trades: ['Plumbing'],
      stripeBillingId: billingId,
      agentsConfig: [
        { agent_type: 'OFFICE_HOURS_CSR' },
        { agent_type: 'RECEPTIONIST', friendly_name: 'Front door' },
        { agent_type: 'OFFICE_HOURS_CSR', friendly_name: 'Overflow' },
      ],
    });

    // The workflow completes once the agents are projected: they list at once.
    const list = await newOwner.get('/org/agents').query({ orgId: newOrgId });
    expect(list.status).toBe(200);
    const agents = list.body.agents as {
      id: string;
      agent_type: string;
      friendly_name: string;
      job_types: unknown[];
      script_config: Record<string, unknown>;
    }[];
    expect(agents.map((a) => [a.agent_type, a.friendly_name]).sort()).toEqual([
      ['OFFICE_HOURS_CSR', 'Office hours CSR'],
      ['OFFICE_HOURS_CSR', 'Overflow'],
      ['RECEPTIONIST', 'Front door'],
    ]);
    // As POST /agent makes them: the first of a type under its default agent's id, the booking ones with the CRM's job types.
    const csr = agents.find((a) => a.friendly_name === 'Office hours CSR')!;
    expect(csr.id).toBe(defaultAgentId(newOrgId, 'OFFICE_HOURS_CSR'));
    expect(agents.find((a) => a.friendly_name === 'Front door')!.id).toBe(defaultAgentId(newOrgId, 'RECEPTIONIST'));
    expect(csr.job_types).toHaveLength(6);
    expect(csr.script_config).toMatchObject({ company_name: `Onboarded Agents ${run}`, services: 'Plumbing' });
    expect(new Set(agents.map((a) => a.id)).size).toBe(3);

    const billing = await eventually(async () => {
      const rows = (await admin(request(h.app).get('/billing'))).body as { id: string; stripe_billing_id: string | null }[];
      return rows.find((o) => o.id === newOrgId && o.stripe_billing_id !== null) ?? null;
    }, 20_000);
    expect(billing.stripe_billing_id).toBe(billingId);
  });
});
