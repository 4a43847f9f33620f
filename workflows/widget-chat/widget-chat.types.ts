import type { ChatAddress, ChatCustomer, ChatStage, ChatStepDetail, DeviceType, WidgetBookingPayload } from '../../domain/contracts/chat-widget.contract';
import type { CrmName } from '../../domain/organization/organization-settings.schema';
import type { RunMeta } from '../../domain/run/run-meta';

export interface WidgetChatWorkflowInput {
  meta: RunMeta;
  orgId: string;
  chatId: string;
  interactionId: string;
  /** NONE: there is no CRM to look customers up in or book with. */
  crmName: CrmName;
  /** How long the chat waits for the visitor's next request (default WIDGET_CHAT_IDLE_MS). */
  idleTimeoutMs?: number;
}

export interface RegisterChatInput {
  orgId: string;
  phone: string;
  widgetId: string;
  deviceType: DeviceType;
  chatDetails: ChatStepDetail[];
  referer: string | null;
}
export interface RegisterChatAnswer {
  chatId: string;
  interactionId: string;
  data: ChatCustomer[];
}

export interface ScheduleChatInput {
  orgId: string;
  startsOnOrAfter: string;
  endTime: string | null;
  jobTypeId: string | null;
  businessUnitId: string | null;
  priority: number | null;
  chatDetails: ChatStepDetail[] | null;
}

export interface AddressChatInput {
  orgId: string;
  interactionId: string;
  address: ChatAddress;
  customerName: string;
  crmCustomerId: string | null;
  chatDetails: ChatStepDetail[];
}

export interface BookChatInput {
  orgId: string;
  interactionId: string;
  payload: WidgetBookingPayload;
  chatDetails: ChatStepDetail[];
}
export type BookChatAnswer = { actionId: string; status: 'COMPLETED' } | { actionId: string; status: 'DROPPED'; reason: string };

export type WidgetChatStatus = 'open' | 'booked' | 'expired' | 'analysing' | 'done';

export interface WidgetChatSnapshot {
  chatId: string;
  interactionId: string;
  orgId: string;
  stage: ChatStage | null;
  status: WidgetChatStatus;
  booking: BookChatAnswer | null;
  callStatus: string | null;
}
