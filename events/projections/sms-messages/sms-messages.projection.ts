import type { EventOf } from '../../catalog';
import { NOTIFICATION } from '../../schemas/notification.events';
import { SMS } from '../../schemas/sms.events';
import { documentProjection } from '../projection';
import { smsMessagesStore, type SmsMessageDoc } from './sms-messages.repository';

export const SMS_MESSAGE_EVENT_TYPES = ['NotificationSent', 'SmsStatusReported', 'SmsReceived'] as const;
export type SmsMessageEvent = EventOf<(typeof SMS_MESSAGE_EVENT_TYPES)[number]>;

// A final status is never undone by a late "Queued"/"Sent" report: providers do not keep order.
const RANK: Record<string, number> = { QUEUED: 0, DELIVERED: 1, FAILED: 1 };

const blank = (messageId: string, at: Date): SmsMessageDoc => ({
  messageId,
  provider: null,
  direction: 'outbound',
  orgId: null,
  interactionId: null,
  from: null,
  to: null,
  text: null,
  status: 'QUEUED',
  providerStatus: null,
  errorCode: null,
  errorMessage: null,
  segmentCount: null,
  statusAt: null,
  createdAt: at,
  updatedAt: at,
});

/** Outbound SMS (from the notification that sent them) and inbound SMS, with their latest delivery status. */
export function evolveSmsMessage(state: SmsMessageDoc | null, event: SmsMessageEvent): SmsMessageDoc | null {
  const at = new Date(event.occurredAt);
  switch (event.type) {
    case 'NotificationSent': {
      const d = event.data;
      if (d.channel !== 'sms') return state;
      const doc = state ?? blank(d.messageId, at);
      return {
        ...doc,
        orgId: d.orgId,
        interactionId: d.interactionId,
        to: doc.to ?? d.address,
        createdAt: state ? (doc.createdAt < at ? doc.createdAt : at) : at,
      };
    }
    case 'SmsStatusReported': {
      const d = event.data;
      const doc = state ?? blank(d.messageId, at);
      const reportedAt = new Date(d.reportedAt);
      const known = {
        ...doc,
        provider: d.provider,
        orgId: doc.orgId ?? d.orgId,
        interactionId: doc.interactionId ?? d.interactionId,
        from: doc.from ?? d.from,
        to: doc.to ?? d.to,
        segmentCount: d.segmentCount ?? doc.segmentCount,
        updatedAt: at > doc.updatedAt ? at : doc.updatedAt,
      };
      const newer = doc.statusAt === null || RANK[d.status] > RANK[doc.status] || (RANK[d.status] === RANK[doc.status] && reportedAt >= doc.statusAt);
      if (!newer) return known;
      return { ...known, status: d.status, providerStatus: d.providerStatus, errorCode: d.errorCode, errorMessage: d.errorMessage, statusAt: reportedAt };
    }
    case 'SmsReceived': {
      const d = event.data;
      if (state?.direction === 'inbound') return state;
      return {
        ...blank(d.messageId, at),
        provider: d.provider,
        direction: 'inbound',
        orgId: d.orgId,
        interactionId: d.interactionId,
        from: d.from,
        to: d.to,
        text: [d.text, ...d.mediaUrls].filter((s) => s !== '').join('\n'),
        status: 'RECEIVED',
        providerStatus: 'received',
        segmentCount: d.segmentCount,
        statusAt: new Date(d.receivedAt),
      };
    }
  }
}

export const smsMessagesProjection = documentProjection<SmsMessageDoc, SmsMessageEvent>({
  name: 'sms-messages',
  aggregateTypes: [NOTIFICATION, SMS],
  handles: SMS_MESSAGE_EVENT_TYPES,
  documentId: (e) => e.data.messageId,
  evolve: evolveSmsMessage,
  store: smsMessagesStore,
});
