import type { InteractionActivities } from '../../activities/interaction/interaction.activities';
import type { CrmActivities } from '../../activities/crm/crm.activities';
import type { WidgetBookingPayload } from '../../domain/contracts/chat-widget.contract';
import { workflowIds } from '../../domain/run/workflow-ids';
import { WidgetChatRefused } from '../../api/use-cases/widget-chat-gateway.port';
import { createTemporalWidgetChatGateway } from '../../api/use-cases/temporal-widget-chat-gateway';
import { freshTaskQueue, recordCalls, releaseAbandonedChildLock, withWorker, useWorkflowTestEnvironment } from '../../tests/support/workflow-environment';
import {
  fakeInteractionActivities,
  fakeNotificationActivities,
  fakeWidgetChatActivities,
  widgetChatSlot as slot,
} from '../../tests/support/workflow-scenarios';
import { getWidgetChatQuery } from './widget-chat.messages';
import type { WidgetChatSnapshot, WidgetChatWorkflowInput } from './widget-chat.types';

const suite = useWorkflowTestEnvironment();

const ORG = 'org-1';
const fakeCrm = (): Partial<CrmActivities> => ({
  recordActionCreated: async () => undefined,
  recordActionCompleted: async () => undefined,
  recordActionDropped: async () => undefined,
  createBookingInCrm: async ({ idempotencyKey }) => ({ bookingId: `booking-${idempotencyKey}` }),
});

const payload = (interactionId: string): WidgetBookingPayload => ({
  source: 'Website widget',
  name: 'Dana Reyes',
  orgId: ORG,
  address: null,
  contacts: [{ type: 'Mobile', value: '+15125550142' }],
  type: 'Residential',
  startTime: '2026-12-01T08:00:00-06:00',
  summary: 'AC not cooling',
  isFirstTimeClient: false,
  externalId: interactionId,
  appointments: [{ start: '2026-12-01T08:00:00-06:00' }],
});
const address = { street: '12 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };

let chats = 0;

/**
 * A chat through the API's gateway, on prefixed queues as the product runs them: the chat on `<prefix>interaction`,
 * its CRM action and notification children on `<prefix>crm` and `<prefix>notification`.
 */
async function widgetChat<T>(
  activities: object,
  drive: (chat: { gateway: ReturnType<typeof createTemporalWidgetChatGateway>; start: WidgetChatWorkflowInput }) => Promise<T>,
  idleTimeoutMs?: number,
) {
  const prefix = `${freshTaskQueue('wc')}-`;
  chats += 1;
  const start: WidgetChatWorkflowInput = {
    meta: { correlationId: 'corr-1' },
    orgId: ORG,
    chatId: `chat-${chats}-${prefix}`,
    interactionId: `int-${chats}-${prefix}`,
    crmName: 'servicetitan',
    idleTimeoutMs,
  };
  const gateway = createTemporalWidgetChatGateway(suite.env.client, prefix);
  const all = { ...fakeNotificationActivities(), ...fakeInteractionActivities(), ...fakeCrm(), ...activities };
  const run = (queue: string, fn: () => Promise<unknown>) =>
    withWorker(suite.env, { taskQueue: `${prefix}${queue}`, workflowBundle: suite.workflowBundle, activities: all }, fn);
  return (await run('interaction', () =>
    run('crm', () =>
      run('notification', async () => {
        const out = await drive({ gateway, start });
        const handle = suite.env.client.workflow.getHandle(workflowIds.widgetChat(start.chatId));
        const result = (await handle.result()) as WidgetChatSnapshot;
        const notified = await suite.env.client.workflow
          .getHandle(workflowIds.notifyInteraction(start.interactionId))
          .result()
          .catch(() => null);
        await releaseAbandonedChildLock(suite.env);
        return { out, result, notified, handle };
      }),
    ),
  )) as { out: T; result: WidgetChatSnapshot; notified: unknown; handle: ReturnType<typeof suite.env.client.workflow.getHandle> };
}

const register = { orgId: ORG, phone: '(512) 555-0142', widgetId: 'w-1', deviceType: 'MOBILE' as const, chatDetails: [], referer: null };

test('register → schedule → address → booking: each stage answered by the workflow and recorded; a double-submitted booking books once; the chat is then classified and notified', async () => {
  const widget = recordCalls(fakeWidgetChatActivities());
  const crm = recordCalls(fakeCrm());
  const ai = recordCalls<Partial<InteractionActivities>>({
    classifyInteraction: async () => ({ ok: true, value: { callType: 'Booked', callStatus: 'BOOKED' } }),
    summarizeInteraction: fakeInteractionActivities().summarizeInteraction,
    tagInteraction: async () => ({ ok: true, value: { tags: ['booked'] } }),
  });

  const { out, result, notified } = await widgetChat({ ...widget.activities, ...crm.activities, ...ai.activities }, async ({ gateway, start }) => {
    const registered = await gateway.register(start, register);
    const slots = await gateway.schedule(start.chatId, {
      orgId: ORG,
      startsOnOrAfter: '2026-12-01T00:00:00Z',
      endTime: null,
      jobTypeId: '101',
      businessUnitId: null,
      priority: null,
      chatDetails: null,
    });
    const addressReq = { orgId: ORG, interactionId: start.interactionId, address, customerName: 'Dana Reyes', crmCustomerId: 'c-1', chatDetails: [] };
    await gateway.address(start.chatId, addressReq);
    await gateway.address(start.chatId, addressReq);
    const book = { orgId: ORG, interactionId: start.interactionId, payload: payload(start.interactionId), chatDetails: [] };
    const [first, second] = await Promise.all([gateway.book(start.chatId, book), gateway.book(start.chatId, book)]);
    const afterEnd = await gateway.book(start.chatId, book);
    return { registered, slots, first, second, afterEnd, start };
  });

  expect(out.registered).toEqual({ chatId: out.start.chatId, interactionId: out.start.interactionId, data: [expect.objectContaining({ id: 'c-1' })] });
  expect(out.slots).toEqual([slot]);
  expect(out.first).toEqual({ actionId: expect.any(String), status: 'COMPLETED' });
  expect(out.second).toEqual(out.first);
  // Asked again once the chat was over, the booking still answers its action, not an expiry.
  expect(out.afterEnd).toEqual(out.first);
  expect(crm.named('createBookingInCrm')).toHaveLength(1);
  expect(crm.named('createBookingInCrm')[0].input).toMatchObject({
    idempotencyKey: out.start.interactionId,
    payload: { external_id: out.start.interactionId, phone_number: '+15125550142', address: { street: '12 Main St', zip: '78701' } },
  });
  // One record per stage: the repeated address is already recorded.
  expect(widget.calls.map((c) => c.name)).toEqual([
    'registerWidgetChat',
    'findWidgetChatSlots',
    'recordWidgetChatAddress',
    'recordWidgetChatBooking',
    'recordWidgetChatEnded',
    'transcribeWidgetChat',
    'describeWidgetChatForNotification',
  ]);
  expect(widget.named('recordWidgetChatBooking')[0].input).toMatchObject({ status: 'COMPLETED', bookingId: `booking-${out.start.interactionId}` });
  expect(widget.named('recordWidgetChatEnded')[0].input).toMatchObject({ reason: 'booked' });
  expect(widget.named('transcribeWidgetChat')[0].input.actions).toEqual([expect.objectContaining({ type: 'create_booking', status: 'COMPLETED' })]);
  expect(ai.calls.map((c) => c.name)).toEqual(['classifyInteraction', 'summarizeInteraction', 'tagInteraction']);
  expect(widget.named('describeWidgetChatForNotification')[0].input).toMatchObject({ callStatus: 'BOOKED' });
  expect(result).toMatchObject({ stage: 'CREATE_BOOKING', status: 'done', callStatus: 'BOOKED', booking: out.first });
  expect(notified).toBeTruthy();
});

test('a quiet visitor: the chat expires on its durable timer, is analysed unbooked, and a later booking is refused as expired', async () => {
  const widget = recordCalls(fakeWidgetChatActivities());
  const crm = recordCalls(fakeCrm());
  const ai = recordCalls<Partial<InteractionActivities>>({
    classifyInteraction: async () => ({ ok: true, value: { callType: 'Abandoned', callStatus: 'ABANDONED' } }),
    summarizeInteraction: fakeInteractionActivities().summarizeInteraction,
    tagInteraction: async () => ({ ok: true, value: { tags: [] } }),
  });
  const { out, result } = await widgetChat(
    { ...widget.activities, ...crm.activities, ...ai.activities },
    async ({ gateway, start }) => {
      await gateway.register(start, register);
      const handle = suite.env.client.workflow.getHandle(workflowIds.widgetChat(start.chatId));
      await handle.result();
      const refused = await gateway
        .book(start.chatId, { orgId: ORG, interactionId: start.interactionId, payload: payload(start.interactionId), chatDetails: [] })
        .catch((e: unknown) => e);
      const schedule = await gateway
        .schedule(start.chatId, {
          orgId: ORG,
          startsOnOrAfter: '2026-12-01T00:00:00Z',
          endTime: null,
          jobTypeId: null,
          businessUnitId: null,
          priority: null,
          chatDetails: null,
        })
        .catch((e: unknown) => e);
      const otherOrg = await gateway
        .book(start.chatId, { orgId: 'org-2', interactionId: start.interactionId, payload: payload(start.interactionId), chatDetails: [] })
        .catch((e: unknown) => e);
      return { refused, schedule, otherOrg };
    },
    30 * 60 * 1000,
  );
  expect(out.refused).toBeInstanceOf(WidgetChatRefused);
  expect(out.refused).toMatchObject({ reason: 'expired' });
  expect(out.schedule).toMatchObject({ reason: 'expired' });
  expect(out.otherOrg).toMatchObject({ reason: 'not_found' });
  expect(crm.named('createBookingInCrm')).toHaveLength(0);
  expect(widget.named('recordWidgetChatEnded')[0].input).toMatchObject({ reason: 'expired' });
  expect(widget.named('transcribeWidgetChat')[0].input.actions).toEqual([]);
  expect(result).toMatchObject({ stage: 'PHONE_LOOKUP', status: 'done', callStatus: 'ABANDONED', booking: null });
});

test("another organization's request, or one naming another interaction, is told the chat does not exist and changes nothing", async () => {
  const widget = recordCalls(fakeWidgetChatActivities());
  const { out, result } = await widgetChat(
    widget.activities,
    async ({ gateway, start }) => {
      await gateway.register(start, register);
      const handle = suite.env.client.workflow.getHandle(workflowIds.widgetChat(start.chatId));
      const otherOrg = await gateway
        .schedule(start.chatId, {
          orgId: 'org-2',
          startsOnOrAfter: '2026-12-01T00:00:00Z',
          endTime: null,
          jobTypeId: null,
          businessUnitId: null,
          priority: null,
          chatDetails: null,
        })
        .catch((e: unknown) => e);
      const otherInteraction = await gateway
        .address(start.chatId, { orgId: ORG, interactionId: 'int-other', address, customerName: 'X', crmCustomerId: null, chatDetails: [] })
        .catch((e: unknown) => e);
      const unknown = await gateway
        .address('chat-nobody', { orgId: ORG, interactionId: 'i', address, customerName: 'X', crmCustomerId: null, chatDetails: [] })
        .catch((e: unknown) => e);
      const live = await handle.query(getWidgetChatQuery);
      return { otherOrg, otherInteraction, unknown, live };
    },
    60_000,
  );
  for (const refused of [out.otherOrg, out.otherInteraction, out.unknown]) expect(refused).toMatchObject({ reason: 'not_found' });
  expect(out.live).toMatchObject({ stage: 'PHONE_LOOKUP', status: 'open' });
  expect(widget.named('findWidgetChatSlots')).toHaveLength(0);
  expect(widget.named('recordWidgetChatAddress')).toHaveLength(0);
  expect(result.status).toBe('done');
});
