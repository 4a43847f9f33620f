/** Ports the notification activities send through; the outbox adapter and vendor adapters implement them. */

export const MESSAGING_ERROR_CODES = ['INVALID_RECIPIENT', 'REJECTED', 'RATE_LIMITED', 'UNAVAILABLE', 'NOT_CONFIGURED'] as const;
export type MessagingErrorCode = (typeof MESSAGING_ERROR_CODES)[number];

/** The one error every messaging adapter maps its vendor's failures into. */
export class MessagingError extends Error {
  constructor(
    readonly code: MessagingErrorCode,
    message: string,
    readonly retryable: boolean = code === 'RATE_LIMITED' || code === 'UNAVAILABLE',
  ) {
    super(message);
    this.name = 'MessagingError';
  }
}

/** Who a message is for and the key that makes a repeated send store/deliver nothing new. */
export interface MessageEnvelope {
  orgId: string;
  interactionId: string | null;
  dedupKey: string;
}

export interface SentMessage {
  messageId: string;
}

export interface EmailMessage extends MessageEnvelope {
  to: string;
  /** Copies of a direct send (002 §3 send request); notifications have none. */
  cc?: string[];
  bcc?: string[];
  subject: string;
  html: string;
  text: string;
  template: string;
}

export interface SmsMessage extends MessageEnvelope {
  to: string;
  text: string;
  /** 002 §3 send request: this message goes through the secondary provider whatever the organization's flag. */
  forceSecondaryProvider?: boolean;
}

export interface TeamChatMessage extends MessageEnvelope {
  /** The organization's team-chat workspace. */
  to: string;
  text: string;
  blocks: unknown[];
  /** A preview of the blocks for people reading the outbox. */
  html: string;
}

export interface PhoneCallRequest extends MessageEnvelope {
  to: string;
  /** What the call reads out. */
  script: string;
}

export interface EmailSender {
  sendEmail(message: EmailMessage): Promise<SentMessage>;
}

export interface SmsSender {
  sendSms(message: SmsMessage): Promise<SentMessage>;
}

export interface TeamChatSender {
  postMessage(message: TeamChatMessage): Promise<SentMessage>;
}

export interface PhoneCaller {
  /** Resolves when the call has been answered or has rung out. */
  placeCall(request: PhoneCallRequest): Promise<SentMessage & { answered: boolean }>;
}

export interface Messaging {
  email: EmailSender;
  sms: SmsSender;
  teamChat: TeamChatSender;
  phone: PhoneCaller;
}
