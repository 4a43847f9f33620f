import type { AgentType } from '../../domain/interaction/interaction.schema';
import type { RunMeta } from '../../domain/run/run-meta';
import type { CrmName, Timezone, Trade, WeeklyHours } from '../../domain/organization/organization-settings.schema';

export interface OnboardingInput {
  meta: RunMeta;
  name: string;
  slug: string;
  adminEmail: string;
  adminName: string;
  /** Hashed by the API before the run starts: a plain password never enters workflow history. */
  adminPasswordHash: string | null;
  officeEmail: string;
  timezone: Timezone;
  tradesOffered: Trade[];
  crmName: CrmName;
  /**
   * The request's crm_config was stored (sealed, by the API) under this onboarding's slug: the run attaches
   * it to the new org. The credentials themselves never enter the workflow's input or history.
   */
  crmCredentialsStored?: boolean;
  /** skip_crm_test: create the org without first checking the stored credentials against the CRM. */
  skipCrmTest?: boolean;
  enterpriseId: string | null;
  regularHours: WeeklyHours;
  emergencyHours: WeeklyHours | null;
  /** agents_config: an agent record is created for each. Absent in runs started before onboarding created agents. */
  agentsConfig?: OnboardingAgent[];
  /** stripe_billing_id, recorded as PUT /billing records it; absent or null: none given. */
  stripeBillingId?: string | null;
}

export interface OnboardingAgent {
  agentType: AgentType;
  friendlyName: string | null;
}

export interface OnboardingResult {
  orgId: string;
  slug: string;
  adminUserId: string;
}

export type OnboardingStep =
  | 'starting'
  | 'testing_crm'
  | 'creating_organization'
  | 'adding_admin'
  | 'connecting_crm'
  | 'seeding_crm'
  | 'recording_billing'
  | 'creating_agents'
  | 'waiting_for_read_model'
  | 'done';

export interface OnboardingProgress {
  step: OnboardingStep;
  orgId: string;
}
