import { defineRoute } from '../../http/route';
import { AnalyticsRangeRequestSchema, ChatWidgetStatsSchema } from './analytics.schema';
import { chatWidgetStatsOf } from '../../use-cases/chat-widget-stats';

export const chatStatsRoute = defineRoute({
  method: 'post',
  path: '/chat/stats',
  summary: 'Website chat widget analytics of an organization for a date range (spec 001 §2.8, §3 "Chat widget stats")',
  tag: 'Analytics',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: AnalyticsRangeRequestSchema },
  response: {
    schema: ChatWidgetStatsSchema,
    description: "Leads, bookings, funnel, devices, services and trends against the previous period, days in the organization's time zone",
  },
  errors: [307, 401, 404],
  handler: ({ body, deps }) => chatWidgetStatsOf(deps, body),
});
