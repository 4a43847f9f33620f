import { patched, proxyActivities, setHandler, upsertSearchAttributes, uuid4, workflowInfo } from '@temporalio/workflow';
import type { OrganizationActivities } from '../../activities/organization/organization.activities';
import type { CrmActivities } from '../../activities/crm/crm.activities';
import type { CrmConnectionActivities } from '../../activities/crm/crm-connection.activities';
import type { OnboardingAgentsActivities } from '../../activities/agents/onboarding-agents.activities';
import { ORG_ID_ATTRIBUTE } from '../search-attributes';
import { getOnboardingProgressQuery } from './onboarding.messages';
import type { OnboardingInput, OnboardingProgress, OnboardingResult } from './onboarding.types';

const { provisionOrganization, registerStaffUser, recordOrganizationBillingId } = proxyActivities<OrganizationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds', nonRetryableErrorTypes: ['SlugTaken'] },
});

const { seedSandboxCrm } = proxyActivities<CrmActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds' },
});

const { createOnboardingAgents } = proxyActivities<OnboardingAgentsActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds' },
});

// A vendor that cannot be reached is tried a few times; refused credentials fail the onboarding at once.
const { verifyStagedCrmConnection, attachCrmConnection } = proxyActivities<CrmConnectionActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    maximumInterval: '10 seconds',
    maximumAttempts: 3,
    nonRetryableErrorTypes: ['CrmConnectionTestFailed', 'CrmConnectionMissing'],
  },
});

// Projection is eventually consistent; waiting here means a completed onboarding can be read at once.
const { awaitOnboardingReadModels } = proxyActivities<OrganizationActivities>({
  startToCloseTimeout: '10 seconds',
  scheduleToCloseTimeout: '10 minutes',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 1.5, maximumInterval: '10 seconds' },
});

/** Creates an organization in TESTING with its admin user (spec 000 §7 "Onboarding and workflows"). */
export async function onboardingWorkflow(input: OnboardingInput): Promise<OnboardingResult> {
  // uuid4() is deterministic under replay, so retried activities publish the same event ids.
  const progress: OnboardingProgress = { step: 'starting', orgId: uuid4() };
  setHandler(getOnboardingProgressQuery, () => progress);
  const { orgId } = progress;
  const causationId = `workflow:${workflowInfo().workflowId}`;
  upsertSearchAttributes([{ key: ORG_ID_ATTRIBUTE, value: orgId }]);
  // No patched() for these steps: runs recorded before them never had crmCredentialsStored in their input.
  const ownCrm = input.crmCredentialsStored === true;

  // Before anything is created, so a refused set leaves no organization and the onboarding can be sent again.
  if (ownCrm && !input.skipCrmTest) {
    progress.step = 'testing_crm';
    await verifyStagedCrmConnection({ slug: input.slug });
  }

  progress.step = 'creating_organization';
  await provisionOrganization({
    eventId: uuid4(),
    meta: input.meta,
    causationId,
    organization: {
      orgId,
      name: input.name,
      slug: input.slug,
      timezone: input.timezone,
      crmName: input.crmName,
      officeEmail: input.officeEmail,
      adminEmails: [input.adminEmail],
      tradesOffered: input.tradesOffered,
      enterpriseId: input.enterpriseId,
      regularHours: input.regularHours,
      emergencyHours: input.emergencyHours,
    },
  });

  progress.step = 'adding_admin';
  const { userId } = await registerStaffUser({
    eventIds: [uuid4(), uuid4()],
    meta: input.meta,
    causationId,
    orgId,
    email: input.adminEmail,
    name: input.adminName,
    passwordHash: input.adminPasswordHash,
    role: 'admin',
  });

  if (ownCrm) {
    progress.step = 'connecting_crm';
    await attachCrmConnection({ slug: input.slug, orgId });
  } else if (input.crmName !== 'NONE' && patched('seed-sandbox-crm')) {
    // patched(): runs recorded before this step existed replay without it.
    progress.step = 'seeding_crm';
    await seedSandboxCrm({ orgId, timeZone: input.timezone });
  }

  let agentIds: string[] = [];
  // patched(): runs recorded before onboarding recorded billing and agents replay without these steps.
  if (patched('onboarding-billing-and-agents')) {
    if (input.stripeBillingId) {
      progress.step = 'recording_billing';
      await recordOrganizationBillingId({ eventId: uuid4(), meta: input.meta, causationId, orgId, stripeBillingId: input.stripeBillingId });
    }
    const configured = input.agentsConfig ?? [];
    if (configured.length > 0) {
      // After the CRM step, so the agents that book start with the CRM's job types.
      progress.step = 'creating_agents';
      ({ agentIds } = await createOnboardingAgents({
        meta: input.meta,
        causationId,
        orgId,
        organization: { name: input.name, timezone: input.timezone, tradesOffered: input.tradesOffered, crmName: input.crmName },
        agents: configured.map((a) => ({ ...a, eventId: uuid4(), spareAgentId: uuid4() })),
      }));
    }
  }

  progress.step = 'waiting_for_read_model';
  await awaitOnboardingReadModels({ orgId, adminUserId: userId, agentIds });

  progress.step = 'done';
  return { orgId, slug: input.slug, adminUserId: userId };
}
