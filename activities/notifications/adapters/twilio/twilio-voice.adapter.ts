import { MessagingError, type PhoneCaller } from '../../messaging.port';
import { twilioRequest, type TwilioCredentials, type TwilioResource } from './twilio-client';

export interface TwilioVoiceConfig extends TwilioCredentials {
  /** A Twilio voice number or verified caller id (E.164); a Messaging Service cannot place calls. */
  from: string;
  /** How long the phone rings before Twilio gives up (its `Timeout`, default 60 s). */
  ringSeconds?: number;
  /** How long placeCall waits for the outcome, creation included; stays under the send activity's 2 minutes. */
  waitMs?: number;
  pollIntervalMs?: number;
}

// Twilio error codes on call creation that mean this number cannot be called, whatever we retry.
const RECIPIENT_CODES = new Set([21211, 21214, 21215, 21216, 21217, 13223, 13224]);
// The From number is not ours to call from (not a Twilio number, not a verified caller id, malformed).
const SETUP_CODES = new Set([21210, 21212]);

const UNANSWERED = new Set(['busy', 'failed', 'no-answer', 'canceled']);
const CONNECTED = new Set(['in-progress', 'completed']);
// Twiml passed inline is limited to 4000 characters (Twilio error 32018).
const TWIML_LIMIT = 4000;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The page read out twice, so a technician woken by the call still hears all of it. */
export function emergencyTwiml(script: string): string {
  const wrap = (text: string) => `<Response><Say loop="2">${escapeXml(text)}</Say></Response>`;
  let text = script;
  while (wrap(text).length > TWIML_LIMIT) text = text.slice(0, text.lastIndexOf(' ', text.length - 2));
  return wrap(text);
}

/**
 * The emergency page's phone channel through Twilio Programmable Voice: POST Calls.json with the page as
 * inline Twiml, then the call resource is read until it is answered or has rung out. Answering machine
 * detection is on, because a page that reaches voicemail must count as unanswered so the workflow escalates
 * to the on-call manager (000 §4 EmergencyJobRule).
 */
export function createTwilioPhoneCaller(config: TwilioVoiceConfig): PhoneCaller {
  const waitMs = config.waitMs ?? 100_000;
  const pollIntervalMs = config.pollIntervalMs ?? 2_000;
  return {
    async placeCall(request) {
      const deadline = Date.now() + waitMs;
      const form = new URLSearchParams({
        To: request.to,
        From: config.from,
        Twiml: emergencyTwiml(request.script),
        Timeout: String(config.ringSeconds ?? 30),
        MachineDetection: 'Enable',
      });
      const created = await twilioRequest(config, { method: 'POST', path: '/Calls.json', form, recipientCodes: RECIPIENT_CODES, setupCodes: SETUP_CODES });
      const callPath = `/Calls/${encodeURIComponent(created.sid)}.json`;

      // Twilio has no idempotency key for calls: once it exists, nothing below throws (a retried activity
      // would ring the technician again). A call whose outcome cannot be read by the deadline is unanswered.
      let call: TwilioResource = created;
      for (;;) {
        const outcome = answeredOf(call);
        if (outcome !== null) return { messageId: created.sid, answered: outcome };
        const left = deadline - Date.now();
        if (left <= 0) break;
        await new Promise((r) => setTimeout(r, Math.min(pollIntervalMs, left)));
        try {
          call = await twilioRequest(config, { method: 'GET', path: callPath, timeoutMs: Math.max(1_000, Math.min(10_000, deadline - Date.now())) });
        } catch (err) {
          if (!(err instanceof MessagingError)) throw err;
        }
      }
      const status = String(call.status ?? '');
      if (status === 'in-progress') return { messageId: created.sid, answered: !isMachine(call) };
      // Still queued or ringing: stop it, so it does not ring on after the page has moved to the manager.
      await twilioRequest(config, { method: 'POST', path: callPath, form: new URLSearchParams({ Status: 'canceled' }), timeoutMs: 5_000 }).catch(
        () => undefined,
      );
      return { messageId: created.sid, answered: false };
    },
  };
}

const isMachine = (call: TwilioResource) => {
  const by = typeof call.answered_by === 'string' ? call.answered_by : '';
  return by.startsWith('machine') || by === 'fax';
};

/** true/false once the call's outcome is known; null while it is queued, ringing, or being classified. */
function answeredOf(call: TwilioResource): boolean | null {
  const status = String(call.status ?? '');
  if (UNANSWERED.has(status)) return false;
  if (!CONNECTED.has(status)) return null;
  if (isMachine(call)) return false;
  // human or unknown (detection timed out: someone picked up and said little) count as answered.
  if (call.answered_by === 'human' || call.answered_by === 'unknown') return true;
  return status === 'completed' ? true : null;
}
