import { patched, proxyActivities, setHandler, upsertSearchAttributes, uuid4, workflowInfo } from '@temporalio/workflow';
import type { OrganizationActivities } from '../../activities/organization/organization.activities';
import type { CrmActivities } from '../../activities/crm/crm.activities';
import { ORG_ID_ATTRIBUTE } from '../search-attributes';
import { getOnboardingProgressQuery } from './onboarding.messages';
import type { OnboardingInput, OnboardingProgress, OnboardingResult } from './onboarding.types';

const { provisionOrganization, registerStaffUser } = proxyActivities<OrganizationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds', nonRetryableErrorTypes: ['SlugTaken'] },
});

const { seedSandboxCrm } = proxyActivities<CrmActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds' },
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

  // patched(): runs recorded before this step existed replay without it.
  if (input.crmName !== 'NONE' && patched('seed-sandbox-crm')) {
    progress.step = 'seeding_crm';
    await seedSandboxCrm({ orgId, timeZone: input.timezone });
  }

  progress.step = 'waiting_for_read_model';
  await awaitOnboardingReadModels({ orgId, adminUserId: userId });

  progress.step = 'done';
  return { orgId, slug: input.slug, adminUserId: userId };
}
