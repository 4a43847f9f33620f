import { humanizeCode } from '@contracts/call-labels';
import { VOICE_PLATFORM_NAMES } from '@contracts/voice-platforms.contract';

/**
 * Spec 001 §3 interaction events in words for Call details (issue 13: events in words, not JSON). Reads the
 * metadata the product records for each; an event or field it does not know is still said plainly.
 */
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(str).filter((s): s is string => s !== null) : []);

const ENDED_REASONS: Record<string, string> = {
  user_hangup: 'the caller hung up',
  customer_hangup: 'the caller hung up',
  agent_hangup: 'the agent ended the call',
  assistant_hangup: 'the agent ended the call',
  voicemail: 'it reached voicemail',
  transfer: 'it was transferred',
  error: 'of an error',
  silence_timeout: 'nobody spoke',
  max_duration: 'it reached its time limit',
};

/** "2026-11-28T08:00:00" (the company's wall time, no zone) → "Nov 28, 2026, 8:00 AM"; anything else as it is. */
function wallTime(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(value);
  if (!m) return value;
  const [, y, mo, d, h, mi] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0)));
  const options: Intl.DateTimeFormatOptions = { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat('en-US', h === undefined ? options : { ...options, hour: 'numeric', minute: '2-digit' }).format(date);
}

function sentTo(meta: Record<string, unknown>, what: string): string {
  const to = str(meta.to);
  const purpose = str(meta.purpose);
  return `${what}${to ? ` to ${to}` : ''}${purpose ? ` (${humanizeCode(purpose).toLowerCase()})` : ''}`;
}

export function describeInteractionEvent(name: string, metadata: Record<string, unknown>): string {
  const m = metadata ?? {};
  switch (name) {
    case 'create_call': {
      const direction = str(m.direction);
      const provider = str(m.provider);
      if (provider === 'in_house') return 'Web call started with the in-house agent';
      const platform = provider ? ((VOICE_PLATFORM_NAMES as Record<string, string>)[provider] ?? humanizeCode(provider)) : null;
      return `${direction === 'outbound' ? 'Outbound call placed' : 'Call came in'}${platform ? ` through ${platform}` : ''}`;
    }
    case 'call_end_reason': {
      const reason = str(m.endedReason);
      return `Call ended${reason ? ` because ${ENDED_REASONS[reason] ?? humanizeCode(reason).toLowerCase()}` : ''}`;
    }
    case 'call_error': {
      const message = str(m.message) ?? str(m.error);
      const task = str(m.task);
      return `Something went wrong${task ? ` (${humanizeCode(task).toLowerCase()})` : ''}${message ? `: ${message}` : ''}`;
    }
    case 'send_email':
      return sentTo(m, 'E-mail sent');
    case 'send_sms':
      return sentTo(m, 'Text message sent');
    case 'send_slack':
      return sentTo(m, 'Team chat message sent');
    case 'ai_sms_followup':
      return sentTo(m, 'Follow-up text sent by the AI');
    case 'send_webhook': {
      const endpoint = str(m.endpoint);
      const event = str(m.eventType);
      return `Webhook${event ? ` "${event}"` : ''} delivered${endpoint ? ` to ${endpoint}` : ''}`;
    }
    case 'emergency_pager_no_answer': {
      const called = list(m.called);
      return `Emergency page not answered${called.length ? ` by ${called.join(', ')}` : ''}${str(m.escalatedTo) ? `; escalated to ${str(m.escalatedTo)}` : ''}`;
    }
    case 'get_capacity': {
      const checked = str(m.time_to_check);
      const when = checked ? wallTime(checked) : null;
      if (m.available === true) return `Checked the schedule${when ? ` for ${when}` : ''}: a slot was free`;
      if (m.available === false) return `Checked the schedule${when ? ` for ${when}` : ''}: nothing free then, other times offered`;
      return `Checked the schedule${when ? ` for ${when}` : ''}`;
    }
    case 'get_capacity_error':
      return `Could not check the schedule${str(m.error) ? `: ${str(m.error)}` : ''}`;
    case 'get_jobs': {
      const found = typeof m.found === 'number' ? m.found : null;
      return `Looked up the caller's upcoming jobs${found === null ? '' : `: ${found === 0 ? 'none' : found === 1 ? '1 found' : `${found} found`}`}`;
    }
    case 'create_crm_booking': {
      const job = str(m.jobNumber) ?? str(m.jobId) ?? str(m.bookingId);
      return `Booked in the CRM${job ? `: job ${job}` : ''}`;
    }
    case 'update_crm_booking':
      return 'Booking updated in the CRM';
    case 'update_crm_job': {
      const jobs = list(m.jobIds);
      return `Job${jobs.length === 1 ? '' : 's'} updated in the CRM${jobs.length ? `: ${jobs.join(', ')}` : ''}${typeof m.notes === 'number' && m.notes > 0 ? ` (${m.notes} note${m.notes === 1 ? '' : 's'} added)` : ''}`;
    }
    case 'callback_required':
      return 'The caller asked to be called back';
    case 'auto_assign_update':
      return 'Technician assigned automatically';
    default:
      return humanizeCode(name);
  }
}
