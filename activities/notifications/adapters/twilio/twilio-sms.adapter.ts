import type { SmsSender } from '../../messaging.port';
import { twilioRequest, type TwilioCredentials } from './twilio-client';

export interface TwilioConfig extends TwilioCredentials {
  /** A sending number (E.164) or a Messaging Service SID (MG…). */
  from: string;
  /** Where Twilio posts delivery status (our /integrations/sms/webhook/twilio). */
  statusCallbackUrl?: string;
}

// Twilio error codes that mean the recipient cannot get SMS, whatever we retry.
const RECIPIENT_CODES = new Set([21211, 21212, 21407, 21408, 21610, 21612, 21614]);

/** The second SMS provider (002 §3 names Twilio's webhook fields): the Programmable Messaging API. */
export function createTwilioSmsSender(config: TwilioConfig): SmsSender {
  return {
    async sendSms(m) {
      const form = new URLSearchParams({ To: m.to, Body: m.text });
      form.set(config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', config.from);
      if (config.statusCallbackUrl) form.set('StatusCallback', config.statusCallbackUrl);
      const message = await twilioRequest(config, { method: 'POST', path: '/Messages.json', form, recipientCodes: RECIPIENT_CODES });
      return { messageId: message.sid };
    },
  };
}
