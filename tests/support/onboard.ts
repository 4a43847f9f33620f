import { expect } from '@jest/globals';
import request from 'supertest';
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
