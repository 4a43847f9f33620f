import type { VerifiedCallerId } from './api/verified-numbers.api';

export interface NumberStatus {
  label: string;
  palette: 'green' | 'orange';
  /** What the person should do next; null once verified. */
  instruction: string | null;
  /** Offline telephony places no call: the code is confirmed on this page instead. */
  confirmHere: boolean;
}

/** What the row says about a caller ID: verified, or waiting for its code on the provider's call (or here, offline). */
export function numberStatus(n: Pick<VerifiedCallerId, 'verified' | 'provider' | 'validation_code' | 'phone_number'>): NumberStatus {
  if (n.verified) return { label: 'Verified', palette: 'green', instruction: null, confirmHere: false };
  const offline = n.provider === 'offline';
  const code = n.validation_code ?? '—';
  return {
    label: 'Waiting for code',
    palette: 'orange',
    instruction: offline
      ? `Offline telephony places no call: enter code ${code} below to confirm ${n.phone_number}.`
      : `Twilio is calling ${n.phone_number}: answer and enter code ${code} on the keypad, then check the status.`,
    confirmHere: offline,
  };
}
