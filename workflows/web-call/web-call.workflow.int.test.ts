import { WorkflowUpdateFailedError } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';
import type { AgentRuntimeActivities } from '../../activities/agent-runtime/agent-runtime.activities';
import { taskQueue as queueName } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';
import { freshTaskQueue, recordCalls, withWorker, useWorkflowTestEnvironment } from '../../tests/support/workflow-environment';
import { fakeAgentRuntimeActivities, fixtureAgent } from '../../tests/support/workflow-scenarios';
import type { CallDeliveryMessage, InteractionWorkflowInput } from '../interaction/interaction.types';
import { callerTurnUpdate, endWebCallUpdate, getWebCallQuery, greetCallerUpdate, WEB_CALL_REJECTIONS } from './web-call.messages';
import type { WebCallWorkflowInput } from './web-call.types';
import { webCallWorkflow } from './web-call.workflow';

const suite = useWorkflowTestEnvironment();

const TOKEN = 'token-hash';

/** A call started since the ids were unified: no callId, the interaction id is the provider call id. */
const input = (interactionId: string, taskQueuePrefix: string, idleTimeoutMs?: number): WebCallWorkflowInput => ({
  meta: { correlationId: 'corr-1' },
  orgId: 'org-1',
  interactionId,
  agent: fixtureAgent,
  dynamicVariables: { customer_name: 'Alice' },
  accessTokenHash: TOKEN,
  taskQueuePrefix,
  idleTimeoutMs,
});

const rejection = (err: unknown) => (err instanceof WorkflowUpdateFailedError ? (err.cause as { type?: string }).type : err);

type WebCallHandle = Awaited<ReturnType<typeof suite.env.client.workflow.start<typeof webCallWorkflow>>>;

/**
 * One web call on its own queues. Its interaction child goes to the prefixed interaction queue, which nobody
 * polls here: the test reads what the web call started and signalled from the child's history.
 */
async function webCall(activities: AgentRuntimeActivities, interactionId: string, drive: (handle: WebCallHandle) => Promise<void>, idleTimeoutMs?: number) {
  const prefix = `${freshTaskQueue('web-call')}/`;
  const taskQueue = queueName('webCall', prefix);
  const result = await withWorker(suite.env, { taskQueue, workflowBundle: suite.workflowBundle, activities }, async () => {
    const handle = await suite.env.client.workflow.start(webCallWorkflow, {
      taskQueue,
      workflowId: `${workflowIds.webCall(interactionId)}/${prefix}`,
      args: [input(interactionId, prefix, idleTimeoutMs)],
    });
    await drive(handle);
    return handle.result();
  });
  return { result, interaction: await interactionChild(interactionId), interactionQueue: queueName('interaction', prefix) };
}

async function interactionChild(interactionId: string) {
  const child = suite.env.client.workflow.getHandle(workflowIds.interaction('in_house', interactionId));
  const { events } = await child.fetchHistory();
  const decode = <T>(payloads: { payloads?: unknown[] | null } | null | undefined) =>
    defaultPayloadConverter.fromPayload<T>((payloads?.payloads ?? [])[0] as never);
  const started = events?.find((e) => e.workflowExecutionStartedEventAttributes)?.workflowExecutionStartedEventAttributes;
  return {
    taskQueue: started?.taskQueue?.name,
    input: decode<InteractionWorkflowInput>(started?.input),
    deliveries: (events ?? []).flatMap((e) =>
      e.workflowExecutionSignaledEventAttributes ? [decode<CallDeliveryMessage>(e.workflowExecutionSignaledEventAttributes.input)] : [],
    ),
  };
}

test('the caller is greeted, each turn is answered in order, and the call becomes an in-house interaction under its interaction id', async () => {
  const { activities, named } = recordCalls(fakeAgentRuntimeActivities());
  const replies: unknown[] = [];

  const { result, interaction, interactionQueue } = await webCall(activities, 'int-web-main', async (handle) => {
    replies.push(await handle.executeUpdate(greetCallerUpdate, { args: [{ accessTokenHash: TOKEN }] }));
    replies.push(await handle.executeUpdate(callerTurnUpdate, { args: [{ accessTokenHash: TOKEN, text: 'My sink leaks' }] }));
    replies.push(await handle.executeUpdate(callerTurnUpdate, { args: [{ accessTokenHash: TOKEN, text: 'Monday works' }] }));
    expect(await handle.query(getWebCallQuery)).toMatchObject({ status: 'live', endReason: null });
    replies.push(await handle.executeUpdate(endWebCallUpdate, { args: [{ accessTokenHash: TOKEN }] }));
  });

  expect(replies.slice(0, 3)).toEqual([
    { reply: 'Hi, this is Ava. How can I help?', toolCalls: [], ended: false },
    { reply: 'You said: My sink leaks', toolCalls: [], ended: false },
    { reply: 'You said: Monday works', toolCalls: [], ended: false },
  ]);
  expect(result).toEqual(replies[3]);
  expect(result).toMatchObject({ interactionId: 'int-web-main', orgId: 'org-1', agentId: 'agent-1', status: 'ended', endReason: 'caller_ended' });
  expect(result.entries.map((e) => (e.kind === 'turn' ? `${e.role}: ${e.content}` : e.kind))).toEqual([
    'Agent: Hi, this is Ava. How can I help?',
    'Customer: My sink leaks',
    'Agent: You said: My sink leaks',
    'Customer: Monday works',
    'Agent: You said: Monday works',
  ]);
  expect(named('generateAgentTurn').map((c) => c.input.callerText)).toEqual([null, 'My sink leaks', 'Monday works']);
  expect(named('generateAgentTurn')[1].input).toMatchObject({ orgId: 'org-1', interactionId: 'int-web-main' });

  // The interaction is found by provider in_house and the interaction id; it is fed a start and an end.
  expect(interaction.taskQueue).toBe(interactionQueue);
  expect(interaction.input).toMatchObject({ orgId: 'org-1', provider: 'in_house', providerCallId: 'int-web-main', interactionId: 'int-web-main' });
  expect(interaction.deliveries.map((d) => [d.providerEvent, d.delivery.record?.status, d.delivery.record?.providerCallId])).toEqual([
    ['call_started', 'in-progress', 'int-web-main'],
    ['call_ended', 'ended', 'int-web-main'],
  ]);
  expect(interaction.deliveries[1].delivery.record).toMatchObject({ endedReason: 'user_hangup', providerEndedReason: 'caller_ended' });
  expect(interaction.deliveries[1].delivery.record?.transcriptObject).toHaveLength(5);
});

test('a wrong access token is refused for the greeting, a turn and the end, as is an empty turn; none reaches the agent', async () => {
  const { activities, named } = recordCalls(fakeAgentRuntimeActivities());
  const refusals: unknown[] = [];

  const { result } = await webCall(activities, 'int-web-token', async (handle) => {
    refusals.push(await handle.executeUpdate(greetCallerUpdate, { args: [{ accessTokenHash: 'stolen' }] }).catch(rejection));
    refusals.push(await handle.executeUpdate(callerTurnUpdate, { args: [{ accessTokenHash: 'stolen', text: 'hello' }] }).catch(rejection));
    refusals.push(await handle.executeUpdate(endWebCallUpdate, { args: [{ accessTokenHash: 'stolen' }] }).catch(rejection));
    refusals.push(await handle.executeUpdate(callerTurnUpdate, { args: [{ accessTokenHash: TOKEN, text: '  ' }] }).catch(rejection));
    expect(await handle.query(getWebCallQuery)).toMatchObject({ status: 'live' });
    // The agent ends this one.
    await handle.executeUpdate(callerTurnUpdate, { args: [{ accessTokenHash: TOKEN, text: 'bye' }] });
  });

  expect(refusals).toEqual([WEB_CALL_REJECTIONS.badToken, WEB_CALL_REJECTIONS.badToken, WEB_CALL_REJECTIONS.badToken, 'WebCallBadTurn']);
  expect(named('generateAgentTurn').map((c) => c.input.callerText)).toEqual([null, 'bye']);
  expect(result).toMatchObject({ status: 'ended', endReason: 'agent_ended' });
});

test('a call nobody speaks in is ended as idle and handed to its interaction as such', async () => {
  const { activities } = recordCalls(fakeAgentRuntimeActivities());

  // A short idle limit in real time: the unpolled interaction queue holds the test server's clock.
  const { result, interaction } = await webCall(
    activities,
    'int-web-idle',
    async (handle) => {
      await handle.executeUpdate(greetCallerUpdate, { args: [{ accessTokenHash: TOKEN }] });
    },
    1_500,
  );

  expect(result).toMatchObject({ status: 'ended', endReason: 'idle_timeout' });
  expect(interaction.deliveries.at(-1)?.delivery.record).toMatchObject({ status: 'ended', endedReason: 'other', providerEndedReason: 'idle_timeout' });
});
