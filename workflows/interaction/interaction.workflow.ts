import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import {
  ActivityFailure,
  ParentClosePolicy,
  condition,
  log,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  sleep,
  startChild,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { InteractionActivities } from '../../activities/interaction/interaction.activities';
import type { InteractionHandoffActivities } from '../../activities/notifications/handoff/interaction-handoff.activities';
import type { FollowUpActivities } from '../../activities/interaction/follow-up.activities';
import { notifyInteractionWorkflow } from '../notification/notify-interaction.workflow';
import { TASK_QUEUES } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';
import { mergeCallDeliveries, type CallDelivery } from '../../domain/call/call-record-merge';
import { isTerminalStatus } from '../../domain/call/call-record.schema';
import { awaitsPostCallTranscript, awaitsTranscript } from '../../domain/call/silent-call';
import { callDeliveredSignal, getInteractionQuery } from './interaction.messages';
import type { AgentType, CallStatus, TranscriptLine } from '../../domain/interaction/interaction.schema';
import { toTranscriptLines } from '../../domain/call/transcript';
import type { InteractionProgress, InteractionResult, InteractionWorkflowInput } from './interaction.types';

const { recordCallStarted, recordCallEnded, transcribeInteraction, listInteractionActions } = proxyActivities<InteractionActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds', nonRetryableErrorTypes: ['UnknownOrganization'] },
});

// Listing a call's actions only reads the read model: run in the worker, it costs the workflow no round trip to the server.
const { listInteractionActions: listInteractionActionsLocally } = proxyLocalActivities<InteractionActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds' },
});

// AI steps record their own failure as a call_error after a few tries, so the retry policy stays short.
const ai = proxyActivities<InteractionActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '20 seconds', maximumAttempts: 5 },
});

// The AI steps as one activity: an engine's tries are made inside it and a step that keeps failing is recorded as
// its call_error, so what is left to retry here is the infrastructure (the bus, the database), as for the record steps.
const analyse = proxyActivities<InteractionActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', nonRetryableErrorTypes: ['UnknownOrganization'] },
});

// The read model trails the pipeline by moments; past a few minutes the hand-off is given up and logged.
const { describeInteractionForNotification } = proxyActivities<InteractionHandoffActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 1.5,
    maximumInterval: '10 seconds',
    maximumAttempts: 30,
    nonRetryableErrorTypes: ['UnknownOrganization'],
  },
});

// CRM follow-ups and tracking are worth a few tries, never a failed interaction: a last failure is logged.
const followUp = proxyActivities<FollowUpActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 6 },
});

const THREE_HOURS_MS = 3 * 60 * 60 * 1000;
// Vapi's transcript follows the end by seconds (its end-of-call-report after the status-update "ended").
const TRANSCRIPT_GRACE = '1 minute';
// A booking the agent asked for mid-call is a durable CRM action that may still be running when the
// caller hangs up; the call is classified once every action has settled, or after this long.
const ACTION_SETTLE_POLLS = 45;
const ACTION_SETTLE_INTERVAL = '2 seconds';

/**
 * One run per provider call (workflowIds.interaction): webhook deliveries arrive as signals in any order
 * and any number of times and fold into one call record; once the call is over the post-call pipeline
 * classifies it (spec 000 §1, §4).
 */
export async function interactionWorkflow(input: InteractionWorkflowInput): Promise<InteractionResult> {
  const deliveries = new Map<string, CallDelivery>();
  const progress: InteractionProgress = {
    interactionId: input.interactionId ?? uuid4(),
    stage: 'live',
    deliveries: 0,
    record: mergeCallDeliveries(input.provider, input.providerCallId, []),
  };
  setHandler(getInteractionQuery, () => progress);
  setHandler(callDeliveredSignal, ({ orgId, providerEvent, delivery }) => {
    if (orgId !== input.orgId) return; // the same provider call id posted to another org's URL
    const key = `${providerEvent}|${delivery.kind}|${delivery.sequence ?? ''}|${delivery.occurredAt}|${JSON.stringify(delivery.record ?? {})}`;
    if (deliveries.has(key)) return;
    deliveries.set(key, delivery);
    progress.deliveries = deliveries.size;
    progress.record = mergeCallDeliveries(input.provider, input.providerCallId, [...deliveries.values()]);
  });

  const { interactionId } = progress;
  const ref = { meta: input.meta, causationId: `workflow:${workflowInfo().workflowId}`, orgId: input.orgId, interactionId };

  await condition(() => deliveries.size > 0);
  await recordCallStarted({ ...ref, eventIds: [uuid4(), uuid4()], record: progress.record });

  const ended = await condition(() => isTerminalStatus(progress.record.status), input.callEndTimeoutMs ?? THREE_HOURS_MS);
  const analysed = () => [...deliveries.values()].some((d) => d.kind === 'call_analyzed');
  if (ended && progress.record.transcriptObject.length === 0) {
    if (patched('post-call-transcript-awaited')) {
      // An end without a transcript on a platform that sends one after it (Retell, Vapi) waits for that delivery,
      // so a transcript that is only late is never classified as silence.
      const pending = () => awaitsPostCallTranscript(progress.record, { analysed: analysed() });
      if (pending()) await condition(() => !pending(), TRANSCRIPT_GRACE);
    } else if (!patched('silent-call-classified-at-once') || awaitsTranscript(progress.record, { analysed: analysed() })) {
      // Runs started before it waited for every call's transcript; then a call with no speech was classified at once.
      await condition(() => progress.record.transcriptObject.length > 0, TRANSCRIPT_GRACE);
    }
  }
  const timedOut = !ended;
  const record = timedOut ? { ...progress.record, status: 'error' as const, endedReason: 'error' as const } : progress.record;
  progress.stage = 'ended';
  const endedEventIds: [string, string, string] = [uuid4(), uuid4(), uuid4()];
  // An ended call whose actions have settled has its end recorded in the same round trip as its transcript and
  // analysis (concludeInteraction); a call not analysed, or one whose booking is still running, records it at once.
  const concludedTogether = patched('post-call-concluded-in-one-activity');
  let endRecorded = false;
  const recordEnd = async () => {
    await recordCallEnded({ ...ref, eventIds: endedEventIds, record, timedOut });
    endRecorded = true;
  };
  if (!concludedTogether || timedOut || record.status !== 'ended') await recordEnd();
  // The events the read model must hold before the interaction is described to the notification engine.
  let lastEventIds: string[][] = [[endedEventIds[0]]];

  const result = async (callStatus: string): Promise<InteractionResult> => {
    // Workflows started before the hand-off existed finish without it on replay.
    if (patched('notify-interaction-handoff')) await handOffToNotifications(lastEventIds, callStatus);
    progress.stage = 'done';
    return { interactionId, callStatus, timedOut };
  };

  function notificationQueue(): string {
    const own = workflowInfo().taskQueue;
    return own.endsWith(TASK_QUEUES.interaction) ? `${own.slice(0, own.length - TASK_QUEUES.interaction.length)}${TASK_QUEUES.notification}` : own;
  }

  /** Spec 000 §4: every finished interaction goes to the rules engine, once (the child's id is the interaction's). */
  async function handOffToNotifications(awaitEventIds: string[][], callStatus: string): Promise<void> {
    try {
      const event = await describeInteractionForNotification({ orgId: input.orgId, interactionId, callStatus, awaitEventIds });
      await startChild(notifyInteractionWorkflow, {
        workflowId: workflowIds.notifyInteraction(interactionId),
        taskQueue: notificationQueue(),
        parentClosePolicy: ParentClosePolicy.ABANDON,
        args: [{ meta: input.meta, orgId: input.orgId, event }],
      });
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) return;
      if (!(err instanceof ActivityFailure)) throw err;
      log.warn('interaction not handed to notifications', { interactionId, error: err.cause?.message ?? err.message });
    }
  }

  // A call that never reached anyone, or that we gave up on, has nothing to analyse.
  if (timedOut || record.status !== 'ended') return result(record.status === 'not-connected' ? 'NO_ANSWER' : 'ERROR');

  progress.stage = 'analysing';
  const transcribedEventId = uuid4();
  const actions = patched('interaction-actions-as-facts') ? await settledActions() : undefined;
  // Deliveries that came while the end was recorded and the actions settled belong to the call (a transcript
  // delivered late, a retried post-call delivery): the pipeline reads the call as it stands now.
  const current = patched('post-call-transcript-awaited') ? progress.record : record;
  let callStatus: CallStatus;
  let tags: string[];
  let summary: { title: string; content: string[] }[];
  let agentType: AgentType;
  let transcript: TranscriptLine[];
  if (concludedTogether) {
    // The end (unless recorded while a booking settled), the transcript and the AI steps in one round trip; the
    // transcript stays in the worker, so this input is the history's only copy of it besides the deliveries.
    const steps = analysisStepIds();
    const outcome = await analyse.concludeInteraction({
      ...ref,
      ...(endRecorded ? {} : { endedEventIds }),
      transcribedEventId,
      record: current,
      actions,
      steps,
    });
    if (!outcome.classified) {
      lastEventIds = [[steps.classify.eventId, steps.classify.errorEventId]];
      return result('PROCESSING');
    }
    lastEventIds = [[steps.score.eventId, steps.score.errorEventId]];
    ({ callStatus, tags, summary, agentType } = outcome);
    // The lines the activity made of the same record (a pure function of it): the CRM's transcript note.
    transcript = toTranscriptLines(current.transcriptObject);
    return followUpAndResult();
  }
  const analysis = await transcribeInteraction({ ...ref, eventId: transcribedEventId, record: current, actions });
  lastEventIds = [[transcribedEventId]];
  ({ agentType, transcript } = analysis);
  if (patched('post-call-analysis-grouped')) {
    // The AI steps in one activity (one round trip instead of seven); each step's ids are fixed here, so a retried
    // group publishes the same events.
    const steps = analysisStepIds();
    const outcome = await analyse.analyseInteraction({ ...ref, analysis, steps });
    if (!outcome.classified) {
      lastEventIds = [[steps.classify.eventId, steps.classify.errorEventId]];
      return result('PROCESSING');
    }
    lastEventIds = [[steps.score.eventId, steps.score.errorEventId]];
    ({ callStatus, tags, summary } = outcome);
  } else {
    const step = () => {
      const ids = { eventId: uuid4(), errorEventId: uuid4() };
      lastEventIds = [[ids.eventId, ids.errorEventId]];
      return { ...ref, ...ids, analysis };
    };

    await ai.identifyCustomer(step());
    const classified = await ai.classifyInteraction(step());
    if (!classified.ok) return result('PROCESSING');
    callStatus = classified.value.callStatus;
    if (callStatus === 'UNBOOKED') {
      const second = await ai.reclassifyUnbookedInteraction(step());
      if (second.ok && second.value.reclassified) callStatus = 'EXCUSED';
    }
    const voicemail = await ai.detectVoicemail(step());
    if (voicemail.ok && voicemail.value.reachedVoicemail && analysis.direction === 'outbound') callStatus = 'VOICEMAIL';
    const summarized = await ai.summarizeInteraction({ ...step(), callStatus, agentType: analysis.agentType });
    const tagged = await ai.tagInteraction({ ...step(), callStatus });
    await ai.scoreCall(step());
    tags = tagged.ok ? tagged.value.tags : [];
    summary = summarized.ok && 'summary' in summarized.value ? summarized.value.summary : [];
  }
  return followUpAndResult();

  async function followUpAndResult(): Promise<InteractionResult> {
    // Workflows started before the CRM follow-up and tracking existed finish without them on replay.
    if (patched('crm-follow-up-and-tracking')) {
      const outcome = {
        ...ref,
        callStatus,
        agentType,
        agentId: record.voiceAgentId,
        tags,
        endedAt: record.endedAt ?? new Date(workflowInfo().runStartTime).toISOString(),
      };
      await Promise.all([
        followUp.followUpInCrm({ ...outcome, eventId: uuid4(), errorEventId: uuid4(), summary, transcript }).catch(logFollowUpFailure('crm_follow_up')),
        followUp.trackCallOutcome(outcome).catch(logFollowUpFailure('customer_success_tracking')),
      ]);
    }
    return result(callStatus);
  }

  /** Each AI step's two ids (its event, its call_error), fixed here so a retried group publishes the same events. */
  function analysisStepIds() {
    const stepIds = () => ({ eventId: uuid4(), errorEventId: uuid4() });
    return {
      identify: stepIds(),
      classify: stepIds(),
      reclassify: stepIds(),
      voicemail: stepIds(),
      summarize: stepIds(),
      tag: stepIds(),
      score: stepIds(),
    };
  }

  async function settledActions() {
    // Runs started before the actions were listed in the worker list them through the server.
    const list = patched('interaction-actions-listed-locally') ? listInteractionActionsLocally : listInteractionActions;
    let actions = await list({ interactionId });
    // A booking still running: the call's end is recorded now, not after the wait.
    if (concludedTogether && !endRecorded && actions.some((a) => a.status === 'NEW')) await recordEnd();
    for (let i = 0; i < ACTION_SETTLE_POLLS && actions.some((a) => a.status === 'NEW'); i += 1) {
      await sleep(ACTION_SETTLE_INTERVAL);
      actions = await list({ interactionId });
    }
    return actions;
  }

  function logFollowUpFailure(step: string) {
    return (err: unknown) => {
      if (!(err instanceof ActivityFailure)) throw err;
      log.warn('post-call follow-up failed', { interactionId, step, error: err.cause?.message ?? err.message });
    };
  }
}
