import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { hashPassword } from '../lib/passwords';
import { staffUserIdFor } from '../lib/ids';
import { createEvent } from '../events/catalog';
import { eventually, uniqueName } from '../tests/support/integration';
import { startProductHarness, type ProductHarness } from '../tests/support/product-harness';
import { registerStaffUser } from '../tests/support/onboard';
import type { AnyRoute } from './http/route';
import { ROUTES } from './routes';

let h: ProductHarness;
// Workflow ids outlive a test run on a long-lived Temporal server: names are unique per run.
const run = uniqueName('').replace(/^_/, '');
const ALPHA = `Alpha Heating ${run}`;
const BETA = `Beta Electric ${run}`;
const alphaSlug = `alpha-heating-${run}`;

async function onboard(name: string, adminEmail: string, correlationId: string) {
  const res = await request(h.app)
    .post('/onboarding')
    .set('authorization', `Bearer ${h.adminToken}`)
    .set('x-correlation-id', correlationId)
    .send({
      name,
      admin_email: adminEmail,
      office_email: `office-${adminEmail}`,
      password: 'correct horse battery',
      timezone: 'America/Phoenix',
      trades_offered: ['Roofing'],
      crm_name: 'NONE',
    });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, message: 'Onboarding started' });
  const status = await eventually(async () => {
    const s = await request(h.app).get('/workflow-status').query({ workflowId: res.body.workflowId }).set('authorization', `Bearer ${h.adminToken}`);
    return s.body.status === 'COMPLETED' ? s.body : null;
  }, 30_000);
  return { workflowId: res.body.workflowId as string, orgId: status.result.orgId as string };
}

async function login(email: string, password: string) {
  const agent = request.agent(h.app);
  const res = await agent.post('/auth/login').send({ email, password });
  expect(res.status).toBe(200);
  return agent;
}

let alpha: { orgId: string; workflowId: string };
let beta: { orgId: string; workflowId: string };

beforeAll(async () => {
  h = await startProductHarness();
  [alpha, beta] = await Promise.all([onboard(ALPHA, 'owner@alpha.test', 'corr-alpha-0001'), onboard(BETA, 'owner@beta.test', 'corr-beta-00001')]);
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('the organization slice through every layer', () => {
  it('serves an onboarded organization by id and slug to its staff', async () => {
    const agent = await login('owner@alpha.test', 'correct horse battery');
    const byId = await agent.get('/org').query({ id: alpha.orgId });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ id: alpha.orgId, name: ALPHA, slug: alphaSlug, onboarding_status: 'TESTING', timezone: 'America/Phoenix' });
    const bySlug = await agent.get('/org').query({ slug: alphaSlug });
    expect(bySlug.body.id).toBe(alpha.orgId);

    const session = await agent.get('/auth/session');
    expect(session.body.organizations.map((o: { id: string }) => o.id)).toEqual([alpha.orgId]);
  });

  it('lists organizations for operators with {id, name, onboarding_status}', async () => {
    const res = await request(h.app).get('/organizations').set('authorization', `Bearer ${h.adminToken}`);
    expect(res.status).toBe(200);
    expect(res.body.organizations).toEqual([
      { id: alpha.orgId, name: ALPHA, onboarding_status: 'TESTING' },
      { id: beta.orgId, name: BETA, onboarding_status: 'TESTING' },
    ]);
  });

  it('returns the run already going for a repeated onboarding, and refuses a finished one', async () => {
    const again = await request(h.app)
      .post('/onboarding')
      .set('authorization', `Bearer ${h.adminToken}`)
      .send({ name: ALPHA, admin_email: 'owner@alpha.test', office_email: 'o@alpha.test', timezone: 'America/Phoenix', trades_offered: ['HVAC'] });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'Bad Request', status: 400, message: `An organization with slug "${alphaSlug}" already exists` });
  });

  it('carries the HTTP correlation id into the workflow and the events it emits', async () => {
    const correlations = new Map<string, string>();
    await h.bus.replay({
      aggregateTypes: ['organization', 'staff-user'],
      onEvent: async ({ event }) => void (event.orgId && correlations.set(`${event.type}:${event.orgId}`, event.correlationId)),
    });
    expect(correlations.get(`OrganizationCreated:${alpha.orgId}`)).toBe('corr-alpha-0001');
    expect(correlations.get(`StaffUserJoinedOrganization:${alpha.orgId}`)).toBe('corr-alpha-0001');
    expect(correlations.get(`OrganizationCreated:${beta.orgId}`)).toBe('corr-beta-00001');
    const memo = await h.client.workflow.getHandle(alpha.workflowId).describe();
    expect(memo.memo).toMatchObject({ correlationId: 'corr-alpha-0001' });
  });

  it('terminates a real run through the admin API', async () => {
    const res = await request(h.app).post('/terminate-workflow').set('authorization', `Bearer ${h.adminToken}`).send({ workflowId: alpha.workflowId });
    expect(res.status).toBe(400); // completed runs cannot be terminated
    const missing = await request(h.app).get('/workflow-status').query({ workflowId: 'onboarding/nope' }).set('authorization', `Bearer ${h.adminToken}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'Not Found', status: 404 });
  });
});

/**
 * For every organization-scoped route: a request naming the *other* organization. A new org route
 * without an entry here fails the coverage test below, so tenancy is checked route by route.
 */
// A call of alpha's, so the call routes keyed by call or interaction id have something of the other org's to reach for.
const alphaCall = { id: crypto.randomUUID(), callId: crypto.randomUUID() };
const alphaAssistantChatId = crypto.randomUUID();
// A website widget chat of alpha's, for review and reclassification by its interaction id (001 §4).
const alphaChat = { interactionId: crypto.randomUUID(), chatId: crypto.randomUUID() };
// A verified caller ID of alpha's, for the routes keyed by its id or its provider sid.
const alphaCallerId = { id: crypto.randomUUID(), sid: `PN${crypto.randomUUID().replace(/-/g, '')}` };
// An agent of alpha's, recorded through the API, for the agent routes keyed by agent id.
let alphaAgentId: string;
// A widget of alpha's, created through the API, for the widget routes keyed by widget id.
let alphaWidgetId: string;
beforeAll(async () => {
  const alphaOwner = await login('owner@alpha.test', 'correct horse battery');
  const created = await alphaOwner.post('/agent').send({ org_id: alpha.orgId, agent_type: 'AFTER_HOURS_CSR' });
  expect(created.status).toBe(201);
  alphaAgentId = created.body.id;
  const widget = await alphaOwner.post('/widget').send({ orgId: alpha.orgId, business_name: 'Alpha HVAC' });
  expect(widget.status).toBe(201);
  alphaWidgetId = widget.body.id;
  const at = new Date();
  await h.tdb.db.interaction.create({
    data: {
      id: alphaCall.id,
      callId: alphaCall.callId,
      orgId: alpha.orgId,
      provider: 'retell',
      providerCallId: `call_${alphaCall.callId}`,
      callStatus: 'UNBOOKED',
      createdAt: at,
      updatedAt: at,
    },
  });
  // An AI assistant session of alpha's on that call, for the routes keyed by chatId.
  await h.tdb.db.assistantSession.create({
    data: {
      chatId: alphaAssistantChatId,
      orgId: alpha.orgId,
      interactionId: alphaCall.id,
      csrEmail: 'owner@alpha.test',
      timezone: 'America/Phoenix',
      status: 'initialized',
      messages: [{ id: `${alphaAssistantChatId}:initial`, role: 'assistant', content: 'Hi!', timestamp: at.toISOString() }],
      startedAt: at,
      updatedAt: at,
    },
  });
  await h.tdb.db.widgetChat.create({
    data: {
      interactionId: alphaChat.interactionId,
      chatId: alphaChat.chatId,
      orgId: alpha.orgId,
      widgetId: alphaWidgetId,
      deviceType: 'MOBILE',
      stage: 'PHONE_LOOKUP',
      callStatus: 'UNBOOKED',
      createdAt: at,
      updatedAt: at,
    },
  });
  await h.tdb.db.verifiedCallerId.create({
    data: {
      id: alphaCallerId.id,
      orgId: alpha.orgId,
      phoneNumber: '+15125550142',
      friendlyName: 'Alpha office',
      provider: 'offline',
      providerId: alphaCallerId.sid,
      verified: true,
      validationCode: '123456',
      callSid: null,
      createdAt: at,
      updatedAt: at,
    },
  });
});

const crossTenantRequests: Record<string, (otherOrg: { id: string; slug: string }) => { query?: object; body?: object; params?: Record<string, string> }> = {
  'get /org': (o) => ({ query: { id: o.id } }),
  'get /org#slug': (o) => ({ query: { slug: o.slug } }),
  'get /outbox': (o) => ({ query: { orgId: o.id } }),
  'get /webhook-delivery': (o) => ({ query: { orgId: o.id } }),
  'post /webhook-delivery': (o) => ({ body: { orgId: o.id, webhook_urls: { mine: 'https://attacker.test/hook' } } }),
  'get /webhook-delivery/attempts': (o) => ({ query: { orgId: o.id } }),
  'post /org/oncall/retrieve/new': (o) => ({ body: { orgId: o.id, month: '2025-01' } }),
  'post /org/oncall/update/new': (o) => ({ body: { orgId: o.id, month: '2025-01', assignments: [], cached_employee_details: {} } }),
  'post /org/notification-settings': (o) => ({ body: { orgId: o.id, notification_settings: [] } }),
  'post /crm/employees': (o) => ({ body: { orgId: o.id } }),
  'post /crm/technicians': (o) => ({ body: { orgId: o.id } }),
  'post /call/logs': (o) => ({ body: { orgId: o.id, currentAgents: 'ALL' } }),
  'post /chat/logs': (o) => ({ body: { orgId: o.id } }),
  // An unknown chat answers as another organization's does (no chat is needed to show the refusal).
  'get /chat/details/:chatId': () => ({ params: { chatId: '00000000-0000-4000-8000-00000000c4a7' } }),
  'post /call/analytics': (o) => ({ body: { orgId: o.id, from: '2026-01-01', to: '2026-01-31' } }),
  'post /chat/daily-counts': (o) => ({ body: { orgId: o.id, from: '2026-01-01', to: '2026-01-31' } }),
  'post /chat/stats': (o) => ({ body: { orgId: o.id, from: '2026-01-01', to: '2026-01-31' } }),
  'get /chat/details/:chatId#alpha': () => ({ params: { chatId: alphaChat.chatId } }),
  'get /call/logs/export': (o) => ({ query: { orgId: o.id } }),
  'get /org/:orgId/events/stream': (o) => ({ params: { orgId: o.id } }),
  'post /call/retrieve': () => ({ body: { callId: alphaCall.id } }),
  'put /interaction': () => ({ body: { id: alphaCall.id, reviewed_at: null, review_notes: 'not yours' } }),
  'put /interaction#chat': () => ({ body: { id: alphaChat.interactionId, reviewed_at: '2026-01-02T00:00:00Z', review_notes: 'not yours' } }),
  'post /call/reclassify': () => ({ body: { callId: alphaCall.id, newStatus: 'EXCUSED' } }),
  'post /call/reclassify#chat': () => ({ body: { callId: alphaChat.interactionId, newStatus: 'EXCUSED' } }),
  'get /call/:callId/recording': () => ({ params: { callId: alphaCall.id } }),
  'get /dashboard/link/:interactionId': () => ({ params: { interactionId: alphaCall.id } }),
  'get /dashboard/link/:interactionId#chat': () => ({ params: { interactionId: alphaChat.interactionId } }),
  'post /voice-agent/summarize': (o) => ({ query: { type: 'inbound' }, body: { orgId: o.id, transcript: [{ role: 'Customer', content: 'hi' }] } }),
  'post /voice-agent/calls': (o) => ({ query: { orgId: o.id }, body: { callVariables: {}, customerPhone: '+13035550188' } }),
  'post /voice-agent/batch-calls': (o) => ({ query: { orgId: o.id }, body: { from_number: '+13035550100', tasks: [{ to_number: '+13035550188' }] } }),
  'get /voice-agent/calls': (o) => ({ query: { orgId: o.id } }),
  'get /voice-agent/calls/:callId': (o) => ({ query: { orgId: o.id }, params: { callId: 'sandbox_call_any' } }),
  'put /voice-agent/agents/:agentId/voicemail': (o) => ({
    query: { orgId: o.id },
    params: { agentId: 'any-agent' },
    body: { voicemailAction: { type: 'hangup' } },
  }),
  'get /voice-agent/phones/:provider/:phoneId': (o) => ({ query: { orgId: o.id }, params: { provider: 'sandbox', phoneId: '+13035550100' } }),
  'put /voice-agent/phones/:provider/:phoneId': (o) => ({
    query: { orgId: o.id },
    params: { provider: 'sandbox', phoneId: '+13035550100' },
    body: { name: 'not yours' },
  }),
  'post /org/get-capacity': (o) => ({ body: { orgId: o.id, time_to_check: '2099-01-05T10:00:00', job_type_id: '101', business_unit: '1', priority: 0 } }),
  'get /org/availability': (o) => ({ query: { orgId: o.id } }),
  'get /org/company-profile': (o) => ({ query: { orgId: o.id } }),
  'patch /org/company-profile': (o) => ({ body: { orgId: o.id, legal_name: 'Not Yours LLC' } }),
  'get /org/custom-instructions': (o) => ({ query: { orgId: o.id } }),
  'put /org/custom-instructions': (o) => ({ body: { orgId: o.id, custom_instructions: {}, regular_job_to_dispatch: 'hijacked' } }),
  // /crm group (issue 4, CRM tools): the org is always named in the query.
  'post /crm/campaign-details-using-caller-number': (o) => ({
    query: { orgId: o.id },
    body: { callerPhoneNumber: '+15125550101', createdBefore: '2030-01-01', createdOnOrAfter: '2020-01-01' },
  }),
  'get /crm/contacts': (o) => ({ query: { orgId: o.id } }),
  'get /crm/locations': (o) => ({ query: { orgId: o.id, zip: '78701' } }),
  'get /crm/customers': (o) => ({ query: { orgId: o.id, name: 'a' } }),
  'get /crm/customers/:customerId': (o) => ({ query: { orgId: o.id } }),
  'post /crm/customer': (o) => ({
    query: { orgId: o.id },
    body: { name: 'X', type: 'Residential', locations: [{ name: 'Home', address: { street: '1 A St', city: 'B', state: 'TX', zip: '78701' } }], contacts: [] },
  }),
  'post /crm/customer/:customerId/location': (o) => ({
    query: { orgId: o.id },
    body: { name: 'Home', address: { street: '1 A St', city: 'B', state: 'TX', zip: '78701' } },
  }),
  'post /crm/customer/:customerId/contact': (o) => ({ query: { orgId: o.id }, body: { type: 'Mobile', value: '+15125550000' } }),
  'get /crm/customer-membership-status': (o) => ({ query: { orgId: o.id } }),
  'get /crm/jobs': (o) => ({ query: { orgId: o.id, jobStatus: 'SCHEDULED' } }),
  'get /crm/jobs/:jobId': (o) => ({ query: { orgId: o.id } }),
  'post /crm/jobs': (o) => ({
    query: { orgId: o.id },
    body: {
      customerId: '1',
      locationId: '1',
      businessUnitId: '1',
      jobTypeId: '101',
      summary: 'x',
      appointments: [{ start: '2030-01-01T10:00:00Z', end: '2030-01-01T12:00:00Z' }],
    },
  }),
  'put /crm/jobs/:jobId/cancel': (o) => ({ query: { orgId: o.id }, body: { reason: 'x' } }),
  'get /crm/job-cancel-reasons': (o) => ({ query: { orgId: o.id } }),
  'post /crm/jobs/:jobId/notes': (o) => ({ query: { orgId: o.id }, body: { note: 'x' } }),
  'get /crm/jobs/:jobId/notes': (o) => ({ query: { orgId: o.id } }),
  'post /crm/jobs/:jobId/transcripts': (o) => ({ query: { orgId: o.id }, body: { transcript: 'x' } }),
  'put /crm/jobs/:jobId/tags': (o) => ({ query: { orgId: o.id }, body: { tagsToAdd: ['901'] } }),
  'get /crm/appointments': (o) => ({ query: { orgId: o.id, jobId: '1' } }),
  'get /crm/appointments/:appointmentId': (o) => ({ query: { orgId: o.id } }),
  'post /crm/appointments': (o) => ({ query: { orgId: o.id }, body: { jobId: '1', start: '2030-01-01T10:00:00Z', end: '2030-01-01T12:00:00Z' } }),
  'post /crm/appointments/:appointmentId/reschedule': (o) => ({ query: { orgId: o.id }, body: { start: '2030-01-01T10:00:00Z', end: '2030-01-01T12:00:00Z' } }),
  'delete /crm/appointments/:appointmentId': (o) => ({ query: { orgId: o.id } }),
  'put /crm/appointments/:appointmentId/confirm': (o) => ({ query: { orgId: o.id } }),
  'delete /crm/appointments/:appointmentId/confirm': (o) => ({ query: { orgId: o.id } }),
  'post /crm/appointments/:appointmentId/special-instructions': (o) => ({ query: { orgId: o.id }, body: { instructions: 'x' } }),
  'post /crm/technician-capacity': (o) => ({
    query: { orgId: o.id },
    body: { windows: [{ from: '2030-01-01T00:00:00Z', to: '2030-01-02T00:00:00Z' }], technicianIds: [1001], duration: 3600 },
  }),
  'get /crm/technician-shifts': (o) => ({ query: { orgId: o.id } }),
  'post /crm/capacity-planning': (o) => ({ query: { orgId: o.id }, body: { startsOnOrAfter: '2030-01-01T00:00:00Z', endsOnOrBefore: '2030-01-02T00:00:00Z' } }),
  'get /crm/arrival-windows': (o) => ({ query: { orgId: o.id } }),
  'get /crm/zones': (o) => ({ query: { orgId: o.id } }),
  'get /crm/estimates': (o) => ({ query: { orgId: o.id, customerId: '1' } }),
  'put /crm/estimates/:estimateId/sell': (o) => ({ query: { orgId: o.id }, body: { soldBy: 2004 } }),
  'put /crm/estimates/:estimateId/unsell': (o) => ({ query: { orgId: o.id } }),
  'get /crm/installed-equipment': (o) => ({ query: { orgId: o.id, customerId: '1' } }),
  'post /crm/bookings': (o) => ({ query: { orgId: o.id }, body: { source: 'x', name: 'x', summary: 'x', externalId: 'x' } }),
  'get /crm/bookings': (o) => ({ query: { orgId: o.id } }),
  'get /crm/bookings/:bookingId': (o) => ({ query: { orgId: o.id } }),
  'post /crm/booking-providers': (o) => ({ query: { orgId: o.id }, body: { name: 'x', description: 'x' } }),
  'get /crm/booking-providers': (o) => ({ query: { orgId: o.id } }),
  'get /crm/telecom/calls': (o) => ({ query: { orgId: o.id } }),
  'put /crm/telecom/calls/:callId': (o) => ({ query: { orgId: o.id }, body: { callType: 'x' } }),
  'get /crm/calls/:callId/recording': (o) => ({ query: { orgId: o.id } }),
  'get /crm/roles': (o) => ({ query: { orgId: o.id } }),
  'get /crm/employees': (o) => ({ query: { orgId: o.id } }),
  'post /crm/employees#create': (o) => ({ query: { orgId: o.id }, body: { username: 'intruder', roleId: '1' } }),
  'patch /crm/employees': (o) => ({ query: { orgId: o.id }, body: { employeeId: '2001', roleId: '1' } }),
  'post /crm/sendPasswordResetLink': (o) => ({ query: { orgId: o.id }, body: { employeeId: '2001', orgId: o.id } }),
  'post /crm/onboarding-job-types': (o) => ({ query: { orgId: o.id }, body: { jobTypes: ['X'], descriptions: ['x'], businessUnits: ['Y'], org_name: 'Z' } }),
  'post /crm/customers/audience-rules': (o) => ({ query: { orgId: o.id }, body: { rules: {}, isExclusion: true } }),
  'post /crm/customers/audience-rules/async': (o) => ({ query: { orgId: o.id }, body: { audienceId: crypto.randomUUID(), rules: {} } }),
  'get /crm/customers/audiences/:audienceId': (o) => ({ query: { orgId: o.id }, params: { audienceId: crypto.randomUUID() } }),
  'get /crm/technicians': (o) => ({ query: { orgId: o.id } }),
  'get /crm/membership-types': (o) => ({ query: { orgId: o.id } }),
  'get /crm/pricebook-list': (o) => ({ query: { orgId: o.id } }),
  'get /crm/business-units': (o) => ({ query: { orgId: o.id } }),
  'get /crm/job-types': (o) => ({ query: { orgId: o.id } }),
  'get /crm/job-types/:jobTypeId': (o) => ({ query: { orgId: o.id } }),
  'get /crm/tag-types': (o) => ({ query: { orgId: o.id } }),
  'get /crm/call-reasons': (o) => ({ query: { orgId: o.id } }),
  'get /crm/recurring-services-type': (o) => ({ query: { orgId: o.id } }),
  'post /crm/business-unit-and-job-type': (o) => ({ query: { orgId: o.id }, body: { businessUnitId: '1' } }),
  'post /crm/recurring-service-events/:eventId/mark-complete': (o) => ({ query: { orgId: o.id }, body: { jobId: '1' } }),
  'post /crm/recurring-service-events/:eventId/mark-incomplete': (o) => ({ query: { orgId: o.id }, body: { jobId: '1' } }),
  'get /crm/campaigns': (o) => ({ query: { orgId: o.id } }),
  'post /crm/campaigns': (o) => ({ query: { orgId: o.id }, body: { name: 'x', businessUnitId: '1', categoryId: '1201' } }),
  'get /crm/campaign-categories': (o) => ({ query: { orgId: o.id } }),
  'get /crm/report-categories': (o) => ({ query: { orgId: o.id } }),
  'get /crm/report-categories/:categoryId/reports': (o) => ({ query: { orgId: o.id } }),
  'get /crm/report-categories/:categoryId/reports/:reportId': (o) => ({ query: { orgId: o.id } }),
  'post /crm/report-categories/:categoryId/reports/:reportId/data': (o) => ({ query: { orgId: o.id }, body: { parameters: [] } }),
  'get /crm/dynamic-value-sets/:dynamicSetId': (o) => ({ query: { orgId: o.id } }),
  'put /org/availability': (o) => ({ body: { orgId: o.id, availability: { regularHours: {}, holidays: [] } } }),
  'get /org/availability/week': (o) => ({ query: { id: o.id } }),
  'get /org/scheduling-rules': (o) => ({ query: { id: o.id } }),
  'post /org/scheduling-rules': (o) => ({ body: { orgId: o.id, data: [{ name: 'Not yours', threshold: 50 }] } }),
  'put /org/scheduling-rules/:ruleId': (o) => ({ params: { ruleId: crypto.randomUUID() }, body: { orgId: o.id, data: { threshold: 10 } } }),
  'delete /org/scheduling-rules/:ruleId': (o) => ({ params: { ruleId: crypto.randomUUID() }, body: { orgId: o.id } }),
  'get /voice-agent/web-call/agents': (o) => ({ query: { orgId: o.id } }),
  'post /agent': (o) => ({ body: { org_id: o.id, agent_type: 'RECEPTIONIST' } }),
  'put /agent': () => ({ body: { agent_id: alphaAgentId, friendly_name: 'Not yours', transfer_tools: [] } }),
  'put /agent/job-types': () => ({ body: { agentId: alphaAgentId, jobTypes: [] } }),
  'post /script-generator': (o) => ({ body: { uuid: o.id, url: 'https://alpha.example', agentId: alphaAgentId, agentType: 'AFTER_HOURS_CSR' } }),
  'get /script-generator/status': (o) => ({ query: { orgId: o.id, workflowId: `script-generation/${alphaAgentId}` } }),
  'post /integrations/create-job-sheet': (o) => ({ body: { orgId: o.id } }),
  'get /job-type-sheet/status': (o) => ({ query: { orgId: o.id } }),
  'get /org/agents': (o) => ({ query: { orgId: o.id } }),
  'get /voice-agent/agents/:agentId/tools': (o) => ({ query: { orgId: o.id }, params: { agentId: crypto.randomUUID() } }),
  'post /create-web-call': (o) => ({ body: { orgId: o.id, agentId: 'any-agent' } }),
  'post /voice-agent/web-call/turn': (o) => ({ body: { orgId: o.id, callId: crypto.randomUUID(), access_token: 'token', text: 'hello' } }),
  'post /voice-agent/web-call/end': (o) => ({ body: { orgId: o.id, callId: crypto.randomUUID(), access_token: 'token' } }),
  'put /org': (o) => ({ body: { id: o.id, service_area_active: false } }),
  'get /org/go-live': (o) => ({ query: { orgId: o.id } }),
  'post /org/go-live': (o) => ({ body: { orgId: o.id } }),
  'get /org/crm-connection': (o) => ({ query: { orgId: o.id } }),
  'put /org/crm-connection': (o) => ({
    body: { orgId: o.id, crm_name: 'housecallpro', crm_config: { appKey: 'not-yours', agentId: 'a' }, skip_crm_test: true },
  }),
  'post /integrations/send-sms': (o) => ({ body: { to: '+15125550100', message: 'Not yours', conversationMetadata: { org_id: o.id } } }),
  'post /integrations/send-email': (o) => ({
    body: { orgId: o.id, email: 'someone@alpha.test', template_name: 'call-errors', template_variables: { interactionId: 'x', errors: ['x'] } },
  }),
  // Another tenant's e-mail and an unknown id get the same answer, so ids cannot be probed.
  'get /integrations/email/:emailId': () => ({ params: { emailId: crypto.randomUUID() } }),
  'post /llm/evaluation': (o) => ({ body: { traceId: crypto.randomUUID(), agentType: 'RECEPTIONIST', orgId: o.id, traceType: 'call' } }),
  'post /llm/prompt-using-hub': (o) => ({ body: { traceId: 't', task: 'call_scorer', input: {}, orgId: o.id } }),
  'get /org/:orgId/voice-platforms': (o) => ({ params: { orgId: o.id } }),
  'put /org/:orgId/voice-platforms/:provider': (o) => ({ params: { orgId: o.id, provider: 'retell' }, body: { toolSecret: 'not-yours-secret-1234' } }),
  'post /llm/chat': (o) => ({ body: { sessionId: `s-${crypto.randomUUID()}`, message: 'hello', orgId: o.id, agentId: 'any-agent' } }),
  'post /ai-assistant/init-session': (o) => ({ body: { orgId: o.id, callId: alphaCall.id, timezone: 'America/Chicago', csrEmail: 'owner@beta.test' } }),
  'post /ai-assistant': () => ({ body: { chatId: alphaAssistantChatId, message: 'Previous calls?' } }),
  'post /ai-assistant/history': () => ({ body: { chatId: alphaAssistantChatId } }),
  'post /ai-assistant/end-chat': () => ({ body: { chatId: alphaAssistantChatId } }),
  'get /verified-caller-ids/by-org/:orgId': (o) => ({ params: { orgId: o.id } }),
  'post /verified-caller-ids': (o) => ({ body: { org_id: o.id, phone_number: '+15125550143' } }),
  'put /verified-caller-ids/:id': (o) => ({ params: { id: alphaCallerId.id }, body: { org_id: o.id, friendly_name: 'Not yours' } }),
  // The spec's delete names only the id: the caller ID's own org decides.
  'delete /verified-caller-ids/:id': () => ({ params: { id: alphaCallerId.id } }),
  'delete /verified-caller-ids/:id#orgId': (o) => ({ params: { id: alphaCallerId.id }, query: { orgId: o.id } }),
  'post /verified-caller-ids/:id/refresh': (o) => ({ params: { id: alphaCallerId.id }, body: { org_id: o.id } }),
  'post /verified-caller-ids/:id/confirm': (o) => ({ params: { id: alphaCallerId.id }, body: { org_id: o.id, validation_code: '123456' } }),
  'post /integrations/twilio/validation-request': (o) => ({ body: { orgId: o.id, phoneNumber: '+15125550142' } }),
  'get /integrations/twilio/outgoing-caller-id/:sid': () => ({ params: { sid: alphaCallerId.sid } }),
  'delete /integrations/twilio/outgoing-caller-id/:sid': () => ({ params: { sid: alphaCallerId.sid } }),
  // Team (issue 14): a user of beta names alpha's team, its owner and invitations.
  'get /org/members': (o) => ({ query: { orgId: o.id } }),
  'post /org/members/invite': (o) => ({ body: { orgId: o.id, email: 'intruder@beta.test', name: 'Intruder', role: 'admin' } }),
  'post /org/members/invitations/resend': (o) => ({ body: { orgId: o.id, invitationId: crypto.randomUUID() } }),
  'delete /org/members/invitations/:invitationId': (o) => ({ query: { orgId: o.id }, params: { invitationId: crypto.randomUUID() } }),
  'put /org/members/role': (o) => ({ body: { orgId: o.id, userId: staffUserIdFor('owner@beta.test'), role: 'admin' } }),
  'delete /org/members/:userId': (o) => ({ query: { orgId: o.id }, params: { userId: staffUserIdFor('owner@alpha.test') } }),
  // Widgets (issue 15): alpha's widget, read or changed by a user of beta.
  'get /widgets': (o) => ({ query: { orgId: o.id } }),
  'get /widget': () => ({ query: { widgetId: alphaWidgetId } }),
  'post /widget': (o) => ({ body: { orgId: o.id } }),
  'put /widget/update/config': (o) => ({ body: { widgetId: alphaWidgetId, orgId: o.id, welcome_title: 'Not yours' } }),
  'post /widget/update/file': (o) => ({ body: { orgId: o.id, key: 'logo.png', contentType: 'image/png' } }),
  // LLM chat mode (issue 15): alpha's chat settings and sessions, read, changed or opened by a user of beta. An unknown
  // session answers as another organization's does.
  'get /chat/config': (o) => ({ query: { orgId: o.id } }),
  'put /chat/config': (o) => ({ body: { orgId: o.id, enabled: true, greeting: 'Not yours' } }),
  'post /chat/llm/new': (o) => ({ body: { orgId: o.id } }),
  'get /chat/llm': (o) => ({ query: { orgId: o.id } }),
  'post /chat/llm': (o) => ({ body: { orgId: o.id, chatSessionId: 'session-of-alpha' } }),
  'put /chat/llm': (o) => ({ body: { orgId: o.id, sessionId: 'session-of-alpha', agentId: 'agent-1', message: 'hi', includedGreeting: true } }),
  'post /chat-sessions/logs': (o) => ({ body: { orgId: o.id } }),
  'get /chat-sessions/:sessionId': () => ({ params: { sessionId: 'session-of-alpha' } }),
};

describe('tenancy', () => {
  const orgRoutes = ROUTES.filter((r: AnyRoute) => r.access.kind === 'org');

  it('has a cross-tenant case for every organization-scoped route', () => {
    expect(orgRoutes.length).toBeGreaterThan(0);
    for (const r of orgRoutes) expect(Object.keys(crossTenantRequests)).toContain(`${r.method} ${r.path}`);
  });

  it("never lets a user of one organization read or change another's data", async () => {
    const agent = await login('owner@beta.test', 'correct horse battery');
    for (const [key, build] of Object.entries(crossTenantRequests)) {
      const [method, pathWithVariant] = key.split(' ');
      const { query, body, params } = build({ id: alpha.orgId, slug: alphaSlug });
      const path = pathWithVariant.split('#')[0].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? name));
      const res = await (agent as unknown as Record<string, (p: string) => request.Test>)
        [method](path)
        .query(query ?? {})
        .send(body ?? {});
      expect({ key, status: res.status, body: res.body }).toEqual({
        key,
        status: 401,
        body: { error: 'Unauthorized', status: 401, message: 'You do not have access to this organization' },
      });
    }
    // The same routes do answer for the user's own organization, so the 401s above are about tenancy.
    const own = await agent.get('/org').query({ id: beta.orgId });
    expect(own.status).toBe(200);
    // Alpha's widget is as it was, and beta has none.
    const alphaOwner = await login('owner@alpha.test', 'correct horse battery');
    expect((await alphaOwner.get('/widget').query({ widgetId: alphaWidgetId })).body).toMatchObject({
      welcome_title: 'Book Online Now',
      business_name: 'Alpha HVAC',
    });
    expect((await alphaOwner.get('/widgets').query({ orgId: alpha.orgId })).body).toHaveLength(1);
    expect((await agent.get('/widgets').query({ orgId: beta.orgId })).body).toEqual([]);
    // Alpha's chat is neither reviewed nor reclassified.
    expect(await h.tdb.db.widgetChat.findUnique({ where: { interactionId: alphaChat.interactionId } })).toMatchObject({
      callStatus: 'UNBOOKED',
      reviewedAt: null,
      reviewNotes: null,
    });
    // Alpha's chat settings are still the defaults.
    expect((await alphaOwner.get('/chat/config').query({ orgId: alpha.orgId })).body).toMatchObject({ enabled: false, greeting: null });
  }, 240_000); // one request per org-scoped route (well over a hundred), one after another

  it("answers another organization's agent as an unknown one, and leaves it as it was", async () => {
    const agent = await login('owner@beta.test', 'correct horse battery');
    const res = await agent.get(`/agent/${alphaAgentId}`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { error: 'Not Found', status: 404, message: 'Agent not found' } });
    const alphaOwner = await login('owner@alpha.test', 'correct horse battery');
    expect((await alphaOwner.get(`/agent/${alphaAgentId}`)).body).toMatchObject({ id: alphaAgentId, org_id: alpha.orgId, friendly_name: 'After hours CSR' });
  });

  it('gives enterprise admins every organization of their enterprise and nothing else', async () => {
    const email = 'regional@beta.test';
    await registerStaffUser(h, { email, password: 'enterprise-pass', name: 'Regional' });
    const operator = (req: request.Test) => req.set('authorization', `Bearer ${h.adminToken}`);
    const created = await operator(request(h.app).post('/enterprise')).send({ name: 'Beta Group', admins: [email] });
    expect(created.status).toBe(201);
    await eventually(async () => await h.tdb.db.enterprise.findUnique({ where: { id: created.body.id } }));
    expect((await operator(request(h.app).put('/enterprise/organizations')).send({ enterpriseId: created.body.id, orgId: beta.orgId })).status).toBe(200);
    await eventually(async () => ((await h.tdb.db.organization.findUnique({ where: { id: beta.orgId } }))?.enterpriseId === created.body.id ? true : null));

    const agent = await login(email, 'enterprise-pass');
    expect((await agent.get('/org').query({ id: beta.orgId })).status).toBe(200);
    expect((await agent.get('/org').query({ id: alpha.orgId })).status).toBe(401);
  });

  it('rehashes a password stored at the old scrypt cost on the next login, through the event log into the read model', async () => {
    const email = `rehash-${run}@alpha.test`;
    const userId = staffUserIdFor(email);
    const oldHash = await hashPassword('old-cost-pass', { N: 16384, r: 8, p: 1 });
    await h.bus.publish([
      createEvent({
        eventId: crypto.randomUUID(),
        type: 'StaffUserRegistered',
        aggregateId: userId,
        orgId: null,
        correlationId: 'it',
        causationId: null,
        data: { userId, email, name: 'Old Hash', passwordHash: oldHash, isOperator: false },
      }),
    ]);
    await eventually(async () => await h.tdb.db.staffUser.findUnique({ where: { id: userId } }));

    await login(email, 'old-cost-pass');
    const upgraded = await eventually(async () => {
      const row = await h.tdb.db.staffUser.findUnique({ where: { id: userId } });
      return row?.passwordHash && row.passwordHash !== oldHash ? row.passwordHash : null;
    });

    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
    await login(email, 'old-cost-pass'); // the new hash verifies the same password
    expect((await request(h.app).post('/auth/login').send({ email, password: 'wrong-pass' })).status).toBe(401);
  }, 60_000);

  it('answers 307 without a session and 401 to a staff user on the admin API', async () => {
    const redirect = await request(h.app).get('/org').query({ id: alpha.orgId });
    expect(redirect.body).toEqual({ redirect: '/login', status: 307 });
    expect(redirect.headers.location).toBe('/login');
    const agent = await login('owner@alpha.test', 'correct horse battery');
    const res = await agent.get('/organizations');
    expect(res.status).toBe(401);
    await agent.post('/auth/logout');
    expect((await agent.get('/auth/session')).status).toBe(307);
  });
});
