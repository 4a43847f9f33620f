import type { CallDelivery } from '../../domain/call/call-record-merge';
import type { Action } from '../../domain/interaction/interaction.schema';
import { freshTaskQueue, recordCalls, releaseAbandonedChildLock, withWorker, useWorkflowTestEnvironment } from '../../tests/support/workflow-environment';
import {
  callDeliveries,
  fakeConclusion,
  fakeInteractionActivities,
  fakeNotificationActivities,
  type InteractionPipelineActivities,
} from '../../tests/support/workflow-scenarios';
import { workflowIds } from '../../domain/run/workflow-ids';
import { callDeliveredSignal, getInteractionQuery } from './interaction.messages';
import { interactionWorkflow } from './interaction.workflow';
import type { InteractionProgress } from './interaction.types';

const suite = useWorkflowTestEnvironment();

const deliver = (delivery: CallDelivery, orgId = 'org-1') => ({ orgId, providerEvent: delivery.kind, delivery });

/**
 * One interaction run, started the way the webhook gateway starts it (signal with start). Its queue is not
 * the product's `interaction` queue, so its notification hand-off runs on the same queue and worker, with the
 * notification fakes (a workflow task nobody polls would stop the test server skipping time).
 */
async function runInteraction(
  interactionActivities: InteractionPipelineActivities,
  providerCallId: string,
  drive: (signal: (d: CallDelivery, orgId?: string) => Promise<void>, query: () => Promise<InteractionProgress>) => Promise<void>,
  provider: 'retell' | 'vapi' | 'bland' = 'retell',
) {
  const taskQueue = freshTaskQueue('interaction');
  const activities = { ...fakeNotificationActivities(), ...interactionActivities };
  const handle = await suite.env.client.workflow.signalWithStart(interactionWorkflow, {
    taskQueue,
    workflowId: `${workflowIds.interaction(provider, providerCallId)}/${taskQueue}`,
    args: [{ meta: { correlationId: 'corr-1' }, orgId: 'org-1', provider, providerCallId }],
    signal: callDeliveredSignal,
    signalArgs: [deliver(callDeliveries.started)],
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
  });
  return withWorker(suite.env, { taskQueue, workflowBundle: suite.workflowBundle, activities }, async () => {
    await drive(
      (d, orgId) => handle.signal(callDeliveredSignal, deliver(d, orgId)),
      () => handle.query(getInteractionQuery),
    );
    const result = await handle.result();
    const progress = await handle.query(getInteractionQuery);
    // The hand-off runs here too (on this queue): the run is not over for the test until it has.
    const notified = suite.env.client.workflow.getHandle(workflowIds.notifyInteraction(result.interactionId));
    const handedOff = { notified: await notified.result(), taskQueue: (await notified.describe()).taskQueue };
    await suite.env.client.workflow.getHandle(workflowIds.deliverWebhooks(result.interactionId)).result();
    await releaseAbandonedChildLock(suite.env);
    const timers = ((await handle.fetchHistory()).events ?? []).flatMap((e) =>
      e.timerStartedEventAttributes ? [Number(e.timerStartedEventAttributes.startToFireTimeout?.seconds ?? 0)] : [],
    );
    return { result, progress, handedOff, taskQueue, timers };
  });
}

test('deliveries in any order and any number of times fold into one call, which is classified and handed to notifications', async () => {
  const { activities, calls, named } = recordCalls(fakeInteractionActivities());
  let live: InteractionProgress | undefined;

  const { result, progress, handedOff, taskQueue } = await runInteraction(activities, 'call-main', async (signal, query) => {
    // The analysed delivery beats the end; the start comes again; another org's URL got the same call id.
    await signal(callDeliveries.started);
    live = await query();
    await signal(callDeliveries.analyzed);
    await signal({ ...callDeliveries.ended, record: { ...callDeliveries.ended.record, endedReason: 'error' } }, 'org-2');
    await signal(callDeliveries.ended);
    await signal(callDeliveries.ended);
  });

  expect(live).toMatchObject({ stage: 'live', deliveries: 1, record: { status: 'in-progress', fromNumber: '+15125550101' } });
  expect(result).toEqual({ interactionId: progress.interactionId, callStatus: 'BOOKED', timedOut: false });
  expect(progress).toMatchObject({
    stage: 'done',
    deliveries: 3,
    record: { status: 'ended', endedReason: 'user_hangup', durationSeconds: 180, summary: 'Booked a plumber.' },
  });
  expect(progress.record.transcriptObject).toHaveLength(2);

  expect(calls.map((c) => c.name)).toEqual([
    'recordCallStarted',
    'listInteractionActions',
    // The end, the transcript and the AI steps in one round trip (issue 16 point 1).
    'concludeInteraction',
    // The follow-ups run side by side.
    ...named('followUpInCrm')
      .concat(named('trackCallOutcome'))
      .map(() => expect.stringMatching(/^(followUpInCrm|trackCallOutcome)$/)),
    'describeInteractionForNotification',
  ]);
  const [concluded] = named('concludeInteraction');
  expect(concluded.input).toMatchObject({ interactionId: result.interactionId, record: { status: 'ended', providerCallId: 'call-main' } });
  expect(concluded.input.endedEventIds).toHaveLength(3);
  expect(concluded.input.actions).toEqual([{ id: 'action-1', type: 'job_booking', status: 'COMPLETED', payload: {} }]);
  expect(named('followUpInCrm')[0].input).toMatchObject({
    callStatus: 'BOOKED',
    tags: ['emergency'],
    endedAt: '2026-01-05T15:03:00.000Z',
    summary: [{ title: 'Summary', content: ['Booked a plumber for Monday.'] }],
    agentType: 'RECEPTIONIST',
    // The CRM's transcript note: the lines the activity made of the record, never carried back through the history.
    transcript: [
      { role: 'Agent', message: 'Thanks for calling Joe Plumbing.', timestamp: '00:00', seconds: 0 },
      { role: 'Customer', message: 'My sink leaks, can someone come Monday?', timestamp: '00:00', seconds: 0 },
    ],
  });
  expect(named('describeInteractionForNotification')[0].input).toMatchObject({ interactionId: result.interactionId, callStatus: 'BOOKED' });
  // Every step has its own two ids, fixed by the workflow; the hand-off waits for the last step's event or error.
  const { steps } = concluded.input;
  const stepIds = Object.values(steps as Record<string, { eventId: string; errorEventId: string }>).flatMap((ids) => [ids.eventId, ids.errorEventId]);
  expect(Object.keys(steps)).toEqual(['identify', 'classify', 'reclassify', 'voicemail', 'summarize', 'tag', 'score']);
  expect(new Set(stepIds).size).toBe(14);
  expect(named('describeInteractionForNotification')[0].input.awaitEventIds).toEqual([[steps.score.eventId, steps.score.errorEventId]]);

  // Spec 000 §4: every finished interaction goes to the rules engine, once, under the interaction's id.
  expect(handedOff).toEqual({ taskQueue, notified: { sent: 3, failed: 0, skipped: 0, pagerUnanswered: true } });
});

test('a booking still running when the caller hangs up is waited for, polling every 2 s (skipped) until it settles or 90 s pass', async () => {
  const settling = recordCalls({ ...fakeInteractionActivities(), listInteractionActions: actionsSettlingAfter(3) });
  const stuck = recordCalls({ ...fakeInteractionActivities(), listInteractionActions: actionsSettlingAfter(Infinity) });
  const endedCall = async (signal: (d: CallDelivery) => Promise<void>) => {
    await signal(callDeliveries.ended);
    await signal(callDeliveries.analyzed);
  };

  await runInteraction(settling.activities, 'call-settling', endedCall);
  expect(settling.named('listInteractionActions')).toHaveLength(4);
  // The end is recorded before the wait, not with the analysis after it.
  expect(settling.calls.map((c) => c.name).slice(0, 3)).toEqual(['recordCallStarted', 'listInteractionActions', 'recordCallEnded']);
  expect(settling.named('concludeInteraction')[0].input.endedEventIds).toBeUndefined();
  expect(settling.named('concludeInteraction')[0].input.actions).toEqual([{ id: 'action-1', type: 'job_booking', status: 'COMPLETED', payload: {} }]);

  // Never settles: after 45 polls the call is classified with the action as it stands.
  const { result } = await runInteraction(stuck.activities, 'call-stuck', endedCall);
  expect(stuck.named('listInteractionActions')).toHaveLength(46);
  expect(stuck.named('recordCallEnded')).toHaveLength(1);
  expect(stuck.named('concludeInteraction')[0].input.actions).toEqual([{ id: 'action-1', type: 'job_booking', status: 'NEW', payload: {} }]);
  expect(result.callStatus).toBe('BOOKED');
});

test('a call that cannot be classified stays PROCESSING: no follow-up, and the hand-off waits for the classification error', async () => {
  const { activities, calls, named } = recordCalls({ ...fakeInteractionActivities(), concludeInteraction: fakeConclusion(() => ({ classified: false })) });

  const { result } = await runInteraction(activities, 'call-unclassified', async (signal) => {
    await signal(callDeliveries.ended);
    await signal(callDeliveries.analyzed);
  });

  expect(result.callStatus).toBe('PROCESSING');
  expect(calls.map((c) => c.name)).toEqual(['recordCallStarted', 'listInteractionActions', 'concludeInteraction', 'describeInteractionForNotification']);
  const { steps } = named('concludeInteraction')[0].input;
  expect(named('describeInteractionForNotification')[0].input.awaitEventIds).toEqual([[steps.classify.eventId, steps.classify.errorEventId]]);
});

test('a call the provider never ends is closed as an error after its timeout (3 hours, skipped), with nothing to analyse', async () => {
  const { activities, calls, named } = recordCalls(fakeInteractionActivities());

  const { result, progress } = await runInteraction(activities, 'call-silent', async () => undefined);

  expect(result).toMatchObject({ interactionId: progress.interactionId, callStatus: 'ERROR', timedOut: true });
  expect(calls.map((c) => c.name)).toEqual(['recordCallStarted', 'recordCallEnded', 'describeInteractionForNotification']);
  expect(named('recordCallEnded')[0].input).toMatchObject({ timedOut: true, record: { status: 'error', endedReason: 'error' } });
  expect(progress.stage).toBe('done');

  // A call that never reached anyone is NO_ANSWER, and is not analysed either.
  const unreached = recordCalls(fakeInteractionActivities());
  const noAnswer = await runInteraction(unreached.activities, 'call-busy', async (signal) => {
    await signal({ kind: 'call_ended', occurredAt: '2026-01-05T15:00:20.000Z', record: { status: 'not-connected', endedReason: 'busy' } });
  });
  expect(noAnswer.result).toMatchObject({ callStatus: 'NO_ANSWER', timedOut: false });
  expect(unreached.calls.map((c) => c.name)).toEqual(['recordCallStarted', 'recordCallEnded', 'describeInteractionForNotification']);
});

test('a call with no speech is classified at once, ABANDONED, without waiting the transcript grace minute', async () => {
  // The classifier's rule for a call nobody spoke in (the offline engine's "no conversation"), with no booking.
  const pipeline = (): InteractionPipelineActivities => ({
    ...fakeInteractionActivities(),
    listInteractionActions: async () => [],
    concludeInteraction: fakeConclusion((analysis) => ({
      classified: true,
      callStatus: analysis.transcript.length === 0 ? 'ABANDONED' : 'UNBOOKED',
      tags: [],
      summary: [],
    })),
  });
  const GRACE_SECONDS = 60;
  const silentEnd: CallDelivery = { ...callDeliveries.ended, record: { ...callDeliveries.ended.record, durationSeconds: 9 } };

  // Retell's call_analyzed (the whole call) came with no transcript: nobody spoke, nothing more to wait for.
  const retell = recordCalls(pipeline());
  const silent = await runInteraction(retell.activities, 'call-no-speech', async (signal) => {
    await signal({ kind: 'call_analyzed', occurredAt: silentEnd.occurredAt, record: { ...silentEnd.record, transcriptObject: [] } });
  });
  expect(silent.result).toMatchObject({ callStatus: 'ABANDONED', timedOut: false });
  expect(silent.timers).not.toContain(GRACE_SECONDS);
  expect(retell.named('concludeInteraction')[0].input.record).toMatchObject({ status: 'ended', transcriptObject: [] });

  // A Retell call_ended without a transcript waits for its call_analyzed, a minute at most; then it is classified.
  const retellEnded = recordCalls(pipeline());
  const retellWaited = await runInteraction(retellEnded.activities, 'call-retell-ended', async (signal) => signal(silentEnd));
  expect(retellWaited.timers).toContain(GRACE_SECONDS);
  expect(retellWaited.result.callStatus).toBe('ABANDONED');

  // Vapi's status-update "ended" comes before its end-of-call-report: that one is waited for, a minute at most.
  const vapi = recordCalls(pipeline());
  const waited = await runInteraction(vapi.activities, 'call-vapi-ended', async (signal) => signal(silentEnd), 'vapi');
  expect(waited.timers).toContain(GRACE_SECONDS);
  expect(waited.result.callStatus).toBe('ABANDONED');

  // …unless the call plainly had no speech: it was not answered.
  const unanswered = recordCalls(pipeline());
  const notConnected = await runInteraction(
    unanswered.activities,
    'call-vapi-no-answer',
    async (signal) => signal({ kind: 'call_ended', occurredAt: '2026-01-05T15:00:20.000Z', record: { status: 'not-connected', endedReason: 'no_answer' } }),
    'vapi',
  );
  expect(notConnected.result.callStatus).toBe('NO_ANSWER');

  // Bland's one post-call webhook is its end: an end without a transcript is the whole call.
  const bland = recordCalls(pipeline());
  const blandSilent = await runInteraction(bland.activities, 'call-bland-silent', async (signal) => signal(silentEnd), 'bland');
  expect(blandSilent.result.callStatus).toBe('ABANDONED');
  expect(blandSilent.timers).not.toContain(GRACE_SECONDS);
  expect(notConnected.timers).not.toContain(GRACE_SECONDS);
});

test('a transcript that comes after the end is waited for: classification never reads a late transcript as silence', async () => {
  // The race: the end is taken (and its events recorded) before the post-call delivery with the transcript
  // arrives, as when the box is loaded or the platform's deliveries come apart. Listing the call's actions (the step
  // after the end is taken) is held until the analysed delivery has been signalled, so the old pipeline (which went on
  // at once) saw no transcript.
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const fakes = fakeInteractionActivities();
  const { activities, named } = recordCalls({
    ...fakes,
    listInteractionActions: async (input) => gate.then(() => fakes.listInteractionActions(input)),
    concludeInteraction: fakeConclusion((analysis) => ({
      classified: true,
      callStatus: analysis.transcript.length === 0 ? 'ABANDONED' : 'BOOKED',
      tags: [],
      summary: [],
    })),
  } as InteractionPipelineActivities);

  const { result } = await runInteraction(activities, 'call-late-transcript', async (signal, query) => {
    await signal(callDeliveries.ended);
    // The workflow has taken the end before the transcript comes.
    while ((await query()).deliveries < 2) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    await signal(callDeliveries.analyzed);
    release();
  });

  expect(named('concludeInteraction')[0].input.record.transcriptObject).toHaveLength(2);
  expect(result.callStatus).toBe('BOOKED');
});

function actionsSettlingAfter(polls: number): InteractionPipelineActivities['listInteractionActions'] {
  let seen = 0;
  return async () => {
    seen += 1;
    const status: Action['status'] = seen > polls ? 'COMPLETED' : 'NEW';
    return [{ id: 'action-1', type: 'job_booking', status, payload: {} }];
  };
}
