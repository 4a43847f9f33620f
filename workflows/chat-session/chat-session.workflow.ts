import { allHandlersFinished, ApplicationFailure, condition, patched, proxyActivities, setHandler, uuid4, workflowInfo } from '@temporalio/workflow';
import type { AgentRuntimeActivities } from '../../activities/agent-runtime/agent-runtime.activities';
import type { ChatSessionActivities } from '../../activities/chat-session/chat-session.activities';
import type { InteractionActivities } from '../../activities/interaction/interaction.activities';
import type { ChatMessage } from '../../activities/llm/language-engine.port';
import { CHAT_FOLLOW_UP_MS, CHAT_NUDGE, customerNumberOf, isChatConcluded } from '../../domain/chat/chat-session';
import { analyseChat } from '../chat-analysis/chat-analysis';
import { CHAT_SESSION_REJECTIONS, chatTurnUpdate, getChatSessionQuery } from './chat-session.messages';
import type { ChatEndReason, ChatSessionMessage, ChatSessionSnapshot, ChatSessionWorkflowInput } from './chat-session.types';

const { generateAgentTurn } = proxyActivities<AgentRuntimeActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '5 seconds', maximumAttempts: 3 },
});

const recorder = proxyActivities<ChatSessionActivities & Pick<InteractionActivities, 'listInteractionActions'>>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds', nonRetryableErrorTypes: ['UnknownOrganization'] },
});

// Waits for the read model to catch up with the pipeline's last step, as the widget chat's hand-off does.
const handoff = proxyActivities<ChatSessionActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 1.5,
    maximumInterval: '10 seconds',
    maximumAttempts: 30,
    nonRetryableErrorTypes: ['UnknownOrganization'],
  },
});

const THIRTY_MINUTES_MS = 30 * 60 * 1000;

/** Sessions started from here on are interactions (recorded, analysed, notified) and follow the 15-minute rule. */
export const CHAT_SESSION_AS_INTERACTION = 'chat-session-as-interaction';

const recordOf = (m: ChatSessionMessage) => ({
  id: m.id!,
  role: m.role === 'assistant' ? ('agent' as const) : ('user' as const),
  content: m.content,
  created_at: m.created_at,
});

/**
 * One run per LLM chat session (POST /llm/chat, /chat/llm; workflowIds.chatSession): the in-house agent
 * runtime of the web call, holding the conversation across requests. The first message starts the run
 * (update with start) or /chat/llm/new does; the agent's greeting opens the session with that first turn.
 * Each session is an interaction: its start, messages and end are events, and once it ends it goes through
 * the calls' post-call steps and to the notification rules as a widget.event. 000 §4's 15-minute rule is a
 * durable timer: after 15 quiet minutes a concluded session ends; an open one gets one nudge, and ends
 * after 15 more quiet minutes.
 */
export async function chatSessionWorkflow(input: ChatSessionWorkflowInput): Promise<ChatSessionSnapshot> {
  const asInteraction = patched(CHAT_SESSION_AS_INTERACTION);
  const startedAt = new Date().toISOString();
  const ref = {
    meta: input.meta,
    causationId: `workflow:${workflowInfo().workflowId}`,
    orgId: input.orgId,
    interactionId: input.interactionId,
    sessionId: input.sessionId,
  };
  const messages: ChatSessionMessage[] = [];
  // Messages added between turns (the nudge): the next turn's answer carries them first.
  let unsent: ChatSessionMessage[] = [];
  let history: ChatMessage[] = [];
  let greeted = false;
  let busy = false;
  let turnsTaken = 0;
  let endReason: ChatEndReason | null = null;
  let started = !asInteraction;
  let callStatus: string | undefined = asInteraction ? 'PROCESSING' : undefined;

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
    ...(callStatus === undefined ? {} : { callStatus }),
  });
  const say = (role: ChatSessionMessage['role'], content: string): ChatSessionMessage => {
    const message = asInteraction
      ? { id: uuid4(), role, content, created_at: new Date().toISOString() }
      : { role, content, created_at: new Date().toISOString() };
    messages.push(message);
    return message;
  };
  const record = async (added: ChatSessionMessage[]) => {
    if (!asInteraction || added.length === 0) return;
    await condition(() => started);
    await recorder.recordChatSessionMessages({ ...ref, eventId: uuid4(), messages: added.map(recordOf) });
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
        await record(added);
        turnsTaken += 1;
        if (answer.ended) endReason = 'agent_ended';
        const carried = unsent;
        unsent = [];
        return { messages: [...carried, ...added], chatEnded: answer.ended };
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

  if (!asInteraction) {
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

  await recorder.recordChatSessionStarted({ ...ref, eventId: uuid4(), agentId: input.agent.id, agentType: input.agent.agentType, startedAt });
  started = true;
  const quietMs = input.followUpMs ?? CHAT_FOLLOW_UP_MS;
  let nudged = false;
  while (!endReason) {
    const seen = turnsTaken;
    const active = await condition(() => endReason !== null || busy || turnsTaken !== seen, quietMs);
    if (active) {
      if (busy) await condition(() => !busy);
      if (turnsTaken !== seen) nudged = false;
      continue;
    }
    if (turnsTaken === 0 || nudged) endReason = 'idle_timeout';
    else if (isChatConcluded(messages.map(recordOf))) endReason = 'concluded';
    else {
      // One short nudge; the agent sees it as its own turn. A turn sent meanwhile waits for it.
      busy = true;
      try {
        const nudge = say('assistant', CHAT_NUDGE);
        history = [...history, { role: 'assistant', content: CHAT_NUDGE }];
        unsent.push(nudge);
        await record([nudge]);
        nudged = true;
      } finally {
        busy = false;
      }
    }
  }
  await condition(() => !busy);

  const actions = await recorder.listInteractionActions({ interactionId: input.interactionId });
  const endedEventId = uuid4();
  await recorder.recordChatSessionEnded({
    ...ref,
    eventId: endedEventId,
    reason: endReason,
    endedAt: new Date().toISOString(),
    customerNumber: customerNumberOf(actions),
  });
  // A session nobody wrote in has nothing to analyse or tell anyone about.
  if (turnsTaken > 0) {
    const transcript = messages.map(recordOf);
    callStatus = await analyseChat({
      interaction: { meta: ref.meta, causationId: ref.causationId, orgId: ref.orgId, interactionId: ref.interactionId },
      afterEnd: [[endedEventId]],
      identifyCustomer: true,
      transcribe: (eventId) => recorder.transcribeChatSession({ ...ref, eventId, agentType: input.agent.agentType, startedAt, messages: transcript, actions }),
      describe: (result, awaitEventIds) =>
        handoff.describeChatSessionForNotification({ orgId: ref.orgId, interactionId: ref.interactionId, callStatus: result, awaitEventIds, actions }),
    });
  } else callStatus = undefined;
  await condition(allHandlersFinished);
  return snapshot();
}
