import type { ConfigureAgentPlatformInput } from '../../workflows/agent-platform/agent-platform.types';

/** What the API asks of the workflow that writes an agent's transfer tools to its voice platform. */
export interface AgentPlatformGateway {
  /** Starts the agent's run, or tells the one running that the agent changed again. */
  configure(input: ConfigureAgentPlatformInput): Promise<void>;
}
