import type { AgentToolUse } from '../../domain/agents/agent-tool-use';
import type { ChatMessage, LanguageEngine } from '../llm/language-engine.port';
import type { AgentProfile } from '../../domain/agents/agent-profile';
import { systemPromptFor, toolDefinitionsFor } from './agent-prompt';
import type { AgentTools, AgentToolAnswer } from './agent-tools.port';
import { performTransfer, TRANSFER_TOOL } from '../../domain/agents/agent-transfer';

export interface AgentTurn {
  /** What the agent says, all of this turn's spoken parts joined. */
  reply: string;
  toolCalls: AgentToolUse[];
  /** The agent ended the call (end_call). */
  ended: boolean;
  /** The conversation after this turn, to hand back on the next one. */
  messages: ChatMessage[];
}

export interface ConversationContext {
  engine: LanguageEngine;
  tools: AgentTools;
  agent: AgentProfile;
  orgId: string;
  interactionId: string | null;
  correlationId: string;
}

// A model that keeps calling tools without speaking is cut off rather than looping for ever.
const MAX_TOOL_ROUNDS = 5;

export function openConversation(agent: AgentProfile, localNow: string): ChatMessage[] {
  return [{ role: 'system', content: systemPromptFor(agent, localNow) }];
}

/**
 * Runs one agent turn: the caller's words (none for the greeting) go to the language engine; tools it
 * asks for run through the tool port and their answers go back to it, until it speaks without a tool
 * call or ends the call.
 */
export async function runAgentTurn(ctx: ConversationContext, history: ChatMessage[], callerText: string | null): Promise<AgentTurn> {
  const messages = [...history];
  if (callerText !== null) messages.push({ role: 'user', content: callerText });
  const tools = toolDefinitionsFor(ctx.agent);
  const spoken: string[] = [];
  const toolCalls: AgentToolUse[] = [];
  let ended = false;

  for (let round = 0; round <= MAX_TOOL_ROUNDS; round += 1) {
    const completion = await ctx.engine.complete({ model: 'default', messages, tools });
    const { content, toolCalls: asked } = completion.message;
    const calls = round === MAX_TOOL_ROUNDS ? [] : asked;
    messages.push({ role: 'assistant', content, ...(calls.length > 0 ? { toolCalls: calls } : {}) });
    if (content.trim()) spoken.push(content.trim());
    if (calls.length === 0) break;
    for (const call of calls) {
      const answer: AgentToolAnswer & { error?: string } =
        call.name === TRANSFER_TOOL && ctx.agent.tools.includes('transfer_call')
          ? transferAnswer(ctx, messages, call.arguments)
          : await ctx.tools.run({
              orgId: ctx.orgId,
              tool: call.name,
              args: call.arguments,
              interactionId: ctx.interactionId,
              correlationId: ctx.correlationId,
            });
      toolCalls.push({
        name: call.name,
        arguments: call.arguments,
        result: answer.result,
        ...(answer.data ? { data: answer.data } : {}),
        ...(answer.error ? { error: answer.error } : {}),
      });
      messages.push({
        role: 'tool',
        toolCallId: call.id,
        content: JSON.stringify({ result: answer.result, data: answer.data ?? {}, ...(answer.error ? { error: answer.error } : {}) }),
      });
      if (answer.end_call || call.name === 'end_call') ended = true;
    }
    if (ended) break;
  }
  return { reply: spoken.join(' '), toolCalls, ended, messages };
}

/** transfer_call, performed by the runtime (the in-house platform's own tool): a transfer that happened ends the call. */
function transferAnswer(ctx: ConversationContext, messages: ChatMessage[], args: Record<string, unknown>): AgentToolAnswer & { error?: string } {
  const callerLines = messages.filter((m) => m.role === 'user').map((m) => m.content);
  const answer = performTransfer(ctx.agent.transfers ?? [], args, callerLines);
  return answer.error ? answer : { ...answer, end_call: true };
}
