import type { PartialCallRecord } from './call-record.schema';

export const WEBHOOK_EVENT_KINDS = ['call_started', 'call_ended', 'call_analyzed', 'tool_call', 'other'] as const;

export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

export interface WebhookToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export interface WebhookEvent {
  orgId: string;
  kind: WebhookEventKind;
  /** The vendor's event name, e.g. `call_analyzed` or `end-of-call-report`. */
  providerEvent: string;
  providerCallId: string;
  /** ISO-8601; taken from the payload wherever the vendor gives a time, so a redelivery carries the same one. */
  occurredAt: string;
  /** Position in the vendor's lifecycle for this call; a later event has a larger number. */
  sequence?: number;
  record?: PartialCallRecord;
  toolCalls?: WebhookToolCall[];
}
