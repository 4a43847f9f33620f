import type { AgentTools } from '../agent-runtime/agent-tools.port';
import type { OrganizationRepository } from '../../events/projections/organizations/organizations.repository';
import { runVoiceAgentTool } from './run-voice-agent-tool';
import { ToolArgumentError } from './tool-argument-error';
import type { AgentToolDeps } from './tool-context';

/**
 * The in-house agent's tools: the very use case behind POST /voice-agent/tool/{orgId}, called in process.
 * A call the endpoint would refuse with a 400 becomes the answer's `error`, for the agent to act on.
 */
export function createInProcessAgentTools(deps: AgentToolDeps & { organizations: Pick<OrganizationRepository, 'findById'> }): AgentTools {
  return {
    async run(call) {
      const org = await deps.organizations.findById(call.orgId);
      if (!org) return { result: '', error: 'Organization not found' };
      try {
        return await runVoiceAgentTool(
          deps,
          org,
          { tool: call.tool, args: call.args, interactionId: call.interactionId, toolCallId: null },
          call.correlationId,
        );
      } catch (err) {
        if (err instanceof ToolArgumentError) return { result: '', error: err.message };
        throw err;
      }
    },
  };
}
