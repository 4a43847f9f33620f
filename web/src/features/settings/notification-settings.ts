import { z } from 'zod';

// Mirrors activities/notifications/rules (000 §4, 001 §6): the rules, receiver groups, channels and times.
export const RULES = [
  { id: 'InboundCallRule', label: 'Every call' },
  { id: 'BookedCallRule', label: 'Booked call' },
  { id: 'UnbookedCallRule', label: 'Unbooked call' },
  { id: 'RegularCallbackRule', label: 'Callback requested' },
  { id: 'EmergencyCallbackRule', label: 'Emergency callback requested' },
  { id: 'EmergencyJobRule', label: 'Emergency job booked' },
  { id: 'CallErrorsRule', label: 'Call had errors' },
  { id: 'JobCancellationRule', label: 'Job cancelled' },
] as const;
export type RuleId = (typeof RULES)[number]['id'];

export const GROUPS = [
  { id: 'oncall_tech', label: 'On-call technician' },
  { id: 'oncall_manager', label: 'On-call manager' },
  { id: 'office', label: 'Office' },
  { id: 'cc', label: 'CC phones' },
] as const;
export type Group = (typeof GROUPS)[number]['id'];

export type Channel = 'email' | 'sms' | 'slack' | 'call';
export const CHANNEL_LABELS: Record<Channel, string> = { email: 'E-mail', sms: 'SMS', slack: 'Team chat', call: 'Phone call' };

/** Which channels each receiver group may use; the settings route refuses any other pair. */
export const ALLOWED_CHANNELS: Record<Group, readonly Channel[]> = {
  oncall_tech: ['sms', 'call'],
  oncall_manager: ['sms', 'call'],
  office: ['email', 'slack'],
  cc: ['sms'],
};

export const TIMES = ['ALWAYS', 'AFTER_HOURS', 'OFFICE_HOURS', 'NON_OFFICE_HOURS'] as const;
export type Time = (typeof TIMES)[number];
export const TIME_LABELS: Record<Time, string> = { ALWAYS: 'Always', AFTER_HOURS: 'After hours', OFFICE_HOURS: 'Office hours', NON_OFFICE_HOURS: 'Outside office hours' };

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
