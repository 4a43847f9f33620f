import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { createLogger } from '../../lib/logger';
import type { ApiDeps } from '../deps';
import type { StaffIdentity } from '../repositories/staff.repository';
import { badRequest, errorHandler } from './errors';
import { registerRoutes } from './register-routes';
import { defineRoute, type AnyRoute } from './route';

const ORG = '0a0a0a0a-1111-4111-8111-111111111111';
const OTHER_ORG = '0b0b0b0b-2222-4222-8222-222222222222';
const USER: StaffIdentity = { id: 'c3c3c3c3-3333-4333-8333-333333333333', email: 'member@acme.test', name: 'Mia Member', isOperator: false };
const asMember = { Cookie: 'homeagent_session=member-token' };

const Answer = z.object({ orgId: z.string(), userId: z.string() });

/** An org route that names its organization in the body, and whose handler returns a field beyond its schema. */
const route = (inInput: boolean, checkedInProduction?: boolean): AnyRoute =>
  defineRoute({
    method: 'post',
    path: '/probe',
    summary: 'probe',
    tag: 'Test',
    access: { kind: 'org', orgIdOf: ({ body }) => body.orgId, inInput },
    request: { body: z.object({ orgId: z.string(), page: z.number().int().min(1) }) },
    response: { schema: Answer, description: 'probe', checkedInProduction },
    handler: async ({ orgId, user }) => ({ orgId: orgId!, userId: user!.id, extra: 'beyond the schema' }),
  });

function world(routes: AnyRoute[], nodeEnv = 'test') {
  const lookups: string[] = [];
  const deps = {
    config: { NODE_ENV: nodeEnv, SESSION_TTL_HOURS: 1 },
    sessions: {
      async findIdentity(token: string) {
        lookups.push('findIdentity');
        return token === 'member-token' ? USER : null;
      },
      async findIdentityWithAccess(token: string, orgId: string) {
        lookups.push('findIdentityWithAccess');
        return token === 'member-token' ? { user: USER, canAccess: orgId === ORG } : null;
      },
    },
    staff: {
      async canAccessOrganization(_user: StaffIdentity, orgId: string) {
        lookups.push('canAccessOrganization');
        return orgId === ORG;
      },
    },
  } as unknown as ApiDeps;
  const app = express();
  app.use(express.json());
  const router = express.Router();
  registerRoutes(router, routes, deps);
  app.use(router);
  app.use(errorHandler(createLogger('test', 'silent')));
  return { app, lookups, deps };
}

describe('registerRoutes: an org route whose input names the organization (inInput)', () => {
  it('answers as the two-step check does, in the same order: 307, then 400, then 401, then the handler', async () => {
    for (const inInput of [false, true]) {
      const { app } = world([route(inInput)]);
      const answers = await Promise.all([
        request(app).post('/probe').send({ orgId: ORG, page: 1 }),
        request(app).post('/probe').set({ Cookie: 'homeagent_session=revoked' }).send({ orgId: ORG, page: 0 }),
        request(app).post('/probe').set(asMember).send({ orgId: ORG, page: 0 }),
        request(app).post('/probe').set(asMember).send({ orgId: OTHER_ORG, page: 1 }),
        request(app).post('/probe').set(asMember).send({ orgId: 'not-an-org', page: 1 }),
        request(app).post('/probe').set(asMember).send({ orgId: ORG, page: 1 }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([307, 307, 400, 401, 401, 200]);
      expect(answers[5].body).toEqual({ orgId: ORG, userId: USER.id });
    }
  });

  it('reads the session, its user and the membership in one lookup', async () => {
    const { app, lookups } = world([route(true)]);
    expect((await request(app).post('/probe').set(asMember).send({ orgId: ORG, page: 1 })).status).toBe(200);
    expect(lookups).toEqual(['findIdentityWithAccess']);
  });
});

describe('registerRoutes: a speculative org route (the handler reads beside the access statement)', () => {
  /** A read-only handler that says which organization it read, and refuses page 2 with a 400 of its own. */
  const speculative = (started: string[]) =>
    defineRoute({
      method: 'post',
      path: '/read',
      summary: 'read',
      tag: 'Test',
      access: { kind: 'org', orgIdOf: ({ body }) => body.orgId, inInput: true, speculative: true },
      request: { body: z.object({ orgId: z.string(), page: z.number().int().min(1) }) },
      response: { schema: z.object({ read: z.string() }), description: 'read' },
      handler: async ({ orgId, body }) => {
        started.push(orgId!);
        if (body.page === 2) throw badRequest('page 2 is refused by the handler');
        return { read: orgId! };
      },
    });

  it('answers as the non-speculative route does: 307, then 400, then 401 before the handler’s answer or error', async () => {
    const started: string[] = [];
    const { app } = world([speculative(started)]);
    const answers = await Promise.all([
      request(app).post('/read').send({ orgId: ORG, page: 1 }),
      request(app).post('/read').set({ Cookie: 'homeagent_session=revoked' }).send({ orgId: ORG, page: 1 }),
      request(app).post('/read').set({ Cookie: 'homeagent_session=revoked' }).send({ orgId: ORG, page: 2 }),
      request(app).post('/read').set(asMember).send({ orgId: ORG, page: 0 }),
      request(app).post('/read').set(asMember).send({ orgId: OTHER_ORG, page: 1 }),
      request(app).post('/read').set(asMember).send({ orgId: OTHER_ORG, page: 2 }),
      request(app).post('/read').set(asMember).send({ orgId: ORG, page: 2 }),
      request(app).post('/read').set(asMember).send({ orgId: ORG, page: 1 }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([307, 307, 307, 400, 401, 401, 400, 200]);
    // Nothing the refused requests' handlers read reaches their answers.
    for (const refused of answers.slice(0, 6)) expect(JSON.stringify(refused.body)).not.toContain('"read"');
    expect(answers[4].body.message).toBe('You do not have access to this organization');
    expect(answers[5].body.message).toBe('You do not have access to this organization');
    expect(answers[6].body.message).toBe('page 2 is refused by the handler');
    expect(answers[7].body).toEqual({ read: ORG });
    // No session token, or an input that does not parse: the handler never starts.
    expect(started.sort()).toEqual([ORG, ORG, ORG, ORG, OTHER_ORG, OTHER_ORG].sort());
  });

  it('starts the handler before the access statement has answered', async () => {
    const started: string[] = [];
    const { app, deps } = world([speculative(started)]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const sessions = deps.sessions as { findIdentityWithAccess: (token: string, orgId: string) => Promise<unknown> };
    const answerOf = sessions.findIdentityWithAccess.bind(sessions);
    sessions.findIdentityWithAccess = async (token, orgId) => {
      await gate;
      return answerOf(token, orgId);
    };
    const done = request(app)
      .post('/read')
      .set(asMember)
      .send({ orgId: ORG, page: 1 })
      .then((r) => r);
    await new Promise((r) => setTimeout(r, 50));
    expect(started).toEqual([ORG]);
    release();
    expect((await done).body).toEqual({ read: ORG });
  });
});

describe('registerRoutes: the response schema', () => {
  it('outside production, refuses to send a body its schema would change when the route is not checked in production', async () => {
    const { app } = world([route(true, false)], 'test');
    const drifted = await request(app).post('/probe').set(asMember).send({ orgId: ORG, page: 1 });
    expect(drifted.status).toBe(500);
    const exact = defineRoute({
      method: 'post',
      path: '/exact',
      summary: 'exact',
      tag: 'Test',
      access: { kind: 'org', orgIdOf: ({ body }) => body.orgId, inInput: true },
      request: { body: z.object({ orgId: z.string() }) },
      response: { schema: Answer, description: 'exact', checkedInProduction: false },
      handler: async ({ orgId, user }) => ({ orgId: orgId!, userId: user!.id }),
    });
    const ok = await request(world([exact], 'test').app)
      .post('/exact')
      .set(asMember)
      .send({ orgId: ORG });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ orgId: ORG, userId: USER.id });
  });

  it('sends the body as built in production only for a route that says so', async () => {
    const unchecked = world([route(true, false)], 'production');
    expect((await request(unchecked.app).post('/probe').set(asMember).send({ orgId: ORG, page: 1 })).body).toEqual({
      orgId: ORG,
      userId: USER.id,
      extra: 'beyond the schema',
    });
    const checked = world([route(true)], 'production');
    expect((await request(checked.app).post('/probe').set(asMember).send({ orgId: ORG, page: 1 })).body).toEqual({ orgId: ORG, userId: USER.id });
  });
});
