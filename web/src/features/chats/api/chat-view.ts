import { CHAT_STAGE_ORDER, type ChatLogEntry, type ChatStage } from '@contracts/chat-widget.contract';
import { callStatusLabel, formatInZoneForExport } from '@contracts/call-labels';

/** 001 §4's stages in the words the Chats pages use. */
export const STAGE_LABELS: Record<ChatStage, string> = {
  PHONE_LOOKUP: 'Phone given',
  SCHEDULE_LOOKUP: 'Times looked up',
  NEW_ADDRESS: 'Address given',
  CREATE_BOOKING: 'Booking sent',
};

/** Each stage with whether the chat has reached it (a chat at a later stage has passed every earlier one). */
export function stageProgress(stage: ChatStage): { stage: ChatStage; label: string; reached: boolean }[] {
  const at = CHAT_STAGE_ORDER.indexOf(stage);
  return CHAT_STAGE_ORDER.map((s, i) => ({ stage: s, label: STAGE_LABELS[s], reached: i <= at }));
}

/** Who the chat was with: the name they gave, else their number. */
export function chatCustomer(entry: ChatLogEntry): string {
  return entry.interactions.customer_name ?? entry.interactions.customer_number ?? 'Unknown visitor';
}

/** The booking a chat made, as the list shows it. */
export function chatBooking(entry: ChatLogEntry): string {
  const job = entry.jobs[0];
  if (!job) return entry.stage === 'CREATE_BOOKING' ? 'Not booked' : '—';
  return job.crm_booking_id ? `Booked (${job.crm_booking_id})` : 'Booked';
}

// As lib/csv.ts writes the calls export (the dashboard cannot import lib/): RFC 4180, formulas defused.
function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The chats shown as CSV, times in the company's zone.
 */
export function chatLogsCsv(entries: readonly ChatLogEntry[], timeZone: string): string {
  const header = ['Started', 'Ended', 'Customer', 'Phone', 'Address', 'Stage', 'Status', 'Tags', 'Booking', 'Device', 'Reviewed', 'Chat id'];
  const rows = entries.map((e) => [
    formatInZoneForExport(e.created_at, timeZone),
    formatInZoneForExport(e.ended_at, timeZone),
    e.interactions.customer_name ?? '',
    e.interactions.customer_number ?? '',
    e.interactions.customer_address ?? '',
    STAGE_LABELS[e.stage],
    callStatusLabel(e.status),
    e.tags.join('; '),
    chatBooking(e),
    e.device_type === 'MOBILE' ? 'Mobile' : 'Desktop',
    e.interactions.reviewed_at ? 'yes' : 'no',
    e.id,
  ]);
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
