import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { createLogger } from '../../lib/logger';
import type { ApiDeps } from '../deps';
import type { StaffIdentity } from '../repositories/staff.repository';
import { errorHandler } from './errors';
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
  return { app, lookups };
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
