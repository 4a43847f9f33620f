import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AI_TASKS } from '../../activities/llm/ai-tasks/registry';
import { runAiTask } from '../../activities/llm/ai-tasks/run-ai-task';
import { csrAssistantGreeting, type CsrAssistantInput } from '../../activities/llm/ai-tasks/csr-assistant-reply.prompt';
import { isLanguageEngineError, type LanguageEngine } from '../../activities/llm/language-engine.port';
import { formatInZone } from '../../domain/contracts/call-labels';
import type {
  AssistantChatRequestSchema,
  AssistantChatResponse,
  AssistantHistoryResponse,
  AssistantInitRequestSchema,
  AssistantInitResponse,
} from '../../domain/contracts/assistant.contract';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import type { AssistantSessionDoc, AssistantSessionRepository } from '../../events/projections/assistant-sessions/assistant-sessions.repository';
import type { InteractionRow } from '../../events/projections/interactions/interactions.repository';
import type { Logger } from '../../lib/logger';
import type { ApiDeps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { publishCommand, type CommandOrigin } from '../http/publish-command';
import type { StaffIdentity } from '../repositories/staff.repository';
import { summaryLineOf } from '../routes/calls/call-view';
import { awaitReadModel } from './await-read-model';

/**
 * The AI assistant for CSRs (spec 001 §2.15). A session is a short, read-only conversation about one call, so it
 * is an API use case like POST /llm/evaluation rather than a workflow: there is no timer, no retry across
 * restarts and nothing to compensate. Each change is an event on the session's stream (started, a question
 * answered, ended), and the assistant-sessions read model is what history, the next question and the end read.
 */
export interface AssistantDeps {
  sessions: AssistantSessionRepository;
  /** LLM_ADAPTER's engine: the offline one by default. */
  engine: LanguageEngine;
  events: EventPublisher;
}

const EARLIER_CALLS = 20;
const ANSWER_TIMEOUT_MS = 30_000;
export const ASSISTANT_FALLBACK_ANSWER =
  'Sorry, I cannot answer right now: the language engine did not respond. Try again in a moment; the call details on this page are unaffected.';

type Call = CsrAssistantInput['call'];

/** An appointment as the action recorded it: an instant is shown in the CSR's zone, a wall-clock time as written. */
function appointmentOf(payload: unknown, timezone: string): string | null {
  const value = (payload as Record<string, unknown> | null)?.appointment_time;
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (/(?:Z|[+-]\d\d:?\d\d)$/i.test(value)) return formatInZone(value, timezone);
  return `${value.replace('T', ' ').slice(0, 16)} (the company's local time)`;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** The call and the same number's other calls, as the assistant task reads them, times in the CSR's zone. */
export async function assistantContext(deps: ApiDeps, row: InteractionRow, timezone: string): Promise<Pick<CsrAssistantInput, 'call' | 'earlierCalls'>> {
  const interactions = deps.calls.interactions;
  const [jobs, actions, earlier] = await Promise.all([
    interactions.listJobs([row.id]),
    interactions.listActions(row.id),
    row.customerNumber ? interactions.listCallsOfCustomer(row.orgId, row.customerNumber, row.id, EARLIER_CALLS) : Promise.resolve([]),
  ]);
  const at = (d: Date | null) => (d ? formatInZone(d, timezone) : null);
  const tagReasons = (row.tagReasons ?? {}) as Record<string, unknown>;
  const summary = (Array.isArray(row.summary) ? row.summary : []) as { title?: unknown; content?: unknown }[];
  const transcript = (Array.isArray(row.transcriptLines) ? row.transcriptLines : []) as { role?: unknown; message?: unknown; timestamp?: unknown }[];
  const call: Call = {
    id: row.id,
    startedAt: at(row.startedAt ?? row.createdAt),
    durationSeconds: row.durationSeconds,
    direction: row.direction,
    agentType: row.agentType,
    status: row.callStatus,
    callType: row.callType,
    classificationReason: row.classificationReason,
    endedReason: row.endedReason,
    customer: { name: row.customerName, number: row.customerNumber, address: row.customerAddress, isLead: row.isLead },
    summary: summary.filter((s) => typeof s.title === 'string').map((s) => ({ title: s.title as string, content: strings(s.content) })),
    tags: row.tags.map((tag) => ({ tag, reason: typeof tagReasons[tag] === 'string' && tagReasons[tag] !== '' ? (tagReasons[tag] as string) : null })),
    transcript: transcript
      .filter((l) => typeof l.message === 'string')
      .map((l) => ({ role: String(l.role ?? ''), message: l.message as string, timestamp: String(l.timestamp ?? '') })),
    jobs: jobs.map((j) => ({
      kind: j.jobId ? ('job' as const) : ('booking' as const),
      id: j.jobId ?? j.bookingId ?? '',
      number: j.jobNumber,
      status: j.jobStatus,
    })),
    actions: actions.map((a) => ({ type: a.actionType, status: a.status, reason: a.reason, appointment: appointmentOf(a.payload, timezone) })),
    reviewNotes: row.reviewNotes,
  };
  const earlierCalls = earlier.map((e) => ({
    id: e.id,
    startedAt: at(e.startedAt ?? e.createdAt),
    status: e.callStatus,
    summary: summaryLineOf(e.summary, e.callAnalysis),
    tags: e.tags,
  }));
  return { call, earlierCalls };
}

/**
 * One reply through the language-engine port. When the engine fails or cannot give a valid answer, the CSR gets
 * a stock reply marked as the fallback (the §3 answer's `fallback`) instead of an error: the question is kept.
 */
export async function answerQuestion(
  engine: LanguageEngine,
  input: CsrAssistantInput,
  logger: Logger,
): Promise<{ answer: string; engine: string | null; fallback: boolean }> {
  try {
    const result = await runAiTask(engine, AI_TASKS.csr_assistant_reply, input, { timeoutMs: ANSWER_TIMEOUT_MS, maxAttempts: 2 });
    if (result.ok) return { answer: result.output.answer, engine: result.engine, fallback: false };
    logger.warn({ error: result.error }, 'the CSR assistant got no valid answer from the language engine');
  } catch (err) {
    if (!isLanguageEngineError(err)) throw err;
    logger.warn({ code: err.code, engine: err.engine, message: err.message }, 'the CSR assistant could not reach the language engine');
  }
  return { answer: ASSISTANT_FALLBACK_ANSWER, engine: null, fallback: true };
}

async function callOfSession(deps: ApiDeps, session: Pick<AssistantSessionDoc, 'interactionId' | 'orgId'>): Promise<InteractionRow> {
  const row = await deps.calls.interactions.findCall(session.interactionId);
  if (!row || row.orgId !== session.orgId) throw notFound('Call not found');
  return row;
}

export async function findAssistantSession(deps: ApiDeps, chatId: string): Promise<AssistantSessionDoc> {
  const session = await deps.assistant.sessions.find(chatId);
  if (!session) throw notFound('Assistant session not found');
  return session;
}

/** POST /ai-assistant/init-session: the CSR's open session on the call is resumed, else a new one starts. */
export async function initAssistantSession(
  deps: ApiDeps,
  request: z.output<typeof AssistantInitRequestSchema>,
  user: StaffIdentity | null,
  origin: CommandOrigin,
): Promise<AssistantInitResponse> {
  const row = await deps.calls.interactions.findCall(request.callId);
  // Another organization's call is not found in this one: its existence is not disclosed.
  if (!row || row.orgId !== request.orgId) throw notFound('Call not found');
  if (user) {
    const open = await deps.assistant.sessions.findOpen(row.id, user.id, request.csrEmail);
    if (open) return { chatId: open.chatId, initialMessage: open.messages[0]?.content ?? '', status: 'initialized' };
  }
  const { call, earlierCalls } = await assistantContext(deps, row, request.timezone);
  const chatId = randomUUID();
  const initialMessage = csrAssistantGreeting(call, earlierCalls.length);
  await publishCommand(deps.assistant.events, origin, [
    {
      type: 'AssistantSessionStarted',
      aggregateId: chatId,
      orgId: row.orgId,
      data: {
        chatId,
        orgId: row.orgId,
        interactionId: row.id,
        csrEmail: request.csrEmail,
        userId: user?.id ?? null,
        timezone: request.timezone,
        initialMessage,
        startedAt: new Date().toISOString(),
      },
    },
  ]);
  // The next request names the chatId: it must find the session in the read model.
  await awaitReadModel(async () => (await deps.assistant.sessions.find(chatId)) !== null, 10_000);
  return { chatId, initialMessage, status: 'initialized' };
}

/** POST /ai-assistant: the question, answered from the call and the conversation so far, recorded as one exchange. */
export async function askAssistant(deps: ApiDeps, request: z.output<typeof AssistantChatRequestSchema>, origin: CommandOrigin): Promise<AssistantChatResponse> {
  const session = await findAssistantSession(deps, request.chatId);
  if (session.status === 'ended') throw badRequest('This assistant session has ended');
  const [row, org] = await Promise.all([callOfSession(deps, session), deps.organizations.findById(session.orgId)]);
  if (!org) throw notFound('Organization not found');
  const askedAt = new Date().toISOString();
  const { call, earlierCalls } = await assistantContext(deps, row, session.timezone);
  const input: CsrAssistantInput = {
    question: request.message,
    conversation: session.messages.map((m) => ({ role: m.role, content: m.content })),
    org: { name: org.name, timezone: org.timezone },
    timezone: session.timezone,
    call,
    earlierCalls,
  };
  const reply = await answerQuestion(deps.assistant.engine, input, deps.logger);
  const answeredAt = new Date().toISOString();
  const exchangeId = randomUUID();
  await publishCommand(deps.assistant.events, origin, [
    {
      type: 'AssistantQuestionAnswered',
      aggregateId: session.chatId,
      orgId: session.orgId,
      data: {
        chatId: session.chatId,
        orgId: session.orgId,
        exchangeId,
        question: request.message,
        answer: reply.answer,
        fallback: reply.fallback,
        engine: reply.engine,
        askedAt,
        answeredAt,
      },
    },
  ]);
  // The next question reads the conversation from the read model: it should include this exchange.
  await awaitReadModel(async () => (await deps.assistant.sessions.find(session.chatId))?.messages.some((m) => m.id === `${exchangeId}:a`) ?? false);
  const message = (role: 'user' | 'assistant', content: string, timestamp: string) => ({
    role,
    content,
    timestamp,
    name: null,
    arguments: null,
    tool_call_id: null,
  });
  return {
    response: reply.answer,
    messages: [message('user', request.message, askedAt), message('assistant', reply.answer, answeredAt)],
    chatId: session.chatId,
    timestamp: answeredAt,
    fallback: reply.fallback,
  };
}

/** POST /ai-assistant/history: the session's messages, the initial message first. */
export async function assistantHistory(deps: ApiDeps, chatId: string): Promise<AssistantHistoryResponse> {
  const session = await findAssistantSession(deps, chatId);
  return {
    chatId: session.chatId,
    callId: session.interactionId,
    status: session.status,
    messages: session.messages.map(({ role, content, timestamp }) => ({ role, content, timestamp })),
  };
}

/** POST /ai-assistant/end-chat: ends the session (204); ending an ended session changes nothing. */
export async function endAssistantSession(deps: ApiDeps, chatId: string, user: StaffIdentity | null, origin: CommandOrigin): Promise<undefined> {
  const session = await findAssistantSession(deps, chatId);
  if (session.status === 'ended') return undefined;
  await publishCommand(deps.assistant.events, origin, [
    {
      type: 'AssistantSessionEnded',
      aggregateId: chatId,
      orgId: session.orgId,
      data: { chatId, orgId: session.orgId, userId: user?.id ?? null, endedAt: new Date().toISOString() },
    },
  ]);
  await awaitReadModel(async () => (await deps.assistant.sessions.find(chatId))?.status === 'ended');
  return undefined;
}
