import type { Db } from '../../../../prisma/client';
import type { Messaging, MessageEnvelope } from '../../messaging.port';
import { storeOutboxMessage } from './outbox.repository';

export interface OutboxOptions {
  /** Whether an outbox phone call counts as answered; every call is answered unless this says otherwise. */
  answers?: (to: string, orgId: string) => boolean;
}

interface OutboxRow extends MessageEnvelope {
  channel: 'email' | 'sms' | 'slack' | 'call';
  to: string;
  subject?: string;
  text: string;
  html?: string;
  template?: string;
  status: string;
}

/**
 * The offline messaging adapter: nothing leaves the machine, every rendered message is stored for the
 * dashboard's Outbox page. The dedup key makes a retried send return the first message.
 */
export function createOutboxMessaging(db: Db, options: OutboxOptions = {}): Messaging {
  const answers = options.answers ?? (() => true);

  const store = (row: OutboxRow) => storeOutboxMessage(db, row);

  return {
    email: {
      async sendEmail(m) {
        const { messageId } = await store({ ...m, channel: 'email', status: 'sent' });
        return { messageId };
      },
    },
    sms: {
      async sendSms(m) {
        const { messageId } = await store({ ...m, channel: 'sms', status: 'sent' });
        return { messageId };
      },
    },
    teamChat: {
      async postMessage(m) {
        const { messageId } = await store({ ...m, channel: 'slack', status: 'sent' });
        return { messageId };
      },
    },
    phone: {
      async placeCall(m) {
        const status = answers(m.to, m.orgId) ? 'answered' : 'no_answer';
        const stored = await store({ ...m, text: m.script, channel: 'call', status });
        return { messageId: stored.messageId, answered: stored.status === 'answered' };
      },
    },
  };
}
