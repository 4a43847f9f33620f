import { z } from 'zod';

type FlagShape<N extends string> = { [K in N]: z.ZodBoolean } & { [K in N as `${K}_reason`]: z.ZodString };

/** `{tag: boolean, tag_reason: string}` for each name: the §3 tag shapes. */
export function flagsWithReasons<const N extends readonly string[]>(names: N): z.ZodObject<FlagShape<N[number]>> {
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) {
    shape[name] = z.boolean();
    shape[`${name}_reason`] = z.string();
  }
  return z.object(shape) as unknown as z.ZodObject<FlagShape<N[number]>>;
}

/** Spec 000 §3 "Excused tags", in its order (it lists sooner_slot here and not language_issue). */
export const EXCUSED_TAGS = [
  'dispatch_fee_issue',
  'timing_issue',
  'estimate_on_call',
  'agent_requested',
  'message_drop',
  'message_left',
  'spam',
  'no_conversation',
  'follow_up',
  'outside_service_area',
  'sooner_slot',
] as const;
export type ExcusedTag = (typeof EXCUSED_TAGS)[number];

export const BOOKED_TAGS = ['sooner_slot'] as const;

export const OUTBOUND_TEXT_TAGS = ['no_thanks', 'different_service', 'do_not_contact', 'follow_up'] as const;

/**
 * §3 gives no shape for an outbound call's tags: the §4 outbound responses a person called can give,
 * with follow_up and message_left (a voicemail the agent spoke into). outbound_call itself is a fact.
 */
export const OUTBOUND_CALL_TAGS = [
  'not_interested',
  'agreed_to_review',
  'positive',
  'negative',
  'estimate_accepted',
  'estimate_declined',
  'different_service',
  'do_not_call',
  'no_thanks',
  'do_not_contact',
  'follow_up',
  'message_left',
] as const;

/**
 * §3 gives no shape for unbooked tags. These are the §4 interaction tags an unbooked call can carry: the
 * booking outcomes a call earns whatever its type (sooner_slot too: §4 lists it as a booking outcome, and a
 * caller who asked for an earlier slot and was not booked earned it although no excused or booked tag task
 * runs on an UNBOOKED call), and the two excuse reasons the excused shape does not cover.
 */
export const UNBOOKED_TAGS = ['callback', 'reschedule', 'cancellation', 'sooner_slot', 'appointment_confirmed', 'language_issue', 'do_not_service'] as const;

export const ExcusedTagsSchema = flagsWithReasons(EXCUSED_TAGS);
export const BookedTagsSchema = flagsWithReasons(BOOKED_TAGS);
export const OutboundTextTagsSchema = flagsWithReasons(OUTBOUND_TEXT_TAGS);
export const UnbookedTagsSchema = flagsWithReasons(UNBOOKED_TAGS);
export const OutboundCallTagsSchema = flagsWithReasons(OUTBOUND_CALL_TAGS);

/** The names whose flag is true, e.g. to store as the interaction's tags. */
export function trueTags<N extends string>(output: Record<string, unknown>, names: readonly N[]): N[] {
  return names.filter((name) => output[name] === true);
}

/** A true flag needs a reason; an empty reason is how a half-answer shows. */
export function checkReasons(output: Record<string, unknown>, names: readonly string[]): string[] {
  return names
    .filter((name) => output[name] === true && String(output[`${name}_reason`] ?? '').trim() === '')
    .map((name) => `${name} is true but ${name}_reason is empty`);
}
