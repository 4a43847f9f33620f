import { randomUUID } from 'node:crypto';
import { CALL_SCORER_FLAGS, type CallScorerFlag } from '../../../activities/llm/ai-tasks/call-scorer.prompt';
import { InteractionInputSchema, type AgentType, type TranscriptLine } from '../../../domain/interaction/interaction.schema';
import { AI_TASKS } from '../../../activities/llm/ai-tasks/registry';
import { runAiTask } from '../../../activities/llm/ai-tasks/run-ai-task';
import { publishCommand, type CommandOrigin } from '../../http/publish-command';
import type { ChatSessionSnapshot } from '../../../workflows/chat-session/chat-session.types';
import type { ApiDeps } from '../../deps';
import { ApiError, badRequest, notFound } from '../../http/errors';

export interface EvaluateTraceRequest {
  traceId: string;
  traceType: 'call' | 'chat';
  agentType: AgentType;
  orgId: string;
  /** The evaluation-service rule and run, when the webhook asked. */
  ruleId?: string | null;
  runId?: string | null;
}

/**
 * Call scorer flags that mean the agent let the customer down. The spec gives the evaluation statuses
 * (success, failed) but not the rule; ours: any of these set fails the trace.
 */
export const FAILING_FLAGS: readonly CallScorerFlag[] = [
  'customer_frustrated_detected',
  'forgot_dispatch_fee',
  'interrupted_user',
  'went_silent',
  'repeated_address',
];

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** A chat session's messages as transcript lines, timed from the session's start. */
export function chatTranscript(session: Pick<ChatSessionSnapshot, 'startedAt' | 'messages'>): TranscriptLine[] {
  const start = Date.parse(session.startedAt);
  return session.messages.map((m) => {
    const seconds = Math.max(0, Math.floor((Date.parse(m.created_at) - start) / 1000));
    return { role: m.role === 'assistant' ? 'Agent' : 'Customer', message: m.content, timestamp: mmss(seconds), seconds };
  });
}

/**
 * POST /llm/evaluation (spec 000 §7) and the evaluation-service webhook: runs the call scorer, the
 * evaluation AI task, over a call's or a chat session's transcript and records the verdict as
 * TraceEvaluated. The trace must belong to the organization named.
 */
export async function evaluateTrace(deps: ApiDeps, request: EvaluateTraceRequest, origin: CommandOrigin) {
  const org = await deps.organizations.findById(request.orgId);
  if (!org) throw notFound('Organization not found');

  let transcript: TranscriptLine[];
  let interactionId: string | null = null;
  let facts = {};
  let direction: 'inbound' | 'outbound' = 'inbound';
  if (request.traceType === 'call') {
    const trace = await deps.llm.traces.findCallTrace(request.traceId);
    if (!trace || trace.orgId !== request.orgId) throw notFound('Trace not found');
    transcript = trace.transcript;
    interactionId = trace.interactionId;
    direction = trace.direction === 'outbound' ? 'outbound' : 'inbound';
    facts = { actions: trace.actions, endedReason: trace.endedReason, durationSeconds: trace.durationSeconds, customerPhone: trace.customerPhone };
  } else {
    const session = await deps.llm.chats.find(request.traceId);
    if (!session || session.orgId !== request.orgId) throw notFound('Trace not found');
    transcript = chatTranscript(session);
    interactionId = session.interactionId;
  }
  if (transcript.length === 0) throw badRequest('The trace has no transcript to evaluate');

  const parsed = InteractionInputSchema.safeParse({
    source: request.traceType,
    direction,
    agentType: request.agentType,
    org: { name: org.name, timezone: org.timezone, tradesOffered: org.tradesOffered },
    transcript,
    facts,
  });
  if (!parsed.success) throw badRequest(`The trace cannot be evaluated: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const result = await runAiTask(deps.llm.engine, AI_TASKS.call_scorer, parsed.data);
  if (!result.ok) throw new ApiError(500, 'The evaluation could not be produced');

  const { standout_summary: standoutSummary, ...rest } = result.output;
  const flags = Object.fromEntries(CALL_SCORER_FLAGS.map((f) => [f, rest[f]]));
  const failedFlags = FAILING_FLAGS.filter((f) => rest[f].value);
  const status = failedFlags.length > 0 ? ('failed' as const) : ('success' as const);
  const evaluationId = randomUUID();
  const evaluatedAt = new Date();
  await publishCommand(deps.llm.events, origin, [
    {
      eventId: evaluationId,
      type: 'TraceEvaluated',
      aggregateId: request.traceId,
      orgId: request.orgId,
      occurredAt: evaluatedAt,
      data: {
        evaluationId,
        traceId: request.traceId,
        traceType: request.traceType,
        orgId: request.orgId,
        agentType: request.agentType,
        interactionId,
        status,
        flags,
        failedFlags: [...failedFlags],
        standoutSummary,
        engine: result.engine,
        ruleId: request.ruleId ?? null,
        runId: request.runId ?? null,
        evaluatedAt: evaluatedAt.toISOString(),
      },
    },
  ]);
  return {
    success: true as const,
    evaluationId,
    traceId: request.traceId,
    traceType: request.traceType,
    status,
    failed_flags: [...failedFlags],
    flags,
    standout_summary: standoutSummary,
    engine: result.engine,
  };
}
