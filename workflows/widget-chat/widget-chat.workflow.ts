import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import {
  ActivityFailure,
  ApplicationFailure,
  ParentClosePolicy,
  allHandlersFinished,
  condition,
  executeChild,
  log,
  proxyActivities,
  setHandler,
  startChild,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { InteractionActivities } from '../../activities/interaction/interaction.activities';
import type { WidgetChatActivities } from '../../activities/widget-chat/widget-chat.activities';
import { createBookingPayloadOf, furthestStage, mergeChatDetails, WIDGET_CHAT_IDLE_MS } from '../../domain/chat/widget-chat';
import type { ChatStage, ChatStepDetail } from '../../domain/contracts/chat-widget.contract';
import type { Action } from '../../domain/interaction/interaction.schema';
import { TASK_QUEUES, type TaskQueueName } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';
import { crmActionWorkflow } from '../crm-action/crm-action.workflow';
import { notifyInteractionWorkflow } from '../notification/notify-interaction.workflow';
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

// The same AI steps, with the same policy, as a call's post-call pipeline (workflows/interaction).
const ai = proxyActivities<InteractionActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '20 seconds', maximumAttempts: 5 },
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

/** Another task queue of this worker's prefix (tests run prefixed queues beside a running stack). */
function siblingQueue(name: TaskQueueName): string {
  const own = workflowInfo().taskQueue;
  const base = TASK_QUEUES.interaction;
  return own.endsWith(base) ? `${own.slice(0, own.length - base.length)}${TASK_QUEUES[name]}` : own;
}

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
  callStatus = await analyse([[endedEventId]]);
  status = 'done';
  await condition(allHandlersFinished);
  return snapshot();

  /** 000 §1, §4: the chat through the calls' post-call steps, then to the rules engine as a widget.event. */
  async function analyse(afterEnd: string[][]): Promise<string> {
    const { meta, causationId, orgId, interactionId } = ref;
    const interaction = { meta, causationId, orgId, interactionId };
    const transcribedEventId = uuid4();
    const analysis = await recorder.transcribeWidgetChat({
      ...ref,
      eventId: transcribedEventId,
      chatDetails,
      actions: bookingAction ? [bookingAction] : [],
      customerPhone: customerNumber,
      startedAt,
    });
    let lastEventIds = [...afterEnd, [transcribedEventId]];
    const step = () => {
      const ids = { eventId: uuid4(), errorEventId: uuid4() };
      lastEventIds = [[ids.eventId, ids.errorEventId]];
      return { ...interaction, ...ids, analysis };
    };
    let result = 'PROCESSING';
    const classified = await ai.classifyInteraction(step());
    if (classified.ok) {
      result = classified.value.callStatus;
      if (result === 'UNBOOKED') {
        const second = await ai.reclassifyUnbookedInteraction(step());
        if (second.ok && second.value.reclassified) result = 'EXCUSED';
      }
      await ai.summarizeInteraction({ ...step(), callStatus: classified.value.callStatus, agentType: analysis.agentType });
      await ai.tagInteraction({ ...step(), callStatus: classified.value.callStatus });
    }
    try {
      const event = await handoff.describeWidgetChatForNotification({ orgId, interactionId, callStatus: result, awaitEventIds: lastEventIds });
      await startChild(notifyInteractionWorkflow, {
        workflowId: workflowIds.notifyInteraction(interactionId),
        taskQueue: siblingQueue('notification'),
        parentClosePolicy: ParentClosePolicy.ABANDON,
        args: [{ meta, orgId, event }],
      });
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) return result;
      if (!(err instanceof ActivityFailure)) throw err;
      log.warn('widget chat not handed to notifications', { interactionId, error: err.cause?.message ?? err.message });
    }
    return result;
  }
}
