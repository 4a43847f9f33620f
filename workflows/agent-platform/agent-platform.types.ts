import type { RunMeta } from '../../domain/run/run-meta';

export interface ConfigureAgentPlatformInput {
  meta: RunMeta;
  orgId: string;
  agentId: string;
}
