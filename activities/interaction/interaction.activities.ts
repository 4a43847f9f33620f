import { ApplicationFailure, Context } from '@temporalio/activity';
import { createEvent, type DomainEvent, type EventType, type NewEvent } from '../../events/catalog';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import { withCorrelationId } from '../../lib/correlation';
import type { Logger } from '../../lib/logger';
import { AI_TASKS } from '../llm/ai-tasks/registry';
import {
  ActionSchema,
  callStatusFor,
  InteractionInputSchema,
  type Action,
  type AgentType,
  type CallStatus,
  type CallType,
  type InteractionInput,
  type TranscriptLine,
} from '../../domain/interaction/interaction.schema';
import { EXCUSED_TAGS, trueTags } from '../../domain/interaction/tags.schema';
import { runAiTask, type AiTaskResult } from '../llm/ai-tasks/run-ai-task';
import { LanguageEngineError, type LanguageEngine } from '../llm/language-engine.port';
import type { CanonicalCallRecord } from '../../domain/call/call-record.schema';
import { toTranscriptLines } from '../../domain/call/transcript';
import type { InteractionContextReader } from './interaction-context.port';
import { agentTypeOf, factTags, mergeTags, summaryTaskFor, tagTasksFor } from '../../domain/interaction/post-call-rules';
import { callAgentType } from '../../domain/agents/call-agent-type';
import type { InteractionOrgContext } from './interaction-context.port';
import { taskOrgOf } from '../../domain/organization/org-profile.schema';
import type { RunMeta } from '../../domain/run/run-meta';

export interface InteractionActivityDeps {
  events: EventPublisher;
  engine: LanguageEngine;
  context: InteractionContextReader;
  logger: Logger;
}

/** Identifies the interaction every step publishes to; event ids are fixed by the workflow. */
export interface InteractionRef {
  meta: RunMeta;
  causationId: string;
  orgId: string;
  interactionId: string;
}

/** Each AI step gets two ids: its result event, or the call_error record when the task fails. */
export interface AiStepInput extends InteractionRef {
  eventId: string;
  errorEventId: string;
  analysis: InteractionInput;
}

export type AiStepResult<T> = { ok: true; value: T } | { ok: false };

/** The two event ids of one AI step: its result event, or its call_error record. */
export interface AiStepIds {
  eventId: string;
  errorEventId: string;
}

/**
 * The AI steps of the post-call pipeline as one activity (issue 16 point 1): none needs a durable boundary of its
 * own, so they run in one round trip. Every step's ids are fixed by the workflow, so a retried group publishes
 * the same events (the projectors skip repeats).
 */
export interface AnalyseInteractionInput extends InteractionRef {
  analysis: InteractionInput;
  steps: Record<'identify' | 'classify' | 'reclassify' | 'voicemail' | 'summarize' | 'tag' | 'score', AiStepIds>;
}

/** What the workflow goes on with: nothing when the call could not be classified (it stays PROCESSING). */
export type AnalysisOutcome =
  { classified: false } | { classified: true; callStatus: CallStatus; tags: string[]; summary: { title: string; content: string[] }[] };

/** An ended call's remaining steps in one activity: its end (when not recorded yet), its transcript, the AI steps. */
export interface ConcludeInteractionInput extends InteractionRef {
  /** CallEnded's three ids (as recordCallEnded takes them) when the end is recorded here; absent when it already was. */
  endedEventIds?: [string, string, string];
  transcribedEventId: string;
  /** The call as it stands: its end and its transcript. */
  record: CanonicalCallRecord;
  actions?: Action[];
  steps: AnalyseInteractionInput['steps'];
}

/** The analysis's outcome and the call's agent type (the follow-ups name it). */
export type ConclusionOutcome = AnalysisOutcome & { agentType: AgentType };

/** A step's result and the events it would publish. */
interface PlannedStep<T> {
  result: AiStepResult<T>;
  events: DomainEvent[];
}

// An AI failure is recorded on the interaction once the engine has had this many tries.
const ENGINE_ATTEMPTS = 3;
// Inside the grouped activity a step's engine tries are spaced as the single-step activities' retry policy spaces them.
const ENGINE_RETRY_DELAYS_MS = [1_000, 2_000];

/** The call's agent type among the org's agents (spec 000 §6); a call not started yet is placed at its end, or now. */
function agentTypeIn(org: InteractionOrgContext, record: CanonicalCallRecord) {
  const at = Date.parse(record.endedAt ?? '');
  const office = org.officeHours ?? { timezone: org.timezone };
  return callAgentType(record, org.agents ?? [], office, Number.isNaN(at) ? new Date() : new Date(at));
}

export function createInteractionActivities({ events, engine, context, logger }: InteractionActivityDeps) {
  const event = <T extends EventType>(ref: InteractionRef, eventId: string, type: T, data: NewEvent<T>['data']): DomainEvent =>
    createEvent({
      eventId,
      type,
      aggregateId: ref.interactionId,
      orgId: ref.orgId,
      correlationId: ref.meta.correlationId,
      causationId: ref.causationId,
      data,
    } as NewEvent<T>);

  const ids = (ref: InteractionRef) => ({ interactionId: ref.interactionId, orgId: ref.orgId });

  const recordEvent = (ref: InteractionRef, recordId: string, name: 'create_call' | 'call_end_reason' | 'call_error', metadata: Record<string, unknown>) =>
    event(ref, recordId, 'InteractionEventRecorded', { ...ids(ref), recordId, name, metadata });

  type TaskAttempt = { ok: true; output: unknown; engine: string } | { ok: false; failure: Record<string, unknown> };
  type Attempt = (taskName: keyof typeof AI_TASKS, taskInput: unknown) => Promise<TaskAttempt>;

  /** One try of an AI task: a valid answer, or the failure to record (an engine failure is thrown when `rethrow` says so). */
  async function tryTask(taskName: keyof typeof AI_TASKS, taskInput: unknown, rethrow: (error: LanguageEngineError) => boolean): Promise<TaskAttempt> {
    let result: AiTaskResult<unknown>;
    try {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      result = await runAiTask(engine, AI_TASKS[taskName] as any, taskInput as any);
    } catch (error) {
      if (error instanceof LanguageEngineError && error.retryable && rethrow(error)) throw error;
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, failure: { task: taskName, code: (error as LanguageEngineError).code ?? 'ERROR', message } };
    }
    if (!result.ok) return { ok: false, failure: { task: taskName, code: result.error.code, issues: result.error.issues, engine: result.engine } };
    return { ok: true, output: result.output, engine: result.engine };
  }

  /**
   * Runs one AI task in a single-step activity. A retryable engine failure is thrown for the activity to retry until
   * the engine has had its tries; then, like an answer that is not valid, it comes back as the call_error to record.
   */
  const attemptTask: Attempt = (taskName, taskInput) => tryTask(taskName, taskInput, () => Context.current().info.attempt < ENGINE_ATTEMPTS);

  /**
   * Runs one AI task inside the grouped activity: the engine's tries are made here, so a step that keeps failing is
   * recorded without running the steps before it again. Each try heartbeats, so a lost worker is noticed early.
   */
  const attemptTaskInGroup: Attempt = async (taskName, taskInput) => {
    for (let attempt = 1; ; attempt += 1) {
      Context.current().heartbeat({ task: taskName, attempt });
      try {
        return await tryTask(taskName, taskInput, () => attempt < ENGINE_ATTEMPTS);
      } catch (error) {
        await Context.current().sleep(ENGINE_RETRY_DELAYS_MS[attempt - 1] ?? ENGINE_RETRY_DELAYS_MS.at(-1)!);
        logger.info({ task: taskName, attempt, error: (error as Error).message }, 'AI task tried again');
      }
    }
  };

  /**
   * One AI task as a pipeline step. A task that cannot give a valid answer, or an engine that keeps failing, ends
   * as a call_error record: the step's own event is never published with a half-valid result.
   */
  async function planStep<T>(
    input: AiStepInput,
    attempt: Attempt,
    taskName: keyof typeof AI_TASKS,
    taskInput: unknown,
    onOk: (output: Extract<AiTaskResult<unknown>, { ok: true }>['output'], engine: string) => { value: T; events: DomainEvent[] },
  ): Promise<PlannedStep<T>> {
    const tried = await attempt(taskName, taskInput);
    if (!tried.ok) {
      logger.warn({ interactionId: input.interactionId, ...tried.failure }, 'AI task failed');
      return { result: { ok: false }, events: [recordEvent(input, input.errorEventId, 'call_error', tried.failure)] };
    }
    const done = onOk(tried.output, tried.engine);
    return { result: { ok: true, value: done.value }, events: done.events };
  }

  /** The AI steps, each trying its tasks with `attempt` and returning the events it would publish. */
  const aiSteps = (attempt: Attempt) => ({
    identifyCustomer: (input: AiStepInput) =>
      planStep(input, attempt, 'transcript_to_customer_id_and_is_lead', { ...input.analysis, customerCandidates: [] }, (o) => {
        const d = o as {
          customer_id: string | null;
          customer_name: string | null;
          address: string | null;
          is_lead: boolean;
          subject: string;
          department: string | null;
        };
        return {
          value: { isLead: d.is_lead },
          events: [
            event(input, input.eventId, 'CustomerIdentified', {
              ...ids(input),
              customerName: d.customer_name,
              customerAddress: d.address,
              crmCustomerId: d.customer_id,
              isLead: d.is_lead,
              subject: d.subject,
              department: d.department,
            }),
          ],
        };
      }),

    classifyInteraction: (input: AiStepInput) =>
      planStep(input, attempt, 'classify_interaction', input.analysis, (o, engine) => {
        const { call_type, call_type_reason } = o as { call_type: CallType; call_type_reason: string };
        const callStatus = callStatusFor(call_type, input.analysis.facts.endedReason);
        return {
          value: { callType: call_type, callStatus },
          events: [event(input, input.eventId, 'InteractionClassified', { ...ids(input), callType: call_type, callStatus, reason: call_type_reason, engine })],
        };
      }),

    /** Spec 000 §1: an automatic second look may move UNBOOKED to EXCUSED. */
    reclassifyUnbookedInteraction: (input: AiStepInput) =>
      planStep(input, attempt, 'reclassify_unbooked_to_excused', input.analysis, (o) => {
        const d = o as Record<string, unknown> & { reclassified_to_excused: boolean; reclassified_to_excused_reason: string };
        if (!d.reclassified_to_excused) return { value: { reclassified: false }, events: [] };
        return {
          value: { reclassified: true },
          events: [
            event(input, input.eventId, 'InteractionReclassified', {
              ...ids(input),
              from: 'UNBOOKED',
              to: 'EXCUSED',
              by: 'ai',
              userId: null,
              reason: d.reclassified_to_excused_reason,
              tags: trueTags(d, EXCUSED_TAGS),
            }),
          ],
        };
      }),

    detectVoicemail: (input: AiStepInput) =>
      planStep(input, attempt, 'reached_voicemail', input.analysis, (o) => {
        const { reached_voicemail } = o as { reached_voicemail: boolean };
        return {
          value: { reachedVoicemail: reached_voicemail },
          events: [event(input, input.eventId, 'VoicemailDetected', { ...ids(input), reachedVoicemail: reached_voicemail })],
        };
      }),

    summarizeInteraction: (input: AiStepInput & { callStatus: CallStatus; agentType: AgentType }) => {
      const task = summaryTaskFor(input.callStatus, input.agentType);
      return planStep(input, attempt, task, input.analysis, (o) => {
        const { summary } = o as { summary: { title: string; content: string[] }[] };
        return { value: { kind: task, summary }, events: [event(input, input.eventId, 'InteractionSummarized', { ...ids(input), kind: task, summary })] };
      });
    },

    /**
     * Spec 000 §4: every tag the interaction earns, whatever its type. The facts give the booking
     * outcomes; the tag tasks for its status and direction give the rest. One InteractionTagged carries
     * them all; a task that fails is recorded as a call_error and the others still count.
     */
    tagInteraction: async (input: AiStepInput & { callStatus: CallStatus }): Promise<PlannedStep<{ tags: string[] }>> => {
      const { analysis } = input;
      const tasks = tagTasksFor(input.callStatus, analysis.direction, analysis.source).filter((t) => AI_TASKS[t.task].inputSchema.safeParse(analysis).success);
      const outputs: { names: readonly string[]; output: Record<string, unknown> }[] = [];
      const failures: Record<string, unknown>[] = [];
      for (const t of tasks) {
        const tried = await attempt(t.task, analysis);
        if (tried.ok) outputs.push({ names: t.names, output: tried.output as Record<string, unknown> });
        else failures.push(tried.failure);
      }
      const fromFacts = factTags({ facts: analysis.facts, direction: analysis.direction, timezone: analysis.org.timezone }, input.callStatus);
      const { tags, reasons } = mergeTags(fromFacts, outputs);
      const published = [event(input, input.eventId, 'InteractionTagged', { ...ids(input), tags, reasons })];
      if (failures.length > 0) {
        published.push(recordEvent(input, input.errorEventId, 'call_error', failures.length === 1 ? failures[0] : { task: 'tags', failures }));
        logger.warn({ interactionId: input.interactionId, failures }, 'tag tasks failed');
      }
      return { result: { ok: true, value: { tags } }, events: published };
    },

    scoreCall: (input: AiStepInput) =>
      planStep(input, attempt, 'call_scorer', input.analysis, (o) => {
        const { standout_summary: standoutSummary, ...flags } = o as { standout_summary: string } & Record<string, { value: boolean; reasoning: string }>;
        return { value: {}, events: [event(input, input.eventId, 'CallScored', { ...ids(input), flags, standoutSummary })] };
      }),
  });

  /** A single-step activity: the step, then its events in one publish. */
  const publishing =
    <I extends AiStepInput, T>(plan: (input: I) => Promise<PlannedStep<T>>) =>
    (input: I): Promise<AiStepResult<T>> =>
      withCorrelationId(input.meta.correlationId, async () => {
        const planned = await plan(input);
        await events.publish(planned.events);
        return planned.result;
      });

  const singleSteps = aiSteps(attemptTask);
  const groupedSteps = aiSteps(attemptTaskInGroup);

  /** The call's readable transcript lines, its InteractionTranscribed event and the input every AI step reads. */
  async function transcribe(
    input: InteractionRef & { eventId: string; record: CanonicalCallRecord; actions?: Action[] },
  ): Promise<{ analysis: InteractionInput; transcribed: DomainEvent }> {
    const lines: TranscriptLine[] = toTranscriptLines(input.record.transcriptObject);
    const org = await context.findOrganization(input.orgId);
    if (!org) throw ApplicationFailure.nonRetryable(`organization ${input.orgId} is not in the read model`, 'UnknownOrganization');
    const analysis = InteractionInputSchema.parse({
      source: 'call',
      direction: input.record.direction ?? 'inbound',
      // An outbound call that names no agent of the org is read as a receptionist's, as before.
      agentType: agentTypeIn(org, input.record) ?? 'RECEPTIONIST',
      org: taskOrgOf(org),
      transcript: lines,
      facts: {
        actions: input.actions ?? [],
        endedReason: input.record.endedReason,
        durationSeconds: input.record.durationSeconds,
        customerPhone: input.record.receiverId,
        startedAt: input.record.startedAt ?? input.record.createdAt,
      },
    });
    return { analysis, transcribed: event(input, input.eventId, 'InteractionTranscribed', { ...ids(input), lines }) };
  }

  /** CallEnded and its call_end_reason record (and, for a call that never ended, its call_error). */
  function endedEvents(input: InteractionRef & { eventIds: [string, string, string]; record: CanonicalCallRecord; timedOut: boolean }): DomainEvent[] {
    const r = input.record;
    const published = [
      event(input, input.eventIds[0], 'CallEnded', { ...ids(input), record: r, timedOut: input.timedOut }),
      recordEvent(input, input.eventIds[1], 'call_end_reason', {
        endedReason: r.endedReason,
        providerEndedReason: r.providerEndedReason,
        // 000 §4: a transferred call names where it went.
        ...(r.endedReason === 'transferred' && r.forwardedPhoneNumber ? { transferredTo: r.forwardedPhoneNumber } : {}),
      }),
    ];
    if (input.timedOut) {
      published.push(
        recordEvent(input, input.eventIds[2], 'call_error', { code: 'CALL_NEVER_ENDED', message: 'The provider never reported the end of the call' }),
      );
    }
    return published;
  }

  /**
   * The AI steps in one round trip, in the order and with the rules the workflow ran them in one by one: a call
   * that cannot be classified stops there; UNBOOKED gets a second look; an outbound call that reached voicemail
   * is VOICEMAIL. Each step still records its own call_error. The steps' events go out in one publish at the end,
   * so a retried group never leaves a part of its results behind.
   */
  async function analyse(input: AnalyseInteractionInput): Promise<AnalysisOutcome> {
    const { analysis, steps } = input;
    const ref = { meta: input.meta, causationId: input.causationId, orgId: input.orgId, interactionId: input.interactionId };
    const step = (stepIds: AiStepIds) => ({ ...ref, ...stepIds, analysis });
    const published: DomainEvent[] = [];
    const run = async <T>(planned: Promise<PlannedStep<T>>) => {
      const { result, events: stepEvents } = await planned;
      published.push(...stepEvents);
      return result;
    };
    await run(groupedSteps.identifyCustomer(step(steps.identify)));
    const classified = await run(groupedSteps.classifyInteraction(step(steps.classify)));
    if (!classified.ok) {
      await events.publish(published);
      return { classified: false };
    }
    let { callStatus } = classified.value;
    if (callStatus === 'UNBOOKED') {
      const second = await run(groupedSteps.reclassifyUnbookedInteraction(step(steps.reclassify)));
      if (second.ok && second.value.reclassified) callStatus = 'EXCUSED';
    }
    const voicemail = await run(groupedSteps.detectVoicemail(step(steps.voicemail)));
    if (voicemail.ok && voicemail.value.reachedVoicemail && analysis.direction === 'outbound') callStatus = 'VOICEMAIL';
    const summarized = await run(groupedSteps.summarizeInteraction({ ...step(steps.summarize), callStatus, agentType: analysis.agentType }));
    const tagged = await run(groupedSteps.tagInteraction({ ...step(steps.tag), callStatus }));
    await run(groupedSteps.scoreCall(step(steps.score)));
    await events.publish(published);
    return {
      classified: true,
      callStatus,
      tags: tagged.ok ? tagged.value.tags : [],
      summary: summarized.ok && 'summary' in summarized.value ? summarized.value.summary : [],
    };
  }

  return {
    async recordCallStarted(input: InteractionRef & { eventIds: [string, string]; record: CanonicalCallRecord }): Promise<void> {
      const r = input.record;
      const org = await context.findOrganization(input.orgId);
      await withCorrelationId(input.meta.correlationId, () =>
        events.publish([
          event(input, input.eventIds[0], 'CallStarted', {
            ...ids(input),
            // CallStarted v1's callId: a call is known by its interaction id (README glossary).
            callId: input.interactionId,
            provider: r.provider,
            providerCallId: r.providerCallId,
            agentType: org ? agentTypeIn(org, r) : agentTypeOf(r),
            voiceAgentId: r.voiceAgentId,
            direction: r.direction,
            customerNumber: r.receiverId,
            startedAt: r.startedAt ?? r.createdAt,
          }),
          recordEvent(input, input.eventIds[1], 'create_call', { provider: r.provider, providerCallId: r.providerCallId, direction: r.direction }),
        ]),
      );
    },

    async recordCallEnded(input: InteractionRef & { eventIds: [string, string, string]; record: CanonicalCallRecord; timedOut: boolean }): Promise<void> {
      await withCorrelationId(input.meta.correlationId, () => events.publish(endedEvents(input)));
    },

    /**
     * The CRM actions the agent's tools started during the call, as the read model holds them. The
     * workflow asks again while any is still NEW, so "booked" means a booking the CRM carried out.
     */
    async listInteractionActions(input: { interactionId: string }): Promise<Action[]> {
      const rows = await context.listActions(input.interactionId);
      return rows.flatMap((r) => {
        const parsed = ActionSchema.safeParse(r);
        if (!parsed.success)
          logger.warn({ interactionId: input.interactionId, actionId: r.id, type: r.type }, 'action not understood by the post-call pipeline');
        return parsed.success ? [parsed.data] : [];
      });
    },

    async transcribeInteraction(input: InteractionRef & { eventId: string; record: CanonicalCallRecord; actions?: Action[] }): Promise<InteractionInput> {
      const { analysis, transcribed } = await transcribe(input);
      await withCorrelationId(input.meta.correlationId, () => events.publish([transcribed]));
      return analysis;
    },

    // Runs started before the AI steps were grouped call them one by one.
    identifyCustomer: publishing(singleSteps.identifyCustomer),
    classifyInteraction: publishing(singleSteps.classifyInteraction),
    reclassifyUnbookedInteraction: publishing(singleSteps.reclassifyUnbookedInteraction),
    detectVoicemail: publishing(singleSteps.detectVoicemail),
    summarizeInteraction: publishing(singleSteps.summarizeInteraction),
    tagInteraction: publishing(singleSteps.tagInteraction),
    scoreCall: publishing(singleSteps.scoreCall),

    /** The AI steps in one round trip (issue 16 point 1); see `analyse`. */
    async analyseInteraction(input: AnalyseInteractionInput): Promise<AnalysisOutcome> {
      return withCorrelationId(input.meta.correlationId, () => analyse(input));
    },

    /**
     * The rest of an ended call in one round trip (issue 16 point 1): its end when not recorded yet, its transcript
     * and the AI steps. The transcript is read from the call record here and never leaves the worker (no activity
     * result or input carries it), so a call's workflow history holds it once, in this input. The end and the
     * transcript go out in one publish before the AI steps, so the read model shows the call ended as soon as before;
     * a retried activity publishes the same events again (the ids are the workflow's) and the projectors skip them.
     */
    async concludeInteraction(input: ConcludeInteractionInput): Promise<ConclusionOutcome> {
      const ref = { meta: input.meta, causationId: input.causationId, orgId: input.orgId, interactionId: input.interactionId };
      return withCorrelationId(input.meta.correlationId, async () => {
        const { analysis, transcribed } = await transcribe({ ...ref, eventId: input.transcribedEventId, record: input.record, actions: input.actions });
        const ended = input.endedEventIds ? endedEvents({ ...ref, eventIds: input.endedEventIds, record: input.record, timedOut: false }) : [];
        await events.publish([...ended, transcribed]);
        Context.current().heartbeat({ task: 'transcribed' });
        const outcome = await analyse({ ...ref, analysis, steps: input.steps });
        return { ...outcome, agentType: analysis.agentType };
      });
    },
  };
}

export type InteractionActivities = ReturnType<typeof createInteractionActivities>;
