import type { AgentType } from '../../domain/interaction/interaction.schema';
import type { RunMeta } from '../../domain/run/run-meta';

export interface GenerateAgentScriptInput {
  meta: RunMeta;
  orgId: string;
  agentId: string;
  /** The agent's type as the request named it; the agent's own record decides which variables are written. */
  agentType: AgentType;
  url: string;
}

export type AgentScriptStep = 'starting' | 'reading_website' | 'writing_script' | 'saving' | 'done';

export interface AgentScriptProgress {
  step: AgentScriptStep;
  orgId: string;
  agentId: string;
}

export interface GenerateAgentScriptResult {
  agentId: string;
  websiteUrl: string;
  websiteTitle: string;
  scriptConfig: Record<string, string | string[]>;
}

export interface GenerateJobTypeSheetInput {
  meta: RunMeta;
  orgId: string;
}

export type JobTypeSheetStep = 'starting' | 'listing_job_types' | 'describing_job_types' | 'saving' | 'done';

export interface JobTypeSheetProgress {
  step: JobTypeSheetStep;
  orgId: string;
  described: number;
  total: number;
}

export interface GenerateJobTypeSheetResult {
  orgId: string;
  description: string;
  jobTypeCount: number;
}
