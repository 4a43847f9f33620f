/** One tool the agent called during a turn, with what the tool answered. */
export interface AgentToolUse {
  name: string;
  arguments: Record<string, unknown>;
  result: string;
  data?: Record<string, unknown>;
  error?: string;
}
