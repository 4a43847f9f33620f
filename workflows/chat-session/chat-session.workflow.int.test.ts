import { WorkflowUpdateFailedError, WorkflowUpdateStage } from '@temporalio/client';
import type { AgentRuntimeActivities } from '../../activities/agent-runtime/agent-runtime.activities';
import { CHAT_NUDGE } from '../../domain/chat/chat-session';
import { workflowIds } from '../../domain/run/workflow-ids';
import { freshTaskQueue, recordCalls, releaseAbandonedChildLock, withWorker, useWorkflowTestEnvironment } from '../../tests/support/workflow-environment';
import { fakeAgentRuntimeActivities, fakeChatSessionPipelineActivities, fixtureAgent } from '../../tests/support/workflow-scenarios';
import { CHAT_SESSION_REJECTIONS, chatTurnUpdate, getChatSessionQuery } from './chat-session.messages';
import { chatSessionWorkflow } from './chat-session.workflow';
import type { ChatSessionSnapshot, ChatTurnInput } from './chat-session.types';

const suite = useWorkflowTestEnvironment();

const MINUTE = 60_000;
const turn = (message: string, owner: Partial<ChatTurnInput> = {}): ChatTurnInput => ({ orgId: 'org-1', agentId: fixtureAgent.id, message, ...owner });

/** The update's failure type, as the API maps it to its answer (temporal-chat-session-gateway). */
const rejection = (err: unknown) =>
  err instanceof WorkflowUpdateFailedError ? { type: (err.cause as { type?: string }).type, message: err.cause?.message } : err;

/** An agent that asks for the zip code while the visitor has a problem, and closes when told thanks. */
const askingAgent = (): AgentRuntimeActivities => ({
  generateAgentTurn: async ({ callerText, messages }) => ({
    reply:
      callerText === null
        ? 'Hi, this is Ava. How can I help?'
        : /thanks/i.test(callerText)
          ? 'You are booked for Tuesday morning. Have a great day.'
          : 'I can help with that. What is your zip code?',
    toolCalls: [],
    ended: callerText === 'bye',
    messages: [...messages, ...(callerText === null ? [] : [{ role: 'user' as const, content: callerText }])],
  }),
});

/**
 * A session on prefixed queues as the product runs them: the session on `<prefix>web-call`, its notification
 * child on `<prefix>notification`, both with every fake activity (recorded).
 */
async function chatSession(overrides: object, sessionId: string, drive: (handle: Awaited<ReturnType<typeof start>>) => Promise<void>) {
  const prefix = `${freshTaskQueue('cs')}-`;
  const recorded = recordCalls({ ...fakeChatSessionPipelineActivities(), ...overrides } as ReturnType<typeof fakeChatSessionPipelineActivities>);
  const interactionId = `int-${sessionId}-${prefix}`;
  function start() {
    return suite.env.client.workflow.start(chatSessionWorkflow, {
      taskQueue: `${prefix}web-call`,
      workflowId: `${workflowIds.chatSession(sessionId)}/${prefix}`,
      args: [{ meta: { correlationId: 'corr-1' }, orgId: 'org-1', sessionId, interactionId, agent: fixtureAgent }],
    });
  }
  const run = (queue: string, fn: () => Promise<unknown>) =>
    withWorker(suite.env, { taskQueue: `${prefix}${queue}`, workflowBundle: suite.workflowBundle, activities: recorded.activities }, fn);
  const ended = (await run('web-call', () =>
    run('notification', async () => {
      const handle = await start();
      await drive(handle);
      const result = await handle.result();
      await suite.env.client.workflow
        .getHandle(workflowIds.notifyInteraction(interactionId))
        .result()
        .catch(() => null);
      await releaseAbandonedChildLock(suite.env);
      return result;
    }),
  )) as ChatSessionSnapshot;
  return { ended, ...recorded, interactionId };
}

test('the first turn is answered with the greeting, the message and the reply; the agent ending it ends the session, which is recorded, analysed and notified', async () => {
  const answers: unknown[] = [];

  const { ended, named, calls } = await chatSession({}, 'session-main', async (handle) => {
    answers.push(await handle.executeUpdate(chatTurnUpdate, { args: [turn('My sink leaks')] }));
    answers.push(await handle.executeUpdate(chatTurnUpdate, { args: [turn('bye')] }));
  });

  const text = (a: unknown) => (a as { messages: { role: string; content: string }[] }).messages.map((m) => [m.role, m.content]);
  expect(text(answers[0])).toEqual([
    ['assistant', 'Hi, this is Ava. How can I help?'],
    ['user', 'My sink leaks'],
    ['assistant', 'You said: My sink leaks'],
  ]);
  expect(answers[0]).toMatchObject({ chatEnded: false, messages: [{ id: expect.any(String) }, { id: expect.any(String) }, { id: expect.any(String) }] });
  expect(text(answers[1])).toEqual([
    ['user', 'bye'],
    ['assistant', 'You said: bye'],
  ]);
  expect(answers[1]).toMatchObject({ chatEnded: true });
  expect(ended).toMatchObject({ sessionId: 'session-main', agentId: 'agent-1', status: 'ended', endReason: 'agent_ended', callStatus: 'BOOKED' });
  expect(ended.messages).toHaveLength(5);
  // The agent sees the conversation so far on every turn, and records its tools' actions on the interaction.
  expect(named('generateAgentTurn').map((c) => c.input.callerText)).toEqual([null, 'My sink leaks', 'bye']);
  // Each turn's messages are recorded once, as agent/user messages with ids; then the end and the post-call steps.
  expect(named('recordChatSessionMessages').map((c) => c.input.messages.map((m: { role: string }) => m.role))).toEqual([
    ['agent', 'user', 'agent'],
    ['user', 'agent'],
  ]);
  expect(named('recordChatSessionEnded')[0].input).toMatchObject({ reason: 'agent_ended', customerNumber: null });
  const pipeline = [
    'listInteractionActions',
    'recordChatSessionEnded',
    'transcribeChatSession',
    'identifyCustomer',
    'classifyInteraction',
    'summarizeInteraction',
    'tagInteraction',
    'describeChatSessionForNotification',
  ];
  expect(calls.map((c) => c.name).filter((n) => pipeline.includes(n))).toEqual(pipeline);
  expect(named('transcribeChatSession')[0].input.messages).toHaveLength(5);
  expect(named('describeChatSessionForNotification')[0].input).toMatchObject({ callStatus: 'BOOKED' });
});

test("another org's or agent's turn, an empty message and a turn after the session ended are refused without reaching the agent", async () => {
  let releaseBye!: () => void;
  const byeHeld = new Promise<void>((resolve) => (releaseBye = resolve));
  const fake = fakeAgentRuntimeActivities();
  const refusals: unknown[] = [];

  const { ended, named } = await chatSession(
    {
      generateAgentTurn: async (input: Parameters<AgentRuntimeActivities['generateAgentTurn']>[0]) => {
        if (input.callerText === 'bye') await byeHeld;
        return fake.generateAgentTurn(input);
      },
    },
    'session-refusals',
    async (handle) => {
      await handle.executeUpdate(chatTurnUpdate, { args: [turn('My sink leaks')] });
      for (const bad of [turn('hello', { orgId: 'org-2' }), turn('hello', { agentId: 'agent-2' }), turn('   ')]) {
        refusals.push(await handle.executeUpdate(chatTurnUpdate, { args: [bad] }).catch(rejection));
      }
      expect((await handle.query(getChatSessionQuery)).messages).toHaveLength(3);

      // A turn admitted while the ending turn is answered is refused once the session has ended.
      const bye = await handle.startUpdate(chatTurnUpdate, { args: [turn('bye')], waitForStage: WorkflowUpdateStage.ACCEPTED });
      const late = await handle.startUpdate(chatTurnUpdate, { args: [turn('one more thing')], waitForStage: WorkflowUpdateStage.ACCEPTED });
      releaseBye();
      await bye.result();
      refusals.push(await late.result().catch(rejection));
    },
  );

  expect(refusals).toEqual([
    { type: CHAT_SESSION_REJECTIONS.otherOwner, message: 'Chat session not found' },
    { type: CHAT_SESSION_REJECTIONS.otherOwner, message: 'Chat session not found' },
    { type: 'ChatSessionBadTurn', message: 'message must not be empty' },
    { type: CHAT_SESSION_REJECTIONS.ended, message: 'This chat session has ended' },
  ]);
  expect(named('generateAgentTurn').map((c) => c.input.callerText)).toEqual([null, 'My sink leaks', 'bye']);
  expect(ended.messages.map((m) => m.content)).not.toContain('one more thing');
});

test('15-minute rule (skipped): a concluded chat that goes quiet for 15 minutes is ended without a nudge and analysed', async () => {
  let lastTurnAt = 0;
  const { ended, named } = await chatSession(askingAgent(), 'session-concluded', async (handle) => {
    await handle.executeUpdate(chatTurnUpdate, { args: [turn('My AC is out')] });
    await handle.executeUpdate(chatTurnUpdate, { args: [turn('Thanks, that works')] });
    lastTurnAt = await suite.env.currentTimeMs();
  });

  expect(ended).toMatchObject({ status: 'ended', endReason: 'concluded', callStatus: 'BOOKED' });
  expect(ended.messages.map((m) => m.content)).not.toContain(CHAT_NUDGE);
  const quiet = (await suite.env.currentTimeMs()) - lastTurnAt;
  expect(quiet).toBeGreaterThanOrEqual(15 * MINUTE);
  expect(quiet).toBeLessThan(30 * MINUTE);
  expect(named('recordChatSessionEnded')[0].input).toMatchObject({ reason: 'concluded' });
  expect(named('classifyInteraction')).toHaveLength(1);
});

test('15-minute rule (skipped): an open chat gets one nudge after 15 quiet minutes, and ends after 15 more', async () => {
  let lastTurnAt = 0;
  const { ended, named } = await chatSession(askingAgent(), 'session-nudged', async (handle) => {
    await handle.executeUpdate(chatTurnUpdate, { args: [turn('My AC is out')] });
    lastTurnAt = await suite.env.currentTimeMs();
  });

  expect(ended).toMatchObject({ status: 'ended', endReason: 'idle_timeout' });
  expect(ended.messages.map((m) => [m.role, m.content]).slice(-2)).toEqual([
    ['assistant', 'I can help with that. What is your zip code?'],
    ['assistant', CHAT_NUDGE],
  ]);
  expect((await suite.env.currentTimeMs()) - lastTurnAt).toBeGreaterThanOrEqual(30 * MINUTE);
  // The nudge is a recorded message of its own; the agent is not asked again.
  expect(named('recordChatSessionMessages').at(-1)!.input.messages).toEqual([expect.objectContaining({ role: 'agent', content: CHAT_NUDGE })]);
  expect(named('generateAgentTurn')).toHaveLength(2);
  expect(named('recordChatSessionEnded')[0].input).toMatchObject({ reason: 'idle_timeout' });
  expect(named('transcribeChatSession')[0].input.messages.at(-1)).toMatchObject({ role: 'agent', content: CHAT_NUDGE });
});

test('a reply after the nudge is answered with the nudge first, and the next quiet period earns a nudge again', async () => {
  const answers: { messages: { content: string }[] }[] = [];
  const { ended, named } = await chatSession(askingAgent(), 'session-replied', async (handle) => {
    await handle.executeUpdate(chatTurnUpdate, { args: [turn('My AC is out')] });
    await suite.env.sleep(16 * MINUTE);
    expect((await handle.query(getChatSessionQuery)).messages.at(-1)).toMatchObject({ content: CHAT_NUDGE });
    answers.push(await handle.executeUpdate(chatTurnUpdate, { args: [turn('Sorry, 78701')] }));
  });

  expect(answers[0].messages.map((m) => m.content)).toEqual([CHAT_NUDGE, 'Sorry, 78701', 'I can help with that. What is your zip code?']);
  expect(ended.messages.filter((m) => m.content === CHAT_NUDGE)).toHaveLength(2);
  expect(ended).toMatchObject({ endReason: 'idle_timeout' });
  expect(named('generateAgentTurn')).toHaveLength(3);
});

test('a session nobody writes in ends after 15 minutes, recorded as ended, with nothing to analyse', async () => {
  const { ended, named } = await chatSession({}, 'session-empty', async () => undefined);

  expect(ended).toMatchObject({ status: 'ended', endReason: 'idle_timeout', messages: [] });
  expect(named('generateAgentTurn')).toHaveLength(0);
  expect(named('recordChatSessionStarted')).toHaveLength(1);
  expect(named('recordChatSessionEnded')[0].input).toMatchObject({ reason: 'idle_timeout' });
  expect(named('classifyInteraction')).toHaveLength(0);
  expect(named('describeChatSessionForNotification')).toHaveLength(0);
});
