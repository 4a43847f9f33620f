import type { z } from 'zod';
import { DEFAULT_REGULAR_HOURS } from '../../domain/organization/organization-settings.schema';
import { hashPassword } from '../../lib/passwords';
import { slugify, workflowIds } from '../../domain/run/workflow-ids';
import type { ApiDeps } from '../deps';
import { badRequest } from '../http/errors';
import type { OnboardingRequestSchema } from '../routes/admin/admin.schema';
import { crmConnectionFrom, stageOnboardingCrmConnection } from './crm-connection';

export async function startOnboarding(deps: ApiDeps, body: z.infer<typeof OnboardingRequestSchema>, correlationId: string) {
  const slug = body.slug ?? slugify(body.name);
  if (!slug) throw badRequest('Name must contain letters or digits to derive a slug');
  const crmConnection = crmConnectionFrom(deps, body.crm_name, body.crm_config);
  const existing = await deps.organizations.findBySlug(slug);
  if (existing) {
    throw badRequest(
      body.override_existing_org ? 'Overriding an existing organization is not supported yet' : `An organization with slug "${slug}" already exists`,
    );
  }
  const workflowId = workflowIds.onboarding(slug);
  // Stored here, sealed, so that no secret enters the workflow's input or history.
  const crmCredentialsStored = await stageOnboardingCrmConnection(deps, slug, crmConnection);
  const started = await deps.workflows.startOnboarding(
    {
      meta: { correlationId },
      name: body.name,
      slug,
      adminEmail: body.admin_email.toLowerCase(),
      adminName: body.admin_email.split('@')[0],
      adminPasswordHash: body.password ? await hashPassword(body.password) : null,
      officeEmail: body.office_email,
      timezone: body.timezone,
      tradesOffered: body.trades_offered,
      crmName: body.crm_name,
      crmCredentialsStored,
      skipCrmTest: body.skip_crm_test,
      enterpriseId: body.enterprise_id ?? null,
      regularHours: body.regular_hours ?? DEFAULT_REGULAR_HOURS,
      emergencyHours: body.emergency_hours ?? null,
      agentsConfig: body.agents_config.map((a) => ({ agentType: a.agent_type, friendlyName: a.friendly_name ?? null })),
      stripeBillingId: body.stripe_billing_id ?? null,
    },
    workflowId,
  );
  if (started.alreadyCompleted) {
    await stageOnboardingCrmConnection(deps, slug, null);
    throw badRequest(`An organization with slug "${slug}" has already been onboarded`);
  }
  return {
    success: true,
    workflowId,
    message: started.alreadyRunning ? 'Onboarding is already running for this organization' : 'Onboarding started',
  };
}
