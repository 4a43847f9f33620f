import type { ScriptGeneratorRequest } from '../../domain/contracts/script-generation.contract';
import { workflowIds } from '../../domain/run/workflow-ids';
import type { ApiDeps } from '../deps';
import { badRequest, notFound, serviceUnavailable } from '../http/errors';
import { requireAgent } from './agents';

/** How long /integrations/create-job-sheet waits for the sheet before it answers 503 (the run goes on). */
export const JOB_SHEET_WAIT_MS = 60_000;

/** 000 §7 POST /script-generator: the agent of the org in `uuid`, of the type the request names, unless it refuses generation. */
export async function startScriptGeneration(deps: ApiDeps, body: ScriptGeneratorRequest, correlationId: string) {
  const agent = await requireAgent(deps, body.agentId, body.uuid);
  if (agent.agent_type !== body.agentType) throw badRequest(`agentType ${body.agentType} does not match the agent's type (${agent.agent_type})`);
  if (agent.never_generate_script) throw badRequest('This agent is set never to have its script generated');
  const workflowId = workflowIds.scriptGeneration(agent.id);
  const { alreadyRunning } = await deps.scriptGeneration.startScriptGeneration(
    { meta: { correlationId }, orgId: body.uuid, agentId: agent.id, agentType: agent.agent_type, url: body.url },
    workflowId,
  );
  return { success: true, workflowId, message: alreadyRunning ? 'Script generation is already running for this agent' : 'Script generation started' };
}

async function startSheet(deps: ApiDeps, orgId: string, correlationId: string) {
  if (!(await deps.organizations.findById(orgId))) throw notFound('Organization not found');
  const workflowId = workflowIds.jobTypeSheet(orgId);
  return deps.scriptGeneration.startJobTypeSheet({ meta: { correlationId }, orgId }, workflowId);
}

/** 000 §7 POST /generate-job-type-sheet. */
export async function startJobTypeSheet(deps: ApiDeps, orgId: string, correlationId: string) {
  const { workflowId, alreadyRunning } = await startSheet(deps, orgId, correlationId);
  return { success: true, workflowId, message: alreadyRunning ? 'Job-type sheet generation is already running' : 'Job-type sheet generation started' };
}

/** 001 §7 POST /integrations/create-job-sheet: the same workflow, answered with its description once it completes. */
export async function createJobSheet(deps: ApiDeps, orgId: string, correlationId: string, waitMs = JOB_SHEET_WAIT_MS) {
  const { workflowId } = await startSheet(deps, orgId, correlationId);
  const result = await deps.scriptGeneration.awaitJobTypeSheet(workflowId, waitMs);
  if (!result) {
    throw serviceUnavailable(
      `The job-type sheet is still being written after ${Math.round(waitMs / 1000)} s (workflow ${workflowId}); ask again in a minute`,
      60,
    );
  }
  return { description: result.description };
}

/** The dashboard's progress read: a run of another organization is not found, like an unknown one. */
export async function scriptGenerationStatus(deps: ApiDeps, orgId: string, workflowId: string) {
  const status = await deps.scriptGeneration.scriptGenerationStatus(workflowId);
  if (!status || status.orgId !== orgId) throw notFound('Script generation not found');
  const { orgId: _org, ...shown } = status;
  return shown;
}

/** The dashboard's Job-type sheet page: the org's latest sheet run, as it goes. */
export async function jobTypeSheetStatus(deps: ApiDeps, orgId: string) {
  const status = await deps.scriptGeneration.jobTypeSheetStatus(workflowIds.jobTypeSheet(orgId));
  if (!status) throw notFound('No job-type sheet has been generated for this organization');
  return status;
}
