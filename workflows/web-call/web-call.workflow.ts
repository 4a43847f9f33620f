import { allHandlersFinished, ApplicationFailure, condition, ParentClosePolicy, proxyActivities, setHandler, startChild } from '@temporalio/workflow';
import type { AgentRuntimeActivities } from '../../activities/agent-runtime/agent-runtime.activities';
import type { ChatMessage } from '../../activities/llm/language-engine.port';
import { webCallRecord, type WebCallEntry } from '../../domain/call/web-call-record';
import type { CallEndedReason } from '../../domain/call/call-record.schema';
import { interactionWorkflow } from '../interaction/interaction.workflow';
import { callDeliveredSignal } from '../interaction/interaction.messages';
import { taskQueue } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';
import { callerTurnUpdate, endWebCallUpdate, getWebCallQuery, greetCallerUpdate, WEB_CALL_REJECTIONS } from './web-call.messages';
import type { AgentReply, WebCallEndReason, WebCallSnapshot, WebCallWorkflowInput } from './web-call.types';

const { generateAgentTurn } = proxyActivities<AgentRuntimeActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '5 seconds', maximumAttempts: 3 },
});

const FIVE_MINUTES_MS = 5 * 60 * 1000;

const ENDED_REASONS: Record<WebCallEndReason, CallEndedReason> = {
  caller_ended: 'user_hangup',
  agent_ended: 'agent_hangup',
  idle_timeout: 'other',
};

/**
 * One run per web call with the in-house agent (workflowIds.webCall). It holds the conversation; caller
 * turns arrive as updates and are answered with the agent's reply. The call's interaction workflow is
 * started as an abandoned child and fed provider deliveries exactly as a third-party webhook would feed
 * it, so the web call becomes an interaction like any other call.
 */
export async function webCallWorkflow(input: WebCallWorkflowInput): Promise<WebCallSnapshot> {
  const startedAt = new Date().toISOString();
  const entries: WebCallEntry[] = [];
  let messages: ChatMessage[] = [];
  let greeting: AgentReply | null = null;
  let endReason: WebCallEndReason | null = null;
  let busy = false;
  let turnsTaken = 0;
  const providerCallId = input.callId ?? input.interactionId;

  const snapshot = (): WebCallSnapshot => ({
    interactionId: input.interactionId,
    orgId: input.orgId,
    agentId: input.agent.id,
    status: endReason ? 'ended' : 'live',
    endReason,
    entries,
  });
  const checkToken = (hash: string) => {
    if (hash !== input.accessTokenHash) throw ApplicationFailure.nonRetryable('Invalid access token for this web call', WEB_CALL_REJECTIONS.badToken);
  };
  const checkLive = () => {
    if (endReason) throw ApplicationFailure.nonRetryable('This web call has ended', WEB_CALL_REJECTIONS.ended);
  };
  const turn = (callerText: string | null) =>
    generateAgentTurn({
      orgId: input.orgId,
      interactionId: input.interactionId,
      correlationId: input.meta.correlationId,
      agent: input.agent,
      messages,
      callerText,
    });

  setHandler(getWebCallQuery, snapshot);
  setHandler(
    greetCallerUpdate,
    async () => {
      await condition(() => greeting !== null);
      return greeting!;
    },
    { validator: ({ accessTokenHash }) => checkToken(accessTokenHash) },
  );
  setHandler(
    callerTurnUpdate,
    async ({ text }) => {
      // Turns are answered one at a time, in the order they arrived.
      await condition(() => !busy && greeting !== null);
      checkLive();
      busy = true;
      try {
        const answer = await turn(text);
        messages = answer.messages;
        entries.push({ kind: 'turn', role: 'Customer', content: text }, ...answer.toolCalls.map((use) => ({ kind: 'tool' as const, use })));
        if (answer.reply) entries.push({ kind: 'turn', role: 'Agent', content: answer.reply });
        turnsTaken += 1;
        if (answer.ended) endReason = 'agent_ended';
        return { reply: answer.reply, toolCalls: answer.toolCalls, ended: answer.ended };
      } finally {
        busy = false;
      }
    },
    {
      validator: ({ accessTokenHash, text }) => {
        checkToken(accessTokenHash);
        checkLive();
        if (typeof text !== 'string' || !text.trim()) throw ApplicationFailure.nonRetryable('text must not be empty', 'WebCallBadTurn');
      },
    },
  );
  setHandler(
    endWebCallUpdate,
    async () => {
      await condition(() => !busy);
      endReason ??= 'caller_ended';
      return snapshot();
    },
    { validator: ({ accessTokenHash }) => checkToken(accessTokenHash) },
  );

  const record = (endedAt: string | null) =>
    webCallRecord({
      providerCallId,
      agent: input.agent,
      entries,
      dynamicVariables: input.dynamicVariables,
      startedAt,
      endedAt,
      endedReason: endReason ? ENDED_REASONS[endReason] : null,
      providerEndedReason: endReason,
    });

  const interaction = await startChild(interactionWorkflow, {
    workflowId: workflowIds.interaction('in_house', providerCallId),
    taskQueue: taskQueue('interaction', input.taskQueuePrefix),
    args: [{ meta: input.meta, orgId: input.orgId, provider: 'in_house', providerCallId, interactionId: input.interactionId }],
    // The interaction outlives the call: its post-call pipeline runs after this run has finished.
    parentClosePolicy: ParentClosePolicy.ABANDON,
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
  });

  const opening = await turn(null);
  messages = opening.messages;
  entries.push({ kind: 'turn', role: 'Agent', content: opening.reply });
  greeting = { reply: opening.reply, toolCalls: opening.toolCalls, ended: false };
  await interaction.signal(callDeliveredSignal, {
    orgId: input.orgId,
    providerEvent: 'call_started',
    delivery: { kind: 'call_started', occurredAt: startedAt, sequence: 1, record: record(null) },
  });

  const idleMs = input.idleTimeoutMs ?? FIVE_MINUTES_MS;
  while (!endReason) {
    const seen = turnsTaken;
    const active = await condition(() => endReason !== null || busy || turnsTaken !== seen, idleMs);
    if (!active) endReason = 'idle_timeout';
    else if (busy) await condition(() => !busy);
  }
  await condition(() => !busy);

  const endedAt = new Date().toISOString();
  await interaction.signal(callDeliveredSignal, {
    orgId: input.orgId,
    providerEvent: 'call_ended',
    delivery: { kind: 'call_ended', occurredAt: endedAt, sequence: 2, record: record(endedAt) },
  });
  await condition(allHandlersFinished);
  return snapshot();
}
