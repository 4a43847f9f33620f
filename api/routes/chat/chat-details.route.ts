import { z } from 'zod';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { addressLine } from '../../../domain/chat/widget-chat';
import { WidgetDetailsSchema, type WidgetDetails } from './chat.schema';

const ParamsSchema = z.object({ chatId: z.uuid('chatId must be a UUID') });

export const chatDetailsRoute = defineRoute({
  method: 'get',
  path: '/chat/details/:chatId',
  summary: 'One website widget chat for its details page: customer, stage, chat details, summary and appointment (spec 001 §2.5 "Widget details")',
  tag: 'Chats',
  // An unknown chat and another organization's answer alike: existence is not disclosed across tenants.
  access: { kind: 'org', orgIdOf: async ({ params }, deps) => (await deps.widgetChats.repository.findByChatId(params.chatId))?.orgId ?? null },
  request: { params: ParamsSchema },
  response: { schema: WidgetDetailsSchema, description: 'The chat' },
  errors: [307, 401, 404],
  async handler({ params, deps }): Promise<WidgetDetails> {
    const chat = await deps.widgetChats.repository.findByChatId(params.chatId);
    if (!chat) throw notFound('Chat not found');
    const org = await deps.organizations.findById(chat.orgId);
    return {
      id: chat.chatId,
      org_id: chat.orgId,
      interaction_id: chat.interactionId,
      customer_name: chat.customerName,
      customer_number: chat.customerNumber,
      customer_address: chat.customerAddress ? addressLine(chat.customerAddress) : null,
      crm_customer_id: chat.crmCustomerId,
      reviewed_at: chat.reviewedAt?.toISOString() ?? null,
      timezone: org?.timezone ?? null,
      created_at: chat.createdAt.toISOString(),
      chat_details: chat.chatDetails as WidgetDetails['chat_details'],
      stage: chat.stage as WidgetDetails['stage'],
      summary: chat.summary,
      appointment_time: chat.appointmentTime,
      call_status: chat.callStatus as WidgetDetails['call_status'],
      call_type: chat.callType,
      call_type_reason: chat.callTypeReason,
      tags: chat.tags,
      tag_reasons: chat.tagReasons,
      review_notes: chat.reviewNotes,
      ended_at: chat.endedAt?.toISOString() ?? null,
      device_type: chat.deviceType,
      widget_id: chat.widgetId,
      booking: chat.bookingPayload
        ? { status: chat.actionStatus, crm_booking_id: chat.crmBookingId, start_time: (chat.bookingPayload.startTime as string | undefined) ?? null }
        : null,
    };
  },
});
