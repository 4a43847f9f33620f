import { MessagingError, type SmsSender } from '../../messaging.port';
import { callVendor } from '../http/vendor-http';

export interface PrimarySmsConfig {
  apiKey: string;
  baseUrl: string;
  /** The organization's 10DLC sending number. */
  from: string;
}

/**
 * The first SMS provider of 002 §3. The spec names its fields (From, To, Text, ConversationMetadata,
 * Sid in the answer and in its webhooks) but not the vendor, so the request mirrors those fields:
 * POST {baseUrl}/messages with a bearer key; the answer's Sid is the id its status webhooks carry.
 */
export function createPrimarySmsSender(config: PrimarySmsConfig): SmsSender {
  return {
    async sendSms(m) {
      const { body } = await callVendor('SMS provider', `${config.baseUrl.replace(/\/$/, '')}/messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${config.apiKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': m.dedupKey },
        body: JSON.stringify({
          From: config.from,
          To: [m.to],
          Text: m.text,
          ConversationMetadata: { org_id: m.orgId, interaction_id: m.interactionId },
        }),
      });
      const sid = (body as { Sid?: unknown } | null)?.Sid;
      if (typeof sid !== 'string') throw new MessagingError('UNAVAILABLE', 'SMS provider answered without a message Sid');
      return { messageId: sid };
    },
  };
}

/** Sends through the primary provider unless the organization's flag or the send request forces the secondary one (002 §3). */
export function createRoutedSmsSender(opts: {
  primary: SmsSender | null;
  secondary: SmsSender | null;
  forcesSecondary(orgId: string): Promise<boolean>;
}): SmsSender {
  return {
    async sendSms(m) {
      const forced = m.forceSecondaryProvider === true || (await opts.forcesSecondary(m.orgId));
      const sender = forced ? opts.secondary : (opts.primary ?? opts.secondary);
      if (!sender) throw new MessagingError('NOT_CONFIGURED', 'no SMS provider is configured for this organization', false);
      return sender.sendSms(m);
    },
  };
}
