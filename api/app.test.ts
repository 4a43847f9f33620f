import pino from 'pino';
import request from 'supertest';
import { currentCorrelationId } from '../lib/correlation';
import { hashPassword, PASSWORD_HASH_PARAMS, verifyPassword } from '../lib/passwords';
import type { DomainEvent } from '../events/catalog';
import type { OnboardingInput } from '../workflows/onboarding/onboarding.types';
import { createApp } from './app';
import type { EnterpriseRepository } from './use-cases/enterprises';
import type { ApiDeps } from './deps';
import type { OrganizationRepository, OrganizationRow } from '../events/projections/organizations/organizations.repository';
import type { SessionRepository } from './repositories/session.repository';
import type { TeamRepository } from './repositories/team.repository';
import type { StaffIdentity, StaffRepository } from './repositories/staff.repository';
import { ROUTES } from './routes';
import type { WorkflowGateway, WorkflowStatus } from './use-cases/workflow-gateway.port';

/**
 * The repositories return Prisma's own promise type, which a fake cannot construct. Each fake is
 * checked against the real method signatures with plain promises, then cast once.
 */
type PlainPromises<R> = { [K in keyof R]: R[K] extends (...args: infer A) => infer T ? (...args: A) => Promise<Awaited<T>> : R[K] };
const asRepository = <R>(impl: PlainPromises<R>): R => impl as unknown as R;

type StaffRow = NonNullable<Awaited<ReturnType<StaffRepository['findByEmail']>>>;

const ACME_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const BRAVO_ID = '5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f';
const PASSWORD = 'correct horse battery staple';
const ADMIN_API_TOKEN = 'admin-token-0123456789abcdef';

function organizationRow(id: string, name: string, slug: string): OrganizationRow {
  const at = new Date('2025-03-01T12:00:00.000Z');
  return {
    id,
    name,
    slug,
    timezone: 'America/Denver',
    crmName: 'servicetitan',
    isActive: true,
    onboardingStatus: 'TESTING',
    enterpriseId: null,
    companyProfileId: null,
    defaultAgentId: null,
    officeEmail: `office@${slug}.test`,
    ccEmails: [],
    adminEmails: [`owner@${slug}.test`],
    tradesOffered: ['HVAC'],
    availabilityConfig: null,
    notificationSettings: null,
    oncallSchedule: null,
    ccPhoneNumbers: [],
    featureFlags: null,
    serviceAreaActive: false,
    spamNumbers: null,
    zipcodes: [],
    customInstructions: null,
    avgJobRevenue: null,
    stripeBillingId: null,
    streamVersion: 1,
    createdAt: at,
    updatedAt: at,
  };
}

// Logins verify at OWASP's scrypt cost, seconds each on a busy machine.
jest.setTimeout(30_000);

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

function staffRow(id: string, email: string, name: string, isOperator: boolean): StaffRow {
  return { id, email, name, isOperator, passwordHash, createdAt: new Date('2025-03-01T12:00:00.000Z') };
}

/** A small world: an operator, the owner of Acme Air, Acme Air and Bravo Plumbing. */
function world() {
  const operator = staffRow('a1a1a1a1-1111-4111-8111-111111111111', 'operator@homeagent.test', 'Olive Operator', true);
  const owner = staffRow('b2b2b2b2-2222-4222-8222-222222222222', 'owner@acme-air.test', 'Owen Owner', false);
  const users = [operator, owner];
  const orgs = [organizationRow(ACME_ID, 'Acme Air', 'acme-air'), organizationRow(BRAVO_ID, 'Bravo Plumbing', 'bravo-plumbing')];
  const memberships = [{ userId: owner.id, orgId: ACME_ID }];
  const sessions = new Map<string, string>([
    ['operator-token', operator.id],
    ['owner-token', owner.id],
  ]);
  const workflowRuns = new Map<string, WorkflowStatus>();
  const calls = {
    sessionsCreated: [] as string[],
    sessionsRevoked: [] as string[],
    orgsLoaded: [] as string[],
    started: [] as Array<{ input: OnboardingInput; workflowId: string }>,
    terminated: [] as Array<{ workflowId: string; reason: string }>,
    published: [] as DomainEvent[],
  };
  const logLines: string[] = [];

  const identity = (u: StaffRow): StaffIdentity => ({ id: u.id, email: u.email, name: u.name, isOperator: u.isOperator });
  const summary = (o: OrganizationRow) => ({ id: o.id, name: o.name, slug: o.slug, onboardingStatus: o.onboardingStatus, enterpriseId: o.enterpriseId });

  const organizations = asRepository<OrganizationRepository>({
    async findById(id) {
      calls.orgsLoaded.push(id);
      return orgs.find((o) => o.id === id) ?? null;
    },
    async exists(id) {
      calls.orgsLoaded.push(id);
      return orgs.some((o) => o.id === id);
    },
    findCrmName: async (id) => orgs.find((o) => o.id === id)?.crmName ?? null,
    findTimezone: async (id) => orgs.find((o) => o.id === id)?.timezone ?? null,
    findBySlug: async (slug) => orgs.find((o) => o.slug === slug) ?? null,
    listAll: async () => orgs.map(summary),
    listByIds: async (ids) => orgs.filter((o) => ids.includes(o.id)).map(summary),
    listAverageJobRevenues: async () => orgs.map((o) => ({ id: o.id, name: o.name, avgJobRevenue: o.avgJobRevenue, timezone: o.timezone })),
    listBillingIds: async () => orgs.map((o) => ({ id: o.id, name: o.name, stripeBillingId: o.stripeBillingId })),
    listOfficeEmails: async () => orgs.map((o) => ({ id: o.id, name: o.name, officeEmail: o.officeEmail })),
    listByEnterprise: async (enterpriseId) => orgs.filter((o) => o.enterpriseId === enterpriseId).map((o) => ({ ...summary(o), enterpriseId: o.enterpriseId })),
    countByEnterprise: async () => new Map(),
    findAnalyticsFields: async (id) => orgs.find((o) => o.id === id) ?? null,
    ping: async () => undefined,
  });

  const staff = asRepository<StaffRepository>({
    findByEmail: async (email) => users.find((u) => u.email === email.trim().toLowerCase()) ?? null,
    async findIdentity(userId) {
      const user = users.find((u) => u.id === userId);
      return user ? identity(user) : null;
    },
    accessibleOrganizationIds: async (user) => memberships.filter((m) => m.userId === user.id).map((m) => m.orgId),
    canAccessOrganization: async (user, orgId) => user.isOperator || memberships.some((m) => m.userId === user.id && m.orgId === orgId),
    canManageOrganization: async (user, orgId) => user.isOperator || memberships.some((m) => m.userId === user.id && m.orgId === orgId),
    // The team routes run against the real read models (api/routes/team/team.int.test.ts).
    listMembers: async () => [],
    roleIn: async () => null,
    countAdmins: async () => 0,
    passwordHashOf: async (userId) => users.find((u) => u.id === userId)?.passwordHash ?? null,
    membershipOrgIds: async (userId) => memberships.filter((m) => m.userId === userId).map((m) => m.orgId),
    firstOrganizationOf: async (userId) => memberships.find((m) => m.userId === userId)?.orgId ?? null,
    enterprisesAdministeredBy: async () => [],
  });

  const sessionRepository = asRepository<SessionRepository>({
    async create(userId) {
      calls.sessionsCreated.push(userId);
      const token = `token-${calls.sessionsCreated.length}`;
      sessions.set(token, userId);
      return { token, expiresAt: new Date(Date.now() + 3_600_000) };
    },
    findUserId: async (token) => sessions.get(token) ?? null,
    async findIdentity(token) {
      const user = users.find((u) => u.id === sessions.get(token));
      return user ? identity(user) : null;
    },
    async findIdentityWithAccess(token, orgId) {
      const user = users.find((u) => u.id === sessions.get(token));
      if (!user) return null;
      return { user: identity(user), canAccess: user.isOperator || memberships.some((m) => m.userId === user.id && m.orgId === orgId) };
    },
    async revoke(token) {
      calls.sessionsRevoked.push(token);
      sessions.delete(token);
    },
    async revokeAllForUser(userId) {
      const mine = [...sessions].filter(([, id]) => id === userId).map(([token]) => token);
      for (const token of mine) sessions.delete(token);
      return mine.length;
    },
  });

  const workflows: WorkflowGateway = {
    async startOnboarding(input, workflowId) {
      calls.started.push({ input, workflowId });
      return { workflowId, alreadyRunning: false, alreadyCompleted: false };
    },
    describe: async (workflowId) => workflowRuns.get(workflowId) ?? null,
    async terminate(workflowId, reason) {
      const run = workflowRuns.get(workflowId);
      if (!run) return { outcome: 'not_found' };
      if (run.status !== 'RUNNING') return { outcome: 'not_running', status: run.status };
      calls.terminated.push({ workflowId, reason });
      return { outcome: 'terminated' };
    },
  };

  // Same mixin as lib/logger's createLogger, writing to memory instead of stdout.
  const logger = pino({ level: 'info', mixin: () => ({ correlationId: currentCorrelationId() }) }, { write: (line: string) => void logLines.push(line) });

  const deps: ApiDeps = {
    config: { NODE_ENV: 'test', ADMIN_API_TOKEN, SESSION_TTL_HOURS: 1 },
    logger,
    organizations,
    staff,
    auth: {
      events: {
        publish: async (events) => {
          calls.published.push(...events);
        },
      },
    },
    sessions: sessionRepository,
    team: asRepository<TeamRepository>({
      findInvitation: async () => null,
      listPendingInvitations: async () => [],
      findPendingInvitationByEmail: async () => null,
      issueToken: async () => ({ token: 'token', expiresAt: new Date() }),
      peekToken: async () => null,
      consumeToken: async () => false,
      revokeTokens: async () => undefined,
      countTokensSince: async () => 0,
    }),
    workflows,
    // The script-generation routes are covered by script-generation.int.test.ts against the real stack.
    scriptGeneration: {} as ApiDeps['scriptGeneration'],
    // The dead-letter routes are covered by events/dead-letter.int.test.ts against the real stack.
    deadLetters: {} as ApiDeps['deadLetters'],
    // The call routes are covered by calls.int.test.ts against the real stack.
    calls: {} as ApiDeps['calls'],
    // The analytics routes are covered by analytics.int.test.ts against the real stack.
    analytics: {} as ApiDeps['analytics'],
    // The notification routes are covered by notifications.int.test.ts against the real stack.
    notifications: {} as ApiDeps['notifications'],
    // The CRM tool routes are covered by voice-agent-tool.int.test.ts against the real stack.
    // Going live is covered by go-live.int.test.ts against the real stack.
    goLive: {} as ApiDeps['goLive'],
    // The enterprise routes are covered by enterprises.int.test.ts against the real stack; the session lists none.
    enterprises: {
      events: {} as ApiDeps['enterprises']['events'],
      repository: asRepository<EnterpriseRepository>({ find: async () => null, list: async () => [] }),
    },
    crm: {} as ApiDeps['crm'],
    // The outbound call routes are covered by outbound-calls.int.test.ts against the real stack.
    voice: {} as ApiDeps['voice'],
    // The web call routes are covered by web-call.int.test.ts against the real stack.
    webCalls: {} as ApiDeps['webCalls'],
    // The capacity routes are covered by capacity.int.test.ts against the real stack.
    capacity: {} as ApiDeps['capacity'],
    // Company profile and custom instructions are covered by org-profile.int.test.ts.
    orgProfile: {} as ApiDeps['orgProfile'],
    agents: {} as ApiDeps['agents'],
    // Audience builds are covered by audience-build.int.test.ts against the real stack.
    audiences: {} as ApiDeps['audiences'],
    // The SMS webhook and webhook-delivery routes are covered by their int tests against the real stack.
    delivery: { teamChat: { find: async () => null, set: async () => undefined } } as unknown as ApiDeps['delivery'],
    // The /llm routes are covered by llm.int.test.ts against the real stack.
    llm: {} as ApiDeps['llm'],
    // The AI assistant routes are covered by assistant.int.test.ts against the real stack.
    assistant: {} as ApiDeps['assistant'],
    // The verified caller ID routes are covered by verified-caller-ids.int.test.ts against the real stack.
    callerIds: {} as ApiDeps['callerIds'],
    // The widget and file routes are covered by widgets.int.test.ts against the real stack.
    widgets: {} as ApiDeps['widgets'],
    storage: {} as ApiDeps['storage'],
    // The widget chat routes are covered by api/routes/chat/chat-widget.int.test.ts against the real stack.
    widgetChats: {} as ApiDeps['widgetChats'],
    chatSessions: {} as ApiDeps['chatSessions'],
  };
  return { deps, app: createApp(deps), operator, owner, workflowRuns, calls, logLines };
}

const asOwner = { Cookie: 'homeagent_session=owner-token' };
const asOperator = { Cookie: 'homeagent_session=operator-token' };

const commonError = (status: number) => ({
  error: expect.any(String),
  status,
  message: expect.any(String),
});

describe('root routes', () => {
  it.each(['get', 'post'] as const)('%s / answers with a message', async (method) => {
    const res = await request(world().app)[method]('/');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('GET /heartbeat answers with a message while the database answers', async () => {
    const res = await request(world().app).get('/heartbeat');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'OK' });
  });

  it('GET /heartbeat answers 500 {error} alone, without the database error, when the database is down', async () => {
    const { app, deps } = world();
    deps.organizations.ping = async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.7:5432');
    };

    const res = await request(app).get('/heartbeat');

    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(res.text).not.toContain('ECONNREFUSED');
  });

  it('POST /heartbeat answers success', async () => {
    const res = await request(world().app).post('/heartbeat');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
  });
});

describe('errors', () => {
  it('answers an unknown route with 404 and the common body', async () => {
    const res = await request(world().app).get('/no-such-thing');

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not Found', status: 404, message: expect.stringContaining('/no-such-thing') });
  });

  it('answers a body that is not JSON with 400 and the common body', async () => {
    const { app, calls } = world();

    const res = await request(app).post('/auth/login').set('Content-Type', 'application/json').send('{"email": "owner@');

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Request body is not valid JSON' });
    expect(calls.sessionsCreated).toEqual([]);
  });

  it('answers an unexpected failure with 500 and a generic message, and logs the cause', async () => {
    const { app, deps, logLines } = world();
    deps.workflows.describe = async () => {
      throw new Error('14 UNAVAILABLE: connect ECONNREFUSED temporal-frontend-3:7233');
    };

    const res = await request(app).get('/workflow-status?workflowId=onboarding/acme-air').set(asOperator);

    expect(res.status).toBe(500);
    expect(res.body).toEqual(commonError(500));
    expect(res.text).not.toMatch(/UNAVAILABLE|ECONNREFUSED|temporal-frontend-3/);
    expect(logLines.join('\n')).toContain('temporal-frontend-3');
  });

  it('treats an undecodable session cookie as no session', async () => {
    const res = await request(world().app).get('/heartbeat').set('Cookie', 'homeagent_session=%E0%A4%A');

    expect(res.status).toBe(200);
  });

  it('answers a body in a charset it cannot read with 400', async () => {
    const res = await request(world().app)
      .post('/auth/login')
      .set('Content-Type', 'application/json; charset=latin2')
      .send(JSON.stringify({ email: 'owner@acme-air.test', password: PASSWORD }));

    expect(res.status).toBe(400);
  });

  it('answers 401 to an admin token with non-ASCII characters', async () => {
    const token = `é${ADMIN_API_TOKEN.slice(1)}`;

    const res = await request(world().app).get('/organizations').set('Authorization', `Bearer ${token}`);

    expect(res.status).toBe(401);
  });
});

describe('text input, path ids and body size', () => {
  it('answers 400 to NUL in a JSON body, before the handler runs', async () => {
    const { app, calls } = world();

    const res = await request(app)
      .post('/auth/login')
      .send({ email: 'owner@acme-air.test', password: `${PASSWORD}\u0000` });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Bad Request', status: 400, message: 'body.password contains a NUL character' });
    expect(calls.sessionsCreated).toEqual([]);
  });

  it('answers 400 to NUL in a field name, a nested value and the query', async () => {
    const { app } = world();

    const key = await request(app).post('/auth/login').send({ email: 'owner@acme-air.test', password: PASSWORD, 'x\u0000': 1 });
    const nested = await request(app)
      .post('/auth/login')
      .send({ email: 'owner@acme-air.test', password: PASSWORD, extra: [{ note: 'a\u0000b' }] });
    const query = await request(app).get('/org?id=%00').set(asOwner);

    expect([key.status, key.body.message]).toEqual([400, 'a field name in body contains a NUL character']);
    expect([nested.status, nested.body.message]).toEqual([400, 'body.extra[0].note contains a NUL character']);
    expect(query.body).toEqual({ error: 'Bad Request', status: 400, message: 'query.id contains a NUL character' });
  });

  it('answers 400 to a JSON body that is not valid UTF-8, instead of reading it as replacement characters', async () => {
    const { app, calls } = world();
    const body = Buffer.concat([Buffer.from('{"email": "owner@acme-air.test", "password": "'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]);

    // superagent would serialize a Buffer as JSON; these bytes go as they are.
    const res = await request(app)
      .post('/auth/login')
      .set('Content-Type', 'application/json')
      .serialize((b: Buffer) => b as unknown as string)
      .send(body);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Bad Request', status: 400, message: 'Request body is not valid UTF-8' });
    expect(calls.sessionsCreated).toEqual([]);
  });

  it('answers 400 to a lone surrogate escaped in JSON (it has no UTF-8 form)', async () => {
    const res = await request(world().app)
      .post('/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email": "owner@acme-air.test", "password": "\\ud800"}');

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('body.password is not valid UTF-8');
  });

  it('answers 400 to a path that is not valid percent-encoded UTF-8', async () => {
    const res = await request(world().app).put('/org/scheduling-rules/%FF').set(asOperator).send({ orgId: ACME_ID, data: {} });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Bad Request', status: 400, message: 'The URL is not valid UTF-8' });
  });

  it('answers 400 to a path id that is not a UUID without querying (the capacity store here would throw)', async () => {
    const res = await request(world().app).put('/org/scheduling-rules/0').set(asOperator).send({ orgId: ACME_ID, data: {} });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Bad Request',
      status: 400,
      message: 'ruleId must be a UUID',
      issues: [{ path: 'ruleId', message: 'ruleId must be a UUID' }],
    });
  });

  it('answers 400 to NUL in a raw webhook body, signed or not', async () => {
    const res = await request(world().app)
      .post(`/voice-agent/webhook/${ACME_ID}/retell`)
      .set('Content-Type', 'application/json')
      .send('{"event": "call_ended", "call": {"call_id": "c1", "transcript": "hi\\u0000"}}');

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Bad Request', status: 400, message: 'body.call.transcript contains a NUL character' });
  });

  it('answers 413 in the common body to a body over the limit', async () => {
    const { app, calls } = world();

    const res = await request(app)
      .post('/auth/login')
      .send({ email: 'owner@acme-air.test', password: PASSWORD, padding: 'x'.repeat(1_100_000) });

    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'Payload Too Large', status: 413, message: 'Request body is too large (the limit is 1048576 bytes)' });
    expect(calls.sessionsCreated).toEqual([]);
  });

  it('documents what each route answers before its handler: 413 with a body, 307 and 401 by access, 429 on public routes', async () => {
    const paths = (await request(world().app).get('/openapi.json')).body.paths;

    expect(Object.keys(paths['/auth/login'].post.responses).sort()).toEqual(['200', '400', '401', '413', '429', '500']);
    expect(Object.keys(paths['/org/scheduling-rules/{ruleId}'].put.responses).sort()).toEqual(['200', '307', '400', '401', '404', '413', '500']);
    expect(Object.keys(paths['/organizations'].get.responses).sort()).toEqual(['200', '400', '401', '500']);
  });

  it.each([
    ['/billing', 'get', ['200', '400', '401', '500']],
    ['/billing', 'put', ['200', '400', '401', '404', '413', '500']],
    ['/office-email', 'get', ['200', '307', '400', '401', '500']],
    ['/office-email', 'put', ['200', '307', '400', '401', '404', '413', '500']],
    ['/emergency-strategy', 'get', ['200', '400', '401', '500']],
    ['/emergency-strategy', 'put', ['200', '400', '401', '404', '413', '500']],
    ['/avg-job-revenue', 'get', ['200', '400', '401', '500']],
    ['/avg-job-revenue', 'put', ['200', '400', '401', '404', '413', '500']],
  ])('documents every status of the admin route %s %s (000 §7), operator-only', async (path, method, statuses) => {
    const operation = (await request(world().app).get('/openapi.json')).body.paths[path][method];

    expect(Object.keys(operation.responses).sort()).toEqual(statuses);
    expect(operation.tags).toEqual(['Admin']);
    expect(operation.security).toEqual([{ session: [] }, { adminToken: [] }]);
  });
});

describe('validation errors', () => {
  it("list each failed check of a 400 by field path beside the spec's message", async () => {
    const res = await request(world().app).post('/auth/login').send({ email: 'not-an-email', password: '' });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Bad Request',
      status: 400,
      message: 'Invalid email format; Password is required',
      issues: [
        { path: 'email', message: 'Invalid email format' },
        { path: 'password', message: 'Password is required' },
      ],
    });
  });

  it('name a nested field by its dotted path', async () => {
    const res = await request(world().app).get('/org?id=acme').set(asOwner);

    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'id', message: 'id must be a UUID' }]);
  });

  it("leave issues out of a 400 that is not about the request's fields", async () => {
    const res = await request(world().app).post('/auth/login').set('Content-Type', 'application/json').send('{"email": "owner@');

    expect(res.body).toEqual({ error: 'Bad Request', status: 400, message: 'Request body is not valid JSON' });
  });
});

describe('correlation id', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("echoes the caller's id", async () => {
    const res = await request(world().app).get('/').set('x-correlation-id', 'support-ticket-4711');

    expect(res.headers['x-correlation-id']).toBe('support-ticket-4711');
  });

  it('makes a new id for a request without one, and another for the next request', async () => {
    const { app } = world();

    const first = await request(app).get('/');
    const second = await request(app).get('/');

    expect(first.headers['x-correlation-id']).toMatch(UUID);
    expect(second.headers['x-correlation-id']).toMatch(UUID);
    expect(first.headers['x-correlation-id']).not.toBe(second.headers['x-correlation-id']);
  });

  it('replaces an id it would not want in its logs', async () => {
    const res = await request(world().app).get('/').set('x-correlation-id', 'x y');

    expect(res.headers['x-correlation-id']).toMatch(UUID);
  });

  it('puts the id on error responses and on the request log line', async () => {
    const { app, logLines } = world();

    const res = await request(app).get('/no-such-thing').set('x-correlation-id', 'support-ticket-4712');

    expect(res.headers['x-correlation-id']).toBe('support-ticket-4712');
    const requestLine = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request');
    expect(requestLine).toMatchObject({ correlationId: 'support-ticket-4712', status: 404, path: '/no-such-thing' });
  });

  it('puts the id on the log line of a failure, so a support request finds its cause', async () => {
    const { app, deps, logLines } = world();
    deps.workflows.startOnboarding = async () => {
      throw new Error('temporal unavailable');
    };

    await request(app).post('/onboarding').set(asOperator).set('x-correlation-id', 'support-ticket-4714').send(onboardingBody());
    const errorLine = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');

    expect(errorLine).toMatchObject({ correlationId: 'support-ticket-4714', err: { message: 'temporal unavailable' } });
  });

  it('hands the id to the onboarding run it starts', async () => {
    const { app, calls } = world();

    await request(app).post('/onboarding').set(asOperator).set('x-correlation-id', 'support-ticket-4713').send(onboardingBody());

    expect(calls.started[0].input.meta.correlationId).toBe('support-ticket-4713');
  });
});

describe('GET /openapi.json', () => {
  it('documents every route with its method, in {param} path syntax', async () => {
    const res = await request(world().app).get('/openapi.json');
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`));

    expect(res.status).toBe(200);
    expect(documented.sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`).sort());
  });

  it('documents the Location header of the login redirect', async () => {
    const res = await request(world().app).get('/openapi.json');

    expect(res.body.paths['/auth/session'].get.responses['307'].headers).toEqual({ Location: expect.objectContaining({ schema: { type: 'string' } }) });
  });
});

describe('dashboard routes without a session', () => {
  it.each([
    ['GET /auth/session', '/auth/session', {}],
    ['GET /org?id=', `/org?id=${ACME_ID}`, {}],
    ['GET /auth/session with an expired or unknown session', '/auth/session', { Cookie: 'homeagent_session=expired-token' }],
  ])('%s answers 307 to the login page', async (_label, path, headers) => {
    const { app, calls } = world();

    const res = await request(app).get(path).set(headers);

    expect(res.status).toBe(307);
    expect(res.body).toEqual({ redirect: '/login', status: 307 });
    expect(res.headers.location).toBe(res.body.redirect);
    expect(calls.orgsLoaded).toEqual([]);
  });
});

describe('GET /auth/session', () => {
  it('shows a staff user the organizations they belong to', async () => {
    const { app, owner } = world();

    const res = await request(app).get('/auth/session').set(asOwner);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: { id: owner.id, email: 'owner@acme-air.test', name: 'Owen Owner', is_operator: false },
      organizations: [{ id: ACME_ID, name: 'Acme Air', slug: 'acme-air', onboarding_status: 'TESTING' }],
      enterprises: [],
    });
  });

  it('shows an operator every organization', async () => {
    const res = await request(world().app).get('/auth/session').set(asOperator);

    expect(res.body.organizations.map((o: { slug: string }) => o.slug)).toEqual(['acme-air', 'bravo-plumbing']);
  });
});

describe('GET /org', () => {
  it('gives a member their organization', async () => {
    const res = await request(world().app).get(`/org?id=${ACME_ID}`).set(asOwner);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ACME_ID, name: 'Acme Air', slug: 'acme-air', onboarding_status: 'TESTING' });
  });

  it.each([
    ['by id', `/org?id=${BRAVO_ID}`],
    ['by slug', '/org?slug=bravo-plumbing'],
    ['that does not exist', '/org?id=7e7e7e7e-7777-4777-8777-777777777777'],
  ])('answers 401 for an organization the user cannot open, asked %s, without loading it', async (_label, path) => {
    const { app, calls } = world();

    const res = await request(app).get(path).set(asOwner);

    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Unauthorized', status: 401, message: 'You do not have access to this organization' });
    expect(calls.orgsLoaded).toEqual([]);
  });

  it('answers 404 to an operator for an organization that does not exist', async () => {
    const res = await request(world().app).get('/org?id=7e7e7e7e-7777-4777-8777-777777777777').set(asOperator);

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not Found', status: 404, message: 'Organization not found' });
  });

  it.each([
    ['/org', 'Either id or slug is required'],
    ['/org?id=acme', 'id must be a UUID'],
  ])('answers 400 to %s', async (path, message) => {
    const res = await request(world().app).get(path).set(asOwner);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message });
  });
});

const DEAD_EVENT = '0b7e2f8a-1111-4111-8111-111111111111';

describe('admin routes', () => {
  const adminCalls = [
    ['GET /organizations', (agent: request.Agent) => agent.get('/organizations')],
    ['GET /billing', (agent: request.Agent) => agent.get('/billing')],
    ['PUT /billing', (agent: request.Agent) => agent.put('/billing').send({ id: ACME_ID, stripe_billing_id: 'cus_0123456789abcd' })],
    ['GET /emergency-strategy', (agent: request.Agent) => agent.get('/emergency-strategy')],
    [
      'PUT /emergency-strategy',
      (agent: request.Agent) => agent.put('/emergency-strategy').send({ orgId: ACME_ID, slotStrategy: { name: 'oncall_technician_availability' } }),
    ],
    ['GET /avg-job-revenue', (agent: request.Agent) => agent.get('/avg-job-revenue')],
    ['PUT /avg-job-revenue', (agent: request.Agent) => agent.put('/avg-job-revenue').send({ orgId: ACME_ID, avgJobRevenue: 300 })],
    ['GET /workflow-status', (agent: request.Agent) => agent.get('/workflow-status?workflowId=onboarding/acme-air')],
    ['POST /terminate-workflow', (agent: request.Agent) => agent.post('/terminate-workflow').send({ workflowId: 'onboarding/acme-air' })],
    ['POST /onboarding', (agent: request.Agent) => agent.post('/onboarding').send(onboardingBody())],
    ['GET /admin/dead-letters', (agent: request.Agent) => agent.get('/admin/dead-letters')],
    ['GET /admin/dead-letters/:projection/:eventId', (agent: request.Agent) => agent.get(`/admin/dead-letters/organizations/${DEAD_EVENT}`)],
    ['POST /admin/dead-letters/…/retry', (agent: request.Agent) => agent.post(`/admin/dead-letters/organizations/${DEAD_EVENT}/retry`)],
    [
      'POST /admin/dead-letters/…/discard',
      (agent: request.Agent) => agent.post(`/admin/dead-letters/organizations/${DEAD_EVENT}/discard`).send({ reason: 'x' }),
    ],
  ] as const;

  it.each(adminCalls)('%s answers 401 without a session', async (_label, call) => {
    const { app, calls } = world();

    const res = await call(request.agent(app));

    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Unauthorized', status: 401, message: 'Operator access required' });
    expect(calls.started).toEqual([]);
    expect(calls.terminated).toEqual([]);
  });

  it.each(adminCalls)('%s answers 401 to a logged-in staff user who is not an operator', async (_label, call) => {
    const { app, calls } = world();

    const res = await call(request.agent(app).set(asOwner));

    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Unauthorized', status: 401, message: 'Operator access required' });
    expect(calls.started).toEqual([]);
  });

  it.each([
    ['GET /office-email', (agent: request.Agent) => agent.get('/office-email')],
    ['PUT /office-email', (agent: request.Agent) => agent.put('/office-email').send({ orgId: ACME_ID, officeEmail: 'desk@acme-air.test' })],
  ] as const)('%s answers 307 to the login page without a session (000 §6), 401 to staff who are not operators or a wrong token', async (_label, call) => {
    const { app, calls } = world();

    const anonymous = await call(request.agent(app));
    const staff = await call(request.agent(app).set(asOwner));
    const wrongToken = await call(request.agent(app).set('Authorization', `Bearer ${ADMIN_API_TOKEN.replace('a', 'b')}`));

    expect(anonymous.status).toBe(307);
    expect(anonymous.body).toEqual({ redirect: '/login', status: 307 });
    expect(staff.status).toBe(401);
    expect(staff.body).toEqual({ error: 'Unauthorized', status: 401, message: 'Operator access required' });
    expect(wrongToken.status).toBe(401);
    expect(calls.published).toEqual([]);
  });

  it('answers 401 to a wrong admin token', async () => {
    const res = await request(world().app)
      .get('/organizations')
      .set('Authorization', `Bearer ${ADMIN_API_TOKEN.replace('a', 'b')}`);

    expect(res.status).toBe(401);
  });

  it.each([
    ['an operator session', asOperator],
    ['the admin token', { Authorization: `Bearer ${ADMIN_API_TOKEN}` }],
  ])('lists every organization for %s', async (_label, headers) => {
    const res = await request(world().app).get('/organizations').set(headers);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      organizations: [
        { id: ACME_ID, name: 'Acme Air', onboarding_status: 'TESTING' },
        { id: BRAVO_ID, name: 'Bravo Plumbing', onboarding_status: 'TESTING' },
      ],
    });
  });
});

describe('GET /workflow-status', () => {
  it.each(['/workflow-status', '/workflow-status?workflowId=', '/workflow-status?workflowId=%20'])(
    'answers %s with 400 "Workflow ID is required"',
    async (path) => {
      const res = await request(world().app).get(path).set(asOperator);

      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Workflow ID is required' });
    },
  );

  it('answers 404 for a workflow that does not exist', async () => {
    const res = await request(world().app).get('/workflow-status?workflowId=onboarding/nobody').set(asOperator);

    expect(res.status).toBe(404);
    expect(res.body).toEqual(commonError(404));
  });

  it('gives the status of a run', async () => {
    const { app, workflowRuns } = world();
    workflowRuns.set('onboarding/acme-air', {
      status: 'COMPLETED',
      workflowId: 'onboarding/acme-air',
      startTime: '2025-03-01T12:00:00.000Z',
      closeTime: '2025-03-01T12:00:05.000Z',
      result: { orgId: ACME_ID },
      error: null,
    });

    const res = await request(app).get('/workflow-status?workflowId=onboarding/acme-air').set(asOperator);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'COMPLETED',
      workflowId: 'onboarding/acme-air',
      startTime: '2025-03-01T12:00:00.000Z',
      closeTime: '2025-03-01T12:00:05.000Z',
      result: { orgId: ACME_ID },
      error: null,
    });
  });
});

describe('POST /terminate-workflow', () => {
  const run = (status: string): WorkflowStatus => ({ status, workflowId: 'onboarding/acme-air', error: null });

  it.each([{}, { workflowId: '' }, { workflowId: 42 }])('answers %p with 400 "Workflow ID is required"', async (body) => {
    const { app, calls } = world();

    const res = await request(app).post('/terminate-workflow').set(asOperator).send(body);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Workflow ID is required' });
    expect(calls.terminated).toEqual([]);
  });

  it('answers 404 for a workflow that does not exist', async () => {
    const res = await request(world().app).post('/terminate-workflow').set(asOperator).send({ workflowId: 'onboarding/nobody' });

    expect(res.status).toBe(404);
    expect(res.body).toEqual(commonError(404));
  });

  it('answers 400 for a workflow that is not running', async () => {
    const { app, workflowRuns, calls } = world();
    workflowRuns.set('onboarding/acme-air', run('COMPLETED'));

    const res = await request(app).post('/terminate-workflow').set(asOperator).send({ workflowId: 'onboarding/acme-air' });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message: expect.stringContaining('not running') });
    expect(calls.terminated).toEqual([]);
  });

  it('terminates a running workflow, recording who did it', async () => {
    const { app, workflowRuns, calls } = world();
    workflowRuns.set('onboarding/acme-air', run('RUNNING'));

    const res = await request(app).post('/terminate-workflow').set(asOperator).send({ workflowId: 'onboarding/acme-air' });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, workflowId: 'onboarding/acme-air', message: 'Workflow terminated' });
    expect(calls.terminated).toEqual([{ workflowId: 'onboarding/acme-air', reason: 'Terminated by operator@homeagent.test' }]);
  });

  it("keeps the operator's own reason", async () => {
    const { app, workflowRuns, calls } = world();
    workflowRuns.set('onboarding/acme-air', run('RUNNING'));

    await request(app).post('/terminate-workflow').set(asOperator).send({ workflowId: 'onboarding/acme-air', reason: 'Duplicate signup' });

    expect(calls.terminated[0].reason).toBe('Duplicate signup');
  });
});

function onboardingBody(changes: Record<string, unknown> = {}) {
  return {
    name: "Joe's HVAC & Plumbing, LLC",
    admin_email: 'Joe@JoesHVAC.test',
    office_email: 'office@joeshvac.test',
    password: 'a-strong-password',
    timezone: 'America/Chicago',
    trades_offered: ['HVAC', 'Plumbing'],
    ...changes,
  };
}

describe('POST /onboarding', () => {
  it('starts one onboarding run keyed by the slug of the name', async () => {
    const { app, calls } = world();

    const res = await request(app).post('/onboarding').set(asOperator).send(onboardingBody());

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, workflowId: 'onboarding/joes-hvac-plumbing-llc', message: 'Onboarding started' });
    expect(calls.started).toHaveLength(1);
    expect(calls.started[0].workflowId).toBe('onboarding/joes-hvac-plumbing-llc');
    expect(calls.started[0].input).toMatchObject({
      name: "Joe's HVAC & Plumbing, LLC",
      slug: 'joes-hvac-plumbing-llc',
      adminEmail: 'joe@joeshvac.test',
      timezone: 'America/Chicago',
      tradesOffered: ['HVAC', 'Plumbing'],
      crmName: 'servicetitan',
      regularHours: { Monday: [{ start: '09:00', end: '17:00' }], Friday: [{ start: '09:00', end: '17:00' }] },
    });
  });

  it('hands the workflow a password hash, never the password', async () => {
    const { app, calls } = world();

    await request(app).post('/onboarding').set(asOperator).send(onboardingBody());
    const input = calls.started[0].input;

    expect(JSON.stringify(input)).not.toContain('a-strong-password');
    await expect(verifyPassword('a-strong-password', input.adminPasswordHash)).resolves.toBe(true);
  });

  it.each([
    ['a bad admin e-mail', { admin_email: 'joe-at-joeshvac' }, 'Invalid email format'],
    ['a bad office e-mail', { office_email: 'office@' }, 'Invalid email format'],
    ['a short stripe_billing_id', { stripe_billing_id: 'cus_12345678901' }, 'stripe_billing_id must be exactly 18 characters'],
    ['a long stripe_billing_id', { stripe_billing_id: 'cus_12345678901234567' }, 'stripe_billing_id must be exactly 18 characters'],
    ['an area_code with a letter', { area_code: '41a' }, 'area_code must be exactly 3 digits'],
    ['a four-digit area_code', { area_code: '4155' }, 'area_code must be exactly 3 digits'],
    ['no trade', { trades_offered: [] }, 'At least one trade is required'],
  ])('refuses %s with its message and starts nothing', async (_label, changes, message) => {
    const { app, calls } = world();

    const res = await request(app).post('/onboarding').set(asOperator).send(onboardingBody(changes));

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message });
    expect(calls.started).toEqual([]);
  });

  it('accepts an 18-character stripe_billing_id and a 3-digit area_code', async () => {
    const res = await request(world().app)
      .post('/onboarding')
      .set(asOperator)
      .send(onboardingBody({ stripe_billing_id: 'cus_12345678901234', area_code: '415' }));

    expect(res.status).toBe(200);
  });

  it('refuses a name it cannot make a slug from, and starts nothing', async () => {
    const { app, calls } = world();

    const res = await request(app)
      .post('/onboarding')
      .set(asOperator)
      .send(onboardingBody({ name: '水道屋' }));

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Name must contain letters or digits to derive a slug' });
    expect(calls.started).toEqual([]);
  });

  it('refuses an organization whose slug is taken and starts nothing', async () => {
    const { app, calls } = world();

    const res = await request(app)
      .post('/onboarding')
      .set(asOperator)
      .send(onboardingBody({ name: 'Acme Air' }));

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'An organization with slug "acme-air" already exists' });
    expect(calls.started).toEqual([]);
  });

  it('says so when a repeated request joins the run already going', async () => {
    const { app, deps } = world();
    deps.workflows.startOnboarding = async (_input, workflowId) => ({ workflowId, alreadyRunning: true, alreadyCompleted: false });

    const res = await request(app).post('/onboarding').set(asOperator).send(onboardingBody());

    expect(res.body).toEqual({
      success: true,
      workflowId: 'onboarding/joes-hvac-plumbing-llc',
      message: 'Onboarding is already running for this organization',
    });
  });
});

describe('POST /auth/login', () => {
  it('stores a stronger hash of a password hashed at the old cost, once, and the new hash verifies', async () => {
    const { app, owner, calls } = world();
    owner.passwordHash = await hashPassword(PASSWORD, { N: 16384, r: 8, p: 1 }); // what lib/passwords wrote before issue 12

    const res = await request(app).post('/auth/login').send({ email: 'owner@acme-air.test', password: PASSWORD });

    expect(res.status).toBe(200);
    expect(calls.published).toHaveLength(1);
    const [rehashed] = calls.published;
    expect(rehashed).toMatchObject({ type: 'StaffUserPasswordRehashed', version: 1, aggregateId: owner.id, causationId: `staff:${owner.id}` });
    const newHash = (rehashed.data as { userId: string; passwordHash: string }).passwordHash;
    expect(rehashed.data).toEqual({ userId: owner.id, passwordHash: newHash });
    expect(newHash).toMatch(new RegExp(`^scrypt\\$${PASSWORD_HASH_PARAMS.N}\\$${PASSWORD_HASH_PARAMS.r}\\$${PASSWORD_HASH_PARAMS.p}\\$`));
    expect(PASSWORD_HASH_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    await expect(verifyPassword(PASSWORD, newHash)).resolves.toBe(true);

    // Once the read model holds the new hash, a login changes nothing.
    owner.passwordHash = newHash;
    await request(app).post('/auth/login').send({ email: 'owner@acme-air.test', password: PASSWORD }).expect(200);
    expect(calls.published).toHaveLength(1);
  });

  it('stores nothing for a wrong password against an old hash', async () => {
    const { app, owner, calls } = world();
    owner.passwordHash = await hashPassword(PASSWORD, { N: 16384, r: 8, p: 1 });

    await request(app).post('/auth/login').send({ email: 'owner@acme-air.test', password: 'wrong password' }).expect(401);

    expect(calls.published).toEqual([]);
  });

  it('refuses a wrong password with 401 and creates no session', async () => {
    const { app, calls } = world();

    const res = await request(app).post('/auth/login').send({ email: 'owner@acme-air.test', password: 'wrong password' });

    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Unauthorized', status: 401, message: 'Invalid email or password' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(calls.sessionsCreated).toEqual([]);
  });

  it('gives an unknown address the same answer as a wrong password', async () => {
    const res = await request(world().app).post('/auth/login').send({ email: 'nobody@acme-air.test', password: PASSWORD });

    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid email or password');
  });

  it('starts a session in an HttpOnly cookie for the right password', async () => {
    const { app, owner, calls } = world();

    const res = await request(app).post('/auth/login').send({ email: 'owner@acme-air.test', password: PASSWORD });
    const cookie = String(res.headers['set-cookie']);

    expect(res.status).toBe(200);
    expect(calls.sessionsCreated).toEqual([owner.id]);
    expect(cookie).toMatch(/^homeagent_session=token-1;/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(res.body.user).toEqual({ id: owner.id, email: 'owner@acme-air.test', name: 'Owen Owner', is_operator: false });
  });

  it('lets the new session open the dashboard, and logging out ends it on the server too', async () => {
    const { app } = world();
    const browser = request.agent(app);

    await browser.post('/auth/login').send({ email: 'owner@acme-air.test', password: PASSWORD });
    const during = await browser.get('/auth/session');
    const logout = await browser.post('/auth/logout');
    // A copy of the cookie kept from before the logout no longer works either.
    const replayed = await request(app).get('/auth/session').set('Cookie', 'homeagent_session=token-1');

    expect(during.status).toBe(200);
    expect(logout.body).toEqual({ success: true });
    expect(replayed.status).toBe(307);
  });

  it('answers 400 with the spec message to a malformed e-mail', async () => {
    const res = await request(world().app).post('/auth/login').send({ email: 'owner', password: PASSWORD });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Invalid email format' });
  });
});
