/**
 * Plain-language names for what the call records hold as codes (issue 13): a call's status, its agent's type and
 * its tags, as an office manager reads them on the Calls page, in Call details and in the CSV export.
 */

/** Spec 001 §4 call statuses. */
export const CALL_STATUS_LABELS: Record<string, string> = {
  STARTED: 'In progress',
  PROCESSING: 'Being analysed',
  BOOKED: 'Booked',
  UNBOOKED: 'Not booked',
  EXCUSED: 'Excused',
  ABANDONED: 'Hung up early',
  ERROR: 'Error',
  TRANSFERRED: 'Transferred',
  COMPLETED: 'Completed',
  NO_ANSWER: 'No answer',
  VOICEMAIL: 'Voicemail',
  SOLD: 'Sold',
  OUTGOING: 'Outgoing',
  PENDING: 'Pending',
};

/** What a status means, for a hint beside the label. */
export const CALL_STATUS_HINTS: Record<string, string> = {
  STARTED: 'The call is still going on.',
  PROCESSING: 'The call has ended; the transcript is being read and the call classified.',
  BOOKED: 'The agent booked a job.',
  UNBOOKED: 'A lead that did not book: worth a call back.',
  EXCUSED: 'Not booked, for a reason nobody could change (outside the service area, a service you do not offer, a message left…).',
  ABANDONED: 'The caller hung up before saying what they needed.',
  ERROR: 'Something went wrong with the call or its analysis.',
  NO_ANSWER: 'Nobody picked up.',
  VOICEMAIL: 'The call reached a voicemail box.',
};

/** Spec 000 §6 agent types. */
export const AGENT_TYPE_LABELS: Record<string, string> = {
  RECEPTIONIST: 'Receptionist',
  OFFICE_HOURS_CSR: 'Office-hours CSR',
  AFTER_HOURS_CSR: 'After-hours CSR',
  HAPPY_CALLS_AGENT: 'Happy-call agent',
  DEMO_AGENT: 'Demo agent',
  SALES_AGENT: 'Sales agent',
  ESTIMATE_FOLLOWUPS_AGENT: 'Estimate follow-up agent',
  APPOINTMENT_REMINDER_AGENT: 'Appointment reminder agent',
  MEMBERSHIP_AGENT: 'Membership agent',
  LEAD_ENGAGEMENT_AGENT: 'Lead follow-up agent',
  CHAT_CSR_AGENT: 'Website chat agent',
};

/** Spec 000 §3/§4 tags whose words alone would not say it plainly. */
const TAG_LABELS: Record<string, string> = {
  dispatch_fee_issue: 'Dispatch fee',
  timing_issue: 'No suitable time',
  estimate_on_call: 'Wanted a price on the call',
  agent_requested: 'Asked for a person',
  message_drop: 'Left a message',
  message_left: 'Message left',
  no_conversation: 'No conversation',
  follow_up: 'Follow-up',
  outside_service_area: 'Outside service area',
  sooner_slot: 'Wanted a sooner slot',
  do_not_service: 'Do not service',
  do_not_contact: 'Do not contact',
  do_not_call: 'Do not call',
  language_issue: 'Language barrier',
  outbound_call: 'Outbound call',
};

/** "some_code" or "SOME_CODE" → "Some code": the fallback for a code without a label of its own. */
export function humanizeCode(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const callStatusLabel = (status: string) => CALL_STATUS_LABELS[status] ?? humanizeCode(status);
export const agentTypeLabel = (agentType: string | null) => (agentType ? (AGENT_TYPE_LABELS[agentType] ?? humanizeCode(agentType)) : 'Unknown agent');
export const tagLabel = (tag: string) => TAG_LABELS[tag] ?? humanizeCode(tag);

/** "1 call", "2 calls", "0 calls"; the plural given when adding an "s" is wrong. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** A call's length as "42 s", "3 min 05 s" or "1 h 02 min"; "—" when it is not known. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  return `${m} min ${String(s).padStart(2, '0')} s`;
}

/**
 * A moment in the company's time zone, labelled with the zone's short name: "Nov 27, 2026, 1:05 PM CST".
 * Every page shows times this way, so the same call shows the same time everywhere (issue 13).
 */
export function formatInZone(iso: string | Date | null | undefined, timeZone: string, opts: { dateOnly?: boolean; withSeconds?: boolean } = {}): string {
  if (!iso) return '—';
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(opts.dateOnly ? {} : { hour: 'numeric', minute: '2-digit', ...(opts.withSeconds ? { second: '2-digit' } : {}), timeZoneName: 'short' }),
  }).format(date);
}

/** "2026-11-27 13:05" in the zone: sortable, for the CSV export (its column names the zone). */
export function formatInZoneForExport(iso: Date | string | null, timeZone: string): string {
  if (!iso) return '';
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
