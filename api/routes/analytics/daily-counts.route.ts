import { defineRoute } from '../../http/route';
import { AnalyticsRangeRequestSchema, DailyCountsSchema } from './analytics.schema';
import { dailyCountsOf } from '../../use-cases/call-analytics';

export const dailyCountsRoute = defineRoute({
  method: 'post',
  path: '/chat/daily-counts',
  summary: 'Leads, booked and unbooked per day of an organization\'s interactions (spec 001 §2.8, §3 "Daily counts")',
  tag: 'Analytics',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: AnalyticsRangeRequestSchema },
  response: { schema: DailyCountsSchema, description: "One entry per day of the range in the organization's time zone, zero days included" },
  errors: [307, 401, 404],
  handler: ({ body, deps }) => dailyCountsOf(deps, body),
});
