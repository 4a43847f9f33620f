import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { AvailabilityViewSchema, OrgQuerySchema } from './availability.schema';
import { toAvailabilityView } from './availability-view';

export const getAvailabilityRoute = defineRoute({
  method: 'get',
  path: '/org/availability',
  summary: 'The organization availability view used by capacity checks (spec 000 §3, 001 §2.10)',
  tag: 'Capacity',
  access: { kind: 'org', orgIdOf: ({ query }) => query.id ?? query.orgId ?? null },
  request: { query: OrgQuerySchema },
  response: { schema: AvailabilityViewSchema, description: 'Hours, holidays, schedule and emergency configuration, timezone and CRM' },
  errors: [307, 401, 404],
  async handler({ orgId, deps }) {
    const view = await deps.capacity.repository.view(orgId!);
    if (!view) throw notFound('Organization not found');
    return toAvailabilityView(view);
  },
});
