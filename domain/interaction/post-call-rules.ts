import type { Action, AgentType, CallStatus, InteractionFacts, InteractionTag } from './interaction.schema';
import { AgentTypeSchema, InteractionTagSchema } from './interaction.schema';
import { BOOKED_TAGS, EXCUSED_TAGS, OUTBOUND_CALL_TAGS, OUTBOUND_TEXT_TAGS, UNBOOKED_TAGS } from './tags.schema';
import type { CanonicalCallRecord } from '../call/call-record.schema';
import { toZonedParts } from '../time/zoned-time';
import { epochDayOf } from '../time/calendar';

export type SummaryTaskName =
  'summary_excused' | 'summary_unbooked' | 'summary_demo' | 'summary_happy_call' | 'summary_appointment_reminder' | 'summary_generic';

export type TagTaskName = 'tags_booked' | 'tags_excused' | 'tags_unbooked' | 'tags_outbound_text' | 'tags_outbound_call';

/**
 * Which summary an interaction gets (spec 000 §1 "summaries by kind"). The booked-action summaries need a
 * COMPLETED booking action; none exist until the CRM tools arrive, so a call never reaches them yet.
 */
export function summaryTaskFor(callStatus: CallStatus, agentType: AgentType): SummaryTaskName {
  if (agentType === 'DEMO_AGENT') return 'summary_demo';
  if (agentType === 'HAPPY_CALLS_AGENT') return 'summary_happy_call';
  if (agentType === 'APPOINTMENT_REMINDER_AGENT') return 'summary_appointment_reminder';
  if (callStatus === 'EXCUSED') return 'summary_excused';
  if (callStatus === 'UNBOOKED') return 'summary_unbooked';
  return 'summary_generic';
}

export interface TagTask {
  task: TagTaskName;
  names: readonly string[];
}

/**
 * The tag tasks an interaction gets (spec 000 §4 "Interaction tags"), so every tag a call earns can
 * apply whatever its type: a cancellation on a NotLead call, a callback on an excused one. Booking
 * outcomes that the facts prove come from factTags, not from a model.
 */
export function tagTasksFor(callStatus: CallStatus, direction: 'inbound' | 'outbound', source: 'call' | 'chat' = 'call'): TagTask[] {
  const tasks: TagTask[] = [];
  if (direction === 'outbound') {
    tasks.push(source === 'chat' ? { task: 'tags_outbound_text', names: OUTBOUND_TEXT_TAGS } : { task: 'tags_outbound_call', names: OUTBOUND_CALL_TAGS });
  }
  if (callStatus === 'BOOKED') tasks.push({ task: 'tags_booked', names: BOOKED_TAGS });
  else if (callStatus === 'EXCUSED') tasks.push({ task: 'tags_excused', names: EXCUSED_TAGS });
  // A voicemail has no one to cancel, reschedule or confirm anything.
  if (callStatus !== 'BOOKED' && callStatus !== 'VOICEMAIL') tasks.push({ task: 'tags_unbooked', names: UNBOOKED_TAGS });
  return tasks;
}

export interface FactsForTags {
  facts: Pick<InteractionFacts, 'actions' | 'startedAt'>;
  direction: 'inbound' | 'outbound';
  timezone: string | null;
}

/**
 * Tags the recorded facts prove, each with its reason (spec 000 §4): a completed booking is booked, and
 * same_day or next_day by its appointment date against the call's date in the organization's time zone;
 * a completed reschedule, cancel, confirmation or callback is its tag; a sold or unsold estimate is
 * estimate_accepted or estimate_declined; every outbound call is outbound_call; an abandoned call had
 * no conversation.
 */
export function factTags({ facts, direction, timezone }: FactsForTags, callStatus: CallStatus): Partial<Record<InteractionTag, string>> {
  const tags: Partial<Record<InteractionTag, string>> = {};
  const done = (type: Action['type']) => facts.actions.filter((a) => a.type === type && a.status === 'COMPLETED');
  const zone = timezone ?? 'UTC';
  const callDate = facts.startedAt ? localDate(facts.startedAt, zone) : null;
  for (const booking of [...done('job_booking'), ...done('create_booking')]) {
    tags.booked ??= `${booking.type} action ${booking.id} is COMPLETED.`;
    const when = text(booking.payload.appointment_time) ?? text(booking.payload.start);
    const day = when ? localDate(when, zone) : null;
    const days = day && callDate ? daysBetween(callDate, day) : null;
    if (days === 0) tags.same_day ??= `the appointment (${day}) is on the day of the call in ${zone}.`;
    if (days === 1) tags.next_day ??= `the appointment (${day}) is the day after the call (${callDate}) in ${zone}.`;
  }
  for (const moved of done('job_reschedule')) {
    tags.reschedule ??= `job_reschedule action ${moved.id} is COMPLETED.`;
    const from = text(moved.payload.original_appointment_time);
    const to = text(moved.payload.new_appointment_time);
    if (from && to && Date.parse(to) < Date.parse(from)) tags.sooner_slot ??= `the job moved earlier, from ${from} to ${to} (action ${moved.id}).`;
  }
  for (const cancel of done('job_cancel')) tags.cancellation ??= `job_cancel action ${cancel.id} is COMPLETED.`;
  for (const confirm of done('confirm_appointment')) tags.appointment_confirmed ??= `confirm_appointment action ${confirm.id} is COMPLETED.`;
  for (const callback of done('create_callback')) tags.callback ??= `create_callback action ${callback.id} is COMPLETED.`;
  for (const estimate of done('update_estimate')) {
    if (estimate.payload.status === 'sold') tags.estimate_accepted ??= `the estimate was marked sold (action ${estimate.id}).`;
    if (estimate.payload.status === 'unsold') tags.estimate_declined ??= `the estimate was marked unsold (action ${estimate.id}).`;
  }
  if (direction === 'outbound') tags.outbound_call = 'the agent placed the call.';
  if (callStatus === 'ABANDONED') tags.no_conversation = 'the call ended before any conversation.';
  return tags;
}

/**
 * The interaction's tags: what the facts prove, then each tag task's true flags with their reasons.
 * Only §4 tag names are kept; a fact's reason wins over a model's.
 */
export function mergeTags(
  fromFacts: Partial<Record<InteractionTag, string>>,
  outputs: readonly { names: readonly string[]; output: Record<string, unknown> }[],
): { tags: InteractionTag[]; reasons: Record<string, string> } {
  const reasons: Record<string, string> = { ...fromFacts };
  for (const { names, output } of outputs) {
    for (const name of names) {
      if (output[name] !== true || name in reasons || !InteractionTagSchema.safeParse(name).success) continue;
      reasons[name] = String(output[`${name}_reason`] ?? '');
    }
  }
  const tags = InteractionTagSchema.options.filter((t) => t in reasons);
  return { tags, reasons: Object.fromEntries(tags.map((t) => [t, reasons[t]])) };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The calendar date of an instant in a zone; a time without an offset is already local. */
function localDate(iso: string, zone: string): string | null {
  if (!/(?:Z|[+-]\d{2}:?\d{2})$/.test(iso)) return /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  try {
    return toZonedParts(new Date(ms), zone).date;
  } catch {
    return toZonedParts(new Date(ms), 'UTC').date;
  }
}

function daysBetween(from: string, to: string): number | null {
  const a = epochDayOf(from);
  const b = epochDayOf(to);
  return a === undefined || b === undefined ? null : b - a;
}

/**
 * The agent type the call was made by, as we handed it to the provider in metadata or call variables
 * (`agent_type`). Null when the call does not say: agents arrive with their own issue.
 */
export function agentTypeOf(record: Pick<CanonicalCallRecord, 'metadata' | 'callVariables'>): AgentType | null {
  const raw = record.metadata.agent_type ?? record.callVariables.agent_type;
  const parsed = AgentTypeSchema.safeParse(typeof raw === 'string' ? raw.toUpperCase() : raw);
  return parsed.success ? parsed.data : null;
}
