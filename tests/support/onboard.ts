import { expect } from '@jest/globals';
import request from 'supertest';
import { createEvent } from '../../events/catalog';
import { staffUserIdFor } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { eventually } from './integration';
import type { ProductHarness } from './product-harness';

export const TEST_PASSWORD = 'correct horse battery';

export interface OnboardOptions {
  name: string;
  adminEmail: string;
  officeEmail?: string;
  timezone?: string;
  trades?: string[];
  crmName?: string;
  crmConfig?: Record<string, unknown>;
  skipCrmTest?: boolean;
  /** agents_config; none by default, so a test starts from the default agents and creates the records it means to. */
  agentsConfig?: { agent_type: string; friendly_name?: string }[];
  stripeBillingId?: string;
}

/**
 * Onboards an organization through the admin API the way an operator would, and waits for its
 * workflow to complete (the organization and its admin are projected by then).
 */
export async function onboardOrganization(h: ProductHarness, o: OnboardOptions): Promise<string> {
  const res = await request(h.app)
    .post('/onboarding')
    .set('authorization', `Bearer ${h.adminToken}`)
    .send({
      name: o.name,
      admin_email: o.adminEmail,
      office_email: o.officeEmail ?? `office-${o.adminEmail}`,
      password: TEST_PASSWORD,
      timezone: o.timezone ?? 'America/Chicago',
      trades_offered: o.trades ?? ['HVAC'],
      crm_name: o.crmName ?? 'NONE',
      crm_config: o.crmConfig,
      skip_crm_test: o.skipCrmTest,
      agents_config: o.agentsConfig ?? [],
      stripe_billing_id: o.stripeBillingId,
    });
  expect(res.status).toBe(200);
  const status = await eventually(async () => {
    const s = await request(h.app).get('/workflow-status').query({ workflowId: res.body.workflowId }).set('authorization', `Bearer ${h.adminToken}`);
    return s.body.status === 'COMPLETED' ? s.body : null;
  }, 30_000);
  return status.result.orgId as string;
}

/** Onboards an organization and logs its admin in: the agent carries the session cookie. */
export async function onboardAndLogIn(h: ProductHarness, o: OnboardOptions): Promise<{ orgId: string; agent: ReturnType<typeof request.agent> }> {
  const orgId = await onboardOrganization(h, o);
  const agent = request.agent(h.app);
  expect((await agent.post('/auth/login').send({ email: o.adminEmail, password: TEST_PASSWORD })).status).toBe(200);
  return { orgId, agent };
}

/**
 * A staff user of no organization, registered through the event log as onboarding's activity does, and waited for
 * in the read model. Answers the user's id.
 */
export async function registerStaffUser(h: ProductHarness, u: { email: string; password: string; name: string; isOperator?: boolean }): Promise<string> {
  const userId = staffUserIdFor(u.email);
  await h.bus.publish([
    createEvent({
      eventId: crypto.randomUUID(),
      type: 'StaffUserRegistered',
      aggregateId: userId,
      orgId: null,
      correlationId: 'test',
      causationId: null,
      data: { userId, email: u.email, name: u.name, passwordHash: await hashPassword(u.password), isOperator: u.isOperator ?? false },
    }),
  ]);
  await eventually(async () => await h.tdb.db.staffUser.findUnique({ where: { id: userId } }));
  return userId;
}
