import type { ChatTimeSlot } from '../../domain/contracts/chat-widget.contract';
import type {
  AddressChatInput,
  BookChatAnswer,
  BookChatInput,
  RegisterChatAnswer,
  RegisterChatInput,
  ScheduleChatInput,
  WidgetChatWorkflowInput,
} from '../../workflows/widget-chat/widget-chat.types';

export type WidgetChatFailure = 'not_found' | 'expired' | 'unavailable';

/** A widget request refused: the chat is unknown (or another organization's), its workflow has ended, or what it needs (the CRM) failed. */
export class WidgetChatRefused extends Error {
  constructor(
    readonly reason: WidgetChatFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WidgetChatRefused';
  }
}

/** Website widget chats, one workflow each (001 §2.6); every method throws WidgetChatRefused (register only 'unavailable'). */
export interface WidgetChatGateway {
  /** Starts the chat's workflow with its register request and answers what it found. */
  register(start: WidgetChatWorkflowInput, req: RegisterChatInput): Promise<RegisterChatAnswer>;
  schedule(chatId: string, req: ScheduleChatInput): Promise<ChatTimeSlot[]>;
  address(chatId: string, req: AddressChatInput): Promise<void>;
  /** The booking; a repeat of a booking already made answers the same action, even once the chat has ended. */
  book(chatId: string, req: BookChatInput): Promise<BookChatAnswer>;
}
