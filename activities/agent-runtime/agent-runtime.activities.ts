import type { Logger } from '../../lib/logger';
import { toZonedParts } from '../../domain/time/zoned-time';
import type { ChatMessage, LanguageEngine } from '../llm/language-engine.port';
import type { AgentProfile } from '../../domain/agents/agent-profile';
import type { AgentTools } from './agent-tools.port';
import { openConversation, runAgentTurn, type AgentTurn } from './conversation';

export interface AgentRuntimeActivityDeps {
  engine: LanguageEngine;
  tools: AgentTools;
  logger: Logger;
}

export interface AgentTurnInput {
  orgId: string;
  interactionId: string;
  correlationId: string;
  agent: AgentProfile;
  /** The conversation so far; empty for the greeting. */
  messages: ChatMessage[];
  /** The caller's words; null asks for the greeting. */
  callerText: string | null;
}

export function createAgentRuntimeActivities({ engine, tools, logger }: AgentRuntimeActivityDeps) {
  return {
    /** One turn of the in-house agent: the language engine, and the tools it calls. */
    async generateAgentTurn(input: AgentTurnInput): Promise<AgentTurn> {
      let history = input.messages;
      if (history.length === 0) {
        const { date, time } = toZonedParts(new Date(), input.agent.timezone);
        history = openConversation(input.agent, `${date}T${time}`);
      }
      const turn = await runAgentTurn(
        { engine, tools, agent: input.agent, orgId: input.orgId, interactionId: input.interactionId, correlationId: input.correlationId },
        history,
        input.callerText,
      );
      logger.debug({ orgId: input.orgId, interactionId: input.interactionId, tools: turn.toolCalls.map((t) => t.name), ended: turn.ended }, 'agent turn');
      return turn;
    },
  };
}

export type AgentRuntimeActivities = ReturnType<typeof createAgentRuntimeActivities>;
