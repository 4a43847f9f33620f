import { defineRoute } from '../../http/route';
import { AvgJobRevenueListSchema } from './analytics.schema';

export const listAvgJobRevenueRoute = defineRoute({
  method: 'get',
  path: '/avg-job-revenue',
  summary: "Every organization's average job revenue (admin, spec 000 §7)",
  tag: 'Admin',
  access: { kind: 'operator' },
  response: { schema: AvgJobRevenueListSchema, description: 'Organizations by name, avg_job_revenue null until set' },
  errors: [401],
  async handler({ deps }) {
    const rows = await deps.organizations.listAverageJobRevenues();
    return { organizations: rows.map((o) => ({ id: o.id, name: o.name, avg_job_revenue: o.avgJobRevenue })) };
  },
});
