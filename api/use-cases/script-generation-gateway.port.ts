import type { JobTypeSheetStatus, ScriptGenerationStatus } from '../../domain/contracts/script-generation.contract';
import type {
  GenerateAgentScriptInput,
  GenerateJobTypeSheetInput,
  GenerateJobTypeSheetResult,
} from '../../workflows/script-generation/script-generation.types';

export interface StartedRun {
  workflowId: string;
  alreadyRunning: boolean;
}

/** What the API asks of the script-generation and job-type-sheet workflows (000 §4 admin workflows). */
export interface ScriptGenerationGateway {
  /** Starts the agent's generation, or joins the one running under this id. */
  startScriptGeneration(input: GenerateAgentScriptInput, workflowId: string): Promise<StartedRun>;
  startJobTypeSheet(input: GenerateJobTypeSheetInput, workflowId: string): Promise<StartedRun>;
  /** The sheet once its run completes; null when it is still running after waitMs. A failed run throws. */
  awaitJobTypeSheet(workflowId: string, waitMs: number): Promise<GenerateJobTypeSheetResult | null>;
  /** The run's status with the org it was started for; null when there is no such run. */
  scriptGenerationStatus(workflowId: string): Promise<(ScriptGenerationStatus & { orgId: string | null }) | null>;
  /** The latest job-type sheet run under this id; null when there is none. */
  jobTypeSheetStatus(workflowId: string): Promise<JobTypeSheetStatus | null>;
}
