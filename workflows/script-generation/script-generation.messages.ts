import { defineQuery } from '@temporalio/workflow';
import type { AgentScriptProgress, JobTypeSheetProgress } from './script-generation.types';

export const getAgentScriptProgressQuery = defineQuery<AgentScriptProgress>('getAgentScriptProgress');
export const getJobTypeSheetProgressQuery = defineQuery<JobTypeSheetProgress>('getJobTypeSheetProgress');
