import { describe, expect, it } from '@jest/globals';
import { createEvent, type EventOf } from '../../catalog';
import type { SmsStatusReportedV1 } from '../../schemas/sms.events';
import { evolveSmsMessage, type SmsMessageEvent } from './sms-messages.projection';
import type { SmsMessageDoc } from './sms-messages.repository';

const ORG = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const INTERACTION = '5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f';
let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

function sent(messageId = 'msg-1'): EventOf<'NotificationSent'> {
  return createEvent({
    eventId: id(),
    type: 'NotificationSent',
    aggregateId: INTERACTION,
    orgId: ORG,
    correlationId: 'c',
    causationId: null,
    occurredAt: new Date('2025-03-04T16:00:00Z'),
    data: {
      orgId: ORG,
      interactionId: INTERACTION,
      ruleId: 'InboundCallRule',
      group: 'cc',
      channel: 'sms',
      purpose: 'interaction',
      address: '+15550003333',
      messageId,
      answered: null,
      interactionEvent: 'send_sms',
    },
  });
}

function status(s: Partial<SmsStatusReportedV1> & Pick<SmsStatusReportedV1, 'status' | 'reportedAt'>): EventOf<'SmsStatusReported'> {
  return createEvent({
    eventId: id(),
    type: 'SmsStatusReported',
    aggregateId: 'msg-1',
    orgId: null,
    correlationId: 'c',
    causationId: null,
    occurredAt: new Date(s.reportedAt),
    data: {
      provider: 'primary',
      messageId: 'msg-1',
      orgId: null,
      interactionId: null,
      providerStatus: s.status,
      errorCode: null,
      errorMessage: null,
      from: '+15550001111',
      to: '+15550003333',
      segmentCount: 1,
      ...s,
    },
  });
}

const fold = (events: SmsMessageEvent[]) => events.reduce<SmsMessageDoc | null>((doc, e) => evolveSmsMessage(doc, e), null);

describe('sms-messages projection', () => {
  it('opens a QUEUED outbound row from the send and moves it to DELIVERED', () => {
    const doc = fold([sent(), status({ status: 'DELIVERED', reportedAt: '2025-03-04T16:00:05Z' })]);
    expect(doc).toMatchObject({
      messageId: 'msg-1',
      direction: 'outbound',
      orgId: ORG,
      interactionId: INTERACTION,
      to: '+15550003333',
      status: 'DELIVERED',
      provider: 'primary',
    });
  });

  it('gives the same row when every event is delivered twice', () => {
    const events = [
      sent(),
      status({ status: 'QUEUED', reportedAt: '2025-03-04T16:00:01Z' }),
      status({ status: 'FAILED', reportedAt: '2025-03-04T16:00:09Z', errorCode: 4720, errorMessage: 'Unreachable' }),
    ];
    expect(fold(events.flatMap((e) => [e, e]))).toEqual(fold(events));
  });

  it('keeps a final status when a late "Sent" arrives, and keeps the send details when the status comes first', () => {
    const doc = fold([
      status({ status: 'DELIVERED', reportedAt: '2025-03-04T16:00:05Z' }),
      status({ status: 'QUEUED', reportedAt: '2025-03-04T16:00:02Z' }),
      sent(),
    ]);
    expect(doc).toMatchObject({ status: 'DELIVERED', interactionId: INTERACTION, orgId: ORG });
  });

  it('ignores sends on other channels', () => {
    const email = sent();
    const other = { ...email, data: { ...email.data, channel: 'email' as const, interactionEvent: 'send_email' as const } };
    expect(evolveSmsMessage(null, other)).toBeNull();
  });
});
