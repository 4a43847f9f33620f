import type { AudienceRules } from '../../domain/crm/crm-records';
import type { RunMeta } from '../../domain/run/run-meta';
import type { AudienceSource } from '../../domain/crm/audience-source';

export interface BuildAudienceInput {
  meta: RunMeta;
  orgId: string;
  audienceId: string;
  source: AudienceSource;
  isFileUpload: boolean;
  rules: AudienceRules;
}

export type BuildAudienceResult = { status: 'COMPLETE'; memberCount: number } | { status: 'ERRORED'; reason: string };
