import { allHandlersFinished, ApplicationFailure, condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { AgentRuntimeActivities } from '../../activities/agent-runtime/agent-runtime.activities';
import type { ChatMessage } from '../../activities/llm/language-engine.port';
import { CHAT_SESSION_REJECTIONS, chatTurnUpdate, getChatSessionQuery } from './chat-session.messages';
import type { ChatEndReason, ChatSessionMessage, ChatSessionSnapshot, ChatSessionWorkflowInput } from './chat-session.types';

const { generateAgentTurn } = proxyActivities<AgentRuntimeActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '5 seconds', maximumAttempts: 3 },
});

const THIRTY_MINUTES_MS = 30 * 60 * 1000;

/**
 * One run per LLM chat session (POST /llm/chat, workflowIds.chatSession): the in-house agent runtime of
 * the web call, holding the conversation across requests. The first message starts the run (update with
 * start); the agent's greeting opens the session and is answered with that first turn.
 */
export async function chatSessionWorkflow(input: ChatSessionWorkflowInput): Promise<ChatSessionSnapshot> {
  const startedAt = new Date().toISOString();
  const messages: ChatSessionMessage[] = [];
  let history: ChatMessage[] = [];
  let greeted = false;
  let busy = false;
  let turnsTaken = 0;
  let endReason: ChatEndReason | null = null;

  const snapshot = (): ChatSessionSnapshot => ({
    sessionId: input.sessionId,
    orgId: input.orgId,
    agentId: input.agent.id,
    agentType: input.agent.agentType,
    interactionId: input.interactionId,
    startedAt,
    status: endReason ? 'ended' : 'live',
    endReason,
    messages: [...messages],
  });
  const say = (role: ChatSessionMessage['role'], content: string): ChatSessionMessage => {
    const message = { role, content, created_at: new Date().toISOString() };
    messages.push(message);
    return message;
  };
  const turn = (callerText: string | null) =>
    generateAgentTurn({
      orgId: input.orgId,
      interactionId: input.interactionId,
      correlationId: input.meta.correlationId,
      agent: input.agent,
      messages: history,
      callerText,
    });

  setHandler(getChatSessionQuery, snapshot);
  setHandler(
    chatTurnUpdate,
    async ({ message }) => {
      // Turns are answered one at a time, in the order they arrived.
      await condition(() => !busy);
      if (endReason) throw ApplicationFailure.nonRetryable('This chat session has ended', CHAT_SESSION_REJECTIONS.ended);
      busy = true;
      try {
        const added: ChatSessionMessage[] = [];
        if (!greeted) {
          const opening = await turn(null);
          history = opening.messages;
          greeted = true;
          if (opening.reply) added.push(say('assistant', opening.reply));
        }
        added.push(say('user', message));
        const answer = await turn(message);
        history = answer.messages;
        if (answer.reply) added.push(say('assistant', answer.reply));
        turnsTaken += 1;
        if (answer.ended) endReason = 'agent_ended';
        return { messages: added, chatEnded: answer.ended };
      } finally {
        busy = false;
      }
    },
    {
      validator: ({ orgId, agentId, message }) => {
        // A session id belongs to one organization and agent; anyone else is told it does not exist.
        if (orgId !== input.orgId || agentId !== input.agent.id)
          throw ApplicationFailure.nonRetryable('Chat session not found', CHAT_SESSION_REJECTIONS.otherOwner);
        if (endReason) throw ApplicationFailure.nonRetryable('This chat session has ended', CHAT_SESSION_REJECTIONS.ended);
        if (typeof message !== 'string' || !message.trim()) throw ApplicationFailure.nonRetryable('message must not be empty', 'ChatSessionBadTurn');
      },
    },
  );

  const idleMs = input.idleTimeoutMs ?? THIRTY_MINUTES_MS;
  while (!endReason) {
    const seen = turnsTaken;
    const active = await condition(() => endReason !== null || busy || turnsTaken !== seen, idleMs);
    if (!active) endReason = 'idle_timeout';
    else if (busy) await condition(() => !busy);
  }
  await condition(() => !busy);
  await condition(allHandlersFinished);
  return snapshot();
}
