import { notFound } from '../../http/errors';
import { commandOrigin, publishCommand } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { SetAvgJobRevenueBodySchema, SetAvgJobRevenueResponseSchema } from './analytics.schema';

export const setAvgJobRevenueRoute = defineRoute({
  method: 'put',
  path: '/avg-job-revenue',
  summary: "Sets an organization's average job revenue, the revenue counted per booked call (admin, spec 000 §7)",
  tag: 'Admin',
  access: { kind: 'operator' },
  request: { body: SetAvgJobRevenueBodySchema },
  response: { schema: SetAvgJobRevenueResponseSchema, description: 'The value as saved; the read model follows the event' },
  errors: [401, 404],
  async handler({ body, user, deps, req }) {
    if (!(await deps.organizations.findAnalyticsFields(body.orgId))) throw notFound('Organization not found');
    await publishCommand(deps.analytics.events, commandOrigin({ req, user }, 'admin-token'), [
      {
        type: 'OrganizationAverageJobRevenueSet',
        aggregateId: body.orgId,
        orgId: body.orgId,
        data: { orgId: body.orgId, avgJobRevenue: body.avgJobRevenue },
      },
    ]);
    return { success: true as const, message: 'Average job revenue updated', avg_job_revenue: body.avgJobRevenue };
  },
});
