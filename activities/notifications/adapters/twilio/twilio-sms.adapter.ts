import { MessagingError, type SmsSender } from '../../messaging.port';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A sending number (E.164) or a Messaging Service SID (MG…). */
  from: string;
  /** Where Twilio posts delivery status (our /integrations/sms/webhook/twilio). */
  statusCallbackUrl?: string;
  baseUrl?: string;
}

// Twilio error codes that mean the recipient cannot get SMS, whatever we retry.
const RECIPIENT_CODES = new Set([21211, 21212, 21407, 21408, 21610, 21612, 21614]);

/** The second SMS provider (002 §3 names Twilio's webhook fields): the Programmable Messaging API. */
export function createTwilioSmsSender(config: TwilioConfig): SmsSender {
  const baseUrl = config.baseUrl ?? 'https://api.twilio.com';
  const auth = Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64');
  return {
    async sendSms(m) {
      const form = new URLSearchParams({ To: m.to, Body: m.text });
      form.set(config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', config.from);
      if (config.statusCallbackUrl) form.set('StatusCallback', config.statusCallbackUrl);
      let res: Response;
      try {
        res = await fetch(`${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`, {
          method: 'POST',
          headers: { Authorization: `Basic ${auth}`, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        throw new MessagingError('UNAVAILABLE', `Twilio unreachable: ${(err as Error).message}`);
      }
      const body = (await res.json().catch(() => null)) as { sid?: string; code?: number; message?: string } | null;
      if (res.ok && typeof body?.sid === 'string') return { messageId: body.sid };
      const detail = `Twilio answered ${res.status}: ${body?.code ?? ''} ${body?.message ?? ''}`.trim();
      if (res.status === 429 || body?.code === 20429) throw new MessagingError('RATE_LIMITED', detail);
      if (res.status >= 500 || res.ok) throw new MessagingError('UNAVAILABLE', detail);
      if (res.status === 401 || res.status === 403) throw new MessagingError('NOT_CONFIGURED', detail, false);
      if (body?.code !== undefined && RECIPIENT_CODES.has(body.code)) throw new MessagingError('INVALID_RECIPIENT', detail, false);
      throw new MessagingError('REJECTED', detail, false);
    },
  };
}
