import { MessagingError, type EmailSender } from '../../messaging.port';
import { callVendor } from '../http/vendor-http';

export interface ResendConfig {
  apiKey: string;
  /** "Name <address>" of a verified sending domain. */
  from: string;
  baseUrl?: string;
}

/**
 * Transactional e-mail through Resend (002 §3: its {type, created_at, data {email_id…}} webhooks are
 * Resend's). The dedup key is sent as Idempotency-Key, so a retried activity does not send twice.
 */
export function createResendEmailSender(config: ResendConfig): EmailSender {
  const baseUrl = config.baseUrl ?? 'https://api.resend.com';
  return {
    async sendEmail(m) {
      const { body } = await callVendor('Resend', `${baseUrl}/emails`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${config.apiKey}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': m.dedupKey.slice(0, 256),
        },
        body: JSON.stringify({
          from: config.from,
          to: [m.to],
          ...(m.cc?.length ? { cc: m.cc } : {}),
          ...(m.bcc?.length ? { bcc: m.bcc } : {}),
          subject: m.subject,
          html: m.html,
          text: m.text,
          tags: [{ name: 'template', value: m.template.replace(/[^A-Za-z0-9_-]/g, '_') }],
        }),
      });
      const id = (body as { id?: unknown } | null)?.id;
      if (typeof id !== 'string') throw new MessagingError('UNAVAILABLE', 'Resend answered without an email id');
      return { messageId: id };
    },
  };
}
