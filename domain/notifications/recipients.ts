import { z } from 'zod';
import { type Timezone, TimezoneSchema, type Trade, TRADES, TradeSchema } from '../organization/organization-settings.schema';
import { countryFromTimezone } from '../validation/country';
import { normalizePhoneNumber } from '../validation/phone';
import type { NotificationEvent } from './interaction-event.schema';
import { type NotificationRuleId, NotificationRuleIdSchema } from './rules';

/** Receiver groups and channels of spec 000 §4 / 001 §6; `slack` is the team-chat workspace message. */
export const RECEIVER_GROUPS = ['oncall_tech', 'oncall_manager', 'office', 'cc'] as const;
export const ReceiverGroupSchema = z.enum(RECEIVER_GROUPS);
export type ReceiverGroup = z.infer<typeof ReceiverGroupSchema>;

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'slack', 'call'] as const;
export const NotificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof NotificationChannelSchema>;

export const NOTIFICATION_TIMES = ['ALWAYS', 'AFTER_HOURS', 'OFFICE_HOURS', 'NON_OFFICE_HOURS'] as const;
export const NotificationTimeSchema = z.enum(NOTIFICATION_TIMES);
export type NotificationTime = z.infer<typeof NotificationTimeSchema>;

export const ALLOWED_CHANNELS: Readonly<Record<ReceiverGroup, readonly NotificationChannel[]>> = {
  oncall_tech: ['sms', 'call'],
  oncall_manager: ['sms', 'call'],
  office: ['email', 'slack'],
  cc: ['sms'],
};

export function isChannelAllowed(group: ReceiverGroup, channel: NotificationChannel): boolean {
  return ALLOWED_CHANNELS[group].includes(channel);
}

export function disallowedChannelMessage(group: ReceiverGroup, channel: NotificationChannel): string {
  return `Receiver group ${group} cannot be notified by ${channel}; allowed channels: ${ALLOWED_CHANNELS[group].join(', ')}`;
}

export const NotificationRecipientSchema = z
  .object({ group: ReceiverGroupSchema, channel: NotificationChannelSchema, time: NotificationTimeSchema })
  .superRefine((recipient, ctx) => {
    if (!isChannelAllowed(recipient.group, recipient.channel)) {
      ctx.addIssue({ code: 'custom', path: ['channel'], message: disallowedChannelMessage(recipient.group, recipient.channel) });
    }
  });
export type NotificationRecipient = z.infer<typeof NotificationRecipientSchema>;

export const NotificationSettingSchema = z.object({
  rule_id: NotificationRuleIdSchema,
  recipients: z.array(NotificationRecipientSchema),
});
export type NotificationSetting = z.infer<typeof NotificationSettingSchema>;

/** What the org settings save accepts (001 §2.12): one entry per rule, only allowed group/channel pairs. */
export const NotificationSettingsSchema = z.array(NotificationSettingSchema).superRefine((settings, ctx) => {
  const seen = new Set<NotificationRuleId>();
  settings.forEach((setting, index) => {
    if (seen.has(setting.rule_id)) {
      ctx.addIssue({ code: 'custom', path: [index, 'rule_id'], message: `Notification rule ${setting.rule_id} is listed more than once` });
    }
    seen.add(setting.rule_id);
  });
});

/**
 * Whether a recipient's time window is open at an instant, judged in the organization's zone against its
 * regular hours and holidays. Supplied by the org-local time module; the engine does not interpret
 * AFTER_HOURS, OFFICE_HOURS or NON_OFFICE_HOURS itself.
 */
export type IsTimeOpen = (time: NotificationTime, at: Date) => boolean;

/** ALWAYS means always: it never consults the clock. */
export function isRecipientTimeOpen(time: NotificationTime, at: Date, isTimeOpen: IsTimeOpen): boolean {
  return time === 'ALWAYS' || isTimeOpen(time, at);
}

const LOCAL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;

/** oncall_schedule of spec 000 §3 with the messages of §5. */
export const OnCallPersonSchema = z.object({
  role: z.enum(['Manager', 'Technician']),
  employeeId: z.union([z.string().min(1), z.number()]),
  phoneNumber: z.string().min(10),
  name: z.string(),
  department: TradeSchema,
});
export type OnCallPerson = z.infer<typeof OnCallPersonSchema>;
export const OnCallDaySchema = z.object({
  date: z.string().regex(LOCAL_DATE, 'Must be YYYY-MM-DD format'),
  people: z.array(OnCallPersonSchema),
});
// Keys are checked here rather than by a key schema, which would bury the spec message under "Invalid key in record".
export const OnCallScheduleSchema = z.record(z.string(), z.array(OnCallDaySchema)).superRefine((schedule, ctx) => {
  for (const month of Object.keys(schedule)) {
    if (!MONTH_KEY.test(month)) ctx.addIssue({ code: 'custom', path: [month], message: 'Must be YYYY-MM format' });
  }
});
export type OnCallSchedule = z.infer<typeof OnCallScheduleSchema>;

export function isLocalDate(value: string): boolean {
  return LOCAL_DATE.test(value);
}

/** The organization fields recipients are resolved from (000 §3). */
export const NotificationOrganizationSchema = z.object({
  id: z.string().min(1),
  timezone: TimezoneSchema,
  office_email: z
    .string()
    .nullish()
    .transform((email) => email ?? ''),
  cc_emails: z
    .array(z.string())
    .nullish()
    .transform((emails) => emails ?? []),
  cc_phone_numbers: z
    .array(z.string())
    .nullish()
    .transform((phones) => phones ?? []),
  oncall_schedule: OnCallScheduleSchema.nullish().transform((schedule) => schedule ?? {}),
});
export type NotificationOrganization = z.infer<typeof NotificationOrganizationSchema>;

const ONCALL_ROLE: Record<'oncall_tech' | 'oncall_manager', OnCallPerson['role']> = {
  oncall_tech: 'Technician',
  oncall_manager: 'Manager',
};

// Words that name a trade without using its enum name (the widget's "Heating & Cooling", "Drains / Sewer").
const TRADE_ALIASES: ReadonlyArray<readonly [string, Trade]> = [
  ['heating', 'HVAC'],
  ['cooling', 'HVAC'],
  ['air conditioning', 'HVAC'],
  ['sewer', 'Drains'],
];

/** The trades a department or business-unit label names, e.g. "HVAC Service" → [HVAC], "Garage Doors" → [Garage_Door]. */
export function tradesNamedIn(label: string): Trade[] {
  const text = ` ${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
  return TRADES.filter((trade) => {
    const stem = trade.toLowerCase().replace(/_/g, ' ').replace(/s$/, '');
    return new RegExp(` ${stem}s? `).test(text) || TRADE_ALIASES.some(([alias, aliased]) => aliased === trade && text.includes(` ${alias} `));
  });
}

/**
 * The trades of the job the notification is about: the department or business unit of the bookings
 * (for EmergencyJobRule only the emergency bookings), else the interaction's department. Empty when
 * nothing names a trade.
 */
export function jobTrades(event: NotificationEvent, ruleId: NotificationRuleId): Trade[] {
  const { bookings, department } = event.payload;
  const relevant = ruleId === 'EmergencyJobRule' ? bookings.filter((booking) => booking.isEmergency) : bookings;
  const labels = relevant.flatMap((booking) => [booking.department, booking.businessUnitName]);
  const fromBookings = new Set(labels.flatMap((label) => (label ? tradesNamedIn(label) : [])));
  if (fromBookings.size > 0) return TRADES.filter((trade) => fromBookings.has(trade));
  return department ? tradesNamedIn(department) : [];
}

/**
 * Who of a role is on call on the org-local date, for the job's trades (001 §2.9). When no trade is known,
 * or nobody of the job's trade is on call that day, everyone of the role on call that day is returned:
 * an emergency reaching someone who can pass it on beats reaching nobody.
 */
export function onCallPeople(schedule: OnCallSchedule, localDate: string, role: OnCallPerson['role'], trades: readonly Trade[]): OnCallPerson[] {
  const days = (schedule[localDate.slice(0, 7)] ?? []).filter((day) => day.date === localDate);
  const people = days.flatMap((day) => day.people).filter((person) => person.role === role);
  const ofTrade = people.filter((person) => trades.includes(person.department));
  return ofTrade.length > 0 ? ofTrade : people;
}

/** A recipient's phone in E.164 (spec 000 §5), the country following the org's zone, so one number written two ways is one recipient. */
export function recipientPhoneNumber(raw: string, timezone: Timezone): string {
  return normalizePhoneNumber(raw, countryFromTimezone(timezone));
}

/**
 * Which message a delivery carries. The call-errors alert (000 §8) is an e-mail of its own, so it is not
 * merged into the interaction e-mail to the same address; a phone call always carries the emergency job.
 */
export type DeliveryPurpose = 'interaction' | 'call_errors' | 'emergency_job';

export function deliveryPurpose(ruleId: NotificationRuleId, channel: NotificationChannel): DeliveryPurpose {
  if (channel === 'call') return 'emergency_job';
  if (channel === 'email' && ruleId === 'CallErrorsRule') return 'call_errors';
  return 'interaction';
}

export interface DeliveryCause {
  ruleId: NotificationRuleId;
  group: ReceiverGroup;
  time: NotificationTime;
}

export interface NotificationDelivery {
  /** channel:purpose:address, unique within a plan; with the interaction id, the send's idempotency key. */
  key: string;
  /** The first rule and group (table order) that asked for this delivery. */
  ruleId: NotificationRuleId;
  group: ReceiverGroup;
  channel: NotificationChannel;
  purpose: DeliveryPurpose;
  /** E.164 phone for sms and call, e-mail for email, the organization id for the team-chat workspace. */
  address: string;
  recipientName?: string;
  /** Every rule and recipient setting that asked for it, in table order. */
  causes: DeliveryCause[];
}

export type SkipReason = 'time_window_closed' | 'no_recipient' | 'channel_not_allowed' | 'channel_not_supported_by_rule' | 'content_unavailable';

export interface SkippedNotification {
  ruleId: NotificationRuleId;
  group: ReceiverGroup;
  channel: NotificationChannel;
  time: NotificationTime;
  reason: SkipReason;
  detail: string;
}

export interface ResolveDeliveriesInput {
  event: NotificationEvent;
  firedRules: readonly NotificationRuleId[];
  settings: readonly NotificationSetting[];
  org: NotificationOrganization;
  /** The event's date in the organization's zone, YYYY-MM-DD: picks the on-call day. */
  localDate: string;
  /** The instant the notifications go out, judged against each recipient's time window. */
  now: Date;
  isTimeOpen: IsTimeOpen;
}

interface ResolvedAddress {
  address: string;
  recipientName?: string;
}

function resolveAddresses(group: ReceiverGroup, channel: NotificationChannel, ruleId: NotificationRuleId, input: ResolveDeliveriesInput): ResolvedAddress[] {
  const { org } = input;
  switch (group) {
    case 'oncall_tech':
    case 'oncall_manager': {
      const people = onCallPeople(org.oncall_schedule, input.localDate, ONCALL_ROLE[group], jobTrades(input.event, ruleId));
      return people.map((person) => ({ address: recipientPhoneNumber(person.phoneNumber, org.timezone), recipientName: person.name }));
    }
    case 'office':
      if (channel === 'slack') return [{ address: org.id }];
      return [org.office_email, ...org.cc_emails]
        .map((email) => email.trim())
        .filter((email) => email !== '')
        .map((address) => ({ address }));
    case 'cc':
      return org.cc_phone_numbers.filter((phone) => phone.trim() !== '').map((phone) => ({ address: recipientPhoneNumber(phone, org.timezone) }));
  }
}

function noRecipientDetail(group: ReceiverGroup, input: ResolveDeliveriesInput): string {
  switch (group) {
    case 'oncall_tech':
    case 'oncall_manager':
      return `Nobody with role ${ONCALL_ROLE[group]} is on call on ${input.localDate}`;
    case 'office':
      return 'The organization has no office e-mail and no CC e-mails';
    case 'cc':
      return 'The organization has no CC phone numbers';
  }
}

// 000 §4: EmergencyJobRule adds a phone call for the on-call groups; other rules have no call content.
function channelsFor(ruleId: NotificationRuleId, recipient: NotificationRecipient): NotificationChannel[] {
  const onCall = recipient.group === 'oncall_tech' || recipient.group === 'oncall_manager';
  return ruleId === 'EmergencyJobRule' && onCall && recipient.channel !== 'call' ? [recipient.channel, 'call'] : [recipient.channel];
}

/**
 * The organization's notification settings for the fired rules → one delivery per channel, message and
 * address (several rules asking for the same one are merged, keeping every cause), and a record of each
 * configured recipient that gets nothing and why.
 */
export function resolveDeliveries(input: ResolveDeliveriesInput): { deliveries: NotificationDelivery[]; skipped: SkippedNotification[] } {
  const deliveries = new Map<string, NotificationDelivery>();
  const skipped = new Map<string, SkippedNotification>();
  const skip = (entry: SkippedNotification) => {
    const key = [entry.ruleId, entry.group, entry.channel, entry.time, entry.reason].join('|');
    if (!skipped.has(key)) skipped.set(key, entry);
  };

  for (const ruleId of input.firedRules) {
    const recipients = input.settings.filter((setting) => setting.rule_id === ruleId).flatMap((setting) => setting.recipients);
    for (const recipient of recipients) {
      for (const channel of channelsFor(ruleId, recipient)) {
        const { group, time } = recipient;
        const base = { ruleId, group, channel, time };
        if (!isChannelAllowed(group, channel)) {
          skip({ ...base, reason: 'channel_not_allowed', detail: disallowedChannelMessage(group, channel) });
          continue;
        }
        if (channel === 'call' && ruleId !== 'EmergencyJobRule') {
          skip({ ...base, reason: 'channel_not_supported_by_rule', detail: 'Only EmergencyJobRule places phone calls' });
          continue;
        }
        if (!isRecipientTimeOpen(time, input.now, input.isTimeOpen)) {
          skip({ ...base, reason: 'time_window_closed', detail: `${time} is closed at ${input.now.toISOString()}` });
          continue;
        }
        const addresses = resolveAddresses(group, channel, ruleId, input);
        if (addresses.length === 0) {
          skip({ ...base, reason: 'no_recipient', detail: noRecipientDetail(group, input) });
          continue;
        }
        const purpose = deliveryPurpose(ruleId, channel);
        for (const { address, recipientName } of addresses) {
          const key = `${channel}:${purpose}:${channel === 'email' ? address.toLowerCase() : address}`;
          const existing = deliveries.get(key);
          if (existing) {
            const known = existing.causes.some((cause) => cause.ruleId === ruleId && cause.group === group && cause.time === time);
            if (!known) existing.causes.push({ ruleId, group, time });
            if (existing.recipientName === undefined && recipientName !== undefined) existing.recipientName = recipientName;
          } else {
            deliveries.set(key, {
              key,
              ruleId,
              group,
              channel,
              purpose,
              address,
              ...(recipientName === undefined ? {} : { recipientName }),
              causes: [{ ruleId, group, time }],
            });
          }
        }
      }
    }
  }
  return { deliveries: [...deliveries.values()], skipped: [...skipped.values()] };
}
