import { condition, proxyActivities, setHandler, uuid4, workflowInfo } from '@temporalio/workflow';
import type { InteractionActivities } from '../../activities/interaction/interaction.activities';
import { mergeCallDeliveries, type CallDelivery } from '../../activities/voice/call-record-merge';
import { isTerminalStatus } from '../../activities/voice/call-record.schema';
import { callDeliveredSignal, getInteractionQuery } from './interaction.messages';
import type { InteractionProgress, InteractionResult, InteractionWorkflowInput } from './interaction.types';

const { recordCallStarted, recordCallEnded, transcribeInteraction } = proxyActivities<InteractionActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds', nonRetryableErrorTypes: ['UnknownOrganization'] },
});

// AI steps record their own failure as a call_error after a few tries, so the retry policy stays short.
const ai = proxyActivities<InteractionActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '20 seconds', maximumAttempts: 5 },
});

const THREE_HOURS_MS = 3 * 60 * 60 * 1000;
// Transcripts often follow the end by seconds (Retell's call_analyzed, Vapi's end-of-call-report).
const TRANSCRIPT_GRACE = '1 minute';

/**
 * One run per provider call (workflowIds.interaction): webhook deliveries arrive as signals in any order
 * and any number of times and fold into one call record; once the call is over the post-call pipeline
 * classifies it (spec 000 §1, §4).
 */
export async function interactionWorkflow(input: InteractionWorkflowInput): Promise<InteractionResult> {
  const deliveries = new Map<string, CallDelivery>();
  const progress: InteractionProgress = {
    interactionId: uuid4(),
    callId: uuid4(),
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

  const { interactionId, callId } = progress;
  const ref = { meta: input.meta, causationId: `workflow:${workflowInfo().workflowId}`, orgId: input.orgId, interactionId };

  await condition(() => deliveries.size > 0);
  await recordCallStarted({ ...ref, eventIds: [uuid4(), uuid4()], callId, record: progress.record });

  const ended = await condition(() => isTerminalStatus(progress.record.status), input.callEndTimeoutMs ?? THREE_HOURS_MS);
  if (ended && progress.record.transcriptObject.length === 0) {
    await condition(() => progress.record.transcriptObject.length > 0, TRANSCRIPT_GRACE);
  }
  const timedOut = !ended;
  const record = timedOut ? { ...progress.record, status: 'error' as const, endedReason: 'error' as const } : progress.record;
  progress.stage = 'ended';
  await recordCallEnded({ ...ref, eventIds: [uuid4(), uuid4(), uuid4()], record, timedOut });

  const result = (callStatus: string): InteractionResult => {
    progress.stage = 'done';
    return { interactionId, callId, callStatus, timedOut };
  };
  // A call that never reached anyone, or that we gave up on, has nothing to analyse.
  if (timedOut || record.status !== 'ended') return result(record.status === 'not-connected' ? 'NO_ANSWER' : 'ERROR');

  progress.stage = 'analysing';
  const analysis = await transcribeInteraction({ ...ref, eventId: uuid4(), record });
  const step = () => ({ ...ref, eventId: uuid4(), errorEventId: uuid4(), analysis });

  await ai.identifyCustomer(step());
  const classified = await ai.classifyInteraction(step());
  if (!classified.ok) return result('PROCESSING');
  let { callStatus } = classified.value;
  if (callStatus === 'UNBOOKED') {
    const second = await ai.reclassifyUnbookedInteraction(step());
    if (second.ok && second.value.reclassified) callStatus = 'EXCUSED';
  }
  const voicemail = await ai.detectVoicemail(step());
  if (voicemail.ok && voicemail.value.reachedVoicemail && analysis.direction === 'outbound') callStatus = 'VOICEMAIL';
  await ai.summarizeInteraction({ ...step(), callStatus, agentType: analysis.agentType });
  await ai.tagInteraction({ ...step(), callStatus });
  await ai.scoreCall(step());
  return result(callStatus);
}
