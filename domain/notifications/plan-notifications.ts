import { type FormatInZone, type NotificationContent, NotificationContentError, buildContent } from './content';
import type { NotificationEvent } from './interaction-event.schema';
import {
  type IsTimeOpen,
  type NotificationDelivery,
  type NotificationOrganization,
  type NotificationSetting,
  type SkippedNotification,
  isLocalDate,
  resolveDeliveries,
} from './recipients';
import { type NotificationRuleId, evaluateRules } from './rules';

export interface PlanNotificationsInput {
  event: NotificationEvent;
  settings: readonly NotificationSetting[];
  org: NotificationOrganization;
  /** The event's date in the organization's zone (YYYY-MM-DD); picks the on-call day. */
  localDate: string;
  /** When the notifications go out; each recipient's time window is judged at this instant. */
  now: Date;
  isTimeOpen: IsTimeOpen;
  formatInZone: FormatInZone;
  dashboardUrl: string;
}

export interface PlannedDelivery extends NotificationDelivery {
  content: NotificationContent;
}

export interface NotificationPlan {
  firedRules: NotificationRuleId[];
  deliveries: PlannedDelivery[];
  skipped: SkippedNotification[];
}

/**
 * What to send for one interaction event, and why anything configured is not sent. Pure and
 * deterministic, so a workflow can call it and send each delivery as its own activity.
 */
export function planNotifications(input: PlanNotificationsInput): NotificationPlan {
  const { event, org } = input;
  if (event.payload.org.id !== org.id) {
    // Another organization's settings would send this customer's details to the wrong office.
    throw new Error(`Event of organization ${event.payload.org.id} cannot be planned with the settings of organization ${org.id}`);
  }
  if (!isLocalDate(input.localDate)) throw new Error(`localDate must be YYYY-MM-DD, got "${input.localDate}"`);

  const firedRules = evaluateRules(event);
  const resolved = resolveDeliveries({ ...input, firedRules });
  const context = { timezone: org.timezone, formatInZone: input.formatInZone, dashboardUrl: input.dashboardUrl };

  const contents = new Map<string, NotificationContent | NotificationContentError>();
  const contentFor = (delivery: NotificationDelivery) => {
    const key = `${delivery.channel}:${delivery.purpose}`;
    if (!contents.has(key)) {
      try {
        contents.set(key, buildContent(event, delivery.channel, delivery.purpose, context));
      } catch (error) {
        if (!(error instanceof NotificationContentError)) throw error;
        contents.set(key, error);
      }
    }
    return contents.get(key)!;
  };

  const deliveries: PlannedDelivery[] = [];
  const skipped = [...resolved.skipped];
  const recorded = new Set<string>();
  for (const delivery of resolved.deliveries) {
    const content = contentFor(delivery);
    if (!(content instanceof NotificationContentError)) {
      deliveries.push({ ...delivery, content });
      continue;
    }
    for (const { ruleId, group, time } of delivery.causes) {
      const key = `${ruleId}|${group}|${delivery.channel}|${time}`;
      if (recorded.has(key)) continue;
      recorded.add(key);
      skipped.push({ ruleId, group, channel: delivery.channel, time, reason: 'content_unavailable', detail: content.message });
    }
  }
  return { firedRules, deliveries, skipped };
}
