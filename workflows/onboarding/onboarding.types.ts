import type { CrmName, Timezone, Trade, WeeklyHours } from '../../lib/domain';

/** Metadata every workflow input carries: the id that ties logs and events to the request. */
export interface RunMeta {
  correlationId: string;
}

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
  enterpriseId: string | null;
  regularHours: WeeklyHours;
  emergencyHours: WeeklyHours | null;
}

export interface OnboardingResult {
  orgId: string;
  slug: string;
  adminUserId: string;
}

export type OnboardingStep = 'starting' | 'creating_organization' | 'adding_admin' | 'seeding_crm' | 'waiting_for_read_model' | 'done';

export interface OnboardingProgress {
  step: OnboardingStep;
  orgId: string;
}
