import { createOfflineCallerIdVerification, type ConfirmedCallerIds } from './adapters/offline/offline-caller-ids.adapter';
import { createTwilioCallerIdVerification } from './adapters/twilio/twilio-caller-ids.adapter';
import type { CallerIdVerification } from './caller-id-verification.port';

// The deployment settings this factory reads, named as config/env.ts names them; the composition root passes its config.
export interface TelephonyConfig {
  TELEPHONY_ADAPTER: 'offline' | 'twilio';
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_BASE_URL?: string;
}

/** Builds the caller-ID verification adapter from config (TELEPHONY_ADAPTER); offline places no call. */
export function createCallerIdVerification(config: TelephonyConfig, confirmed: ConfirmedCallerIds): CallerIdVerification {
  if (config.TELEPHONY_ADAPTER === 'twilio') {
    // loadConfig refuses twilio without the account; a hand-built config gets the same message here.
    if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN) {
      throw new Error('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: required when TELEPHONY_ADAPTER is twilio');
    }
    return createTwilioCallerIdVerification({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      ...(config.TWILIO_BASE_URL ? { baseUrl: config.TWILIO_BASE_URL } : {}),
    });
  }
  return createOfflineCallerIdVerification(confirmed);
}
