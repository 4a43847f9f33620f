import type { AudienceRules } from '../../activities/crm/crm.port';
import type { AudienceSource } from '../../events/schemas/audience.events';
import type { RunMeta } from '../onboarding/onboarding.types';

export interface BuildAudienceInput {
  meta: RunMeta;
  orgId: string;
  audienceId: string;
  source: AudienceSource;
  isFileUpload: boolean;
  rules: AudienceRules;
}

export type BuildAudienceResult = { status: 'COMPLETE'; memberCount: number } | { status: 'ERRORED'; reason: string };
