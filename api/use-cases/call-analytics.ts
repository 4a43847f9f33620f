import { analyticsRange, buildCallAnalytics, buildDailyCounts } from '../../domain/analytics/call-analytics';
import type { CallAnalytics, DailyCounts } from '../../domain/contracts/analytics.contract';
import { TimezoneSchema } from '../../domain/organization/organization-settings.schema';
import { notFound } from '../http/errors';
import type { ApiDeps } from '../deps';

type Range = { orgId: string; from: string; to: string };

/** The organization's zone, the range in it and the rollups of the range: rollup rows only, never the interactions. */
async function rollupsOf(deps: ApiDeps, r: Range) {
  const org = await deps.organizations.findAnalyticsFields(r.orgId);
  if (!org) throw notFound('Organization not found');
  const timezone = TimezoneSchema.parse(org.timezone);
  const range = analyticsRange(r.from, r.to, timezone);
  const rollups = await deps.analytics.calls.dailyRollups(r.orgId, range.start, range.end, timezone);
  return { org, timezone, range, rollups };
}

export async function callAnalyticsOf(deps: ApiDeps, r: Range): Promise<CallAnalytics> {
  const { org, timezone, range, rollups } = await rollupsOf(deps, r);
  const tagCounts = await deps.analytics.calls.tagCounts(r.orgId, range.start, range.end);
  return buildCallAnalytics({ ...r, timezone, days: range.days, rollups, tagCounts, avgJobRevenue: org.avgJobRevenue });
}

export async function dailyCountsOf(deps: ApiDeps, r: Range): Promise<DailyCounts> {
  const { timezone, range, rollups } = await rollupsOf(deps, r);
  return buildDailyCounts({ from: r.from, to: r.to, timezone, days: range.days, rollups });
}
