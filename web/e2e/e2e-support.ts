import { expect } from '@jest/globals';

export interface OnboardThroughApi {
  /** Builds a URL of the API behind the dashboard's /api proxy. */
  api: (path: string) => string;
  operator: { email: string; password: string };
  org: { name: string; ownerEmail: string; ownerPassword: string; timezone?: string; crmName?: string };
}

/**
 * Onboards an organization through the admin API as an operator would, so a browser test works in an
 * organization of its own and the demo org's pages stay as they were. Answers the new org's id.
 */
export async function onboardThroughApi({ api, operator, org }: OnboardThroughApi): Promise<string> {
  const login = await fetch(api('/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(operator) });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const headers = { 'content-type': 'application/json', cookie };
  const started = await fetch(api('/onboarding'), {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: org.name,
      admin_email: org.ownerEmail,
      office_email: `office-${org.ownerEmail}`,
      password: org.ownerPassword,
      timezone: org.timezone ?? 'America/Chicago',
      trades_offered: ['HVAC'],
      crm_name: org.crmName ?? 'servicetitan',
    }),
  });
  expect(started.status).toBe(200);
  const { workflowId } = (await started.json()) as { workflowId: string };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const status = (await (await fetch(api(`/workflow-status?workflowId=${encodeURIComponent(workflowId)}`), { headers })).json()) as {
      status?: string;
      result?: { orgId: string };
    };
    if (status.status === 'COMPLETED') return status.result!.orgId;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('onboarding did not complete');
}
