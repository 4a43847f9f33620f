import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { SANDBOX_JOB_TYPES } from '../../../activities/crm/adapters/sandbox/sandbox-seed';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

// Script generation and the job-type sheet through the API, the worker (offline engine, stored website page) and the
// agents read model of a real stack.
let h: ProductHarness;
let org: { orgId: string; agent: ReturnType<typeof request.agent> };
let other: { orgId: string; agent: ReturnType<typeof request.agent> };
let agentId: string;
const admin = () => ({ authorization: `Bearer ${h.adminToken}` });

beforeAll(async () => {
  h = await startProductHarness();
  const run = uniqueName('').replace(/^_/, '');
  [org, other] = await Promise.all([
    onboardAndLogIn(h, { name: `Bluebonnet ${run}`, adminEmail: `owner@bluebonnet-${run}.test`, trades: ['HVAC'], crmName: 'servicetitan' }),
    onboardAndLogIn(h, { name: `Other Co ${run}`, adminEmail: `owner@other-${run}.test` }),
  ]);
  const created = await org.agent.post('/agent').send({ org_id: org.orgId, agent_type: 'OFFICE_HOURS_CSR' });
  expect(created.status).toBe(201);
  agentId = created.body.id;
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

const generate = (body: Record<string, unknown>, agent = org.agent) =>
  agent.post('/script-generator').send({ uuid: org.orgId, url: 'bluebonnethvac.example', agentId, agentType: 'OFFICE_HOURS_CSR', ...body });

describe('POST /script-generator', () => {
  it("writes the agent's script from the website: progress readable by the org, the agent updated, the admin status route too", async () => {
    const [first, second] = await Promise.all([generate({}), generate({})]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, workflowId: `script-generation/${agentId}` });
    // The repeat joins the same run (one id per agent).
    expect(second.body.workflowId).toBe(first.body.workflowId);

    const done = await eventually(async () => {
      const s = await org.agent.get('/script-generator/status').query({ orgId: org.orgId, workflowId: first.body.workflowId });
      expect(s.status).toBe(200);
      return s.body.status === 'COMPLETED' ? s.body : null;
    }, 30_000);
    expect(done).toMatchObject({ step: 'done', error: null, result: { agentId, websiteUrl: 'https://bluebonnethvac.example' } });
    expect(done.result.scriptConfig).toMatchObject({
      services: ['HVAC', 'Plumbing', 'Drains'],
      company_phone_number: '+15125550142',
      office_hours: 'Monday - Friday: 7:00 AM - 6:00 PM; Saturday: 8:00 AM - 2:00 PM; Sunday: Closed (emergency service available)',
    });

    const stored = await eventually(async () => {
      const a = await org.agent.get(`/agent/${agentId}`);
      return a.body.script_config?.company_phone_number === '+15125550142' ? a.body : null;
    }, 15_000);
    expect(stored).toMatchObject({ requires_script_generation: false, script_config: done.result.scriptConfig });

    const adminStatus = await request(h.app).get('/workflow-status').query({ workflowId: first.body.workflowId }).set(admin());
    expect(adminStatus.body).toMatchObject({ status: 'COMPLETED', workflowId: first.body.workflowId, error: null });
    const terminate = await request(h.app).post('/terminate-workflow').set(admin()).send({ workflowId: first.body.workflowId });
    expect(terminate.status).toBe(400);
    expect(terminate.body.message).toBe(`Workflow ${first.body.workflowId} is not running (status COMPLETED)`);
  });

  it("answers each bad request with the spec's error body", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ url: 'not a website' }, 400, 'url must be a website address (http or https)'],
      [{ agentType: 'SALES_AGENT' }, 400, "agentType SALES_AGENT does not match the agent's type (OFFICE_HOURS_CSR)"],
      [{ agentId: crypto.randomUUID() }, 404, 'Agent not found'],
      [{ agentId: 'nope' }, 400, 'agentId must be a UUID'],
    ];
    for (const [body, status, message] of cases) {
      const res = await generate(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message });
      expect(res.body.error).toBe(status === 400 ? 'Bad Request' : 'Not Found');
    }
    expect((await generate({ url: 'nope' })).body.issues).toEqual([{ path: 'url', message: 'url must be a website address (http or https)' }]);
  });

  it('refuses an agent marked never to have its script generated', async () => {
    const created = await org.agent.post('/agent').send({ org_id: org.orgId, agent_type: 'RECEPTIONIST' });
    await org.agent.put('/agent').send({ agent_id: created.body.id, skip_script_generation: true }).expect(200);
    const res = await generate({ agentId: created.body.id, agentType: 'RECEPTIONIST' });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { error: 'Bad Request', status: 400, message: 'This agent is set never to have its script generated' },
    });
  });

  it("hides another organization's run, and answers 307 without a session", async () => {
    const workflowId = `script-generation/${agentId}`;
    // The other org's user asks under their own org: the run is not theirs, so it does not exist for them.
    const res = await other.agent.get('/script-generator/status').query({ orgId: other.orgId, workflowId });
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { error: 'Not Found', status: 404, message: 'Script generation not found' } });
    const unknown = await org.agent.get('/script-generator/status').query({ orgId: org.orgId, workflowId: 'script-generation/nothing' });
    expect(unknown.status).toBe(404);
    expect((await request(h.app).post('/script-generator').send({})).status).toBe(307);
  });
});

describe('job-type sheets', () => {
  it("POST /integrations/create-job-sheet answers the org's sheet: a section per CRM job type", async () => {
    const res = await org.agent.post('/integrations/create-job-sheet').send({ orgId: org.orgId });
    expect(res.status).toBe(200);
    const sections = res.body.description.split('\n\n');
    expect(sections[0]).toMatch(new RegExp(`^Job types of Bluebonnet .* \\(${SANDBOX_JOB_TYPES.length}\\)$`));
    expect(
      sections.slice(1).map((s: string) =>
        s
          .split('\n')[0]
          .replace(/^## /, '')
          .replace(/ \(.*\)$/, ''),
      ),
    ).toEqual(SANDBOX_JOB_TYPES.map((t) => t.name));
    const none = await other.agent.post('/integrations/create-job-sheet').send({ orgId: other.orgId });
    expect(none.body.description).toContain('The CRM lists no job types for this organization yet.');
  }, 60_000);

  it('POST /generate-job-type-sheet is for operators; it starts the run the admin status route reads', async () => {
    const res = await request(h.app).post('/generate-job-type-sheet').set(admin()).send({ orgId: org.orgId });
    expect(res.body).toMatchObject({ success: true, workflowId: `job-type-sheet/${org.orgId}` });
    const status = await eventually(async () => {
      const s = await request(h.app).get('/workflow-status').query({ workflowId: res.body.workflowId }).set(admin());
      return s.body.status === 'COMPLETED' ? s.body : null;
    }, 30_000);
    expect(status.result).toMatchObject({ orgId: org.orgId, jobTypeCount: SANDBOX_JOB_TYPES.length });

    const staff = await org.agent.post('/generate-job-type-sheet').send({ orgId: org.orgId });
    expect({ status: staff.status, message: staff.body.message }).toEqual({ status: 401, message: 'Operator access required' });
    const unknown = await request(h.app).post('/generate-job-type-sheet').set(admin()).send({ orgId: crypto.randomUUID() });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({ status: 404, message: 'Organization not found' });
    const bad = await request(h.app).post('/generate-job-type-sheet').set(admin()).send({ orgId: 'x' });
    expect({ status: bad.status, message: bad.body.message }).toEqual({ status: 400, message: 'orgId must be a UUID' });
  }, 60_000);

  it("GET /job-type-sheet/status shows the org's latest run to its members: how many job types it described, and the sheet", async () => {
    const sheet = await org.agent.post('/integrations/create-job-sheet').send({ orgId: org.orgId });
    const res = await org.agent.get('/job-type-sheet/status').query({ orgId: org.orgId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      workflowId: `job-type-sheet/${org.orgId}`,
      status: 'COMPLETED',
      step: 'done',
      described: SANDBOX_JOB_TYPES.length,
      total: SANDBOX_JOB_TYPES.length,
      error: null,
      description: sheet.body.description,
    });
    const name = uniqueName('sheetless').replace(/_/g, '-');
    const fresh = await onboardAndLogIn(h, { name, adminEmail: `owner@${name}.test` });
    const none = await fresh.agent.get('/job-type-sheet/status').query({ orgId: fresh.orgId });
    expect({ status: none.status, message: none.body.message }).toEqual({ status: 404, message: 'No job-type sheet has been generated for this organization' });
    expect((await fresh.agent.get('/job-type-sheet/status').query({ orgId: org.orgId })).status).toBe(401);
  }, 90_000);
});
