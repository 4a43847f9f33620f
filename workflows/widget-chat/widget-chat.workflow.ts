import { ApplicationFailure, allHandlersFinished, condition, executeChild, proxyActivities, setHandler, uuid4, workflowInfo } from '@temporalio/workflow';
import type { WidgetChatActivities } from '../../activities/widget-chat/widget-chat.activities';
import { createBookingPayloadOf, furthestStage, mergeChatDetails, WIDGET_CHAT_IDLE_MS } from '../../domain/chat/widget-chat';
import type { ChatStage, ChatStepDetail } from '../../domain/contracts/chat-widget.contract';
import type { Action } from '../../domain/interaction/interaction.schema';
import { workflowIds } from '../../domain/run/workflow-ids';
import { crmActionWorkflow } from '../crm-action/crm-action.workflow';
import { analyseChat, siblingQueue } from '../chat-analysis/chat-analysis';
import { addressChatUpdate, bookChatUpdate, getWidgetChatQuery, registerChatUpdate, scheduleChatUpdate, WIDGET_CHAT_REJECTIONS } from './widget-chat.messages';
import type { AddressChatInput, BookChatAnswer, RegisterChatAnswer, WidgetChatSnapshot, WidgetChatStatus, WidgetChatWorkflowInput } from './widget-chat.types';

// A visitor waits on each answer: a few quick tries, then the request fails and the widget may ask again.
const visitor = proxyActivities<WidgetChatActivities>({
  startToCloseTimeout: '20 seconds',
  retry: { initialInterval: '300 milliseconds', maximumInterval: '3 seconds', maximumAttempts: 4, nonRetryableErrorTypes: ['UnknownOrganization', 'CrmError'] },
});

const recorder = proxyActivities<WidgetChatActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds', nonRetryableErrorTypes: ['UnknownOrganization'] },
});

const handoff = proxyActivities<WidgetChatActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 1.5,
    maximumInterval: '10 seconds',
    maximumAttempts: 30,
    nonRetryableErrorTypes: ['UnknownOrganization'],
  },
});

const reject = (type: string, message: string) => ApplicationFailure.nonRetryable(message, type);

/**
 * One run per website widget chat (001 §2.6, workflowIds.widgetChat): register starts it (update with
 * start), schedule, address and booking are updates answered from it, each stage recorded as an event.
 * After the booking, or once the visitor has been quiet for the idle time (a durable timer), the chat
 * ends and goes through the post-call pipeline like a call: classified, summarised, tagged and handed
 * to the notification rules as a widget.event.
 */
export async function widgetChatWorkflow(input: WidgetChatWorkflowInput): Promise<WidgetChatSnapshot> {
  const ref = {
    meta: input.meta,
    causationId: `workflow:${workflowInfo().workflowId}`,
    orgId: input.orgId,
    interactionId: input.interactionId,
    chatId: input.chatId,
  };
  const startedAt = new Date().toISOString();
  let stage: ChatStage | null = null;
  let status: WidgetChatStatus = 'open';
  let chatDetails: ChatStepDetail[] = [];
  let customerNumber: string | null = null;
  let registration: Promise<RegisterChatAnswer> | null = null;
  let registrationFailed = false;
  let booking: Promise<BookChatAnswer> | null = null;
  let booked: BookChatAnswer | null = null;
  let bookingAction: Action | null = null;
  let lastAddress: string | null = null;
  let recordedAddress: AddressChatInput['address'] | null = null;
  let callStatus: string | null = null;
  let requests = 0;
  let inFlight = 0;

  const snapshot = (): WidgetChatSnapshot => ({
    chatId: input.chatId,
    interactionId: input.interactionId,
    orgId: input.orgId,
    stage,
    status,
    booking: booked,
    callStatus,
  });
  const reached = (next: ChatStage) => {
    stage = furthestStage(stage, next);
  };
  const details = (given: ChatStepDetail[] | null | undefined) => {
    chatDetails = mergeChatDetails(chatDetails, given ?? undefined);
    return chatDetails;
  };
  async function tracked<T>(run: () => Promise<T>): Promise<T> {
    requests += 1;
    inFlight += 1;
    try {
      return await run();
    } finally {
      inFlight -= 1;
    }
  }
  // A chat id belongs to one organization (and interaction); anyone else is told it does not exist.
  const ownedBy = (orgId: string, interactionId?: string) => {
    if (orgId !== input.orgId || (interactionId !== undefined && interactionId !== input.interactionId))
      throw reject(WIDGET_CHAT_REJECTIONS.notFound, 'Chat not found');
  };
  const open = () => {
    if (status !== 'open') throw reject(WIDGET_CHAT_REJECTIONS.expired, 'This chat has expired. Please start again.');
    if (registration === null || registrationFailed) throw reject(WIDGET_CHAT_REJECTIONS.notRegistered, 'Chat not found');
  };

  setHandler(getWidgetChatQuery, snapshot);

  setHandler(
    registerChatUpdate,
    (req) => {
      // The register that started the run, or the same request again: one lookup, one answer.
      registration ??= (async () => {
        const found = await visitor.registerWidgetChat({
          ...ref,
          eventId: uuid4(),
          phone: req.phone,
          widgetId: req.widgetId,
          deviceType: req.deviceType,
          chatDetails: details(req.chatDetails),
          referer: req.referer,
          registeredAt: startedAt,
        });
        customerNumber = found.customerNumber;
        reached('PHONE_LOOKUP');
        return { chatId: input.chatId, interactionId: input.interactionId, data: found.customers };
      })().catch((err: unknown) => {
        registrationFailed = true;
        throw err;
      });
      return tracked(() => registration!);
    },
    { validator: (req) => ownedBy(req.orgId) },
  );

  setHandler(
    scheduleChatUpdate,
    (req) =>
      tracked(async () => {
        await registration;
        const slots = await visitor.findWidgetChatSlots({
          ...ref,
          eventId: uuid4(),
          now: new Date().toISOString(),
          startsOnOrAfter: req.startsOnOrAfter,
          endTime: req.endTime,
          jobTypeId: req.jobTypeId,
          businessUnitId: req.businessUnitId,
          priority: req.priority,
          chatDetails: req.chatDetails ? details(req.chatDetails) : null,
        });
        reached('SCHEDULE_LOOKUP');
        return slots;
      }),
    {
      validator: (req) => {
        ownedBy(req.orgId);
        open();
      },
    },
  );

  setHandler(
    addressChatUpdate,
    (req) =>
      tracked(async () => {
        await registration;
        const key = JSON.stringify([req.address, req.customerName, req.crmCustomerId]);
        // The same address sent again (a browser's retry) is already recorded.
        if (key !== lastAddress) {
          await recorder.recordWidgetChatAddress({
            ...ref,
            eventId: uuid4(),
            address: req.address,
            customerName: req.customerName,
            crmCustomerId: req.crmCustomerId,
            chatDetails: details(req.chatDetails),
          });
          lastAddress = key;
          recordedAddress = req.address;
        }
        reached('NEW_ADDRESS');
      }),
    {
      validator: (req) => {
        ownedBy(req.orgId, req.interactionId);
        open();
      },
    },
  );

  setHandler(
    bookChatUpdate,
    (req) => {
      // A double-submitted booking is the first one: one CRM action (its workflow id is the interaction's), one answer.
      booking ??= (async (): Promise<BookChatAnswer> => {
        await registration;
        // A booking that names no address books at the one the visitor gave at NEW_ADDRESS.
        const payload =
          req.payload.address || !recordedAddress ? req.payload : { ...req.payload, address: { ...recordedAddress, unit: recordedAddress.unit ?? null } };
        const result = await executeChild(crmActionWorkflow, {
          workflowId: workflowIds.crmAction(input.orgId, 'create_booking', input.interactionId),
          taskQueue: siblingQueue('crm'),
          args: [
            {
              meta: input.meta,
              orgId: input.orgId,
              businessKey: input.interactionId,
              interactionId: input.interactionId,
              crmName: input.crmName,
              actionType: 'create_booking',
              payload: createBookingPayloadOf(payload, customerNumber ?? ''),
            },
          ],
        });
        const answer: BookChatAnswer =
          result.status === 'COMPLETED'
            ? { actionId: result.actionId, status: 'COMPLETED' }
            : { actionId: result.actionId, status: 'DROPPED', reason: result.reason };
        await recorder.recordWidgetChatBooking({
          ...ref,
          eventId: uuid4(),
          actionId: result.actionId,
          status: result.status,
          bookingId: result.status === 'COMPLETED' ? (result.result.bookingId ?? null) : null,
          reason: result.status === 'DROPPED' ? result.reason : null,
          bookingPayload: { ...payload },
          appointmentTime: payload.startTime,
          chatDetails: details(req.chatDetails),
        });
        bookingAction = { id: result.actionId, type: 'create_booking', status: result.status, payload: { ...payload } };
        reached('CREATE_BOOKING');
        booked = answer;
        if (answer.status === 'COMPLETED') status = 'booked';
        return answer;
      })();
      return tracked(() => booking!);
    },
    {
      validator: (req) => {
        ownedBy(req.orgId, req.interactionId);
        if (booking) return;
        open();
      },
    },
  );

  const idleMs = input.idleTimeoutMs ?? WIDGET_CHAT_IDLE_MS;
  if (!(await condition(() => registration !== null, idleMs))) {
    status = 'expired';
    return snapshot();
  }
  while (status === 'open' && !registrationFailed) {
    const seen = requests;
    const active = await condition(() => status !== 'open' || registrationFailed || inFlight > 0 || requests !== seen, idleMs);
    if (!active) status = 'expired';
    else if (inFlight > 0) await condition(() => inFlight === 0);
  }
  await condition(() => inFlight === 0);
  if (registrationFailed) {
    status = 'done';
    await condition(allHandlersFinished);
    return snapshot();
  }

  // Set by the booking's handler while the loop above waited, which the compiler cannot see.
  const endReason = (status as WidgetChatStatus) === 'booked' ? 'booked' : 'expired';
  const endedEventId = uuid4();
  await recorder.recordWidgetChatEnded({ ...ref, eventId: endedEventId, reason: endReason, endedAt: new Date().toISOString() });
  status = 'analysing';
  // 000 §1, §4: the chat through the calls' post-call steps, then to the rules engine as a widget.event.
  callStatus = await analyseChat({
    interaction: { meta: ref.meta, causationId: ref.causationId, orgId: ref.orgId, interactionId: ref.interactionId },
    afterEnd: [[endedEventId]],
    transcribe: (eventId) =>
      recorder.transcribeWidgetChat({
        ...ref,
        eventId,
        chatDetails,
        actions: bookingAction ? [bookingAction] : [],
        customerPhone: customerNumber,
        startedAt,
      }),
    describe: (result, awaitEventIds) =>
      handoff.describeWidgetChatForNotification({ orgId: ref.orgId, interactionId: ref.interactionId, callStatus: result, awaitEventIds }),
  });
  status = 'done';
  await condition(allHandlersFinished);
  return snapshot();
}
