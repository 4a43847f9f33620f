/**
 * How the runtime reaches the agent tools: the same use case the /voice-agent/tool endpoint runs, behind a
 * port so the runtime does not depend on the API layer.
 */
export interface AgentToolCall {
  orgId: string;
  tool: string;
  args: Record<string, unknown>;
  interactionId: string | null;
  correlationId: string;
}

/** What the agent is told (spec 000 §7 tool answers): a sentence with its next step, plus data. */
export interface AgentToolAnswer {
  result: string;
  data?: Record<string, unknown>;
  end_call?: boolean;
}

export interface AgentTools {
  /** Bad arguments come back as an answer with `error`, as the endpoint's 400 body would tell a platform. */
  run(call: AgentToolCall): Promise<AgentToolAnswer & { error?: string }>;
}
