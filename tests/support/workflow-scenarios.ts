import type { Client, WorkflowHandle } from '@temporalio/client';
import type { AgentRuntimeActivities } from '../../activities/agent-runtime/agent-runtime.activities';
import type { AudienceActivities } from '../../activities/crm/audience.activities';
import type { FollowUpActivities } from '../../activities/interaction/follow-up.activities';
import type { AnalysisOutcome, InteractionActivities } from '../../activities/interaction/interaction.activities';
import type { InteractionHandoffActivities } from '../../activities/notifications/handoff/interaction-handoff.activities';
import type { CrmActivities } from '../../activities/crm/crm.activities';
import type { CrmConnectionActivities } from '../../activities/crm/crm-connection.activities';
import type { DeliveryToSend, NotificationActivities } from '../../activities/notifications/notification.activities';
import type { OrganizationActivities } from '../../activities/organization/organization.activities';
import type { OnboardingAgentsActivities } from '../../activities/agents/onboarding-agents.activities';
import type { WebhookDeliveryActivities } from '../../activities/webhooks/webhook-delivery.activities';
import type { WidgetChatActivities } from '../../activities/widget-chat/widget-chat.activities';
import type { ChatSessionActivities } from '../../activities/chat-session/chat-session.activities';
import { addressChatUpdate, bookChatUpdate, registerChatUpdate, scheduleChatUpdate } from '../../workflows/widget-chat/widget-chat.messages';
import { widgetChatWorkflow } from '../../workflows/widget-chat/widget-chat.workflow';
import type { AgentProfile } from '../../domain/agents/agent-profile';
import type { CallDelivery } from '../../domain/call/call-record-merge';
import type { InteractionInput } from '../../domain/interaction/interaction.schema';
import type { NotificationEventInput } from '../../domain/notifications/interaction-event.schema';
import type { WeeklyHours } from '../../domain/organization/organization-settings.schema';
import { buildAudienceWorkflow } from '../../workflows/audience-build/build-audience.workflow';
import { chatTurnUpdate } from '../../workflows/chat-session/chat-session.messages';
import { chatSessionWorkflow } from '../../workflows/chat-session/chat-session.workflow';
import { crmActionWorkflow } from '../../workflows/crm-action/crm-action.workflow';
import { notifyInteractionWorkflow } from '../../workflows/notification/notify-interaction.workflow';
import type { OnboardingInput } from '../../workflows/onboarding/onboarding.types';
import { onboardingWorkflow } from '../../workflows/onboarding/onboarding.workflow';
import { callDeliveredSignal } from '../../workflows/interaction/interaction.messages';
import { interactionWorkflow } from '../../workflows/interaction/interaction.workflow';
import { deliverWebhooksWorkflow } from '../../workflows/webhook-delivery/deliver-webhooks.workflow';
import type { WebCallWorkflowInput } from '../../workflows/web-call/web-call.types';
import { callerTurnUpdate, endWebCallUpdate, greetCallerUpdate } from '../../workflows/web-call/web-call.messages';
import { webCallWorkflow } from '../../workflows/web-call/web-call.workflow';

// Main-path runs of each workflow with fake activities: recorded once as replay fixtures
// (scripts/record-workflow-histories.ts) and reused by the workflow tests.

const meta = { correlationId: 'corr-fixture' };

export const csrCallEvent = (interactionId: string): NotificationEventInput =>
  ({
    type: 'csr.call',
    payload: { interaction_id: interactionId, date: '2026-01-05T15:00:00Z', call_status: 'BOOKED', summary: [], bookings: [], tags: [], errors: [], org: {} },
  }) as unknown as NotificationEventInput;

export const fixtureAgent = { id: 'agent-1', agentType: 'csr', name: 'Ava' } as unknown as AgentProfile;

export const onboardingInput = (slug: string, extra: Partial<OnboardingInput> = {}): OnboardingInput => ({
  meta,
  name: 'Joe Plumbing',
  slug,
  adminEmail: 'joe@example.com',
  adminName: 'Joe',
  adminPasswordHash: null,
  officeEmail: 'office@example.com',
  timezone: 'America/New_York',
  tradesOffered: [],
  crmName: 'NONE',
  enterpriseId: null,
  regularHours: {} as WeeklyHours,
  emergencyHours: null,
  ...extra,
});

export const fakeAudienceActivities = (): AudienceActivities => ({
  recordAudienceBuildRequested: async () => undefined,
  findAudienceMembers: async () => ({ memberCount: 3 }),
  recordAudienceBuildFailed: async () => undefined,
});

export const fakeCrmActionActivities = (): Partial<CrmActivities> => ({
  recordActionCreated: async () => undefined,
  recordActionCompleted: async () => undefined,
  recordActionDropped: async () => undefined,
  bookJobInCrm: async ({ idempotencyKey }) => ({ jobId: `job-${idempotencyKey}` }),
});

export const fakeWebhookActivities = (): WebhookDeliveryActivities => ({
  planWebhookDeliveries: async () => [
    { name: 'zapier', url: 'https://hooks.example.com/a' },
    { name: 'crm-sync', url: 'https://hooks.example.com/b' },
  ],
  deliverWebhook: async () => ({ attempts: 1, httpStatus: 200 }),
});

export const fakeOnboardingActivities = (): Partial<OrganizationActivities & CrmActivities & CrmConnectionActivities & OnboardingAgentsActivities> => ({
  provisionOrganization: async () => undefined,
  registerStaffUser: async () => ({ userId: 'user-1' }),
  recordOrganizationBillingId: async () => undefined,
  createOnboardingAgents: async ({ agents }) => ({ agentIds: agents.map((a) => a.spareAgentId) }),
  awaitOnboardingReadModels: async () => undefined,
  seedSandboxCrm: async () => ({ seeded: true }),
  verifyStagedCrmConnection: async () => ({ crmName: 'servicetitan' }) as Awaited<ReturnType<CrmConnectionActivities['verifyStagedCrmConnection']>>,
  attachCrmConnection: async () => undefined,
});

// The workflow only passes content through to sendNotification.
const emailContent = { channel: 'email', subject: 'Emergency job', html: '<p>Burst pipe</p>' } as unknown as DeliveryToSend['content'];
const callContent = { channel: 'call', job: { description: 'Burst pipe' } } as unknown as DeliveryToSend['content'];

/** An emergency job: the technician is paged and does not answer, so the on-call manager is called. */
export const fakeNotificationActivities = (): Partial<NotificationActivities & WebhookDeliveryActivities> => ({
  planInteractionNotifications: async () => ({
    orgName: 'Joe Plumbing',
    deliveries: [
      {
        key: 'email:office',
        ruleId: 'EmergencyJobRule',
        group: null,
        channel: 'email',
        purpose: 'emergency_job',
        address: 'office@example.com',
        content: emailContent,
      },
      {
        key: 'call:tech',
        ruleId: 'EmergencyJobRule',
        group: 'oncall_tech',
        channel: 'call',
        purpose: 'emergency_job',
        address: '+15550000001',
        recipientName: 'Tess',
        content: callContent,
      },
    ],
    skipped: [],
    escalation: [{ name: 'Manny', phone: '+15550000002' }],
  }),
  sendNotification: async ({ delivery }) => ({ status: 'sent', answered: delivery.channel === 'call' ? false : null }),
  recordSkippedNotifications: async () => undefined,
  recordEmergencyPagerUnanswered: async () => undefined,
  planWebhookDeliveries: async () => [],
  deliverWebhook: async () => ({ attempts: 1, httpStatus: 200 }),
});

export const fakeAgentRuntimeActivities = (): AgentRuntimeActivities => ({
  generateAgentTurn: async ({ callerText, messages }) => ({
    reply: callerText === null ? 'Hi, this is Ava. How can I help?' : `You said: ${callerText}`,
    toolCalls: [],
    ended: callerText === 'bye',
    messages: [...messages, ...(callerText === null ? [] : [{ role: 'user' as const, content: callerText }])],
  }),
});

/** A Retell-like call's webhook deliveries: started, ended (caller hung up), analysed (with its transcript). */
export const callDeliveries = {
  started: {
    kind: 'call_started',
    occurredAt: '2026-01-05T15:00:00.000Z',
    record: { status: 'in-progress', direction: 'inbound', voiceAgentId: 'agent-1', startedAt: '2026-01-05T15:00:00.000Z', fromNumber: '+15125550101' },
  },
  ended: {
    kind: 'call_ended',
    occurredAt: '2026-01-05T15:03:00.000Z',
    record: { status: 'ended', endedReason: 'user_hangup', endedAt: '2026-01-05T15:03:00.000Z', durationSeconds: 180 },
  },
  analyzed: {
    kind: 'call_analyzed',
    occurredAt: '2026-01-05T15:03:30.000Z',
    record: {
      transcriptObject: [
        { role: 'Agent', content: 'Thanks for calling Joe Plumbing.' },
        { role: 'Customer', content: 'My sink leaks, can someone come Monday?' },
      ],
      summary: 'Booked a plumber.',
    },
  },
} satisfies Record<string, CallDelivery>;

export type InteractionPipelineActivities = InteractionActivities & InteractionHandoffActivities & FollowUpActivities;

/** The organization as the AI steps read it, with nothing configured. */
const fixtureOrg: InteractionInput['org'] = {
  name: 'Joe Plumbing',
  timezone: null,
  tradesOffered: [],
  zipcodes: [],
  instructions: { isLead: [], callReasons: [], bookedSummary: [], jobTags: [] },
};

/** The fake transcription: the input the AI steps read, made of the call record as the workflow passes it. */
const fakeTranscription = ({ record, actions }: Parameters<InteractionActivities['transcribeInteraction']>[0]): InteractionInput => ({
  source: 'call',
  direction: record.direction ?? 'inbound',
  agentType: 'RECEPTIONIST',
  org: fixtureOrg,
  transcript: record.transcriptObject.map((t, i) => ({ role: t.role, message: t.content, timestamp: `00:0${i}`, seconds: i })),
  facts: {
    actions: actions ?? [],
    events: [],
    endedReason: record.endedReason,
    durationSeconds: record.durationSeconds,
    customerPhone: record.fromNumber,
    doNotService: false,
    startedAt: record.startedAt,
  },
});

const bookedOutcome: AnalysisOutcome = {
  classified: true,
  callStatus: 'BOOKED',
  tags: ['emergency'],
  summary: [{ title: 'Summary', content: ['Booked a plumber for Monday.'] }],
};

/** A fake concludeInteraction (transcription and AI steps in one activity) whose AI steps answer as `analyse` says. */
export const fakeConclusion =
  (analyse: (analysis: InteractionInput) => AnalysisOutcome): InteractionPipelineActivities['concludeInteraction'] =>
  async (input) => {
    const analysis = fakeTranscription({ ...input, eventId: input.transcribedEventId });
    return { ...analyse(analysis), agentType: analysis.agentType };
  };

/** The post-call pipeline of a booked inbound call: every AI step answers, the CRM follow-up and tracking succeed. */
export const fakeInteractionActivities = (): InteractionPipelineActivities => ({
  recordCallStarted: async () => undefined,
  recordCallEnded: async () => undefined,
  listInteractionActions: async () => [{ id: 'action-1', type: 'job_booking', status: 'COMPLETED', payload: {} }],
  transcribeInteraction: async (input): Promise<InteractionInput> => fakeTranscription(input),
  concludeInteraction: fakeConclusion(() => bookedOutcome),
  identifyCustomer: async () => ({ ok: true, value: { isLead: true } }),
  classifyInteraction: async () => ({ ok: true, value: { callType: 'Booked', callStatus: 'BOOKED' } }),
  reclassifyUnbookedInteraction: async () => ({ ok: true, value: { reclassified: false } }),
  detectVoicemail: async () => ({ ok: true, value: { reachedVoicemail: false } }),
  summarizeInteraction: async () => ({
    ok: true,
    value: { kind: 'summary_generic', summary: [{ title: 'Summary', content: ['Booked a plumber for Monday.'] }] },
  }),
  tagInteraction: async () => ({ ok: true, value: { tags: ['emergency'] } }),
  scoreCall: async () => ({ ok: true, value: {} }),
  analyseInteraction: async () => bookedOutcome,
  describeInteractionForNotification: async ({ interactionId }) => csrCallEvent(interactionId),
  followUpInCrm: async () => ({ jobIds: ['job-1'] }),
  trackCallOutcome: async () => ({ tracked: 2 }),
});

export const widgetChatSlot = {
  start: '2026-12-01T08:00:00',
  end: '2026-12-01T10:00:00',
  startUtc: '2026-12-01T14:00:00.000Z',
  endUtc: '2026-12-01T16:00:00.000Z',
  timezone: 'America/Chicago',
  businessUnitId: '1',
  jobTypeId: '101',
};

/** A chat as the post-call pipeline reads it (both chat kinds transcribe into the same interaction input). */
const chatTranscription = (
  actions: InteractionInput['facts']['actions'],
  transcript: InteractionInput['transcript'],
  customerPhone: string | null,
): InteractionInput => ({
  source: 'chat',
  direction: 'inbound',
  agentType: 'CHAT_CSR_AGENT',
  org: fixtureOrg,
  transcript,
  facts: { actions, events: [], endedReason: null, durationSeconds: null, customerPhone, doNotService: false, startedAt: null },
});

/** The office's notification of a finished chat (the widget's or the LLM chat's). */
const chatNotification = (interactionId: string, callStatus: string, widgetId: string, chatId: string) =>
  ({
    type: 'widget.event',
    payload: {
      interaction_id: interactionId,
      date: '2026-11-28T10:00:00Z',
      call_status: callStatus,
      summary: [],
      bookings: [],
      tags: [],
      errors: [],
      org: {},
      widget_id: widgetId,
      chat_id: chatId,
    },
  }) as unknown as NotificationEventInput;

/** The widget chat's activities: the CRM lookup finds one customer, the capacity engine one window. */
export const fakeWidgetChatActivities = (): WidgetChatActivities => ({
  registerWidgetChat: async () => ({
    customerNumber: '+15125550142',
    customers: [{ id: 'c-1', name: 'Dana Reyes', type: 'Residential', phones: ['+15125550142'], locations: [] }],
  }),
  findWidgetChatSlots: async () => [widgetChatSlot],
  recordWidgetChatAddress: async () => undefined,
  recordWidgetChatBooking: async () => undefined,
  recordWidgetChatEnded: async () => undefined,
  transcribeWidgetChat: async ({ actions }) => chatTranscription(actions, [], '+15125550142'),
  describeWidgetChatForNotification: async ({ interactionId, callStatus }) => chatNotification(interactionId, callStatus, 'w-1', 'c'),
});

export const fakeChatSessionActivities = (): ChatSessionActivities => ({
  recordChatSessionStarted: async () => undefined,
  recordChatSessionMessages: async () => undefined,
  recordChatSessionEnded: async () => undefined,
  transcribeChatSession: async ({ actions, messages }) =>
    chatTranscription(
      actions,
      messages.map((m, i) => ({ role: m.role === 'agent' ? 'Agent' : 'Customer', message: m.content, timestamp: `0:0${i % 10}`, seconds: i })),
      null,
    ),
  describeChatSessionForNotification: async ({ interactionId, callStatus }) => chatNotification(interactionId, callStatus, 'llm-chat', 'session'),
});

/** A chat session's activities: the agent, its records, the post-call steps and (same queue here) its notification child. */
export const fakeChatSessionPipelineActivities = () => ({
  ...fakeNotificationActivities(),
  ...fakeInteractionActivities(),
  ...fakeAgentRuntimeActivities(),
  ...fakeChatSessionActivities(),
});

/** The interaction's notification child runs on the same queue here, so it gets its activities too. */
export const fakeInteractionPipelineActivities = () => ({ ...fakeNotificationActivities(), ...fakeInteractionActivities() });

export const webCallInput = (taskQueuePrefix: string): WebCallWorkflowInput => ({
  meta,
  orgId: 'org-1',
  callId: 'web-call-1',
  interactionId: 'int-web-1',
  agent: fixtureAgent,
  dynamicVariables: { customer_name: 'Alice' },
  accessTokenHash: 'token-hash',
  taskQueuePrefix,
});

/** A booked call delivered as Retell sends it (started, ended, analysed) to a new interaction run. */
function playBookedCall(providerCallId: string): Scenario['run'] {
  return async (client, taskQueue, workflowId) => {
    const deliver = (delivery: CallDelivery) => ({ orgId: 'org-1', providerEvent: delivery.kind, delivery });
    const handle = await client.workflow.signalWithStart(interactionWorkflow, {
      taskQueue,
      workflowId,
      args: [{ meta, orgId: 'org-1', provider: 'retell', providerCallId }],
      signal: callDeliveredSignal,
      signalArgs: [deliver(callDeliveries.started)],
    });
    await handle.signal(callDeliveredSignal, deliver(callDeliveries.ended));
    await handle.signal(callDeliveredSignal, deliver(callDeliveries.analyzed));
    return completed(handle);
  };
}

export interface Scenario {
  /** workflows/<capability>/histories/<name>.json */
  fixture: string;
  activities: () => object;
  run: (client: Client, taskQueue: string, workflowId: string) => Promise<WorkflowHandle>;
}

async function completed<T extends WorkflowHandle>(handle: T): Promise<T> {
  await handle.result();
  return handle;
}

export const scenarios: Scenario[] = [
  {
    fixture: 'audience-build/histories/build-audience.json',
    activities: fakeAudienceActivities,
    run: async (client, taskQueue, workflowId) =>
      completed(
        await client.workflow.start(buildAudienceWorkflow, {
          taskQueue,
          workflowId,
          args: [{ meta, orgId: 'org-1', audienceId: 'aud-1', source: 'RULES', isFileUpload: false, rules: { primary_filter: 'customers' } }],
        }),
      ),
  },
  {
    fixture: 'crm-action/histories/crm-action-job-booking.json',
    activities: fakeCrmActionActivities,
    run: async (client, taskQueue, workflowId) =>
      completed(
        await client.workflow.start(crmActionWorkflow, {
          taskQueue,
          workflowId,
          args: [
            { meta, orgId: 'org-1', businessKey: 'bk-1', interactionId: 'int-1', crmName: 'servicetitan', actionType: 'job_booking', payload: {} as never },
          ],
        }),
      ),
  },
  {
    fixture: 'webhook-delivery/histories/deliver-webhooks.json',
    activities: fakeWebhookActivities,
    run: async (client, taskQueue, workflowId) =>
      completed(
        await client.workflow.start(deliverWebhooksWorkflow, { taskQueue, workflowId, args: [{ meta, orgId: 'org-1', event: csrCallEvent('int-1') }] }),
      ),
  },
  {
    fixture: 'onboarding/histories/onboarding-sandbox-crm.json',
    activities: fakeOnboardingActivities,
    run: async (client, taskQueue, workflowId) =>
      completed(
        await client.workflow.start(onboardingWorkflow, { taskQueue, workflowId, args: [onboardingInput('joe-plumbing', { crmName: 'servicetitan' })] }),
      ),
  },
  {
    fixture: 'onboarding/histories/onboarding-own-crm.json',
    activities: fakeOnboardingActivities,
    run: async (client, taskQueue, workflowId) =>
      completed(
        await client.workflow.start(onboardingWorkflow, {
          taskQueue,
          workflowId,
          args: [onboardingInput('joe-plumbing-2', { crmName: 'servicetitan', crmCredentialsStored: true })],
        }),
      ),
  },
  {
    fixture: 'onboarding/histories/onboarding-billing-and-agents.json',
    activities: fakeOnboardingActivities,
    run: async (client, taskQueue, workflowId) =>
      completed(
        await client.workflow.start(onboardingWorkflow, {
          taskQueue,
          workflowId,
          args: [
            onboardingInput('joe-plumbing-3', {
              crmName: 'servicetitan',
              stripeBillingId: 'cus_0123456789abcd',
              agentsConfig: [
                { agentType: 'OFFICE_HOURS_CSR', friendlyName: null },
                { agentType: 'AFTER_HOURS_CSR', friendlyName: 'Night desk' },
              ],
            }),
          ],
        }),
      ),
  },
  {
    fixture: 'notification/histories/notify-interaction-emergency-escalation.json',
    activities: fakeNotificationActivities,
    run: async (client, taskQueue, workflowId) =>
      completed(
        await client.workflow.start(notifyInteractionWorkflow, {
          taskQueue,
          workflowId,
          args: [{ meta, orgId: 'org-1', event: csrCallEvent(`int-${workflowId}`) }],
        }),
      ),
  },
  {
    fixture: 'chat-session/histories/chat-session.json',
    activities: fakeAgentRuntimeActivities,
    run: async (client, taskQueue, workflowId) => {
      const handle = await client.workflow.start(chatSessionWorkflow, {
        taskQueue,
        workflowId,
        args: [{ meta, orgId: 'org-1', sessionId: 'session-1', interactionId: 'int-1', agent: fixtureAgent, idleTimeoutMs: 60_000 }],
      });
      await handle.executeUpdate(chatTurnUpdate, { args: [{ orgId: 'org-1', agentId: fixtureAgent.id, message: 'My sink leaks' }] });
      await handle.executeUpdate(chatTurnUpdate, { args: [{ orgId: 'org-1', agentId: fixtureAgent.id, message: 'bye' }] });
      return completed(handle);
    },
  },
  {
    // A session since the 15-minute rule: recorded as an interaction, nudged once, ended after the second quiet
    // period, analysed and handed to the notification rules (the child on this queue).
    fixture: 'chat-session/histories/chat-session-interaction.json',
    activities: fakeChatSessionPipelineActivities,
    run: async (client, taskQueue, workflowId) => {
      const handle = await client.workflow.start(chatSessionWorkflow, {
        taskQueue,
        workflowId,
        args: [{ meta, orgId: 'org-1', sessionId: 'session-2', interactionId: 'int-2', agent: fixtureAgent, followUpMs: 60_000 }],
      });
      await handle.executeUpdate(chatTurnUpdate, { args: [{ orgId: 'org-1', agentId: fixtureAgent.id, message: 'Can you come fix my sink?' }] });
      return completed(handle);
    },
  },
  {
    // A new run takes every patched() branch: actions as facts, CRM follow-up and tracking, the hand-off.
    fixture: 'interaction/histories/interaction-booked-call.json',
    activities: fakeInteractionPipelineActivities,
    run: playBookedCall('call-1'),
  },
  {
    // The same call once the AI steps were grouped (patched 'post-call-analysis-grouped': one analyseInteraction) and its
    // actions listed in the worker (patched 'interaction-actions-listed-locally': local activities).
    fixture: 'interaction/histories/interaction-booked-call-grouped.json',
    activities: fakeInteractionPipelineActivities,
    run: playBookedCall('call-3'),
  },
  {
    // The same call once its end, transcript and AI steps became one activity (patched
    // 'post-call-concluded-in-one-activity': one concludeInteraction; the transcript never comes back through history).
    fixture: 'interaction/histories/interaction-booked-call-concluded.json',
    activities: fakeInteractionPipelineActivities,
    run: playBookedCall('call-4'),
  },
  {
    // A call with no speech, started with the interaction id the webhook gateway derives: classified at once.
    fixture: 'interaction/histories/interaction-silent-call.json',
    activities: fakeInteractionPipelineActivities,
    run: async (client, taskQueue, workflowId) => {
      const deliver = (delivery: CallDelivery) => ({ orgId: 'org-1', providerEvent: delivery.kind, delivery });
      const handle = await client.workflow.signalWithStart(interactionWorkflow, {
        taskQueue,
        workflowId,
        args: [{ meta, orgId: 'org-1', provider: 'retell', providerCallId: 'call-2', interactionId: '5a0e6f44-1f0b-5c39-9a51-3d2f6c7b8e90' }],
        signal: callDeliveredSignal,
        signalArgs: [deliver(callDeliveries.started)],
      });
      await handle.signal(callDeliveredSignal, deliver({ ...callDeliveries.ended, record: { ...callDeliveries.ended.record, durationSeconds: 9 } }));
      return completed(handle);
    },
  },
  {
    // Its interaction child goes to a queue nobody polls here: the web call only starts and signals it.
    fixture: 'web-call/histories/web-call.json',
    activities: fakeAgentRuntimeActivities,
    run: async (client, taskQueue, workflowId) => {
      const handle = await client.workflow.start(webCallWorkflow, { taskQueue, workflowId, args: [webCallInput(`${workflowId}/`)] });
      await handle.executeUpdate(greetCallerUpdate, { args: [{ accessTokenHash: 'token-hash' }] });
      await handle.executeUpdate(callerTurnUpdate, { args: [{ accessTokenHash: 'token-hash', text: 'My sink leaks' }] });
      await handle.executeUpdate(endWebCallUpdate, { args: [{ accessTokenHash: 'token-hash' }] });
      return completed(handle);
    },
  },
  {
    // A widget chat booked on its first try: the CRM action and the notification hand-off are children on this queue.
    fixture: 'widget-chat/histories/widget-chat-booked.json',
    activities: () => ({
      ...fakeNotificationActivities(),
      ...fakeInteractionActivities(),
      ...fakeCrmActionActivities(),
      createBookingInCrm: async () => ({ bookingId: 'booking-1' }),
      ...fakeWidgetChatActivities(),
    }),
    run: async (client, taskQueue, workflowId) => {
      const handle = await client.workflow.start(widgetChatWorkflow, {
        taskQueue,
        workflowId,
        args: [{ meta, orgId: 'org-1', chatId: 'chat-1', interactionId: 'int-widget-1', crmName: 'servicetitan', idleTimeoutMs: 60_000 }],
      });
      await handle.executeUpdate(registerChatUpdate, {
        args: [{ orgId: 'org-1', phone: '5125550142', widgetId: 'w-1', deviceType: 'MOBILE', chatDetails: [], referer: null }],
      });
      await handle.executeUpdate(scheduleChatUpdate, {
        args: [
          { orgId: 'org-1', startsOnOrAfter: '2026-12-01T00:00:00Z', endTime: null, jobTypeId: null, businessUnitId: null, priority: null, chatDetails: null },
        ],
      });
      const address = { street: '12 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
      await handle.executeUpdate(addressChatUpdate, {
        args: [{ orgId: 'org-1', interactionId: 'int-widget-1', address, customerName: 'Dana Reyes', crmCustomerId: null, chatDetails: [] }],
      });
      const startTime = '2026-12-01T08:00:00-06:00';
      const payload = {
        source: 'Website widget',
        name: 'Dana Reyes',
        orgId: 'org-1',
        address: null,
        contacts: [{ type: 'Mobile' as const, value: '+15125550142' }],
        type: 'Residential' as const,
        startTime,
        summary: 'AC not cooling',
        isFirstTimeClient: false,
        externalId: 'int-widget-1',
        appointments: [{ start: startTime }],
      };
      await handle.executeUpdate(bookChatUpdate, { args: [{ orgId: 'org-1', interactionId: 'int-widget-1', payload, chatDetails: [] }] });
      return completed(handle);
    },
  },
];
