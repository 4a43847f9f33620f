import { runVoiceAgentTool as runTool } from '../../activities/agent-tools/run-voice-agent-tool';
import { ToolArgumentError } from '../../activities/agent-tools/tool-argument-error';
import { buildAgentToolSchemas as buildSchemas } from '../../activities/agent-tools/tool-schemas';
import { badRequest } from '../http/errors';

/** A tool call or tool list the agent got wrong is the caller's 400. */
function asBadRequest(err: unknown): never {
  throw err instanceof ToolArgumentError ? badRequest(err.message) : err;
}

/** The agent tools (activities/agent-tools) as the API runs them for voice platforms and operators. */
export const runVoiceAgentTool = (...args: Parameters<typeof runTool>) => runTool(...args).catch(asBadRequest);

export function buildAgentToolSchemas(...args: Parameters<typeof buildSchemas>): ReturnType<typeof buildSchemas> {
  try {
    return buildSchemas(...args);
  } catch (err) {
    return asBadRequest(err);
  }
}
