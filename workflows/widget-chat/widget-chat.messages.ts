import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { ChatTimeSlot } from '../../domain/contracts/chat-widget.contract';
import type {
  AddressChatInput,
  BookChatAnswer,
  BookChatInput,
  RegisterChatAnswer,
  RegisterChatInput,
  ScheduleChatInput,
  WidgetChatSnapshot,
} from './widget-chat.types';

export const registerChatUpdate = defineUpdate<RegisterChatAnswer, [RegisterChatInput]>('registerChat');
export const scheduleChatUpdate = defineUpdate<ChatTimeSlot[], [ScheduleChatInput]>('scheduleChat');
export const addressChatUpdate = defineUpdate<void, [AddressChatInput]>('addressChat');
export const bookChatUpdate = defineUpdate<BookChatAnswer, [BookChatInput]>('bookChat');
export const getWidgetChatQuery = defineQuery<WidgetChatSnapshot>('getWidgetChat');

/** Update rejections the API turns into its error statuses. */
export const WIDGET_CHAT_REJECTIONS = { notFound: 'WidgetChatNotFound', expired: 'WidgetChatExpired', notRegistered: 'WidgetChatNotRegistered' } as const;
