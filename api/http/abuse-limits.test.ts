import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '../../config/env';
import { hashPassword } from '../../lib/passwords';
import { createApp } from '../app';
import type { ApiDeps } from '../deps';
import { ROUTES } from '../routes';
import { DEFAULT_ABUSE_LIMITS, limitOf, type AbuseLimitSettings } from './abuse-limits';

const USER = { id: 'a1a1a1a1-1111-4111-8111-111111111111', email: 'owner@acme-air.test', name: 'Owen Owner', isOperator: false };
const PASSWORD = 'correct horse battery staple';
const WIDGET_ORIGIN = 'https://www.acme-air.test';

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

/** A fresh app (fresh counters) at the production limits unless told otherwise, with just what login needs. */
function app(overrides: Partial<AbuseLimitSettings> = {}) {
  let sessions = 0;
  const deps = {
    config: { NODE_ENV: 'test', SESSION_TTL_HOURS: 1, ...DEFAULT_ABUSE_LIMITS, WIDGET_ALLOWED_ORIGINS: [WIDGET_ORIGIN], ...overrides },
    logger: pino({ level: 'silent' }),
    staff: {
      findByEmail: async (email: string) => (email.trim().toLowerCase() === USER.email ? { ...USER, passwordHash } : null),
      findIdentity: async () => USER,
      accessibleOrganizationIds: async () => [],
      enterprisesAdministeredBy: async () => [],
    },
    sessions: { create: async () => ({ token: `token-${++sessions}`, expiresAt: new Date(Date.now() + 3_600_000) }) },
    organizations: { listByIds: async () => [], findById: async () => null },
    widgets: { repository: { findById: async () => null } },
  } as unknown as ApiDeps;
  return createApp(deps);
}

const login = (a: ReturnType<typeof app>, email: string, password: string, address = '203.0.113.7') =>
  request(a).post('/auth/login').set('X-Forwarded-For', address).send({ email, password });

function expectTooMany(res: request.Response, message: RegExp) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: 'Too Many Requests', status: 429, message: expect.stringMatching(message) });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  return retryAfter;
}

describe('production defaults', () => {
  it('are the documented ones, and the loaded configuration agrees', () => {
    expect(DEFAULT_ABUSE_LIMITS).toMatchObject({ LOGIN_WINDOW_MINUTES: 15, LOGIN_MAX_FAILURES_PER_ACCOUNT: 10, LOGIN_MAX_FAILURES_PER_ADDRESS: 50 });
    expect(loadConfig({}).LOGIN_MAX_FAILURES_PER_ACCOUNT).toBe(10);
    expect(loadConfig({ WIDGET_ALLOWED_ORIGINS: 'https://a.test, https://b.test:8443' }).WIDGET_ALLOWED_ORIGINS).toEqual([
      'https://a.test',
      'https://b.test:8443',
    ]);
    expect(() => loadConfig({ WIDGET_ALLOWED_ORIGINS: 'https://a.test/path' })).toThrow(/WIDGET_ALLOWED_ORIGINS/);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('every public route sits behind a limit', () => {
    const uncovered = ROUTES.filter((r) => r.access.kind === 'public' && limitOf(r.path) === null).map((r) => `${r.method} ${r.path}`);
    expect(uncovered).toEqual([]);
    expect(limitOf('/voice-agent/incoming-call/:orgId')).toBe('public');
    expect(limitOf('/voice-agent/webhook/:orgId/:provider')).toBe('provider');
  });
});

describe('login limits', () => {
  // Each login checks a password at OWASP's scrypt cost (lib/passwords.ts), up to a few seconds on a loaded
  // 2-core machine, and these tests log in about a dozen times.
  jest.setTimeout(120_000);

  it('per account: after 10 failures even the right password gets 429 with Retry-After, from any address', async () => {
    const a = app();
    for (let i = 0; i < 10; i++) expect((await login(a, USER.email, `wrong-${i}`, `198.51.100.${i}`)).status).toBe(401);
    const refused = await login(a, USER.email.toUpperCase(), PASSWORD, '198.51.100.200');
    const retryAfter = expectTooMany(refused, /account/);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another account is not affected.
    expect((await login(a, 'someone@else.test', 'whatever', '198.51.100.201')).status).toBe(401);
  });

  it('successes do not count toward the limit', async () => {
    const a = app({ LOGIN_MAX_FAILURES_PER_ACCOUNT: 3 });
    for (let i = 0; i < 6; i++) expect((await login(a, USER.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(a, USER.email, 'wrong')).status).toBe(401);
    expectTooMany(await login(a, USER.email, PASSWORD), /account/);
  });

  it('per address: after 50 failures across accounts the address gets 429, other addresses still log in', async () => {
    const a = app();
    for (let i = 0; i < 50; i++) expect((await login(a, `user${i}@spray.test`, 'guess', '192.0.2.9')).status).toBe(401);
    expectTooMany(await login(a, USER.email, PASSWORD, '192.0.2.9'), /address/);
    expect((await login(a, USER.email, PASSWORD, '192.0.2.10')).status).toBe(200);
  });
});

describe('public route limit', () => {
  it('incoming calls: 60 a minute per address, then 429 with Retry-After', async () => {
    const a = app();
    const call = (address: string) =>
      request(a).post('/voice-agent/incoming-call/not-an-org').set('X-Forwarded-For', address).send({ to_number: '+15550100', from_number: '+15550101' });
    for (let i = 0; i < 60; i++) expect((await call('203.0.113.50')).status).toBe(404);
    expect(expectTooMany(await call('203.0.113.50'), /address/)).toBeLessThanOrEqual(60);
    expect((await call('203.0.113.51')).status).toBe(404);
  });

  it('widget chats: the four visitor routes share the 60 a minute per address, then 429', async () => {
    const a = app();
    const orgId = '00000000-0000-4000-8000-000000000001';
    const register = (address: string) =>
      request(a).post('/chat/register').set('X-Forwarded-For', address).send({ phone: '5550100200', orgId, deviceType: 'MOBILE', widgetId: 'w1' });
    const schedule = (address: string) => request(a).post('/chat/schedule').set('X-Forwarded-For', address).send({});
    for (let i = 0; i < 30; i++) expect((await register('203.0.113.60')).status).toBe(404);
    for (let i = 0; i < 30; i++) expect((await schedule('203.0.113.60')).status).toBe(400);
    expectTooMany(await request(a).post('/chat/action').set('X-Forwarded-For', '203.0.113.60').send({}), /address/);
    expect((await register('203.0.113.61')).status).toBe(404);
  });
});

describe('widget limits (issue 15 point 7)', () => {
  const WIDGET = '0b0b0b0b-0000-4000-8000-00000000000b';
  const orgId = '00000000-0000-4000-8000-000000000001';

  it('per widget: its reads and the chats started from it, 300 a minute from any addresses, then 429; another widget goes on', async () => {
    const a = app();
    const address = (i: number) => `198.51.100.${i % 200}`;
    const register = (widgetId: string, i: number) =>
      request(a).post('/chat/register').set('X-Forwarded-For', address(i)).send({ phone: '5550100200', orgId, deviceType: 'MOBILE', widgetId });
    for (let i = 0; i < 150; i++) expect((await request(a).get(`/widget/${WIDGET}`).set('X-Forwarded-For', address(i))).status).toBe(404);
    for (let i = 150; i < 300; i++) expect((await register(WIDGET, i)).status).toBe(404);
    expectTooMany(await register(WIDGET, 7), /widget/);
    expectTooMany(await request(a).get(`/widget/${WIDGET}`).set('X-Forwarded-For', '203.0.113.99'), /widget/);
    expect((await register('1c1c1c1c-0000-4000-8000-00000000001c', 7)).status).toBe(404);
  });

  it('per chat: schedule, address and action share 30 a minute from any addresses, then 429; another chat goes on', async () => {
    const a = app();
    const chatId = '2d2d2d2d-0000-4000-8000-00000000002d';
    const paths = ['/chat/schedule', '/chat/address', '/chat/action'];
    for (let i = 0; i < 30; i++)
      expect(
        (
          await request(a)
            .post(paths[i % 3]!)
            .set('X-Forwarded-For', `198.51.100.${i}`)
            .send({ chatId })
        ).status,
      ).toBe(400);
    expectTooMany(await request(a).post('/chat/action').set('X-Forwarded-For', '198.51.100.250').send({ chatId }), /chat/);
    expect((await request(a).post('/chat/action').set('X-Forwarded-For', '198.51.100.250').send({ chatId: 'another' })).status).toBe(400);
  });

  it('the staff widget routes are not under the public limit', async () => {
    const a = app();
    for (let i = 0; i < 70; i++) {
      const res = await request(a).get('/widget').query({ widgetId: WIDGET }).set('X-Forwarded-For', '203.0.113.80');
      expect(res.status).not.toBe(429);
    }
    const update = await request(a).put('/widget/update/config').set('X-Forwarded-For', '203.0.113.80').send({});
    expect(update.status).not.toBe(429);
  });
});

describe('security headers', () => {
  it('helmet headers and a closed CSP on API answers', async () => {
    const res = await request(app()).get('/heartbeat');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('the docs page has a CSP of its own that allows its inline script by hash', async () => {
    const res = await request(app()).get('/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
  });
});

describe('CORS', () => {
  it('the widget routes answer a configured origin, and no other', async () => {
    const a = app();
    const allowed = await request(a).options('/widget/chat').set('Origin', WIDGET_ORIGIN).set('Access-Control-Request-Method', 'POST');
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(WIDGET_ORIGIN);
    const other = await request(a).options('/widget/chat').set('Origin', 'https://evil.test').set('Access-Control-Request-Method', 'POST');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("the widget's chat routes answer a configured origin, and no other", async () => {
    const a = app();
    for (const path of ['/chat/register', '/chat/schedule', '/chat/address', '/chat/action']) {
      const allowed = await request(a).options(path).set('Origin', WIDGET_ORIGIN).set('Access-Control-Request-Method', 'POST');
      expect(allowed.headers['access-control-allow-origin']).toBe(WIDGET_ORIGIN);
      const other = await request(a).options(path).set('Origin', 'https://evil.test').set('Access-Control-Request-Method', 'POST');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    }
    const staff = await request(a).options('/chat/logs').set('Origin', WIDGET_ORIGIN).set('Access-Control-Request-Method', 'POST');
    expect(staff.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("the staff widget routes answer no other origin, the widget's included", async () => {
    const a = app();
    for (const [path, method] of [
      ['/widget', 'GET'],
      ['/widget', 'POST'],
      ['/widget/update/config', 'PUT'],
      ['/widget/update/file', 'POST'],
      ['/widgets', 'GET'],
    ]) {
      const preflight = await request(a).options(path!).set('Origin', WIDGET_ORIGIN).set('Access-Control-Request-Method', method!);
      expect({ path, allowOrigin: preflight.headers['access-control-allow-origin'] }).toEqual({ path, allowOrigin: undefined });
    }
    const read = await request(a).get('/widget').query({ widgetId: 'x' }).set('Origin', WIDGET_ORIGIN);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('every other route sends no Access-Control-Allow-Origin, even to the widget origin', async () => {
    const a = app();
    const res = await login(a, USER.email, PASSWORD).set('Origin', WIDGET_ORIGIN);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await request(a).options('/auth/login').set('Origin', WIDGET_ORIGIN).set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
