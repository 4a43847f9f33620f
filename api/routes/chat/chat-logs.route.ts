import { defineRoute } from '../../http/route';
import type { WidgetChatDoc } from '../../../events/projections/widget-chats/widget-chats.repository';
import { addressLine } from '../../../domain/chat/widget-chat';
import { listRangeOf } from '../../use-cases/list-range';
import { ChatLogsRequestSchema, ChatLogsResponseSchema, type ChatLogEntry } from './chat.schema';

/** One chat as the Chats page lists it (001 §3 "Chat log entry and chat data"). */
export function toChatLogEntry(chat: WidgetChatDoc): ChatLogEntry {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: chat.chatId,
    org_id: chat.orgId,
    stage: chat.stage as ChatLogEntry['stage'],
    interactions: {
      id: chat.interactionId,
      chat_id: chat.chatId,
      call_id: null,
      crm_campaign_id: (chat.bookingPayload?.campaignId as string | undefined) ?? null,
      customer_name: chat.customerName,
      customer_number: chat.customerNumber,
      customer_address: chat.customerAddress ? addressLine(chat.customerAddress) : null,
      crm_customer_id: chat.crmCustomerId,
      created_at: chat.createdAt.toISOString(),
      org_id: chat.orgId,
      tags: chat.tags,
      reviewed_at: iso(chat.reviewedAt),
      review_notes: chat.reviewNotes,
    },
    jobs: chat.actionStatus === 'COMPLETED' ? [{ revenue: null, crm_job_id: null, crm_booking_id: chat.crmBookingId }] : [],
    tags: chat.tags,
    status: chat.callStatus as ChatLogEntry['status'],
    chat_details: chat.chatDetails as ChatLogEntry['chat_details'],
    created_at: chat.createdAt.toISOString(),
    ended_at: iso(chat.endedAt),
    device_type: chat.deviceType,
    widget_id: chat.widgetId,
  };
}

export const chatLogsRoute = defineRoute({
  method: 'post',
  path: '/chat/logs',
  summary: 'Website widget chats of an organization in a date range, newest first, paged (spec 001 §2.5)',
  tag: 'Chats',
  // A hot list of the Chats page: session, user and membership in one statement (register-routes).
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId, inInput: true },
  request: { body: ChatLogsRequestSchema },
  response: { schema: ChatLogsResponseSchema, description: 'One page of chat log entries' },
  errors: [307, 401],
  async handler({ body, deps }) {
    const rows = await deps.widgetChats.repository.listChatLogs({
      orgId: body.orgId,
      ...(await listRangeOf(deps, body.orgId, body)),
      page: body.page,
      pageSize: body.pageSize,
    });
    return { entries: rows.map(toChatLogEntry) };
  },
});
