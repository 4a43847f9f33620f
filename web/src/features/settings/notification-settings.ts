import { z } from 'zod';

import {
  ALLOWED_CHANNELS,
  NOTIFICATION_TIMES,
  type NotificationChannel,
  type NotificationRuleId,
  type NotificationTime,
  type ReceiverGroup,
} from '@contracts/notifications.contract';

// The rules, receiver groups, channels and times come from the rules engine (000 §4, 001 §6); the page adds
// their labels, in the order it shows them. A value the engine adds or drops fails the type check here.
const RULE_LABELS: Record<NotificationRuleId, string> = {
  InboundCallRule: 'Every call',
  BookedCallRule: 'Booked call',
  UnbookedCallRule: 'Unbooked call',
  RegularCallbackRule: 'Callback requested',
  EmergencyCallbackRule: 'Emergency callback requested',
  EmergencyJobRule: 'Emergency job booked',
  CallErrorsRule: 'Call had errors',
  JobCancellationRule: 'Job cancelled',
};
const labelled = <K extends string>(labels: Record<K, string>) => (Object.keys(labels) as K[]).map((id) => ({ id, label: labels[id] }));
export const RULES = labelled(RULE_LABELS);
export type RuleId = NotificationRuleId;

const GROUP_LABELS: Record<ReceiverGroup, string> = { oncall_tech: 'On-call technician', oncall_manager: 'On-call manager', office: 'Office', cc: 'CC phones' };
export const GROUPS = labelled(GROUP_LABELS);
export type Group = ReceiverGroup;

export type Channel = NotificationChannel;
export const CHANNEL_LABELS: Record<Channel, string> = { email: 'E-mail', sms: 'SMS', slack: 'Team chat', call: 'Phone call' };

/** Which channels each receiver group may use; the settings route refuses any other pair. */
export { ALLOWED_CHANNELS };

export const TIMES = NOTIFICATION_TIMES;
export type Time = NotificationTime;
export const TIME_LABELS: Record<Time, string> = {
  ALWAYS: 'Always',
  AFTER_HOURS: 'After hours',
  OFFICE_HOURS: 'Office hours',
  NON_OFFICE_HOURS: 'Outside office hours',
};

const RecipientSchema = z.object({ group: z.string(), channel: z.string(), time: z.string() });
const SettingSchema = z.object({ rule_id: z.string(), recipients: z.array(RecipientSchema) });
export type NotificationSetting = { rule_id: RuleId; recipients: { group: Group; channel: Channel; time: Time }[] };

/** One time per rule, group and channel; absent means that pair is off. */
export type SettingsGrid = Partial<Record<`${RuleId}|${Group}|${Channel}`, Time>>;

export const cellKey = (rule: RuleId, group: Group, channel: Channel) => `${rule}|${group}|${channel}` as const;

const isAllowed = (group: string, channel: string): boolean => (ALLOWED_CHANNELS as Record<string, readonly string[]>)[group]?.includes(channel) ?? false;

/** The saved settings as a grid; pairs a group may not use and unknown values are left out. */
export function toGrid(saved: unknown[]): SettingsGrid {
  const grid: SettingsGrid = {};
  for (const entry of saved) {
    const setting = SettingSchema.safeParse(entry);
    if (!setting.success || !RULES.some((r) => r.id === setting.data.rule_id)) continue;
    for (const r of setting.data.recipients) {
      if (!isAllowed(r.group, r.channel) || !(TIMES as readonly string[]).includes(r.time)) continue;
      grid[cellKey(setting.data.rule_id as RuleId, r.group as Group, r.channel as Channel)] = r.time as Time;
    }
  }
  return grid;
}

/** The grid as the settings route takes it: one entry per rule with at least one recipient. */
export function fromGrid(grid: SettingsGrid): NotificationSetting[] {
  return RULES.flatMap(({ id }) => {
    const recipients = GROUPS.flatMap(({ id: group }) =>
      ALLOWED_CHANNELS[group].flatMap((channel) => {
        const time = grid[cellKey(id, group, channel)];
        return time ? [{ group, channel, time }] : [];
      }),
    );
    return recipients.length > 0 ? [{ rule_id: id, recipients }] : [];
  });
}

/** A comma- or line-separated list as typed, trimmed, without empty entries. */
export function splitList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
