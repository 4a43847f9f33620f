import type { AudienceSource } from '../../events/schemas/audience.events';
import type { AudienceRules } from "../../domain/crm/crm-records";
import type { RunMeta } from "../../domain/run/run-meta";

export interface BuildAudienceInput {
  meta: RunMeta;
  orgId: string;
  audienceId: string;
  source: AudienceSource;
  isFileUpload: boolean;
  rules: AudienceRules;
}

export type BuildAudienceResult = { status: 'COMPLETE'; memberCount: number } | { status: 'ERRORED'; reason: string };
