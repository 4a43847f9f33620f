import { defineRoute } from '../../http/route';
import { AnalyticsRangeRequestSchema, CallAnalyticsSchema } from './analytics.schema';
import { callAnalyticsOf } from '../../use-cases/call-analytics';

export const callAnalyticsRoute = defineRoute({
  method: 'post',
  path: '/call/analytics',
  summary: 'Call analytics of an organization for a date range (spec 001 §2.8, §3 "Call analytics")',
  tag: 'Analytics',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: AnalyticsRangeRequestSchema },
  response: {
    schema: CallAnalyticsSchema,
    description: "Totals, per-agent statistics, tag counts, insights and daily counts, days in the organization's time zone",
  },
  errors: [307, 401, 404],
  handler: ({ body, deps }) => callAnalyticsOf(deps, body),
});
