import type { AgentTools } from '../../../activities/agent-runtime/agent-tools.port';
import type { ApiDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { runVoiceAgentTool } from './run-voice-agent-tool';

/** What the tool use case reads of the API's dependencies. */
export type AgentToolDeps = Pick<ApiDeps, 'crm' | 'capacity' | 'logger' | 'organizations'>;

/**
 * The in-house agent's tools: the very use case behind POST /voice-agent/tool/{orgId}, called in process.
 * A 400 the endpoint would send a platform becomes the answer's `error`, for the agent to act on.
 */
export function createInProcessAgentTools(deps: AgentToolDeps): AgentTools {
  return {
    async run(call) {
      const org = await deps.organizations.findById(call.orgId);
      if (!org) return { result: '', error: 'Organization not found' };
      try {
        // runVoiceAgentTool reads only `crm`, `capacity` and `logger` of its deps.
        return await runVoiceAgentTool(deps as ApiDeps, org, { tool: call.tool, args: call.args, interactionId: call.interactionId, toolCallId: null }, call.correlationId);
      } catch (err) {
        if (err instanceof ApiError && err.status === 400) return { result: '', error: err.message };
        throw err;
      }
    },
  };
}
