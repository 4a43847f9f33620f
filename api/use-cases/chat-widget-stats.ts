import { analyticsRange, previousPeriod } from '../../domain/analytics/call-analytics';
import { buildChatWidgetStats } from '../../domain/analytics/chat-widget-stats';
import type { ChatWidgetStats } from '../../domain/contracts/analytics.contract';
import { TimezoneSchema } from '../../domain/organization/organization-settings.schema';
import { notFound } from '../http/errors';
import type { ApiDeps } from '../deps';

type Range = { orgId: string; from: string; to: string };

/** 001 §2.8 chat-widget analytics: the range's chats and the previous period's, from the widget chats read model. */
export async function chatWidgetStatsOf(deps: ApiDeps, r: Range): Promise<ChatWidgetStats> {
  const org = await deps.organizations.findAnalyticsFields(r.orgId);
  if (!org) throw notFound('Organization not found');
  const timezone = TimezoneSchema.parse(org.timezone);
  const range = analyticsRange(r.from, r.to, timezone);
  const prev = previousPeriod(r.from, r.to);
  const prevRange = analyticsRange(prev.from, prev.to, timezone);
  const [groups, previous] = await Promise.all([
    deps.widgetChats.repository.statsGroups(r.orgId, range.start, range.end, timezone),
    deps.widgetChats.repository.statsGroups(r.orgId, prevRange.start, prevRange.end, timezone),
  ]);
  return buildChatWidgetStats({ from: r.from, to: r.to, timezone, days: range.days, groups, previous, avgJobRevenue: org.avgJobRevenue });
}
