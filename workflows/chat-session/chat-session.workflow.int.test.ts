import { WorkflowUpdateFailedError, WorkflowUpdateStage } from '@temporalio/client';
import type { AgentRuntimeActivities } from '../../activities/agent-runtime/agent-runtime.activities';
import { workflowIds } from '../../domain/run/workflow-ids';
import { freshTaskQueue, recordCalls, withWorker, useWorkflowTestEnvironment } from '../../tests/support/workflow-environment';
import { fakeAgentRuntimeActivities, fixtureAgent } from '../../tests/support/workflow-scenarios';
import { CHAT_SESSION_REJECTIONS, chatTurnUpdate, getChatSessionQuery } from './chat-session.messages';
import { chatSessionWorkflow } from './chat-session.workflow';
import type { ChatTurnInput } from './chat-session.types';

const suite = useWorkflowTestEnvironment();

const turn = (message: string, owner: Partial<ChatTurnInput> = {}): ChatTurnInput => ({ orgId: 'org-1', agentId: fixtureAgent.id, message, ...owner });

/** The update's failure type, as the API maps it to its answer (temporal-chat-session-gateway). */
const rejection = (err: unknown) =>
  err instanceof WorkflowUpdateFailedError ? { type: (err.cause as { type?: string }).type, message: err.cause?.message } : err;

async function chatSession(
  activities: AgentRuntimeActivities,
  sessionId: string,
  drive: (handle: Awaited<ReturnType<typeof start>>) => Promise<void>,
  idleTimeoutMs?: number,
) {
  const taskQueue = freshTaskQueue('web-call');
  function start() {
    return suite.env.client.workflow.start(chatSessionWorkflow, {
      taskQueue,
      workflowId: `${workflowIds.chatSession(sessionId)}/${taskQueue}`,
      args: [{ meta: { correlationId: 'corr-1' }, orgId: 'org-1', sessionId, interactionId: `int-${sessionId}`, agent: fixtureAgent, idleTimeoutMs }],
    });
  }
  return withWorker(suite.env, { taskQueue, workflowBundle: suite.workflowBundle, activities }, async () => {
    const handle = await start();
    await drive(handle);
    return handle.result();
  });
}

test('the first turn is answered with the greeting, the message and the reply; later turns add the message and the reply; the agent ending it ends the session', async () => {
  const { activities, named } = recordCalls(fakeAgentRuntimeActivities());
  const answers: unknown[] = [];

  const ended = await chatSession(activities, 'session-main', async (handle) => {
    answers.push(await handle.executeUpdate(chatTurnUpdate, { args: [turn('My sink leaks')] }));
    answers.push(await handle.executeUpdate(chatTurnUpdate, { args: [turn('bye')] }));
  });

  const text = (a: unknown) => (a as { messages: { role: string; content: string }[] }).messages.map((m) => [m.role, m.content]);
  expect(text(answers[0])).toEqual([
    ['assistant', 'Hi, this is Ava. How can I help?'],
    ['user', 'My sink leaks'],
    ['assistant', 'You said: My sink leaks'],
  ]);
  expect(answers[0]).toMatchObject({ chatEnded: false });
  expect(text(answers[1])).toEqual([
    ['user', 'bye'],
    ['assistant', 'You said: bye'],
  ]);
  expect(answers[1]).toMatchObject({ chatEnded: true });
  expect(ended).toMatchObject({ sessionId: 'session-main', interactionId: 'int-session-main', agentId: 'agent-1', status: 'ended', endReason: 'agent_ended' });
  expect(ended.messages).toHaveLength(5);
  // The agent sees the conversation so far on every turn, and records its tools' actions on the interaction.
  expect(named('generateAgentTurn').map((c) => c.input.callerText)).toEqual([null, 'My sink leaks', 'bye']);
  expect(named('generateAgentTurn')[2].input).toMatchObject({
    orgId: 'org-1',
    interactionId: 'int-session-main',
    messages: [{ role: 'user', content: 'My sink leaks' }],
  });
});

test("another org's or agent's turn, an empty message and a turn after the session ended are refused without reaching the agent", async () => {
  let releaseBye!: () => void;
  const byeHeld = new Promise<void>((resolve) => (releaseBye = resolve));
  const fake = fakeAgentRuntimeActivities();
  const { activities, named } = recordCalls<AgentRuntimeActivities>({
    generateAgentTurn: async (input) => {
      if (input.callerText === 'bye') await byeHeld;
      return fake.generateAgentTurn(input);
    },
  });
  const refusals: unknown[] = [];

  const ended = await chatSession(activities, 'session-refusals', async (handle) => {
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
  });

  expect(refusals).toEqual([
    { type: CHAT_SESSION_REJECTIONS.otherOwner, message: 'Chat session not found' },
    { type: CHAT_SESSION_REJECTIONS.otherOwner, message: 'Chat session not found' },
    { type: 'ChatSessionBadTurn', message: 'message must not be empty' },
    { type: CHAT_SESSION_REJECTIONS.ended, message: 'This chat session has ended' },
  ]);
  expect(named('generateAgentTurn').map((c) => c.input.callerText)).toEqual([null, 'My sink leaks', 'bye']);
  expect(ended.messages.map((m) => m.content)).not.toContain('one more thing');
});

test('a session nobody writes in for 30 minutes (skipped) is ended as idle, and the agent is not asked again', async () => {
  const { activities, named } = recordCalls(fakeAgentRuntimeActivities());
  let lastTurnAt = 0;

  const ended = await chatSession(activities, 'session-idle', async (handle) => {
    await handle.executeUpdate(chatTurnUpdate, { args: [turn('My sink leaks')] });
    lastTurnAt = await suite.env.currentTimeMs();
  });

  expect(ended).toMatchObject({ status: 'ended', endReason: 'idle_timeout' });
  expect(ended.messages).toHaveLength(3);
  expect(named('generateAgentTurn')).toHaveLength(2);
  expect((await suite.env.currentTimeMs()) - lastTurnAt).toBeGreaterThanOrEqual(30 * 60_000);
});
